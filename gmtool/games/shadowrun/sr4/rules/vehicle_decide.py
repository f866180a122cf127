"""SR4 rigging handlers: registering vehicles, control (SR4-V1), vehicle and sensor tests (V1, V3),
sensor targeting (V4), and a hit on a vehicle: rigger feedback, crash test, dumpshock (V2, V5)."""

from __future__ import annotations

import random

from gmtool.core.effects import Duration
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_rules import new_effect
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.turn_events import CombatantAdded
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules import vehicle_pools as vp
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.decide_sheet import add_combatant, apply_damage, sheet_diff
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.keyed_labels import keyed  # a test label that is a message key
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_rolls import Faces, opposed, roll
from gmtool.games.shadowrun.sr4.rules.vehicle_sheet import VEHICLE, is_vehicle, restated, vehicle_sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Vehicle


def add_vehicle(state: EncounterState, command: vm.AddVehicle, rng: random.Random) -> list[Event]:
    """A new combatant made from the vehicle's attributes, registered as a vehicle at once."""
    mount = weapon("sr4", command.weapon) if command.weapon else None
    sheet = vehicle_sheet(command.name, command.stats, command.is_npc, mount, command.passes)
    events = add_combatant(state, cmd.AddCombatant(sheet=sheet), rng)
    joined = events[0]
    assert isinstance(joined, CombatantAdded)  # add_combatant's first event
    return [joined, vm.VehicleRegistered(combatant=joined.combatant, name=sheet.name, stats=command.stats), *events[1:]]


def register(state: EncounterState, command: vm.RegisterVehicle, rng: random.Random) -> list[Event]:
    """A vehicle's attributes changed (its sheet follows them); a runner is refused: add a vehicle."""
    c = combatant(state, command.combatant)
    if not is_vehicle(state, c.id):
        raise RulesError("error.sr4rig.not_a_vehicle_sheet", name=c.sheet.name)
    old = state.vehicles.get(c.id)
    if old is not None and old.stats == command.stats:
        raise RulesError("error.no_change")
    events: list[Event] = [vm.VehicleRegistered(combatant=c.id, name=c.sheet.name, stats=command.stats)]
    if c.sheet.metatype == VEHICLE:
        events += sheet_diff(c, restated(c.sheet, command.stats))
    return events


def devices(state: EncounterState, rigger: str, leaving: str = "", group: str = "") -> int:
    """SR4-V1: the devices a rigger's commlink handles; a subscribed group counts as one."""
    seen: set[str] = set()
    for v in state.vehicles.values():
        if v.id != leaving and v.control.rigger == rigger and v.control.mode != "autonomous":
            seen.add(f"g:{v.control.group}" if v.control.group else v.id)
    seen.add(f"g:{group}" if group else leaving)
    return len(seen)


def control(state: EncounterState, command: vm.ControlVehicle, rng: random.Random) -> list[Event]:
    """SR4-V1: a rigger handles at most System × 2 devices (a subscribed group is one device)."""
    v = vp.vehicle_of(state, command.vehicle)
    name = combatant(state, v.id).sheet.name
    if command.mode == "autonomous":
        return [vm.ControlSet(vehicle=v.id, name=name, mode="autonomous", rigger=None, rigger_name="", system=0,
                              biofeedback_filter=0, group="", devices=0)]
    if command.rigger is None or command.rigger == v.id:
        raise RulesError("error.sr4rig.rigger_needed", name=name)
    rigger = combatant(state, command.rigger)
    if command.rigger in state.vehicles:
        raise RulesError("error.sr4rig.rigger_is_vehicle", name=rigger.sheet.name)
    count = devices(state, rigger.id, v.id, command.group)
    if count > command.system * 2:
        raise RulesError("error.sr4rig.too_many_devices", name=rigger.sheet.name, system=command.system,
                         limit=command.system * 2, count=count)
    return [vm.ControlSet(
        vehicle=v.id, name=name, mode=command.mode, rigger=rigger.id, rigger_name=rigger.sheet.name,
        system=command.system, biofeedback_filter=command.biofeedback_filter, group=command.group, devices=count,
    )]


def vehicle_test(state: EncounterState, command: vm.VehicleTest, rng: random.Random) -> list[Event]:
    """SR4-V1/V6 vehicle test, SR4-V3 sensor test (opposed by a hidden target's pool when one is named)."""
    v = vp.vehicle_of(state, command.vehicle)
    c = state.combatants[v.id]
    if command.test == "vehicle":
        terms, label, threshold = vp.vehicle_terms(state, v, command.skill), keyed("sr4rig.test.vehicle"), \
            vp.vehicle_threshold(v, command.threshold)
    else:
        terms, label, threshold = vp.sensor_terms(state, v, command.skill), keyed("sr4rig.test.sensor"), command.threshold
    events = group_acts(state, v)
    if command.target is None:
        return [*events, roll(c, label, "test", terms, threshold, command.faces, rng).event]
    target = combatant(state, command.target)
    hiding = vp.hiding_terms(state, target.id, command.target_skill)
    return events + opposed(c, terms, target, hiding, label, command.faces, command.target_faces, rng).events


def group_acts(state: EncounterState, v: Vehicle) -> list[Event]:
    """SR4-V1: a drone of a subscribed group tests for the whole group (its other drones named)."""
    control = v.control
    if not control.group or control.mode == "autonomous":
        return []
    members = [o.id for o in state.vehicles.values()
               if o.control.rigger == control.rigger and o.control.group == control.group and o.control.mode != "autonomous"]
    if len(members) < 2:
        return []
    return [vm.GroupActed(vehicle=v.id, name=state.combatants[v.id].sheet.name, group=control.group,
                          names=tuple(state.combatants[m].sheet.name for m in members))]


def lock_on(state: EncounterState, command: vm.LockOn, rng: random.Random) -> list[Event]:
    """SR4-V4: passive, Gunnery + Sensor ± signature; active, a sensor test whose net hits the lock holds."""
    v = vp.vehicle_of(state, command.vehicle)
    c, target = state.combatants[v.id], combatant(state, command.target)
    if target.id == v.id:
        raise RulesError("error.sr4rig.lock_self", name=c.sheet.name)
    events: list[Event] = []
    if command.targeting == "passive":
        bonus, held = vp.passive_modifier(c, v, command.signature), True
    else:
        terms = vp.sensor_terms(state, v, command.skill)
        if command.hidden:
            result = opposed(c, terms, target, vp.hiding_terms(state, target.id, command.target_skill),
                             keyed("sr4rig.test.lock_on"), command.faces, command.target_faces, rng)
            events += result.events
            bonus, held = (result.net_hits, True) if result.actor_wins else (0, False)
        else:
            rolled = roll(c, keyed("sr4rig.test.lock_on"), "test", terms, 0, command.faces, rng)
            events.append(rolled.event)
            bonus, held = rolled.outcome.hits, rolled.outcome.hits > 0
    events.append(vm.LockedOn(vehicle=v.id, name=c.sheet.name, target=target.id, target_name=target.sheet.name,
                              targeting=command.targeting, bonus=bonus, held=held))
    if held:
        key = "sensor_lock" if command.targeting == "active" else "sensor_targeting"
        events.append(new_effect(effect_table(), state, c, state.actor == c.id, key, modifier=bonus,
                                 duration=Duration.UNTIL_REMOVED, label=target.sheet.name))
    return events


def hit(state: EncounterState, command: vm.VehicleHit, rng: random.Random) -> list[Event]:
    """SR4-V2 feedback to a jumped-in rigger, SR4-V5 crash test at boxes ≥ Body, dumpshock when destroyed."""
    v = vp.vehicle_of(state, command.vehicle)
    c = state.combatants[v.id]
    events: list[Event] = []
    if not command.on_monitor:
        events += apply_damage(state, cmd.ApplyDamage(combatant=v.id, track="physical", boxes=command.boxes), rng)
    rigger = vp.rigger_of(state, v) if v.control.mode == "jumped" else None
    feedback = vp.feedback_value(command.boxes) if rigger is not None else 0
    crash = command.boxes >= v.stats.body
    events.append(vm.VehicleHitTaken(vehicle=v.id, name=c.sheet.name, boxes=command.boxes, body=v.stats.body,
                                     feedback=feedback, crash_test=crash))
    if rigger is not None:
        events += _feedback(state, rigger, v, feedback, command.feedback_faces, rng)
    if crash:
        events += crash_test(state, v, command.skill, 0, command.crash_faces, rng)
    destroyed = (events_sheet_damage(events, v.id) or c.sheet.physical_damage) >= c.sheet.physical_boxes
    if destroyed and rigger is not None:
        events.append(vm.Dumpshocked(vehicle=v.id, name=c.sheet.name, rigger=rigger.id, rigger_name=rigger.sheet.name))
    return events


def events_sheet_damage(events: list[Event], cid: str) -> int:
    """The vehicle's physical damage after the damage events of this command (0: none)."""
    after = [e.physical_after for e in events if isinstance(e, ev.DamageApplied) and e.combatant == cid]
    return after[-1] if after else 0


def _feedback(state: EncounterState, rigger: Combatant, v: Vehicle, dv: int, faces: Faces, rng: random.Random) -> list[Event]:
    """SR4-V2: resist ceil(boxes / 2) stun with Willpower + Biofeedback Filter; each hit takes one off."""
    rolled = roll(rigger, keyed("sr4rig.test.feedback"), "test", vp.feedback_terms(rigger, v), 0, faces, rng)
    stun = max(0, dv - rolled.outcome.hits)
    events: list[Event] = [rolled.event]
    if stun:
        events += apply_damage(state, cmd.ApplyDamage(combatant=rigger.id, track="stun", boxes=stun), rng)
    return events


def crash_test(state: EncounterState, v: Vehicle, skill: int, penalty: int, faces: Faces, rng: random.Random) -> list[Event]:
    """SR4-V5: vehicle skill + Reaction (3); SR4-V7 cut off: the opposed test's net hits as a dice penalty."""
    c = state.combatants[v.id]
    terms = vp.vehicle_terms(state, v, skill, (("sr4rig.term.cut_off", -penalty),))
    rolled = roll(c, keyed("sr4rig.test.crash"), "test", terms, vp.vehicle_threshold(v, vp.CRASH_THRESHOLD), faces, rng)
    return [rolled.event, vm.CrashTested(vehicle=v.id, name=c.sheet.name, crashed=not rolled.outcome.success)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "add_vehicle": add_vehicle,
    "register_vehicle": register,
    "control_vehicle": control,
    "vehicle_test": vehicle_test,
    "lock_on": lock_on,
    "vehicle_hit": hit,
}
