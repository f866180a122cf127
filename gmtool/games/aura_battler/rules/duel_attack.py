"""One attack in the duel (AB-13..AB-20): the plan before the roll — the sector from the map, the
hit value term by term, the exact chance to hit and to destroy — and its resolution with the dice
typed at the table or rolled.

Order of play within the attack (AB-20): the attacker's aura power first (on attack and power PP),
then the target's (on defence and barrier PP), then the target's defence (AB-16: evade 1 action
PP, parry 2 and only against a sword from the parry arc; unpaid or declined, evasion/parry and
defence PP count 0; defence PP −1 afterwards), then 2d6 ≤ the hit value (AB-14), then on a hit the
open damage roll (AB-17, AB-18). Damage taken stops at the durability (destroyed, AB-17).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from gmtool.core.errors import RulesError
from gmtool.core.hex.bearing import on_row
from gmtool.core.hex.coords import distance
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.allocation import PowerPoints, defend, spend_aura
from gmtool.games.aura_battler.rules.damage import at_least, damage, destroy_chance, exactly, open_total, trigger_faces
from gmtool.games.aura_battler.rules.duel_fold import as_tuple
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.games.aura_battler.rules.hit import HitValue, hit_value, target_speed_modifier
from gmtool.games.aura_battler.rules.sectors import range_in_hex


@dataclass(frozen=True)
class AttackPlan:
    """Everything about an attack known before its dice."""

    attacker: DuelUnit
    target: DuelUnit
    sword: bool
    arm: str
    power: int
    sector: str
    range: int
    defended: bool
    hit: HitValue
    triggers: frozenset[int]
    attacker_points: PowerPoints
    attacker_aura: int
    target_points: PowerPoints
    target_aura: int

    @property
    def chance(self) -> Fraction:
        """P(2d6 ≤ the hit value)."""
        return self.hit.chance

    @property
    def destroy_if_hit(self) -> Fraction:
        t = self.target
        return destroy_chance(self.power, t.machine.armour, t.damage, t.machine.durability, self.triggers)

    @property
    def destroy(self) -> Fraction:
        return self.chance * self.destroy_if_hit

    def damage_law(self, upto: int = 8) -> tuple[tuple[int, Fraction], ...]:
        """P(damage dealt = d) for d = 0 … ``upto`` (exact; the open roll's tail goes on beyond)."""
        offset = self.target.machine.armour - self.power  # dealt d ⇔ open die = d + offset (d ≥ 1)
        law = [(0, 1 - at_least(offset + 1, self.triggers))]
        law += [(d, exactly(d + offset, self.triggers)) for d in range(1, upto + 1)]
        return tuple(law)


def unit(state: DuelState, unit_id: str) -> DuelUnit:
    found = state.units.get(unit_id)
    if found is None:
        raise RulesError("error.ab_no_unit", unit=unit_id)
    return found


def plan(state: DuelState, command: m.Attack) -> AttackPlan:
    """The attack before its dice; a RulesError names what forbids it."""
    attacker, target = unit(state, command.attacker), unit(state, command.target)
    _may_attack(state, attacker, target)
    sword = command.gun is None
    accuracy, power, arm = _arm(attacker, command.gun)
    mine, aura = _spend(attacker.points, attacker.aura, (("attack", command.aura_attack), ("power", command.aura_power)))
    theirs, their_aura = _spend(target.points, target.aura,
                                (("defence", command.aura_defence), ("barrier", command.aura_barrier)))
    sector, hexes = _sector(attacker, target), distance(attacker.hex, target.hex)
    parry_arc = target.machine.sword.parry_arc if target.machine.sword else ()
    after, defended = defend(theirs, command.defence, sword, sector in parry_arc)
    rating = target.machine.parry if command.defence == "parry" else target.machine.evasion
    kind = "sword" if sword else "shooting"
    value = hit_value(accuracy, mine.attack, attacker.machine.speed_modifier(attacker.thrust),
                      rating if defended else 0, theirs.defence if defended else 0,
                      target_speed_modifier(target.thrust, hexes, kind), sector,
                      not sword and on_row(attacker.hex, attacker.facing, target.hex), kind,
                      parrying=command.defence == "parry")
    return AttackPlan(attacker, target, sword, arm, power, sector, hexes, defended, value,
                      trigger_faces(kind, mine.power, after.barrier), mine, aura, after, their_aura)


def _may_attack(state: DuelState, attacker: DuelUnit, target: DuelUnit) -> None:
    if state.sky is None:
        raise RulesError("error.ab_no_sky")
    if attacker.id == target.id:
        raise RulesError("error.ab_attack_self")
    for one in (attacker, target):
        if one.destroyed:
            raise RulesError("error.ab_destroyed", name=one.name)
    if state.turn == 0 or state.allocating:
        raise RulesError("error.ab_allocate_first", names=", ".join(u.name for u in state.allocating) or "—")


def _arm(attacker: DuelUnit, gun: int | None) -> tuple[int, int, str]:
    """(accuracy, power, name) of the gun chosen or the sword."""
    if gun is None:
        sword = attacker.machine.sword
        if sword is None:
            raise RulesError("error.ab_no_sword", name=attacker.name)
        return sword.accuracy, sword.power, sword.name
    if gun >= len(attacker.machine.guns):
        raise RulesError("error.ab_no_gun", name=attacker.name, number=gun + 1)
    card = attacker.machine.guns[gun]
    return card.accuracy, card.power, card.name


def _spend(points: PowerPoints, aura: int, spends: tuple[tuple[str, int], ...]) -> tuple[PowerPoints, int]:
    for item, amount in spends:
        if amount:
            points, aura = spend_aura(points, aura, item, amount)
    return points, aura


def _sector(attacker: DuelUnit, target: DuelUnit) -> str:
    """The target's sector the attacker is in (AB-13; 13.9 when they share a hex)."""
    if attacker.hex == target.hex:
        later = attacker if attacker.arrived > target.arrived else target
        if later.came_from is None:
            raise RulesError("error.ab_same_hex_unknown", name=later.name)
    return range_in_hex(target.hex, target.facing, attacker.hex, attacker.arrived > target.arrived,
                        attacker.came_from, target.came_from)


def _faces(typed: tuple[int, ...] | None, count: int, rng: random.Random) -> tuple[int, ...]:
    if typed is None:
        return tuple(rng.randint(1, 6) for _ in range(count))
    if any(not 1 <= face <= 6 for face in typed):
        raise RulesError("error.faces_range")
    return typed


def open_roll(triggers: frozenset[int], rng: random.Random) -> tuple[int, ...]:
    """Roll one die, and another while the last is a trigger face (AB-18)."""
    faces = [rng.randint(1, 6)]
    while faces[-1] in triggers:
        faces.append(rng.randint(1, 6))
    return tuple(faces)


def attack(state: DuelState, command: m.Attack, rng: random.Random) -> m.AttackMade:
    found = plan(state, command)
    hit_faces = _faces(command.hit_faces, 2, rng)
    hit = sum(hit_faces) <= found.hit.value
    t = found.target
    damage_faces: tuple[int, ...] = ()
    dealt = 0
    if hit:
        damage_faces = command.damage_faces or open_roll(found.triggers, rng)
        dealt = damage(found.power, open_total(damage_faces, found.triggers), t.machine.armour)
    return m.AttackMade(
        attacker=found.attacker.id, attacker_name=found.attacker.name, target=t.id, target_name=t.name,
        arm=found.arm, sword=found.sword, sector=found.sector, range=found.range, defence=command.defence,
        defended=found.defended, terms=found.hit.terms, value=found.hit.value, hit_faces=(hit_faces[0], hit_faces[1]),
        hit=hit, triggers=tuple(sorted(found.triggers)), damage_faces=damage_faces, power=found.power,
        armour=t.machine.armour, dealt=dealt, damage_before=t.damage,
        damage=min(t.machine.durability, t.damage + dealt), durability=t.machine.durability,
        attacker_points=as_tuple(found.attacker_points), attacker_aura=found.attacker_aura,
        target_points=as_tuple(found.target_points), target_aura=found.target_aura)
