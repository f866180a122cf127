"""Deciding the race's commands into events (BR-4, BR-5, BR-7, BR-8): who may act, what a step on
the map costs, and the GM's corrections. Every refusal is a translated :class:`RulesError`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, label
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.laps import entered, standing
from gmtool.games.badlands_rally.rules.movement import walk
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race_map import terrain_of
from gmtool.games.badlands_rally.rules.race_reaction import intercept
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rounds import clockwise_from, declare_speed
from gmtool.games.badlands_rally.rules.scenario_messages import SetGentlemensSport
from gmtool.games.badlands_rally.rules.scenario_rules import (
    after_attack,
    after_jump,
    after_spin,
    gentlemens_sport,
    lap_course,
)
from gmtool.games.badlands_rally.rules.specials import entry_cost, free_turn, rough_left
from gmtool.games.badlands_rally.rules.terrain import kinds

OFF_COURSE = ""  # the kind answered for a hex off the board: not race course


Decider = Callable[[RaceState, Any, random.Random, RuleReadings], tuple[Event, ...]]
# Commands that stop the round until they are done: a spin-out still to resolve refuses them (BR-7).
HELD_BY_SPINS = (m.AttackGear, m.StepGear, m.EndActivation, m.StartRound, m.RollInitiative, m.DeclareSpeed,
                 m.SpecialMove, m.RallyTheCrowd, m.Recover, m.OffRoad)


def decide(state: RaceState, command: Command, rng: random.Random, readings: RuleReadings) -> tuple[Event, ...]:
    """The events ``command`` makes: the commands that answer the race itself first (a spin-out, a push,
    the scenario's), then the gates (race over, spins pending, a reaction window), then the command's own."""
    early = EARLY.get(type(command))
    if early is not None:
        return early(state, command, rng, readings)
    if (state.winner is not None or state.contest) and isinstance(command, m.StartRound | m.RollInitiative):
        raise RulesError("error.br_race_over" if state.winner else "error.br_contest_first")
    if state.pending and isinstance(command, HELD_BY_SPINS):
        names = ", ".join(state.gears[g].name for g, _excess in state.pending)
        raise RulesError("error.br_spins_pending", names=names)
    caught = intercept(state, command, rng, readings, _step)  # BR-18: a reaction window opens, grows or answers
    if caught is not None:
        return caught
    decider = DECIDERS.get(type(command))
    if decider is None:
        raise RulesError("error.unknown_command", kind=command.kind)
    return decider(state, command, rng, readings)


def _push(state: RaceState, command: PushGear, rng: random.Random, readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_push import push

    return (push(state, command, rng, readings),)


def _scenario(state: RaceState, command: m.ChooseScenario, rng: random.Random,
              _readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_victory import choose_scenario

    return (choose_scenario(state, command, rng),)


def _contest(state: RaceState, command: m.ContestVictory, rng: random.Random,
             readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_victory import contest

    return (contest(state, command, rng, readings),)


def _initiative(state: RaceState, command: m.RollInitiative, rng: random.Random,
                readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_initiative import roll_initiative

    return roll_initiative(state, command, rng, readings)


def _attack(state: RaceState, command: m.AttackGear, rng: random.Random, readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_attack import attack

    made = attack(state, command, rng, readings)
    return (made, *after_attack(state, made))


def _recover(state: RaceState, command: m.Recover, rng: random.Random, readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_moves import recover_hits

    return (recover_hits(state, command, rng, readings),)


def _off_road(state: RaceState, command: m.OffRoad, rng: random.Random, _readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_specials import off_road

    return (off_road(state, command, rng),)


def _special(state: RaceState, command: m.SpecialMove, rng: random.Random,
             _readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_moves import special_move

    moved = special_move(state, command, rng)
    return (moved, *after_jump(state, moved))


def _crowd(state: RaceState, command: m.RallyTheCrowd, _rng: random.Random,
           _readings: RuleReadings) -> tuple[Event, ...]:
    from gmtool.games.badlands_rally.rules.race_moves import rally

    return (rally(state, command),)


def _course(_state: RaceState, command: m.SetCourse, _rng: random.Random, _readings: RuleReadings) -> tuple[Event, ...]:
    unknown = sorted(set(command.course.terrain.values()) - set(kinds()))
    if unknown:
        raise RulesError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=command.course.game)
    return (m.CourseSet(course=command.course),)


def _table_mode(state: RaceState, command: m.SetTableMode, _rng: random.Random,
                _readings: RuleReadings) -> tuple[Event, ...]:
    if command.on == state.table_mode:
        raise RulesError("error.no_change")
    return (m.TableModeSet(on=command.on),)


def _plain(made: Callable[[RaceState, Any], Event]) -> Decider:
    """A decider for a command whose one event needs neither dice nor readings."""
    return lambda state, command, _rng, _readings: (made(state, command),)


EARLY: dict[type, Decider] = {
    m.ResolveSpin: lambda state, command, rng, readings: _spin(state, command, rng, readings),
    PushGear: _push,
    SetGentlemensSport: _plain(gentlemens_sport),
    m.ChooseScenario: _scenario,
    m.ContestVictory: _contest,
}
DECIDERS: dict[type, Decider] = {
    m.RollInitiative: _initiative,
    m.AttackGear: _attack,
    m.Recover: _recover,
    m.OffRoad: _off_road,
    m.SpecialMove: _special,
    m.RallyTheCrowd: _crowd,
    m.SetCourse: _course,
    m.AddGear: _plain(lambda state, command: _added(state, command)),
    m.StartRound: _plain(lambda state, command: _round(state, command)),
    m.DeclareSpeed: _plain(lambda state, command: _speed(state, command)),
    m.StepGear: _plain(lambda state, command: _step(state, command)),
    m.PlaceGear: _plain(lambda state, command: _placed(state, command)),
    m.EndActivation: lambda state, command, _rng, _readings: _ended_and_after(state, _active(state, command.gear)),
    m.EditGear: _plain(lambda state, command: _edited(state, command)),
    m.SetTableMode: _table_mode,
}


def _spin(state: RaceState, command: m.ResolveSpin, rng: random.Random,
          readings: RuleReadings) -> tuple[Event, ...]:
    """The spin-out, and the end of the active gear's activation when it did not recover."""
    from gmtool.games.badlands_rally.rules.race_specials import pyrotechnics
    from gmtool.games.badlands_rally.rules.race_spin import resolve

    spun = resolve(state, command, rng, readings)
    caused = after_spin(state, spun)
    if state.current == spun.gear and not spun.recovered and not spun.skipped:
        return spun, *caused, *_ended_and_after(state, state.gears[spun.gear])
    return (spun, *caused, *pyrotechnics(state, spun))


def _gear(state: RaceState, gear_id: str) -> RaceGear:
    gear = state.gears.get(gear_id)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=gear_id)
    return gear


def _on_board(course: HexMapFile | None, text: str) -> Hex:
    if course is None:
        raise RulesError("error.br_no_course")
    h = hex_of(text)
    if not on_board(h, course.columns, course.rows):
        raise RulesError("error.br_off_board", hex=text)
    return h


def _taken_by(state: RaceState, h: Hex, mover: str) -> RaceGear | None:
    return next((g for g in state.gears.values() if g.hex == h and g.id != mover and not g.out), None)


def _added(state: RaceState, command: m.AddGear) -> m.GearAdded:
    if command.top_mr < command.cruising_mr:  # BR-5, BR-8: top speed is the faster one (as a library card)
        raise RulesError("error.br_top_below_cruising", name=command.name, top=command.top_mr,
                         cruising=command.cruising_mr)
    if (command.hull_left or 0) > command.hull or (command.structure_left or 0) > command.structure:
        raise RulesError("br.carry.error.damage", name=command.name)
    if command.structure_left == 0:
        raise RulesError("br.carry.error.wrecked", name=command.name)
    where = command.hex or _free_start(state)
    h = _on_board(state.course, where)
    other = _taken_by(state, h, "")
    if other is not None:
        raise RulesError("error.br_hex_taken", name=other.name, hex=where)
    number = len(state.gears) + 1
    while f"g{number}" in state.gears:
        number += 1
    from gmtool.games.badlands_rally.rules.race_specials import known_specials

    card = command.model_dump(exclude={"kind", "hex"}) | {"specials": known_specials(command.specials)}
    return m.GearAdded(id=f"g{number}", **card, hex=where)


def _free_start(state: RaceState) -> str:
    """The first hex of the start zone no gear stands on (placed clockwise in the zone's order)."""
    if state.course is None:
        raise RulesError("error.br_no_course")
    taken = {label(g.hex) for g in state.gears.values()}
    free = [h for h in state.course.zones.get("start", []) if h not in taken]
    if not free:
        raise RulesError("error.br_start_zone_full")
    return free[0]


def _round(state: RaceState, command: m.StartRound) -> m.RoundStarted:
    if state.current is not None:
        raise RulesError("error.br_round_running", name=state.gears[state.current].name)
    racing = [g for g in state.seats() if not state.gears[g].out]
    if command.first not in racing:
        raise RulesError("error.br_no_gear", gear=command.first)
    return m.RoundStarted(round=state.round + 1, order=tuple(clockwise_from(racing, command.first)))


def _active(state: RaceState, gear_id: str) -> RaceGear:
    gear = _gear(state, gear_id)
    if state.current != gear_id:
        raise RulesError("error.br_not_active", name=gear.name)
    return gear


def _speed(state: RaceState, command: m.DeclareSpeed) -> m.SpeedDeclared:
    gear = _active(state, command.gear)
    if gear.speed is not None:
        raise RulesError("error.br_speed_declared", name=gear.name)
    speed = declare_speed(command.speed, gear.rattle.token)
    mr = gear.cruising_mr if speed == "cruising" else gear.top_mr
    return m.SpeedDeclared(gear=gear.id, name=gear.name, speed=speed, mr=mr)


def _on_the_map(state: RaceState) -> None:
    if state.table_mode:
        raise RulesError("error.br_table_mode")


def _step(state: RaceState, command: m.StepGear) -> m.GearStepped:
    _on_the_map(state)
    gear = _active(state, command.gear)
    if gear.speed is None:
        raise RulesError("error.br_declare_first", name=gear.name)
    course = state.course
    assert course is not None  # a gear stands on a course
    terrain = terrain_of(course)
    default = next(iter(kinds()))
    kind_at: Callable[[Hex], str] = lambda h: _kind_at(course, terrain, h, default)  # noqa: E731
    walked = walk(gear.hex, gear.facing, (command.step,), gear.speed, kind_at, gear.mr_left,
                  free_turn(gear.specials, kind_at(gear.hex)),
                  lambda kind, speed: entry_cost(kind, speed, gear.specials, gear.rough_free))
    if walked.path:
        other = _taken_by(state, walked.hex, gear.id)
        if other is not None:
            raise RulesError("error.br_hex_taken", name=other.name, hex=label(walked.hex))
    lap = lap_course(state, gear.progress)
    assert lap is not None
    passed = entered(lap, gear.progress, gear.hex, walked.hex) if walked.path else None
    return m.GearStepped(gear=gear.id, name=gear.name, step=command.step, before=label(gear.hex),
                         after=label(walked.hex), facing_before=gear.facing, facing=walked.facing,
                         cost=walked.cost, mr_left=gear.mr_left - walked.cost,
                         checkpoint=passed.checkpoint if passed else None, lap=passed.lap if passed else None,
                         rough_free=rough_left(kind_at(walked.hex) if walked.path else None, gear.rough_free))


def _kind_at(course: HexMapFile, terrain: dict[Hex, str], h: Hex, default: str) -> str:
    """A hex's kind key; a hex off the board answers one that is not race course."""
    return terrain.get(h, default) if on_board(h, course.columns, course.rows) else OFF_COURSE


def _placed(state: RaceState, command: m.PlaceGear) -> m.GearPlaced:
    _on_the_map(state)
    gear = _gear(state, command.gear)
    h = _on_board(state.course, command.hex)
    other = _taken_by(state, h, gear.id)
    if other is not None:
        raise RulesError("error.br_hex_taken", name=other.name, hex=command.hex)
    if h == gear.hex and command.facing == gear.facing:
        raise RulesError("error.no_change")
    lap = lap_course(state, gear.progress)
    assert lap is not None
    passed = entered(lap, gear.progress, gear.hex, h) if h != gear.hex else None
    return m.GearPlaced(gear=gear.id, name=gear.name, before=label(gear.hex), after=command.hex,
                        facing_before=gear.facing, facing=command.facing,
                        checkpoint=passed.checkpoint if passed else None, lap=passed.lap if passed else None)


def _ended_and_after(state: RaceState, gear: RaceGear) -> tuple[Event, ...]:
    """The activation's end, and at the round's end who won (BR-19)."""
    from gmtool.games.badlands_rally.rules.race_victory import round_over

    ended = _activation_ended(state, gear)
    return (ended, *round_over(state)) if ended.next is None else (ended,)


def _activation_ended(state: RaceState, gear: RaceGear) -> m.ActivationEnded:
    """The gear's activation ends; the next gear in the round's order that has not activated begins."""
    waiting = [g for g in state.order if g != gear.id and not state.gears[g].activated and not state.gears[g].out]
    return m.ActivationEnded(gear=gear.id, name=gear.name, mr_unused=gear.mr_left,
                             next=waiting[0] if waiting else None, against_course=_went_back(state, gear))


def _went_back(state: RaceState, gear: RaceGear) -> bool:
    """BR-8 "this is a race!": the gear ends its activation behind where it began it in the race
    (fewer laps or checkpoints, or farther from the next checkpoint) by its own moves; gmtool's reading
    of 逆走. Not judged when a skid or the GM moved it during the activation."""
    course = state.course
    if course is None or gear.began_at is None or state.table_mode or not (course.checkpoints or course.zones):
        return False
    lap = lap_course(state, gear.progress)
    assert lap is not None
    return standing(lap, gear.progress, gear.hex) < gear.began_at


NUMBER_BOUNDS = {"attack": (2, 6), "defence": (2, 6), "initiative": (2, 6), "armour": (0, 30), "cruising_mr": (1, 30), "top_mr": (1, 40)}


def _edited(state: RaceState, command: m.EditGear) -> m.GearEdited:
    gear = _gear(state, command.gear)
    value, name = command.value, command.field
    if name not in m.GEAR_FIELDS:
        raise RulesError("error.no_change")
    if name in ("name", "seat"):
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            raise RulesError("error.br_name")
        value = value.strip()
    else:
        low, high = NUMBER_BOUNDS.get(name, (0, gear.hull_max if name == "hull" else gear.structure_max))
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError("error.br_value_range", low=low, high=high)
    old = getattr(gear, name)
    if old == value:
        raise RulesError("error.no_change")
    return m.GearEdited(gear=gear.id, name=gear.name, field=name, old=old, new=value)
