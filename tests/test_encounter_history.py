"""The encounter's past (:mod:`gmtool.core.encounter`, :mod:`gmtool.core.session`) on a counter whose
events add up, so an event applied twice or left out shows in the total (the games' tests use events
that set values, where applying one twice changes nothing)."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from gmtool.core import encounter as encounter_module
from gmtool.core.encounter import Change, Encounter
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.game import NOTHING, Touched
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command, Event
from gmtool.core.session import EncounterSession, MemoryStore


class Add(Command):
    kind: Literal["add"] = "add"
    amount: int


class Added(Event):
    kind: Literal["added"] = "added"
    amount: int


class Counter:
    """A ruleset of one number: each command adds its amount, in two events (half and the rest)."""

    def initial_state(self) -> dict[str, int]:
        return {"total": 0}

    def decide(self, state: dict[str, int], command: Command, rng: random.Random) -> tuple[Event, ...]:
        assert isinstance(command, Add)
        half = command.amount // 2
        return Added(amount=half), Added(amount=command.amount - half)

    def apply(self, state: dict[str, int], event: Event) -> None:
        assert isinstance(event, Added)
        state["total"] += event.amount

    def touched(self, event: Event) -> Touched:
        return NOTHING


def counted(*amounts: int) -> tuple[EncounterSession, MemoryStore]:
    store = MemoryStore()
    session = EncounterSession(Encounter(Counter(), 1), store, 7)  # type: ignore[arg-type]
    for amount in amounts:
        session.execute(Add(amount=amount))
    return session, store


def test_the_state_after_each_command_and_within_one() -> None:
    encounter = counted(1, 10, 100)[0].encounter
    assert [encounter.state_after(i)["total"] for i in (-1, 0, 1, 2)] == [0, 1, 11, 111]
    assert encounter.state_after(1, events=1)["total"] == 1 + 5  # the second command's first half only
    assert encounter.state["total"] == 111  # untouched


def test_the_state_after_a_command_past_a_kept_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encounter_module, "SNAPSHOT_EVERY", 2)
    encounter = counted(1, 10, 100, 1000, 10000)[0].encounter
    assert [encounter.state_after(i)["total"] for i in range(5)] == [1, 11, 111, 1111, 11111]
    assert encounter.state_after(3)["total"] == 1111  # the snapshot again, a private copy


@pytest.mark.parametrize("index", [-2, 3])
def test_a_moment_not_in_effect_is_refused_naming_it(index: int) -> None:
    encounter = counted(1, 10, 100)[0].encounter
    with pytest.raises(RulesError) as caught:
        encounter.state_after(index)
    assert caught.value.message() == (f"There is no command {index} in effect to go back to: "
                                      "choose a line of the turn log.")


def test_rewinding_a_session_writes_the_rewind_and_folds_up_to_the_command_kept() -> None:
    session, store = counted(1, 10, 100)
    first = session.encounter.done[0].seq
    change = session.rewind(first)
    assert change.reset and session.encounter.state["total"] == 1
    assert [(number, entry.action, entry.target) for number, entry in store.entries[3:]] == [(7, "rewind", first)]


def replayed(*entries: JournalEntry) -> str:
    with pytest.raises(FileFormatError) as caught:
        Encounter(Counter(), 1, entries)  # type: ignore[arg-type]
    return caught.value.message()


def test_a_journal_that_skips_or_repeats_an_entry_is_refused_naming_it() -> None:
    done = counted(1, 10)[1].entries
    first, second = (entry for _number, entry in done)
    assert replayed(second) == "The journal skips or repeats entry 2."
    assert replayed(first, first) == "The journal skips or repeats entry 1."


@pytest.mark.parametrize(("action", "target"), [("undo", 1), ("redo", 2), ("rewind", None), ("rewind", 5), ("rewind", 2)])
def test_an_undo_redo_or_rewind_not_matching_the_history_is_refused_naming_it(action: str, target: int | None) -> None:
    # two commands in effect, nothing undone: undo must name the last (2), redo has nothing to bring
    # back, a rewind must keep a command in effect (or 0) other than the last
    first, second = (entry for _number, entry in counted(1, 10)[1].entries)
    bad = JournalEntry(seq=3, action=action, target=target)  # type: ignore[arg-type]
    assert replayed(first, second, bad) == "The journal's undo/redo entry 3 does not match its history."


def test_a_journal_rewound_to_its_start_folds_nothing() -> None:
    first, second = (entry for _number, entry in counted(1, 10)[1].entries)
    encounter = Encounter(Counter(), 1, [first, second, JournalEntry(seq=3, action="rewind", target=0)])  # type: ignore[arg-type]
    assert encounter.state["total"] == 0 and encounter.done == ()


class Touching(Counter):
    """The counter, saying which combatant each event touches (its amount's)."""

    def touched(self, event: Event) -> Touched:
        assert isinstance(event, Added)
        return Touched(combatants=frozenset({f"c{event.amount}"}))


def test_listeners_hear_each_change_with_its_events_and_what_they_touched() -> None:
    session = EncounterSession(Encounter(Touching(), 1), MemoryStore(), 1)  # type: ignore[arg-type]
    heard: list[Change] = []
    session.encounter.subscribe(heard.append)
    session.execute(Add(amount=4))  # two events of 2 each
    session.execute(Add(amount=3))  # 1 and 2
    session.undo()
    session.redo()
    session.rewind(session.encounter.done[0].seq)
    session.encounter.unsubscribe(heard.append)
    session.undo()  # not heard
    assert [(c.entry.action, [e.amount for e in c.events], c.reset, sorted(c.touched.combatants)) for c in heard] == [
        ("do", [2, 2], False, ["c2"]),
        ("do", [1, 2], False, ["c1", "c2"]),
        ("undo", [], False, ["c1", "c2"]),  # what the undone command had touched
        ("redo", [1, 2], False, ["c1", "c2"]),
        ("rewind", [], True, []),  # a rewind redraws everything
    ]
    assert heard[-1].touched.everything


def test_undo_and_redo_name_their_targets_and_refuse_when_there_is_none() -> None:
    session = counted(1, 10)[0]
    encounter = session.encounter
    assert (encounter.can_undo, encounter.can_redo, encounter.redo_target) == (True, False, None)
    assert encounter.undo_target == encounter.entry(2)
    session.undo()
    assert (encounter.undo_target, encounter.redo_target) == (encounter.entry(1), encounter.entry(2))
    assert encounter.state["total"] == 1
    session.undo()
    assert (encounter.can_undo, encounter.undo_target, encounter.state["total"]) == (False, None, 0)
    with pytest.raises(RulesError) as nothing:
        session.undo()
    assert nothing.value.message() == "Nothing to undo."
    session.redo()
    session.redo()
    with pytest.raises(RulesError) as nothing:
        session.redo()
    assert nothing.value.message() == "Nothing to redo."


def test_a_rewind_to_now_or_to_no_command_is_refused_in_words() -> None:
    session = counted(1, 10)[0]
    with pytest.raises(RulesError) as now:
        session.rewind(2)
    assert now.value.message() == "That is the fight as it is now: there is nothing to rewind."
    with pytest.raises(RulesError) as unknown:
        session.rewind(7)
    assert unknown.value.message() == "There is no command 7 in effect to go back to: choose a line of the turn log."
    with pytest.raises(RulesError) as empty:
        counted()[0].rewind(0)
    assert empty.value.message() == "That is the fight as it is now: there is nothing to rewind."
    assert session.rewind(0).reset and session.encounter.state["total"] == 0


def test_a_rewind_to_a_command_undone_is_refused() -> None:
    session = counted(1)[0]
    session.undo()  # entry 2
    session.execute(Add(amount=10))  # entry 3: command 1 is no longer in effect
    with pytest.raises(RulesError) as unknown:
        session.rewind(1)
    assert unknown.value.message() == "There is no command 1 in effect to go back to: choose a line of the turn log."


class Spread(Event):
    kind: Literal["spread"] = "spread"
    faces: tuple[int, ...]


def test_a_message_s_record_is_plain_json_data() -> None:
    record = Spread(faces=(6, 5, 1)).to_record()
    assert record == {"kind": "spread", "faces": [6, 5, 1]}  # a tuple stored as JSON's list
    assert type(record["faces"]) is list
