"""Durability: SIGKILL the scripted fight at random moments, lose no confirmed command.

The slow test runs the benchmark's own trials (:mod:`benchmarks.kill_trials`,
200 of them in ``make bench``) with 20 kills. The quick tests check the harness:
the scripted fight is deterministic and a missing or altered entry is counted.
"""

from __future__ import annotations

import pytest

from benchmarks.fight_script import expected_records
from benchmarks.kill_trials import TrialResult, _compare, confirmed_seqs, run_kill_trials

TRIALS = 20


@pytest.mark.slow
def test_sigkill_loses_no_confirmed_command_and_every_file_reopens() -> None:
    """Slow: 23 gmtool processes (3 uncut runs that time the script, then 20 killed at random moments),
    each starting Python and gmtool and writing a campaign; a kill is only real in another process."""
    result = run_kill_trials(TRIALS, seed=5)
    assert result["trials"] == TRIALS
    assert result["script_errors"] == 0, result["problems"]
    assert result["reopen_failures"] == 0, result["problems"]
    assert result["lost_commands"] == 0, result["problems"]


def test_scripted_fight_is_deterministic_and_varied() -> None:
    records = expected_records(3, length=120)
    assert records == expected_records(3, length=120)
    assert [r["seq"] for r in records] == list(range(1, 121))
    kinds = {(r["command"] or {}).get("kind", r["action"]) for r in records}
    assert {"start_turn", "next_phase", "take_action", "edit_sheet", "roll_simple_test", "undo", "redo"} <= kinds


def test_only_complete_ok_lines_count_as_confirmed() -> None:
    assert confirmed_seqs("ok 6\nok 7\nok 8") == [6, 7]
    assert confirmed_seqs("") == []


def test_missing_or_altered_entries_count_as_lost() -> None:
    expected = tuple(expected_records(4, length=30))
    altered = [dict(r) for r in expected[:20]]
    altered[9] = {**altered[9], "action": "tampered"}
    result = TrialResult(confirmed=25)
    _compare(altered, expected, result)
    assert (result.lost, result.mismatched, result.stored) == (6, 1, 20)
