"""Issue 29: the user-file fuzzer (``benchmarks/user_file_fuzz.py``) in small, so it cannot rot.

``make bench`` runs 2,400 seeded cases; here a few chosen by hand run through the same workers and
entry points: every family's file as gmtool writes it imports, mutated ones end in gmtool's own
message, and the harness itself is shown to count a hang, a crash, a traceback and a partial write.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

from benchmarks.user_file_cases import ENTRIES, Case, families
from benchmarks.user_file_fuzz import SEED, run_fuzz, summary


def _plan(rows: list[tuple[str, str, str, str]]) -> list[Case]:
    return [Case(number, family, entry, kind, mutation) for number, (family, entry, kind, mutation) in enumerate(rows)]


def test_each_familys_own_file_imports_and_mutated_ones_are_refused_in_words(tmp_path: Path) -> None:
    unchanged = [(family, entry, "content", "unchanged") for family in families() for entry in ENTRIES[family]]
    mutated = [
        ("course", "map_editor", "content", "million_entries"), ("course", "file_import", "content", "json_version"),
        ("course", "library_import", "size", "over_kind_limit"), ("sky", "map_editor", "content", "big_number"),
        ("gear_cards", "file_import", "content", "json_version"), ("gear_cards", "library_import", "encoding", "utf8_bom"),
        ("machine_cards", "file_import", "encoding", "utf8_bom"), ("machine_cards", "file_import", "content", "deep"),
        ("npcs", "file_import", "content", "truncate"), ("encounter", "library_import", "encoding", "utf16_le"),
        ("house_rules", "house_rules", "content", "toml_value"), ("course", "file_import", "special", "empty"),
    ]
    plan = _plan(unchanged + mutated)
    run = run_fuzz(SEED, 0, len(plan), tmp_path, plan=plan)
    assert run.failures() == {}, {run.specs[n].label(): run.details[n][-300:] for n in run.failures()}
    assert all(run.outcomes[n] == "ok" for n in range(len(unchanged))), run.outcomes
    bom = {n for n in range(len(unchanged), len(plan)) if plan[n].mutation == "utf8_bom"}  # UTF-8 with a BOM is read
    assert all(run.outcomes[n] == "ok" for n in bom), run.outcomes
    assert all(run.outcomes[n] == "refused" for n in set(range(len(unchanged), len(plan))) - bom), run.outcomes
    assert "too large: 8.0 MB, the limit for a map is 2 MB" in run.details[len(unchanged)]  # a zone of a million hexes
    counted = summary(run)
    assert counted["user_file_fuzz_cases"] == len(plan) and counted["user_file_fuzz_failures"] == 0


def test_what_only_the_guarded_reader_fixes(tmp_path: Path) -> None:
    plan = _plan([("house_rules", "house_rules", "content", "deep"), ("course", "map_editor", "special", "fifo")])
    run = run_fuzz(SEED, 0, len(plan), tmp_path, deadline_s=2.0, plan=plan)
    assert run.failures() == {}, run.groups()


HARNESS = """
import json, sys, time
first, last = int(sys.argv[2]), int(sys.argv[3])
say = lambda record: print("@@ " + json.dumps(record), flush=True)
say({"ready": first})
for number in range(first, last):
    say({"start": number})
    if number == 0:
        time.sleep(60)  # a hang
    if number == 1:
        sys.exit(3)  # a crash
    say({"done": number, "outcome": "ok", "detail": ""})
"""


def test_the_harness_counts_a_hang_and_a_crash_and_goes_on(tmp_path: Path) -> None:
    run = run_fuzz(SEED, 0, 4, tmp_path, deadline_s=1.0, command=(sys.executable, "-c", HARNESS))
    assert run.outcomes == {0: "hang", 1: "crash", 2: "ok", 3: "ok"} and run.workers == 3
    assert summary(run)["user_file_fuzz_failures"] == 2 and summary(run)["user_file_fuzz_hangs"] == 1


def test_the_worker_counts_a_traceback_and_a_partial_write(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from benchmarks.user_file_worker import Entries

    entries = Entries(tmp_path, SEED)
    try:
        before = entries._stored()  # noqa: SLF001
        refused = SimpleNamespace(ok=False, lines=["x.json: not imported.", "Refused."], template_ids=[],
                                  encounter_id=None)
        assert entries._judged(refused, before)[0] == "refused"  # noqa: SLF001
        unexpected = SimpleNamespace(**{**vars(refused), "lines": ["x", entries.unexpected + "KeyError: 'a')"]})
        assert entries._judged(unexpected, before)[0] == "traceback"  # noqa: SLF001
        added = entries.workspace.campaign.library.add("sr5", "Left behind", {"name": "Left behind"},
                                                       document_version=1)
        assert entries._judged(refused, before)[0] == "partial_write"  # noqa: SLF001
        imported = SimpleNamespace(**{**vars(refused), "ok": True, "template_ids": [added]})
        assert entries._judged(imported, before)[0] == "ok"  # noqa: SLF001
    finally:
        entries.close()
