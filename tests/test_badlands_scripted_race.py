"""A whole race, scripted (BR-19 end to end): the demo's four gears on the demo course, from the first
initiative check to the winner, every command through the real session and journal (seeded dice); then
undo back to the start and redo to the end give the same state. A second race runs race and return
with the gentlemen's sport. The script is :mod:`tests.rally_driver`."""

from __future__ import annotations

import dataclasses
import json

import pytest
from pydantic import BaseModel

from gmtool.core.encounter import Encounter
from gmtool.core.messages import Command
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_messages as s
from gmtool.games.badlands_rally.rules.demo import demo
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests import rally_driver

ROUNDS_MAX = 60


def canonical(state: RaceState) -> str:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.dumps(dataclasses.asdict(state), default=default, sort_keys=True)


def demo_race(*before: Command, seed: int = 4) -> tuple[RallyRules, EncounterSession, list[Command]]:
    """The demo's course and gears (its own "start round" left out), ``before`` first; then the script."""
    rules = RallyRules()
    session = EncounterSession(Encounter(rules, seed), MemoryStore(), 1)
    *setup, started = demo().commands
    assert isinstance(started, m.StartRound)
    for command in (*before, *setup):
        session.execute(command)
    script: list[Command] = []

    def do(command: Command) -> None:
        script.append(command)
        session.execute(command)

    rally_driver.race(rules, lambda: session.encounter.state, do, ROUNDS_MAX)
    return rules, session, script


def finishers_of_the_last_round(state: RaceState) -> set[str]:
    return {g for g, when in state.finished.items() if when == state.round}


@pytest.mark.rule("BR-19")
def test_the_demo_race_scripted_to_a_winner_and_undone_and_redone_whole() -> None:
    """Slow: the whole race is undone one command at a time (some 1,600 undos through the session, as
    a GM would press them), and each undo folds the journal again from the start."""
    rules, session, script = demo_race()
    state = session.encounter.state
    assert isinstance(script[0], m.RollInitiative) and state.round > 1
    won = next(e for entry in reversed(session.encounter.entries) for e in entry.events if isinstance(e, m.RaceWon))
    # 決定的勝利 / 僅差勝利: the winner finished every lap (two: no scenario) in the last round
    assert state.winner == won.winner and state.winner in finishers_of_the_last_round(state)
    assert state.gears[state.winner].progress.laps == state.laps == 2
    kinds = {e.kind for entry in session.encounter.entries for e in entry.events}
    assert {"br_initiative_rolled", "br_stepped", "br_attack_made", "br_activation_ended"} <= kinds
    assert all(rules.describe(e) for entry in session.encounter.entries for e in entry.events)
    end = canonical(state)
    for _ in script:
        session.undo()
    start = session.encounter.state
    assert start.round == 0 and start.winner is None and len(start.gears) == 4
    for _ in script:
        session.redo()
    assert canonical(session.encounter.state) == end


@pytest.mark.rule("BR-19")
def test_race_and_return_with_the_gentlemens_sport_scripted_to_a_winner() -> None:
    # Lines 587-591 and 615-619: the second lap runs the checkpoints in reverse; no attack in round 1.
    _rules, session, _script = demo_race(m.ChooseScenario(scenario=4), s.SetGentlemensSport(on=True), seed=3)
    state = session.encounter.state
    assert state.scenario == "race_and_return" and state.winner in finishers_of_the_last_round(state)
    attacks = [(e, entry.seq) for entry in session.encounter.entries for e in entry.events
               if isinstance(e, m.AttackMade)]
    rounds = {entry.seq: r for entry in session.encounter.entries for e in entry.events
              if isinstance(e, m.RoundStarted) for r in (e.round,)}
    first_of_round_2 = min(seq for seq, r in rounds.items() if r == 2)
    assert attacks and all(seq > first_of_round_2 for _e, seq in attacks)
    # each lap passes three checkpoints; the second lap's first is the course's last one (and so on back)
    passed = [e.after for entry in session.encounter.entries for e in entry.events
              if isinstance(e, m.GearStepped) and e.gear == state.winner and e.checkpoint is not None]
    checkpoints = state.course.checkpoints
    assert [[h in line for line in checkpoints].index(True) for h in passed] == [0, 1, 2, 2, 1, 0]
