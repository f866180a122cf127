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
