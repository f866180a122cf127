"""Rewind (issue 7): the state right after any event, and continuing from there with the
later commands kept as an abandoned branch in the journal, never deleted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core import encounter as encounter_module
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.journal import JournalEntry
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet


def fight(steps: int, seed: int = 3) -> Encounter:
    enc = Encounter(SR5Ruleset(), seed)
    for name in ("A", "B", "C"):
        enc.commit(enc.prepare(cmd.AddCombatant(sheet=Sheet(name=name, attributes={a: 3 for a in ATTRIBUTES}))))
    enc.commit(enc.prepare(cmd.StartTurn()))
    for _ in range(steps):
        enc.commit(enc.prepare(cmd.NextPhase()))
    return enc


def replayed(enc: Encounter, upto: int) -> object:
    """The state of a fresh encounter holding only the first ``upto`` commands in effect."""
    return Encounter(SR5Ruleset(), enc.seed, [JournalEntry(seq=i + 1, action="do", command=e.command, events=e.events)
                                             for i, e in enumerate(enc.done[:upto])]).state


@settings(max_examples=25, deadline=None)
@given(steps=st.integers(0, 30), pick=st.integers(0, 1000))
def test_the_state_after_a_command_is_the_fold_up_to_it(steps: int, pick: int) -> None:
    enc = fight(steps)
    index = pick % len(enc.done)
    past = enc.state_after(index)
    assert past== replayed(enc, index + 1)
    assert enc.state_after(len(enc.done) - 1)== enc.state  # the last one is now
    assert enc.state_after(-1).combatants == {}


def test_snapshots_give_the_same_states_in_long_fights(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encounter_module, "SNAPSHOT_EVERY", 4)
    enc = fight(20)
    for index in (3, 4, 9, 17, len(enc.done) - 1):
        assert enc.state_after(index)== replayed(enc, index + 1)
    before = enc.state_after(9)
    before.combatants.clear()  # the copy is private: neither the snapshot nor the encounter changes
    assert enc.state_after(9).combatants and enc.state.combatants


def test_continue_from_here_keeps_the_later_commands_in_the_journal() -> None:
    enc = fight(6)
    entries_before = len(enc.entries)
    keep = enc.done[4].seq
    expected = enc.state_after(4)
    enc.commit(enc.prepare_rewind(keep))
    assert enc.state== expected
    assert len(enc.entries) == entries_before + 1 and enc.entries[-1].action == "rewind"
    assert [e.seq for e in enc.done][-1] == keep and enc.can_redo  # the branch is redoable
    enc.commit(enc.prepare(cmd.NextPhase()))  # a new command: the old branch stays abandoned
    assert not enc.can_redo
    assert len([e for e in enc.entries if e.action == "do"]) == 4 + 6 + 1  # nothing deleted
    again = Encounter(SR5Ruleset(), enc.seed, enc.entries)
    assert again.state== enc.state


def test_rewind_refuses_now_and_unknown_commands() -> None:
    enc = fight(2)
    with pytest.raises(RulesError) as info:
        enc.prepare_rewind(enc.done[-1].seq)
    assert info.value.key == "error.rewind_now"
    with pytest.raises(RulesError) as info:
        enc.prepare_rewind(999)
    assert info.value.key == "error.rewind_unknown"
