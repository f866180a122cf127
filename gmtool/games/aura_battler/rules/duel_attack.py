"""One attack in the duel (AB-13..AB-21): the plan before the roll — the sector from the map, the
hit value term by term, the exact chance to hit and to destroy — and its resolution with the dice
typed at the table or rolled. In table mode (the duel on a physical board) the sector, the range and
the front-row shot are what the GM typed, not the map's.

Order of play within the attack (AB-20): the attacker's aura power first (on attack and power PP),
then the defender's (on action PP to pay its defence, on defence and barrier PP), then the defence (AB-16: evade 1 action PP, parry 2
and only against a sword from the parry arc; unpaid or declined, evasion/parry and defence PP count
0; defence PP −1 afterwards), then 2d6 ≤ the hit value (AB-14), then on a hit the open damage roll
(AB-17, AB-18). Damage taken stops at the durability (destroyed, AB-17). A carried battler (AB-21,
:mod:`.duel_carried`) attacks with its carrier's speed modifier and a sword −2; attacked, the carrier
defends for it (but a sword parry is the battler's, parry − 1), and a die says where a hit lands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from gmtool.core.errors import RulesError
from gmtool.core.hex.bearing import on_row
from gmtool.core.hex.coords import distance
from gmtool.core.readings import RuleReadings
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.allocation import DEFENCE_PP_KEPT, PowerPoints, defend, spend_aura
from gmtool.games.aura_battler.rules.carried import CARRIED_PARRY
from gmtool.games.aura_battler.rules.damage import at_least, damage, destroy_chance, exactly, open_total, trigger_faces
from gmtool.games.aura_battler.rules.duel_carried import carrier_of, land, landing_odds
from gmtool.games.aura_battler.rules.duel_fold import as_tuple
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.games.aura_battler.rules.hit import Attack, HitValue, hit_value, target_speed_modifier
from gmtool.games.aura_battler.rules.sectors import range_in_hex


@dataclass(frozen=True)
class AttackPlan:
    """Everything about an attack known before its dice."""

    attacker: DuelUnit
    target: DuelUnit
    defender: DuelUnit  # the target, or the carrier defending for it
    sword: bool
    arm: str
    power: int
    sector: str
    range: int
    defended: bool
    hit: HitValue
    attacker_points: PowerPoints
    attacker_aura: int
    defender_points: PowerPoints
    defender_aura: int
    landing: tuple[tuple[DuelUnit, Fraction], ...]  # who a hit strikes, with its chance (AB-21)

    @property
    def chance(self) -> Fraction:
        """P(2d6 ≤ the hit value)."""
        return self.hit.chance

    def barrier(self, struck: DuelUnit) -> int:
        return (self.defender_points if struck.id == self.defender.id else struck.points).barrier

    def triggers_on(self, struck: DuelUnit) -> frozenset[int]:
        """AB-18: the open roll's faces against the unit struck."""
        return trigger_faces("sword" if self.sword else "shooting", self.attacker_points.power, self.barrier(struck))

    @property
    def triggers(self) -> frozenset[int]:
        return self.triggers_on(self.target)

    @property
    def destroy_if_hit(self) -> Fraction:
        """P(a hit destroys what it strikes), over where it lands."""
        return sum((p * destroy_chance(self.power, u.machine.armour, u.damage, u.machine.durability,
                                       self.triggers_on(u)) for u, p in self.landing), Fraction(0))

    @property
    def destroy(self) -> Fraction:
        return self.chance * self.destroy_if_hit

    def damage_law(self, upto: int = 8, struck: DuelUnit | None = None) -> tuple[tuple[int, Fraction], ...]:
        """P(damage dealt to ``struck`` (the target) = d) for d = 0 … ``upto`` (exact; the tail goes on)."""
        hurt = struck or self.target
        triggers = self.triggers_on(hurt)
        offset = hurt.machine.armour - self.power  # dealt d ⇔ open die = d + offset (d ≥ 1)
        law = [(0, 1 - at_least(offset + 1, triggers))]
        law += [(d, exactly(d + offset, triggers)) for d in range(1, upto + 1)]
        return tuple(law)


def unit(state: DuelState, unit_id: str) -> DuelUnit:
    found = state.units.get(unit_id)
    if found is None:
        raise RulesError("error.ab_no_unit", unit=unit_id)
    return found


def plan(state: DuelState, command: m.Attack, readings: RuleReadings | None = None) -> AttackPlan:
    """The attack before its dice (with the campaign's rule ``readings``); a RulesError names what forbids it."""
    attacker, target = unit(state, command.attacker), unit(state, command.target)
    _may_attack(state, attacker, target)
    sword = command.gun is None
    kind: Attack = "shooting" if command.gun is not None else "sword"
    accuracy, power, arm = _arm(attacker, command.gun)
    mine, aura = _spend(attacker.points, attacker.aura, (("attack", command.aura_attack), ("power", command.aura_power)))
    sector, hexes, front_row = _geometry(state, attacker, target, command.table)
    parry_arc = target.machine.sword.parry_arc if target.machine.sword else ()
    carrier, riding = carrier_of(state, target), carrier_of(state, attacker)
    parrying = command.defence == "parry"
    defender = carrier if carrier is not None and not (parrying and sword) else target  # 21.3, 21.4
    theirs, their_aura = _spend(defender.points, defender.aura, (("action", command.aura_action),
                                ("defence", command.aura_defence), ("barrier", command.aura_barrier)))
    kept = readings is not None and readings.book(DEFENCE_PP_KEPT)
    after, defended = defend(theirs, command.defence, sword, sector in parry_arc, kept)
    rating = (target.machine.parry + (CARRIED_PARRY if carrier else 0)) if parrying else defender.machine.evasion
    moving = carrier or target  # the carrier's modifiers (21.3)
    speed = (riding or attacker).machine.speed_modifier((riding or attacker).thrust)  # 21.1
    value = hit_value(accuracy, mine.attack, speed, rating if defended else 0, theirs.defence if defended else 0,
                      target_speed_modifier(moving.thrust, hexes, kind), sector,
                      not sword and front_row, kind,
                      carried=riding is not None, parrying=parrying)
    odds = landing_odds(sword, command.land_on)
    landing = ((target, Fraction(1)),) if carrier is None else ((target, odds["battler"]), (carrier, odds["carrier"]))
    return AttackPlan(attacker, target, defender, sword, arm, power, sector, hexes, defended, value, mine, aura,
                      after, their_aura, landing)


def _geometry(state: DuelState, attacker: DuelUnit, target: DuelUnit,
              table: m.TableGeometry | None) -> tuple[str, int, bool]:
    """The target's sector, the range and the front-row shot: from the map, or typed in table mode."""
    if state.table_mode:
        if table is None:
            raise RulesError("error.ab_table_inputs")
        return table.sector, table.range, table.front_row
    return (_sector(attacker, target), distance(attacker.hex, target.hex),
            on_row(attacker.hex, attacker.facing, target.hex))


def _may_attack(state: DuelState, attacker: DuelUnit, target: DuelUnit) -> None:
    if state.sky is None and not state.table_mode:
        raise RulesError("error.ab_no_sky")
    if attacker.id == target.id:
        raise RulesError("error.ab_attack_self")
    if target.carried_by == attacker.id or attacker.carried_by == target.id:
        raise RulesError("error.ab_attack_own_carrier")
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


def attack(state: DuelState, command: m.Attack, rng: random.Random,
           readings: RuleReadings | None = None) -> m.AttackMade:
    found = plan(state, command, readings)
    hit_faces = _faces(command.hit_faces, 2, rng)
    hit = sum(hit_faces) <= found.hit.value
    struck, land_faces = found.target, tuple[int, ...]()
    if hit and len(found.landing) > 1:
        aboard, land_faces = land(found.sword, command.land_on, command.land_faces, rng)
        struck = found.landing[0][0] if aboard == "battler" else found.landing[1][0]
    damage_faces: tuple[int, ...] = ()
    dealt = 0
    if hit:
        triggers = found.triggers_on(struck)
        damage_faces = command.damage_faces or open_roll(triggers, rng)
        dealt = damage(found.power, open_total(damage_faces, triggers), struck.machine.armour)
    return m.AttackMade(
        attacker=found.attacker.id, attacker_name=found.attacker.name, target=found.target.id,
        target_name=found.target.name, arm=found.arm, sword=found.sword, sector=found.sector, range=found.range,
        defence=command.defence, defended=found.defended, terms=found.hit.terms, value=found.hit.value,
        hit_faces=(hit_faces[0], hit_faces[1]), hit=hit, triggers=tuple(sorted(found.triggers_on(struck))),
        damage_faces=damage_faces, power=found.power, armour=struck.machine.armour, dealt=dealt,
        damage_before=struck.damage, damage=min(struck.machine.durability, struck.damage + dealt),
        durability=struck.machine.durability, attacker_points=as_tuple(found.attacker_points),
        attacker_aura=found.attacker_aura, defender=found.defender.id, defender_points=as_tuple(found.defender_points),
        defender_aura=found.defender_aura, struck=struck.id, struck_name=struck.name, land_faces=land_faces)
