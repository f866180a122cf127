"""Deciding an attack: plan it, roll (or read) the three tests, resolve, and emit the events."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack import called
from gmtool.games.shadowrun.rules.attack.edge import TestStreams, edge_events
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    AttackResolved,
    RoundsFired,
    TestRecord,
)
from gmtool.games.shadowrun.rules.attack.plan import AttackPlan, EditionAttack, planned, planned_odds
from gmtool.games.shadowrun.rules.attack.records import from_damage, table_rows, test_record
from gmtool.games.shadowrun.rules.attack.rolls import hits, roll
from gmtool.games.shadowrun.rules.damage.monitors import MonitorChange, apply_damage
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution
from gmtool.games.shadowrun.rules.dice_spec import TestOutcome
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import split_damage


def _rolls(p: AttackPlan, command: Attack, streams: TestStreams) -> tuple[TestOutcome | None, TestOutcome | None]:
    assert p.specs is not None
    attack = roll(p.specs.attack, command.attack_faces, streams.attack)
    defence = None if p.specs.defence is None else roll(p.specs.defence, command.defence_faces, streams.defence)
    return attack, defence


def _record_pools(
    p: AttackPlan, attack: TestOutcome | None, defence: TestOutcome | None
) -> tuple[TestRecord, TestRecord | None]:
    rows = table_rows((*p.attack_terms, *p.defence_terms))
    pools = p.pools
    attack_record = test_record(from_damage(pools.attack, rows), pools.attack_pool, pools.attack_limit, attack)
    defence_record = (
        None if p.no_defence
        else test_record(from_damage(pools.defence, rows), pools.defence_pool, pools.defence_limit, defence)
    )
    return attack_record, defence_record


def attack_events(adapter: EditionAttack, state: Any, command: Attack, rng: random.Random) -> list[Event]:
    """The attack's events, in the order they happen."""
    p = planned(adapter, state, command)  # the plan the panel showed, when it did
    if p.suppressive:
        from gmtool.games.shadowrun.rules.attack.suppression import suppressive_events

        return suppressive_events(adapter, state, p, command, rng)
    s = p.situation
    events = _actions(adapter, state, s, command) + adapter.defence_events(state, s, command)
    hit_chance = planned_odds(adapter, state, command)[1].hit.hit
    streams = TestStreams.split(rng)
    attack, defence = _rolls(p, command, streams)
    attack_hits, defence_hits = hits(attack), hits(defence)
    soak = None
    missed = _misses(adapter, p, attack_hits, defence_hits)
    if missed:
        resolution = adapter.resolve(p.inputs, attack_hits, defence_hits, None)
    elif not called.deals_damage(command):  # blast out of hands, knock down, trick shot: a hit without damage
        resolution = replace(adapter.resolve(p.inputs, attack_hits, defence_hits, 0), damage=None, monitor_change=None)
    else:
        assert p.specs is not None
        soak = roll(p.specs.soak, command.soak_faces, streams.soak)
        resolution = adapter.resolve(p.inputs, attack_hits, defence_hits, hits(soak))
    events += edge_events(adapter, command, s.attacker, s.target, soaked=soak is not None)
    net = resolution.outcome.net_hits
    result = called.outcome(
        adapter.game, s, command, p.attack_sheet, net,
        bool(attack and attack.glitch), bool(attack and attack.critical_glitch), adapter.readings,
    )
    split = None
    if result is not None and result.shot == "splitting_the_damage" and resolution.damage is not None:
        resolution, split = _split(p, resolution)
    if s.shot is not None:
        events.append(_rounds_fired(s, command))
    done = _resolved(adapter, state, p, command, resolution, attack, defence, soak, hit_chance)
    updates: dict[str, Any] = {
        "hit": not missed, "no_damage": not missed and resolution.damage is None,
        "readings": _readings_applied(adapter, command, resolution),
    }
    if split is not None:
        updates["applied"] = sum(split)
    events.append(done.model_copy(update=updates))
    events += adapter.after_events(state, s, resolution, not p.no_defence)
    if result is not None and (result.hit or result.effects):  # a plain miss says all in the attack's line
        extra, prone = adapter.called_shot_events(state, s, result)
        events += [*extra, called.resolved_event(s, result, net, split, prone)]
    return called.renumber_effects(state, events)


def check_ready(adapter: EditionAttack, state: Any, p: AttackPlan, command: Attack) -> None:
    """Raise why the planned attack cannot be made now (the phase's actions spent, not the
    attacker's phase …), before any die is rolled: the same checks deciding it makes."""
    if p.suppressive:
        if command.charge_action:
            adapter.action_events(state, p.situation.attacker, "complex", "fire_full_auto")
        return
    _actions(adapter, state, p.situation, command)


def _actions(adapter: EditionAttack, state: Any, s: Any, command: Attack) -> list[Event]:
    """The attack's action (and the free action calling the shot); later shares of a multiple attack pay none."""
    if not command.charge_action or command.pool_share > 0:
        return []
    events: list[Event] = []
    if command.called_shot:
        key = called.MULTIPLE if command.called_shot == called.MULTIPLE else "call_shot"
        events += adapter.action_events(state, s.attacker, "free", key)
    kind = s.shot.action if s.shot is not None else "complex"
    return events + adapter.action_events(state, s.attacker, kind, _action_key(s, kind))


def _split(p: AttackPlan, r: AttackResolution) -> tuple[AttackResolution, tuple[int, int]]:
    """SR5-CS6: the damage left after soak split between the tracks, applied to the monitors."""
    assert r.damage is not None
    physical, stun = split_damage(r.damage.applied, r.damage.step.value.value, p.pools.armour.value)
    before = r.monitor_before
    if before is None:
        return r, (physical, stun)
    ratio = p.inputs.stun_overflow_ratio
    first = apply_damage(before, "physical", physical, ratio)
    second = apply_damage(first.after, "stun", stun, ratio)
    change = MonitorChange("stun", physical + stun, before, second.after, second.stun_excess, second.overflow_to_physical)
    return replace(r, monitor_change=change), (physical, stun)


def _readings_applied(adapter: EditionAttack, command: Attack, r: AttackResolution) -> tuple[str, ...]:
    """The rule readings this attack applied (:mod:`gmtool.games.shadowrun.rules.readings`), as its event records them:
    the called shot's (CS9, CS3) and, when 10 boxes or more got through, SR5's knockdown (A5)."""
    applied = called.readings_applied(command, adapter.readings) if adapter.game == "sr5" else ()
    if adapter.game == "sr5" and r.applied >= 10:
        applied += (adapter.readings.record("sr5_knockdown"),)
    return applied


def _misses(adapter: EditionAttack, p: AttackPlan, attack_hits: int, defence_hits: int) -> bool:
    """Whether the attack misses (then no soak test is rolled)."""
    return adapter.resolve(p.inputs, attack_hits, defence_hits, 0).miss


def _action_key(s: Any, kind: str) -> str:
    if s.shot is None:
        return "melee_attack"
    return "fire_weapon" if kind == "simple" else ("fire_full_auto" if s.shot.rounds_used >= 10 else "fire_long_burst")


def _rounds_fired(s: Any, command: Attack) -> RoundsFired:
    shot = s.shot
    return RoundsFired(
        combatant=s.attacker.id, name=s.attacker.sheet.name, weapon=command.weapon, weapon_name=s.weapon.display_name(),
        rounds=shot.rounds_used, left=shot.magazine.rounds, recoil_rounds=s.recoil_rounds,
    )


def _resolved(
    adapter: EditionAttack, state: Any, p: AttackPlan, command: Attack, r: AttackResolution,
    attack: TestOutcome | None, defence: TestOutcome | None, soak: TestOutcome | None, hit_chance: float,
) -> AttackResolved:
    s = p.situation
    attack_record, defence_record = _record_pools(p, attack, defence)
    before = r.monitor_before
    after = r.monitor_after if r.monitor_change is not None else before
    fields: dict[str, Any] = {}
    if r.damage is not None:
        fields = {
            "damage_value": from_damage(r.damage.step.value.terms), "dv": r.damage.step.value.value,
            "armour": from_damage(p.pools.armour.terms), "modified_armour": p.pools.armour.value,
            "track": r.damage.track, "applied": r.damage.applied, "knockdown": r.damage.knockdown,
            "soak": test_record(from_damage(p.pools.soak), p.pools.soak_pool, None, soak),
        }
    return AttackResolved(
        attacker=s.attacker.id, attacker_name=s.attacker.sheet.name, target=s.target.id, target_name=s.target.sheet.name,
        weapon_name=s.weapon.display_name(), melee=s.weapon.melee, mode=command.mode,
        rounds=s.shot.rounds_used if s.shot is not None else 0,
        distance=None if s.weapon.melee else command.distance,  # melee never takes a ranged distance
        attack=attack_record, defence=defence_record, hit=not r.miss, net_hits=r.outcome.net_hits,
        full_defence=r.outcome.full_defence,
        physical_before=before.physical if before else 0, physical_after=_stored(adapter, after),
        stun_before=before.stun if before else 0, stun_after=after.stun if after else 0,
        condition=after.state.value if after else "conscious",
        shared_with=adapter.shared_monitor(state, s.target.id) if r.damage is not None else (),
        hit_chance=round(hit_chance, 6), knockdown_terms=from_damage(p.inputs.modifiers.knockdown), **fields,
    )


def _stored(adapter: EditionAttack, monitor: Any) -> int:
    """The physical boxes as the sheets store them (one past the overflow: the box of death)."""
    return 0 if monitor is None else monitor.stored_physical
