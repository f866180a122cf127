"""The SR4 encounter through the journal: undo/redo, replay without dice, JSON records,
and every event in words in both languages.

As for SR5 (tests/test_journal.py): the live state must always equal a fresh
replay of the entries written so far, replay must never roll nor decide, and
undo/redo must restore states exactly.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from pydantic import BaseModel

from gmtool.core import dice
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import LANGUAGES, catalogue, set_language
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.rules import dice_engine
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.actions import action_list
from gmtool.games.shadowrun.sr4.rules.commands import COMMAND_CLASSES
from gmtool.games.shadowrun.sr4.rules.events import EVENT_CLASSES
from gmtool.games.shadowrun.sr4.rules.flow import initiative_pool
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet, attribute_range, metatypes
from gmtool.games.shadowrun.sr4.rules.state import RULE_OPTIONS, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import PHASE_SIMPLE_SLOTS, SCORE_FLOOR, current_actor, effective_score

RULESET = SR4Ruleset()
sr4_decide = importlib.import_module("gmtool.games.shadowrun.sr4.rules.decide")
RAW_KEY = re.compile(r"\b(log|edge|action|field|option|sr4|pool|attr|error|common)\.[a-z_]")


def canonical(state: EncounterState) -> str:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.dumps(dataclasses.asdict(state), default=default, sort_keys=True)


def make_sheet(name: str, passes: int = 1, edge: int = 2, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update({"EDG": max(edge, 2)}, **attributes)
    return Sheet(name=name, attributes=values, edge_points=edge, initiative_passes=passes)


def new_session(seed: int = 1) -> tuple[EncounterSession, MemoryStore]:
    store = MemoryStore()
    return EncounterSession(Encounter(RULESET, seed), store, 1), store


def stored(store: MemoryStore) -> list[JournalEntry]:
    return [entry for _, entry in store.entries]


@contextmanager
def no_dice() -> Iterator[None]:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("replay rolled dice or decided a command")

    with (
        mock.patch.object(dice.DiceSource, "for_command", boom),
        mock.patch.object(dice, "roll_d6", boom),
        mock.patch.object(dice_engine, "roll_d6", boom),
        mock.patch.object(sr4_decide, "decide", boom),
        mock.patch.object(SR4Ruleset, "decide", boom),
    ):
        yield


def replay(entries: list[JournalEntry], seed: int = 1) -> Encounter:
    with no_dice():
        return Encounter(RULESET, seed, entries)


def through_json(entries: list[JournalEntry]) -> list[JournalEntry]:
    text = json.dumps([e.to_record() for e in entries], ensure_ascii=False)
    return [JournalEntry.from_record(r, RULESET.commands, RULESET.events) for r in json.loads(text)]


def _actor(state: EncounterState) -> str:
    actor = current_actor(state)
    assert actor is not None
    return actor.id


def _delayed(state: EncounterState) -> str:
    return next(c.id for c in state.combatants.values() if c.delayed)


def _surprise(state: EncounterState) -> Command:
    return cmd.SurpriseTest(entries=(
        cmd.SurpriseEntry(combatant="c1", side="a", awareness="ambush"),
        cmd.SurpriseEntry(combatant="c2", side="b", awareness="aware"),
        cmd.SurpriseEntry(combatant="c3", side="b", faces=(1, 1, 1, 1, 1, 1)),
    ))


Step = Callable[[EncounterState], Command]
SCRIPT: list[Step] = [
    lambda s: cmd.AddCombatant(sheet=make_sheet("Ayla", passes=3, edge=3, REA=6, INT=5)),
    lambda s: cmd.AddCombatant(sheet=make_sheet("Bram", passes=2, REA=4)),
    lambda s: cmd.AddCombatant(sheet=make_sheet("Cole", edge=2)),
    lambda s: cmd.AddCombatant(sheet=make_sheet("Dana", edge=1)),
    lambda s: cmd.EditSheet(combatant="c4", field="attr.BOD", value=5),
    _surprise,
    lambda s: cmd.StartTurn(),
    lambda s: cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False),
    lambda s: cmd.ApplyDamage(combatant="c2", track="stun", boxes=4),
    lambda s: cmd.AdjustInitiative(combatant="c2", delta=3),
    lambda s: cmd.EnterInitiativeDice(combatant="c4", faces=(6, 6, 5, 1, 1, 2)),
    lambda s: cmd.GoFirst(combatant="c3"),
    lambda s: cmd.ExtraPass(combatant="c4"),
    lambda s: cmd.Move(combatant=_actor(s), mode="run", metres=12),
    lambda s: cmd.Sprint(combatant=_actor(s), running_skill=1),
    lambda s: cmd.TakeAction(combatant=_actor(s), action="quick_draw"),
    lambda s: cmd.TakeAction(combatant="c4", action="speak"),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.DelayPhase(combatant=_actor(s)),
    lambda s: cmd.Move(combatant=_actor(s), mode="walk", metres=4),
    lambda s: cmd.ActNow(combatant=_delayed(s)),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.AddCombatant(sheet=make_sheet("Late Larry", edge=1)),
    lambda s: cmd.RemoveCombatant(combatant="c3"),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.NextPhase(),
    lambda s: cmd.StartTurn(),
]


def played(seed: int = 1) -> tuple[EncounterSession, MemoryStore]:
    session, store = new_session(seed)
    for step in SCRIPT:
        session.execute(step(session.encounter.state))
    return session, store


def test_script_uses_every_command_kind() -> None:
    session, _ = new_session()
    kinds = set()
    for step in SCRIPT:
        command = step(session.encounter.state)
        kinds.add(command.kind)
        session.execute(command)
    assert kinds == {c.model_fields["kind"].default for c in COMMAND_CLASSES}


def test_undo_and_redo_restore_exact_states_for_every_command_kind() -> None:
    session, _ = new_session()
    encounter = session.encounter
    for step in SCRIPT:
        before = canonical(encounter.state)
        command = step(encounter.state)
        change = session.execute(command)
        after = canonical(encounter.state)
        assert change.events and after != before, f"{command.kind} changed nothing"
        session.undo()
        assert canonical(encounter.state) == before, f"undo of {command.kind}"
        session.redo()
        assert canonical(encounter.state) == after, f"redo of {command.kind}"


def test_replay_gives_the_same_state_never_rolls_and_carries_on_alike() -> None:
    session, store = played(seed=99)
    session.undo()
    session.undo()
    session.redo()
    entries = stored(store)
    replayed = replay(entries, seed=99)
    assert canonical(replayed.state) == canonical(session.encounter.state)
    assert canonical(replay(through_json(entries), seed=99).state) == canonical(session.encounter.state)
    assert through_json(entries) == entries
    assert replayed.prepare(cmd.NextPhase()) == session.encounter.prepare(cmd.NextPhase())


def test_same_seed_same_dice() -> None:
    def records(seed: int) -> list[dict[str, Any]]:
        return [e.to_record() for e in stored(played(seed)[1])]

    assert records(7) == records(7) and records(7) != records(8)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_kind_reads_in_both_languages(language: str) -> None:
    session, store = played()
    session.execute(cmd.ApplyDamage(combatant="c1", track="physical", boxes=2))
    session.execute(cmd.TakeAction(combatant=_actor(session.encounter.state), action="free"))
    session.execute(cmd.TakeAction(combatant=_actor(session.encounter.state), action="drop_prone"))
    events = [e for entry in stored(store) for e in entry.events]
    assert {e.kind for e in events} == {c.model_fields["kind"].default for c in EVENT_CLASSES}
    set_language(language)
    for e in events:
        text = RULESET.describe(e)
        assert text.strip() and not RAW_KEY.search(text), (e.kind, text)


# -- random command sequences: live state == replay, always --------------------------------------
IDS = st.sampled_from(["c1", "c2", "c3", "c4", "c9"])
ACTIONS = st.sampled_from([a.id for a in action_list().actions] + ["free", "simple", "complex", "dance"])


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    metatype = draw(st.sampled_from(sorted(metatypes().metatypes)))
    attributes = {}
    for attribute in ATTRIBUTES:
        low, high = attribute_range(metatype, attribute)
        attributes[attribute] = draw(st.integers(min_value=max(low, 1), max_value=high))
    return Sheet(
        name=draw(st.sampled_from(["Ayla", "Bram", "Cole", "Ganger"])), metatype=metatype, attributes=attributes,
        initiative_bonus=draw(st.integers(0, 3)), initiative_passes=draw(st.integers(1, 4)),
        edge_points=draw(st.integers(0, min(attributes["EDG"], 2))),
        physical_damage=draw(st.integers(0, 6)), stun_damage=draw(st.integers(0, 6)),
    )


def likely_valid(data: st.DataObject, state: EncounterState) -> Command:
    ids = sorted(state.combatants) or ["c1"]
    some = data.draw(st.sampled_from(ids))
    actor = state.actor or some
    delayed = [c.id for c in state.combatants.values() if c.delayed] or [some]
    other = data.draw(st.sampled_from(ids))
    c = state.combatants.get(some)
    pool = initiative_pool(state, c) if c else 0
    choices: list[Command] = [
        cmd.EnterInitiativeDice(combatant=some, faces=tuple(data.draw(st.integers(1, 6)) for _ in range(pool))),
        cmd.Move(combatant=actor, mode="run", metres=1),
        cmd.Sprint(combatant=actor, running_skill=2),
        cmd.NextPhase(), cmd.NextPhase(), cmd.NextPhase(), cmd.StartTurn(),
        cmd.TakeAction(combatant=actor, action=data.draw(ACTIONS)),
        cmd.TakeAction(combatant=some, action="free", target=other),
        cmd.DelayPhase(combatant=actor),
        cmd.ActNow(combatant=data.draw(st.sampled_from(delayed))),
        cmd.GoFirst(combatant=some), cmd.ExtraPass(combatant=some),
        cmd.Move(combatant=actor, mode=data.draw(st.sampled_from(["walk", "run"])), metres=data.draw(st.integers(1, 30))),
        cmd.Sprint(combatant=actor, running_skill=data.draw(st.integers(0, 4))),
        cmd.ApplyDamage(combatant=some, track=data.draw(st.sampled_from(["physical", "stun"])), boxes=data.draw(st.integers(1, 8))),
        cmd.AdjustInitiative(combatant=some, delta=data.draw(st.sampled_from([-10, -1, 2]))),
        cmd.SurpriseTest(entries=(
            cmd.SurpriseEntry(combatant=some, side="a", awareness=data.draw(st.sampled_from(["none", "aware", "ambush"]))),
            cmd.SurpriseEntry(combatant=other, side="b"),
        )),
        cmd.EditSheet(combatant=some, field="initiative_passes", value=data.draw(st.integers(0, 5))),
        cmd.RemoveCombatant(combatant=some),
    ]
    return data.draw(st.sampled_from(choices))


COMMANDS = st.one_of(
    st.builds(cmd.RemoveCombatant, combatant=IDS),
    st.builds(cmd.EditSheet, combatant=IDS, field=st.sampled_from(["attr.REA", "attr.EDG", "name", "metatype", "nope"]),
              value=st.one_of(st.integers(-1, 12), st.sampled_from(["troll", "elf", "gnome", ""]))),
    st.builds(cmd.EnterInitiativeDice, combatant=IDS, faces=st.lists(st.integers(0, 7), max_size=12).map(tuple)),
    st.builds(cmd.TakeAction, combatant=IDS, action=ACTIONS, target=st.one_of(st.none(), IDS)),
    st.builds(cmd.SetRuleOption, option=st.sampled_from([*RULE_OPTIONS, "bogus"]), value=st.booleans()),
)


class SR4JournalMachine(RuleBasedStateMachine):
    """Random SR4 commands, valid or refused, with undo and redo mixed in."""

    def __init__(self) -> None:
        super().__init__()
        self.session, self.store = new_session(seed=5)

    def _execute(self, command: Command) -> None:
        before = canonical(self.session.encounter.state)
        length = len(self.store.entries)
        try:
            self.session.execute(command)
        except RulesError as error:
            event(f"{command.kind} refused")
            assert error.key in catalogue("en").messages and error.key in catalogue("ja").messages
            assert canonical(self.session.encounter.state) == before
            assert len(self.store.entries) == length
        else:
            event(f"{command.kind} done")

    @initialize(group=st.lists(sheets(), min_size=0, max_size=4), start=st.booleans())
    def gather(self, group: list[Sheet], start: bool) -> None:
        for sheet in group:
            self._execute(cmd.AddCombatant(sheet=sheet))
        if start:
            self._execute(cmd.StartTurn())

    @rule(sheet=sheets())
    def add(self, sheet: Sheet) -> None:
        self._execute(cmd.AddCombatant(sheet=sheet))

    @rule(command=COMMANDS)
    def anything(self, command: Command) -> None:
        self._execute(command)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        self._execute(likely_valid(data, self.session.encounter.state))

    @rule(data=st.data())
    def play_more(self, data: st.DataObject) -> None:
        self._execute(likely_valid(data, self.session.encounter.state))

    @rule()
    def undo(self) -> None:
        if self.session.encounter.can_undo:
            self.session.undo()

    @rule()
    def redo(self) -> None:
        if self.session.encounter.can_redo:
            self.session.redo()

    @invariant()
    def live_state_equals_a_fresh_replay(self) -> None:
        entries = stored(self.store)
        live = canonical(self.session.encounter.state)
        assert canonical(replay(entries, seed=5).state) == live
        assert canonical(replay(through_json(entries), seed=5).state) == live

    @invariant()
    def the_state_keeps_its_rules(self) -> None:
        state = self.session.encounter.state
        assert state.actor is None or state.actor in state.combatants
        for c in state.combatants.values():
            score = effective_score(state, c)
            assert score is None or score >= SCORE_FLOOR
            assert c.simple_slots <= PHASE_SIMPLE_SLOTS and not (c.complex_action and c.simple_slots)
            assert set(c.surprised_by) <= set(state.combatants)


class TestSR4JournalMachine(SR4JournalMachine.TestCase):
    """Slow: 60 random fights of 40 steps, and after each step the journal replayed twice (as stored
    and through JSON) to compare with the live state; fewer fights or checks would find less."""

    settings = settings(
        max_examples=60, stateful_step_count=40, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
