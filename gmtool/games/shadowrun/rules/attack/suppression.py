"""SR5 suppressive fire through the journal (SR5-F8, F9), on top of the pure rules of
:mod:`gmtool.games.shadowrun.rules.weapons.suppressive`.

An :class:`~.messages.Attack` in the ``suppressive`` mode pays its complex action, fires
20 rounds (recoil ignored), rolls skill + Agility [Accuracy] with the attack tables
(smartgun, laser sight, tracer rows of the SR5 attacker table) and records the hits: a
zone. The zone is two events: an effect ``suppressive_fire`` on the shooter (no
modifier) and :class:`~.messages.SuppressiveFireStarted` with the hits and the damage,
folded into ``state.zones`` (zone id = the marker effect's id).

The zone lasts exactly as long as the 001 digest says (制圧射撃: 銃が故障するか、或いは
他の行動をとらない限り、戦闘ターン終了まで): until the shooter takes another action
(any action or interrupt), the turn ends, or the fire stops (the GM removes the
shooter's marker: the gun failed). :func:`zone_endings` turns each of those into
:class:`~.messages.SuppressiveFireEnded` (a log line), the marker's end and the end of
every ``suppressed`` effect laid under it, in the same entry as their cause.

:class:`~.messages.MarkSuppressed`: the GM names who is in or beside the zone; each gets
the effect ``suppressed`` at −(hits) on all actions (:class:`~.messages.ZoneMarked`
ties those effects to the zone: they end with it).
:class:`~.messages.SuppressionTest`: one combatant's Reaction + Edge (the attribute) +
the Full Defence bonus in force, threshold the hits; failing it, the weapon's base DV
with the loaded ammunition's modifiers and AP (no net hits), soaked as any SR5 damage
(Body + modified armour; stun when the DV is below the modified armour). The
suppression modifier itself and wound modifiers are not applied to that test (the
rules name neither); whether the combatant must test (cover, prone, moving) is the
GM's call: the panel offers the test to everyone marked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from gmtool.core.effects import Duration, Scope
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack.called import renumber_effects
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    MarkSuppressed,
    RoundsFired,
    SuppressionTest,
    SuppressionTested,
    SuppressiveFireEnded,
    SuppressiveFireStarted,
    TermRecord,
    ZoneMarked,
)
from gmtool.games.shadowrun.rules.attack.plan import AttackPlan, EditionAttack, magazine_of
from gmtool.games.shadowrun.rules.attack.records import from_damage, table_rows, test_record
from gmtool.games.shadowrun.rules.attack.rolls import hits, roll
from gmtool.games.shadowrun.rules.damage.damage_value import modified_armour, sr5_track
from gmtool.games.shadowrun.rules.damage.inputs import Weapon as StrikeWeapon
from gmtool.games.shadowrun.rules.damage.monitors import (
    SR5_STUN_OVERFLOW_RATIO,
    apply_damage,
    monitor_of,
)
from gmtool.games.shadowrun.rules.damage.soak import soak, soak_pool, soak_terms
from gmtool.games.shadowrun.rules.dice_spec import Edition, TestSpec
from gmtool.games.shadowrun.rules.effect_messages import EffectAdded, EffectEnded
from gmtool.games.shadowrun.rules.effect_rules import EffectTable, ended, holder_effects, new_effect
from gmtool.games.shadowrun.rules.weapons.suppressive import (
    SuppressiveZone,
    is_hit,
    start_suppressive_fire,
    suppression_pool,
)

ZONE_EFFECT = "suppressive_fire"
SUPPRESSED = "suppressed"
PAGE = 179
# What the shooter does that is "another action" (SR5-F8): an action of the budget or an interrupt.
SHOOTER_ACTS = frozenset({"action_taken", "interrupt_declared"})
# How the marker's own end reads as the zone's end: expiring is the turn's end; anything else stops it.
MARKER_ENDS = {"expired": "turn_end", "removed": "stopped", "used": "stopped"}


@dataclass(frozen=True)
class ZoneRecord:
    """A zone as the state keeps it: the event that laid it, the rules' zone, the ``suppressed``
    effects laid under it (they end with it), and whether it has ended."""

    started: SuppressiveFireStarted
    zone: SuppressiveZone
    suppressed: tuple[int, ...] = ()
    ended: bool = False


def zones(state: Any) -> dict[int, ZoneRecord]:
    """The zones laid in this encounter, by id (kept on the state object beside its fields)."""
    found: dict[int, ZoneRecord] = state.__dict__.setdefault("zones", {})
    return found


def zone_in_force(state: Any, zone_id: int) -> ZoneRecord | None:
    """The zone, while it still suppresses: its turn, its marker effect not ended or removed."""
    record = zones(state).get(zone_id)
    if record is None or record.ended or not record.zone.in_force(state.turn) or zone_id not in state.effects:
        return None
    return record


def zones_in_force(state: Any) -> list[ZoneRecord]:
    return [r for zid in sorted(zones(state)) if (r := zone_in_force(state, zid)) is not None]


def suppressed(state: Any) -> list[str]:
    """The combatants under a ``suppressed`` effect now (those the GM marked)."""
    return [cid for cid in state.combatants if any(e.key == SUPPRESSED for e in holder_effects(state, cid))]


def _required(state: Any, zone_id: int) -> ZoneRecord:
    record = zone_in_force(state, zone_id)
    if record is None:
        raise RulesError("error.zone_not_in_force", zone=zone_id)
    return record


# -- laying the zone ------------------------------------------------------------------------
def suppressive_events(
    adapter: EditionAttack, state: Any, p: AttackPlan, command: Attack, rng: random.Random
) -> list[Event]:
    """SR5-F8: the action, 20 rounds, the attack test's hits, the zone (at most to the end of the turn)."""
    s = p.situation
    shooter, weapon = s.attacker, s.weapon
    events: list[Event] = []
    if command.charge_action:
        events += adapter.action_events(state, shooter, "complex", "fire_full_auto")
    attack = roll(p.pools.attack_spec(), command.attack_faces, rng)
    magazine = magazine_of(state, shooter.id, command.weapon, weapon)
    zone, shot = start_suppressive_fire(
        shooter.id, weapon, magazine, hits(attack), state.turn, accuracy=p.pools.attack_limit
    )
    loaded = zone.damage(shooter.sheet.attributes["STR"])
    marker = EffectAdded(
        effect=state.next_effect, combatant=shooter.id, name=shooter.sheet.name, key=ZONE_EFFECT, label="",
        modifier=0, scope=Scope.NONE, duration=Duration.END_OF_TURN, expires_after_turn=state.turn,
    )
    terms = from_damage(p.pools.attack, table_rows(p.attack_terms))
    record = test_record(terms, p.pools.attack_pool, p.pools.attack_limit, attack)
    return events + [
        RoundsFired(
            combatant=shooter.id, name=shooter.sheet.name, weapon=command.weapon, weapon_name=weapon.display_name(),
            rounds=shot.rounds_used, left=shot.magazine.rounds, recoil_rounds=s.recoil_rounds,
        ),
        marker,
        SuppressiveFireStarted(
            zone=marker.effect, shooter=shooter.id, name=shooter.sheet.name, weapon=command.weapon,
            weapon_name=weapon.display_name(), hits=zone.hits, turn=zone.turn, dv=loaded.dv, ap=loaded.ap,
            damage_type="S" if loaded.damage_type == "S" else "P", length_m=zone.length_m,
            ammo_type=zone.ammo_type, attack=record,
        ),
    ]


# -- who is suppressed ------------------------------------------------------------------------
def mark_events(table: EffectTable, state: Any, command: MarkSuppressed, lookup: Any, actor: str | None) -> list[Event]:
    """SR5-F9: −(hits) on all actions of each combatant the GM marks, as long as the zone lasts."""
    record = _required(state, command.zone)
    events: list[Event] = []
    for cid in dict.fromkeys(command.combatants):
        c = lookup(state, cid)
        if c.id == record.zone.shooter:
            raise RulesError("error.zone_shooter", name=c.sheet.name)
        if any(e.key == SUPPRESSED for e in holder_effects(state, c.id)):
            raise RulesError("error.already_suppressed", name=c.sheet.name)
        events.append(new_effect(table, state, c, actor == c.id, SUPPRESSED, modifier=record.zone.action_modifier()))
    added = [e for e in renumber_effects(state, events) if isinstance(e, EffectAdded)]  # (all are: new_effect's)
    marked = ZoneMarked(
        zone=command.zone, shooter_name=record.started.name, effects=tuple(e.effect for e in added),
        names=tuple(e.name for e in added), hits=record.zone.hits,
    )
    return [*added, marked]


# -- the zone's end ---------------------------------------------------------------------------------
def zone_endings(state: Any, events: Iterable[Event]) -> list[Event]:
    """The events with the end of every zone they end (SR5-F8), each right where its cause is.

    A zone in force ends when its shooter takes another action or interrupt, or when its
    marker effect ends (the turn's end, or the GM stopping the fire). Its end is
    :class:`SuppressiveFireEnded`, the marker's end and the end of the ``suppressed``
    effects laid under it; an effect already ended is not ended twice.
    """
    events = list(events)
    live = {r.started.zone: r for r in zones_in_force(state)}
    if not live:
        return events
    out: list[Event] = []
    gone: set[int] = set()
    for event in events:
        if isinstance(event, EffectEnded):
            if event.effect in gone:
                continue  # already ended with its zone
            record = live.pop(event.effect, None)
            if record is None:
                gone.add(event.effect)
                out.append(event)
                continue
            reason = MARKER_ENDS.get(event.reason, "stopped")
            out += _zone_end(state, record, reason, gone, event)
            continue
        out.append(event)
        if event.kind in SHOOTER_ACTS:
            for zone_id, record in list(live.items()):
                if record.zone.shooter == event.combatant:  # type: ignore[attr-defined]  # each SHOOTER_ACTS kind names its actor
                    del live[zone_id]
                    out += _zone_end(state, record, "action", gone, None)
    return out


def _zone_end(state: Any, record: ZoneRecord, reason: str, gone: set[int], marker_end: Event | None) -> list[Event]:
    """The zone's end, its marker's end (``marker_end`` when that is the cause), the −hits lifted."""
    marker = state.effects.get(record.started.zone)
    if marker_end is None:
        marker_end = ended(state, [marker], "expired")[0] if marker is not None else None
    lifted = [state.effects[i] for i in record.suppressed if i in state.effects and i not in gone]
    lines = ended(state, lifted, "expired")
    gone |= {record.started.zone, *(e.id for e in lifted)}
    names = tuple(state.combatants[e.holder].sheet.name for e in lifted if e.holder in state.combatants)
    end = SuppressiveFireEnded(
        zone=record.started.zone, shooter=record.started.shooter, name=record.started.name,
        reason=reason, lifted=names,
    )
    return [end, *([marker_end] if marker_end is not None else []), *lines]


# -- the Reaction + Edge test ---------------------------------------------------------------------
def _test_terms(state: Any, c: Any) -> tuple[TermRecord, ...]:
    attrs = c.sheet.attributes
    terms = [
        TermRecord(label="attr.REA", value=attrs["REA"], source="SR5-F9", page=PAGE),
        TermRecord(label="attr.EDG", value=attrs["EDG"], source="SR5-F9", page=PAGE),
    ]
    full = sum(e.modifier for e in holder_effects(state, c.id) if e.key == "full_defence")
    if full:
        terms.append(TermRecord(label="effect.full_defence", value=full, source="SR5-F9", page=PAGE))
    return tuple(terms)


def suppression_test_events(state: Any, command: SuppressionTest, lookup: Any, shared: Any, rng: random.Random) -> list[Event]:
    """SR5-F9: the test against the zone's hits and, on failure, the damage soaked and applied."""
    record = _required(state, command.zone)
    c = lookup(state, command.combatant)
    terms = _test_terms(state, c)
    full = sum(t.value for t in terms if t.label == "effect.full_defence")
    pool = suppression_pool(c.sheet.attributes["REA"], c.sheet.attributes["EDG"], full)
    outcome = roll(TestSpec(Edition.SR5, pool, threshold=record.zone.test_threshold()), command.test_faces, rng)
    base = {
        "zone": command.zone, "combatant": c.id, "name": c.sheet.name, "shooter_name": record.started.name,
        "test": test_record(terms, pool, None, outcome), "threshold": record.zone.test_threshold(),
    }
    if not is_hit(record.zone, hits(outcome)):
        if command.soak_faces:
            raise RulesError("error.faces_count", expected=0, got=len(command.soak_faces))
        return [SuppressionTested(**base, hit=False)]
    return [_damage(state, record, c, base, command, shared(state, c.id), rng)]


def _damage(
    state: Any, record: ZoneRecord, c: Any, base: dict[str, Any], command: SuppressionTest,
    shared_with: tuple[str, ...], rng: random.Random,
) -> SuppressionTested:
    z = record.started
    strike = StrikeWeapon(dv=z.dv, damage_type="stun" if z.damage_type == "S" else "physical", ap=z.ap)
    armour = modified_armour("damage.term.armour", c.sheet.armour, strike, (), "SR5-A3")
    track, _ = sr5_track(strike, z.dv, armour.value)
    terms = soak_terms(c.sheet.attributes["BOD"], armour.value, (), "SR5-A4")
    soak_outcome = roll(TestSpec(Edition.SR5, soak_pool(terms)), command.soak_faces, rng)
    applied = soak(z.dv, hits(soak_outcome)).applied
    before = monitor_of(c.sheet)
    after = apply_damage(before, track, applied, SR5_STUN_OVERFLOW_RATIO).after
    return SuppressionTested(
        **base, hit=True, dv=z.dv, modified_armour=armour.value, track=track,
        soak=test_record(from_damage(terms), soak_pool(terms), None, soak_outcome), applied=applied,
        physical_before=before.physical, physical_after=after.stored_physical, stun_before=before.stun,
        stun_after=after.stun, condition=after.state.value, shared_with=shared_with,
    )


# -- folding ----------------------------------------------------------------------------------------
def fold_zone(state: Any, e: SuppressiveFireStarted) -> None:
    weapon = state.combatants[e.shooter].sheet.weapons[e.weapon]
    zone = SuppressiveZone(
        shooter=e.shooter, weapon=weapon, ammo_type=e.ammo_type, hits=e.hits, turn=e.turn, length_m=e.length_m
    )
    zones(state)[e.zone] = ZoneRecord(e, zone)


def fold_zone_marked(state: Any, e: ZoneMarked) -> None:
    record = zones(state).get(e.zone)
    if record is not None:
        zones(state)[e.zone] = replace(record, suppressed=(*record.suppressed, *e.effects))


def fold_zone_ended(state: Any, e: SuppressiveFireEnded) -> None:
    record = zones(state).get(e.zone)
    if record is not None:
        zones(state)[e.zone] = replace(record, ended=True)


def fold_suppression_test(state: Any, e: SuppressionTested) -> None:
    if not e.hit:
        return
    for cid in (e.combatant, *e.shared_with):
        c = state.combatants.get(cid)
        if c is not None:
            c.sheet = c.sheet.model_copy(update={"physical_damage": e.physical_after, "stun_damage": e.stun_after})
