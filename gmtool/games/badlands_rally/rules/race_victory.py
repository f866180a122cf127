"""The race's scenario and its end (BR-19): the scenario rolled on 1D6 or chosen, with its laps; at the
end of a round, the only gear to have finished every lap this round wins outright; when several did,
each makes the contested check (2D6 against its Initiative, −1D6 rattled, less one per rattle recorded,
never below 0), the highest winning, a tie going to the gear ahead (not clear: the tied roll again)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from gmtool.core.dice import roll_d6, validate_faces
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.dice import Reading, check_value
from gmtool.games.badlands_rally.rules.laps import standing
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.scenario_rules import derby_winners, lap_course
from gmtool.games.badlands_rally.rules.scenarios import scenario_for
from gmtool.games.badlands_rally.rules.upgrade_effects import contested_dice_of
from gmtool.games.badlands_rally.rules.victory import first_to_act

CHECK_COUNT = "br_check_count"
REROLLS_MAX = 100


def choose_scenario(state: RaceState, command: m.ChooseScenario, rng: random.Random) -> m.ScenarioChosen:
    if state.round > 0:
        raise RulesError("error.br_race_started")
    die = command.scenario or roll_d6(rng, 1)[0]
    scenario = scenario_for(die)
    lap_die = (command.lap_die or roll_d6(rng, 1)[0]) if scenario.lap_die else None
    return m.ScenarioChosen(die=die, rolled=command.scenario is None, key=scenario.key, lap_die=lap_die,
                            laps=scenario.laps_for(lap_die))


def round_over(state: RaceState) -> tuple[Event, ...]:
    """At the end of a round: the race won outright, or the contested check called (or nothing)."""
    if state.winner is not None:
        return ()
    derby = derby_winners(state)
    laps = tuple(g for g, when in state.finished.items() if when == state.round)
    finishers = tuple(dict.fromkeys((*laps, *derby)))
    if len(finishers) == 1:
        gear = state.gears[finishers[0]]
        return (m.RaceWon(winner=gear.id, name=gear.name, finishers=finishers, derby=derby),)
    if finishers:
        return (m.VictoryContested(finishers=finishers, names=tuple(state.gears[g].name for g in finishers),
                                   derby=derby),)
    return ()


def _ahead(state: RaceState, gears: list[RaceGear]) -> list[str] | None:
    if state.course is None:
        return None
    keys = {g.id: standing(lap_course(state, g.progress) or state.course, g.progress, g.hex) for g in gears}
    return None if len(set(keys.values())) != len(keys) else sorted(keys, key=keys.__getitem__, reverse=True)


def contest(state: RaceState, command: m.ContestVictory, rng: random.Random, readings: RuleReadings) -> m.RaceWon:
    if not state.contest:
        raise RulesError("error.br_no_contest")
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    gears = [state.gears[g] for g in state.contest]
    ahead = _ahead(state, gears)
    rolling = gears
    for attempt in range(REROLLS_MAX):
        typed = command.faces if attempt == 0 else None
        checks = tuple(_check(g, rng, typed, reading) for g in rolling)
        scores = {c.gear: max(0, c.value - state.gears[c.gear].rattle.count) for c in checks}
        best = first_to_act(scores, ahead)
        if best is not None:
            tied = sum(1 for v in scores.values() if v == max(scores.values())) > 1
            return m.RaceWon(winner=best, name=state.gears[best].name, finishers=state.contest, checks=checks,
                             scores=tuple(scores[c.gear] for c in checks), by_position=tied)
        if typed is not None:
            raise RulesError("error.br_initiative_tie", names=", ".join(c.name for c in checks))
        top = max(scores.values())
        rolling = [g for g in rolling if scores[g.id] == top]
    raise RulesError("error.br_initiative_tie", names=", ".join(g.name for g in rolling))  # pragma: no cover


def _check(gear: RaceGear, rng: random.Random, typed: Mapping[str, tuple[int, ...]] | None,
           reading: Reading) -> m.InitiativeCheck:
    dice = contested_dice_of(gear)  # +1D6 Sponsorship Paint (BR-20)
    faces = tuple(typed.get(gear.id, ())) if typed is not None else roll_d6(rng, dice)
    validate_faces(faces, dice)
    return m.InitiativeCheck(gear=gear.id, name=gear.name, faces=faces,
                             value=check_value(faces, gear.initiative, reading) if faces else 0)
