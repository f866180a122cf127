"""tools/mutate.py (make mutate): the sample is seeded and per group, and a mutant's place is found."""

from __future__ import annotations

from tools import mutate


def test_the_sample_is_seeded_per_group_and_never_more_than_a_group_has() -> None:
    mutants = {f"gmtool.core.dice.x_roll__mutmut_{i}": ("gmtool/core/dice.py", None) for i in range(50)}
    mutants |= {f"gmtool.games.aura_battler.rules.hit.x_f__mutmut_{i}": ("gmtool/games/aura_battler/rules/hit.py", 1)
                for i in range(5)}
    mutants["gmtool.ui.x__mutmut_1"] = ("gmtool/ui/window.py", None)  # not a group's: never drawn
    first = mutate.sample(mutants, 10, 7)
    assert first == mutate.sample(mutants, 10, 7)
    assert [len(first[g]) for g in mutate.GROUPS] == [10, 0, 0, 5]
    assert first["core"] != mutate.sample(mutants, 10, 8)["core"]  # another seed, another draw (of C(50, 10))
    assert all(name.startswith("gmtool.core.dice.") for name in first["core"])


def test_a_function_or_method_span_is_found_in_the_source() -> None:
    import ast

    tree = ast.parse("x = 1\n\nclass A:\n    def f(self):\n        return 1\n\n\ndef g():\n    pass\n")
    assert mutate._span(tree, ["A", "f"]) == (4, 5)
    assert mutate._span(tree, ["g"]) == (8, 9)


CACHED = """
from gmtool.games.shadowrun.rules.weapons.catalogue import catalogue


def test_fills_the_cache():
    catalogue("sr5")


def test_finds_it_empty():
    assert catalogue.cache_info().currsize == 0
"""


def test_under_mutmut_each_test_starts_with_gmtools_caches_empty(pytester, monkeypatch) -> None:  # noqa: ANN001
    # mutmut forks a mutant's tests from a process whose caches the earlier tests filled: a cached function (the
    # weapon catalogue read once) would never run in them, so its mutants could not be killed (tests/mutant_caches.py).
    pytester.makepyfile(test_cached=CACHED)
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    pytester.runpytest_inprocess("-p", "tests.mutant_caches").assert_outcomes(passed=1, failed=1)
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    pytester.runpytest_inprocess("-p", "tests.mutant_caches").assert_outcomes(passed=2)


def test_the_sample_is_stable_when_other_mutants_come_and_go() -> None:
    before = {f"gmtool.core.dice.x_roll__mutmut_{i}": ("gmtool/core/dice.py", None) for i in range(60)}
    added = before | {f"gmtool.core.dice.x_new__mutmut_{i}": ("gmtool/core/dice.py", None) for i in range(20)}
    first, second = set(mutate.sample(before, 30, 7)["core"]), set(mutate.sample(added, 30, 7)["core"])
    # every mutant drawn after the addition is either one drawn before or one of the new function's
    new = {n for n in second if "x_new" in n}
    assert second - new <= first
    assert len(first - second) == len(new)  # each old mutant left the sample only for a new one


def test_a_group_run_keeps_the_other_groups_figures(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    import json

    monkeypatch.setattr(mutate, "SCORES", tmp_path / "scores.json")
    monkeypatch.setattr(mutate, "REPORT", tmp_path / "report.md")
    monkeypatch.setattr(mutate, "EQUIVALENT", tmp_path / "none.json")
    mutate.SCORES.write_text(json.dumps({"mutation_seed": 1, "mutation_score_core": 0.5, "mutation_sampled_core": 2,
                                         "mutation_killed_core": 1, "mutation_equivalent_core": 0,
                                         "mutation_survived_core": 1, "mutation_not_run_core": 0}))
    mutants = {"m.x_f__mutmut_1": ("gmtool/games/aura_battler/rules/hit.py", 1),
               "m.x_f__mutmut_2": ("gmtool/games/aura_battler/rules/hit.py", 0)}
    monkeypatch.setattr(mutate, "all_mutants", lambda: mutants)
    # mutmut's own reading of exit codes (installed only by make mutate): 1 a test failed, 0 none did
    monkeypatch.setattr(mutate, "exit_statuses", lambda: {1: "killed", 0: "survived", None: "not checked"})
    monkeypatch.setattr(mutate, "place", lambda name, source: (3, "f", ["-a", "+b"]))
    figures = mutate.report({"aura_battler": sorted(mutants)}, 1)
    # exit code 1 is a failing test (killed), 0 all tests passing (survived): 1 of 2
    assert figures["mutation_score_aura_battler"] == 0.5 and figures["mutation_score_core"] == 0.5
    assert json.loads(mutate.SCORES.read_text())["mutation_killed_aura_battler"] == 1
    assert "m.x_f__mutmut_2" in (tmp_path / "mutation_report_aura_battler.md").read_text()
    summary = mutate.REPORT.read_text()
    assert "| core | 2 | 1 |" in summary and "| shadowrun | not run |" in summary
