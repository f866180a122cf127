"""Folding the duel's events into :class:`DuelState` (never rolls, never refuses) and saying what
each event touched, so the views redraw that and no more."""

from __future__ import annotations

from dataclasses import replace

from gmtool.core.game import EVERYTHING, NOTHING, Touched
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Event
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.allocation import PowerPoints
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit

ATTACK_TOPIC = "ab_attack"  # the attack panel's dock
ALLOCATION_TOPIC = "ab_allocation"  # the allocation panel's dock


def points(values: m.Points) -> PowerPoints:
    return PowerPoints(*values)


def as_tuple(found: PowerPoints) -> m.Points:
    return (found.action, found.attack, found.defence, found.power, found.barrier, found.response)


def apply(state: DuelState, event: Event) -> None:
    if isinstance(event, m.SkySet):
        state.sky = event.sky
    elif isinstance(event, m.UnitAdded):
        state.units[event.id] = DuelUnit(event.id, event.machine.name, event.machine, event.pilot, event.side,
                                         hex_of(event.hex), event.facing, event.thrust,
                                         points=PowerPoints(event.pilot.base_pp), aura=event.pilot.aura,  # 22.2
                                         turn_thrust=event.thrust, damage=event.damage)
    elif isinstance(event, m.TurnStarted):
        state.turn, state.revealed = event.turn, False
        for unit in state.units.values():  # 22.2, 22.3
            unit.points, unit.aura, unit.allocated = PowerPoints(unit.pilot.base_pp), unit.pilot.aura, False
            unit.turn_thrust, unit.turned_here = unit.thrust, False
    elif isinstance(event, m.PPAllocated):
        unit = state.units[event.unit]
        unit.points, unit.allocated = points(event.points), True
    elif isinstance(event, m.UnitMoved):
        _moved(state, event)
    elif isinstance(event, m.ThrustSet):
        state.units[event.unit].thrust = event.after
    elif isinstance(event, m.AttackMade):
        attacker, defender = state.units[event.attacker], state.units[event.defender]
        attacker.points, attacker.aura = points(event.attacker_points), event.attacker_aura
        defender.points, defender.aura = points(event.defender_points), event.defender_aura
        state.units[event.struck].damage = event.damage
        state.last_attack = event
    elif isinstance(event, m.Boarded):
        _boarded(state, event)
    elif isinstance(event, m.UnitEdited):
        setattr(state.units[event.unit], event.field, event.new)
    elif isinstance(event, m.ResponseTurned):
        unit = state.units[event.unit]
        unit.facing, unit.points = event.facing, replace(unit.points, response=event.response)
        unit.aura, unit.turned_here = unit.aura - event.aura_spent, True
    elif isinstance(event, m.TableModeSet):
        state.table_mode = event.on
    elif isinstance(event, m.AllocationsRevealed):
        state.revealed = True


def _moved(state: DuelState, event: m.UnitMoved) -> None:
    """The unit, and the battlers it carries with it (AB-21), to the event's hex and facing."""
    after = hex_of(event.after)
    for unit in (state.units[event.unit], *state.riders(event.unit)):
        _to(state, unit, after, event.facing)
    if event.facing != event.facing_before:  # AB-19: it turned in the hex it is now in
        state.units[event.unit].turned_here = True


def _to(state: DuelState, unit: DuelUnit, after: Hex, facing: int) -> None:
    if after != unit.hex:
        state.moves += 1
        unit.came_from, unit.arrived, unit.turned_here = unit.hex, state.moves, False
    unit.hex, unit.facing = after, facing


def _boarded(state: DuelState, event: m.Boarded) -> None:
    unit = state.units[event.unit]
    unit.carried_by = event.carrier
    _to(state, unit, hex_of(event.after), event.facing)


def touched(event: Event) -> Touched:
    if isinstance(event, m.SkySet | m.TurnStarted | m.TableModeSet | m.AllocationsRevealed):
        return EVERYTHING
    if isinstance(event, m.UnitAdded):
        return Touched(frozenset({event.id}), frozenset({"roster", "order", "map"}), frozenset({ALLOCATION_TOPIC}))
    if isinstance(event, m.PPAllocated):
        return Touched(frozenset({event.unit}), frozenset({"sheet", "tracks", "badges", "heading", "order"}),
                       frozenset({ALLOCATION_TOPIC, ATTACK_TOPIC}))
    if isinstance(event, m.UnitMoved | m.ThrustSet | m.ResponseTurned):
        return Touched(frozenset({event.unit}), frozenset({"sheet", "tracks", "badges", "map"}),
                       frozenset({ATTACK_TOPIC}))
    if isinstance(event, m.Boarded):
        return Touched(frozenset({event.unit}), frozenset({"sheet", "badges", "map"}), frozenset({ATTACK_TOPIC}))
    if isinstance(event, m.AttackMade):
        return Touched(frozenset({event.attacker, event.target, event.defender, event.struck}), frozenset({"sheet", "tracks", "badges", "map"}),
                       frozenset({ATTACK_TOPIC}))
    if isinstance(event, m.UnitEdited):
        return Touched(frozenset({event.unit}), frozenset({"sheet", "tracks", "badges", "map", "order"}),
                       frozenset({ATTACK_TOPIC}))
    return NOTHING
