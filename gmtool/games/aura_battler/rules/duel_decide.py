"""Deciding the duel's commands into events: the sky, units joining, the PP allocation phase
(AB-22), the GM's movement and thrust (the digest has no movement rules: moves are the GM's), the
attack (:mod:`.duel_attack`) and corrections. Every refusal is a translated :class:`RulesError`."""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import ahead, label, turn
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules import heavy_damage as heavy
from gmtool.games.aura_battler.rules.allocation import allocate, spend_aura
from gmtool.games.aura_battler.rules.carried import response_turn
from gmtool.games.aura_battler.rules.duel_attack import unit
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.games.aura_battler.rules.terrain import kinds

STEP_TURN = {"left": -1, "right": 1}


def decide(state: DuelState, command: Command, rng: random.Random,
           readings: RuleReadings | None = None) -> tuple[Event, ...]:
    if isinstance(command, m.Attack):
        from gmtool.games.aura_battler.rules.duel_attack import attack

        return (attack(state, command, rng, readings),)
    if isinstance(command, m.SetSky):
        unknown = sorted(set(command.sky.terrain.values()) - set(kinds()))
        if unknown:
            raise RulesError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=command.sky.game)
        return (m.SkySet(sky=command.sky),)
    if isinstance(command, m.AddUnit):
        return (_added(state, command),)
    if isinstance(command, m.StartTurn):
        if state.allocating:
            raise RulesError("error.ab_allocate_first", names=", ".join(u.name for u in state.allocating))
        return (m.TurnStarted(turn=state.turn + 1),)
    if isinstance(command, m.AllocatePP):
        return (_allocated(state, command),)
    if isinstance(command, m.StepUnit | m.PlaceUnit):
        return (_moved(state, command),)
    if isinstance(command, m.SetThrust):
        return (_thrust(state, command),)
    if isinstance(command, m.EditUnit):
        return (_edited(state, command),)
    if isinstance(command, m.ResponseTurn):
        return (_response(state, command),)
    if isinstance(command, m.Board):
        return (_boarded(state, command),)
    if isinstance(command, m.SetTableMode):
        if command.on == state.table_mode:
            raise RulesError("error.no_change")
        return (m.TableModeSet(on=command.on),)
    if isinstance(command, m.RevealAllocations):
        return (_revealed(state),)
    raise RulesError("error.unknown_command", kind=command.kind)


def _on_sky(state: DuelState, at: str) -> None:
    if state.sky is None:
        raise RulesError("error.ab_no_sky")
    if not on_board(hex_of(at), state.sky.columns, state.sky.rows):
        raise RulesError("error.ab_off_the_map", hex=at)


def _free_hex(state: DuelState) -> str:
    """The first hex of the map's zones (in the map's order) no unit stands in, else of the whole map."""
    sky = state.sky
    if sky is None:
        raise RulesError("error.ab_no_sky")
    taken = {label(u.hex) for u in state.units.values()}
    zoned = [h for hexes in sky.zones.values() for h in hexes]
    everywhere = [f"{col:02d}{row:02d}" for col in range(1, sky.columns + 1) for row in range(1, sky.rows + 1)]
    free = next((h for h in (*zoned, *everywhere) if h not in taken), None)
    if free is None:
        raise RulesError("error.ab_no_free_hex")
    return free


def _added(state: DuelState, command: m.AddUnit) -> m.UnitAdded:
    at = command.hex or _free_hex(state)
    _on_sky(state, at)
    if command.thrust > command.machine.top_thrust:
        raise RulesError("error.ab_thrust_range", high=command.machine.top_thrust)
    if command.damage >= command.machine.durability:  # AB-17: it would join destroyed
        raise RulesError("ab.carry.error.destroyed", name=command.machine.name, durability=command.machine.durability)
    number = 1 + max((int(u[1:]) for u in state.units if u[1:].isdigit()), default=0)
    return m.UnitAdded(id=f"u{number}", machine=command.machine, pilot=command.pilot, side=command.side,
                       hex=at, facing=command.facing, thrust=command.thrust, damage=command.damage)


def _alive(state: DuelState, unit_id: str) -> DuelUnit:
    found = unit(state, unit_id)
    if found.destroyed:
        raise RulesError("error.ab_destroyed", name=found.name)
    return found


def _allocated(state: DuelState, command: m.AllocatePP) -> m.PPAllocated:
    """22.4, 22.5: the split must total the pilot's base (what the five leave is action PP)."""
    found = _alive(state, command.unit)
    if state.turn == 0:
        raise RulesError("error.ab_no_turn")
    base = found.pilot.base_pp
    action, *given = command.points
    split = allocate(base, *given)
    if action < 0 or split.action != action:
        raise RulesError("error.ab_pp_total", total=sum(command.points), base=base)
    return m.PPAllocated(unit=found.id, name=found.name, points=command.points)


def _moved(state: DuelState, command: m.StepUnit | m.PlaceUnit) -> m.UnitMoved:
    found = _alive(state, command.unit)
    if found.carried_by is not None:
        raise RulesError("error.ab_carried_moves_with", name=found.name, carrier=state.units[found.carried_by].name)
    if isinstance(command, m.PlaceUnit):
        at, facing, step = command.hex, command.facing, None
        heavy.check_drop(found, hex_of(at), facing)
    elif command.step in heavy.SLIPS:
        heavy.check_slip(found)  # 19.1.3
        step, facing, at = command.step, found.facing, label(heavy.slip_hex(found.hex, found.facing, command.step))
    else:
        step = command.step
        heavy.check_turn(found, STEP_TURN.get(step, 0))  # 19.1.2
        facing = turn(found.facing, STEP_TURN.get(step, 0))
        moved = {"ahead": 1, "back": -1}.get(step, 0)
        at = label(ahead(found.hex, found.facing, moved)) if moved else label(found.hex)
    _on_sky(state, at)
    if at == label(found.hex) and facing == found.facing:
        raise RulesError("error.no_change")
    return m.UnitMoved(unit=found.id, name=found.name, step=step, before=label(found.hex), after=at,
                       facing_before=found.facing, facing=facing)


def _response(state: DuelState, command: m.ResponseTurn) -> m.ResponseTurned:
    """AB-12 (and 19.1.2 when heavily damaged): one response PP per attack turned against."""
    found = _alive(state, command.unit)
    if command.sides == 0:
        raise RulesError("error.no_change")
    if state.turn == 0 or state.allocating:
        raise RulesError("error.ab_allocate_first", names=", ".join(u.name for u in state.allocating) or "—")
    heavy.check_turn(found, command.sides)  # 19.1.2: response turns too
    points, _left = spend_aura(found.points, found.aura, "response", command.aura)  # AB-20: just before use
    after, facing = response_turn(points, found.facing, command.sides, found.heavily_damaged)
    return m.ResponseTurned(unit=found.id, name=found.name, facing_before=found.facing, facing=facing,
                            response_before=found.points.response, response=after.response, aura_spent=command.aura)


def _revealed(state: DuelState) -> m.AllocationsRevealed:
    """The GM shows the turn's splits once every machine has made its own (AB-22: hidden until then)."""
    if state.turn == 0 or state.allocating:
        raise RulesError("error.ab_allocate_first", names=", ".join(u.name for u in state.allocating) or "—")
    if state.revealed:
        raise RulesError("error.no_change")
    return m.AllocationsRevealed(turn=state.turn)


def _boarded(state: DuelState, command: m.Board) -> m.Boarded:
    """AB-21: a battler boards a carrier (to its hex and facing) or leaves it where it is."""
    found = _alive(state, command.unit)
    if command.carrier is None:
        if found.carried_by is None:
            raise RulesError("error.no_change")
        here = label(found.hex)
        return m.Boarded(unit=found.id, name=found.name, carrier=None, carrier_name=state.units[found.carried_by].name,
                         before=here, after=here, facing_before=found.facing, facing=found.facing)
    carrier = _alive(state, command.carrier)
    if found.machine.carrier or not carrier.machine.carrier or carrier.id == found.id:
        raise RulesError("error.ab_not_a_carrier", name=carrier.name)
    if found.carried_by == carrier.id:
        raise RulesError("error.no_change")
    return m.Boarded(unit=found.id, name=found.name, carrier=carrier.id, carrier_name=carrier.name,
                     before=label(found.hex), after=label(carrier.hex), facing_before=found.facing,
                     facing=carrier.facing)


def _thrust(state: DuelState, command: m.SetThrust) -> m.ThrustSet:
    found = _alive(state, command.unit)
    if command.thrust > found.machine.top_thrust:
        raise RulesError("error.ab_thrust_range", high=found.machine.top_thrust)
    if command.thrust == found.thrust:
        raise RulesError("error.no_change")
    heavy.check_thrust(found, command.thrust)  # 19.1.1
    return m.ThrustSet(unit=found.id, name=found.name, before=found.thrust, after=command.thrust)


def _edited(state: DuelState, command: m.EditUnit) -> m.UnitEdited:
    found = unit(state, command.unit)
    value = command.value
    if command.field not in m.UNIT_FIELDS:
        raise RulesError("error.no_change")
    if command.field == "name":
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            raise RulesError("error.ab_name")
        value = value.strip()
    elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= found.machine.durability:
        raise RulesError("error.ab_value_range", low=0, high=found.machine.durability)
    old = getattr(found, command.field)
    if old == value:
        raise RulesError("error.no_change")
    return m.UnitEdited(unit=found.id, name=found.name, field=command.field, old=old, new=value)
