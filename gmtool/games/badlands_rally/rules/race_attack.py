"""An attack in the race (BR-10 to BR-14): checked, planned on the map (or from what the GM typed in
table mode), the opposed check and the damage roll rolled or typed, hits on hull then structure,
rattled. The odds before the roll are computed exactly and kept in the event.

An Area Effect weapon hits the gears next to the target too (:mod:`.area_effect`). A gear left with
no hull and no structure (BR-13), hit by an Impact weapon (BR-11), or attacked while off balance
(BR-15, :mod:`.off_balance`), waits to spin out and skid (:mod:`.race_spin`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmtool.core.errors import RulesError
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.area_effect import area_hits, beside, reach_chance
from gmtool.games.badlands_rally.rules.attack import AttackPlan, Gear, plan_attack, plan_typed
from gmtool.games.badlands_rally.rules.damage import damage_dice, damage_law, hits, take_hits
from gmtool.games.badlands_rally.rules.dice import Reading, check_value, opposed
from gmtool.games.badlands_rally.rules.off_balance import off_balance
from gmtool.games.badlands_rally.rules.race_map import sight_ground
from gmtool.games.badlands_rally.rules.race_specials import reliable_for
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rattled import hull_emptied
from gmtool.games.badlands_rally.rules.scenario_rules import no_attack_reason
from gmtool.games.badlands_rally.rules.specials import (
    EXPOSED_VALUE,
    attack_plan,
    attack_rating,
    exposed_chance,
    is_rocket_pack,
    special_spin,
)
from gmtool.games.badlands_rally.rules.traits import blast_dice, impact_spins_out
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll
from gmtool.games.badlands_rally.rules.upgrade_effects import armed
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

CHECK_COUNT = "br_check_count"  # rule option: a check counts the dice reaching the rating (BR-2)


def _gear(gear: RaceGear) -> Gear:
    return Gear(gear.hex, gear.facing, gear.attack, gear.rattle.token)


def checked(state: RaceState, command: m.AttackGear) -> tuple[RaceGear, RaceGear, WeaponCard]:
    """Who attacks whom with what, or the reason it cannot be."""
    attacker = state.gears.get(command.attacker)
    target = state.gears.get(command.target)
    if attacker is None or target is None:
        raise RulesError("error.br_no_gear", gear=command.target if attacker else command.attacker)
    if state.current != attacker.id:
        raise RulesError("error.br_not_active", name=attacker.name)
    if (refusal := no_attack_reason(state)) is not None:
        raise refusal
    if attacker.speed is None:
        raise RulesError("error.br_declare_first", name=attacker.name)
    if attacker.actions_used >= attacker.actions:
        raise RulesError("error.br_no_actions", name=attacker.name, actions=attacker.actions)
    if attacker.hull == 0 and attacker.structure == 0:
        raise RulesError("error.br_must_recover", name=attacker.name)
    if target.id == attacker.id or target.out:
        raise RulesError("error.br_not_a_target", name=target.name)
    if command.weapon >= len(attacker.weapons):
        raise RulesError("error.br_no_weapon", name=attacker.name)
    weapon = attacker.weapons[command.weapon]
    attacker = armed(attacker, command.weapon)  # the Twins' weapon: Attack one better (BR-20)
    return attacker, target, weapon


def plan(state: RaceState, attacker: RaceGear, target: RaceGear, weapon: WeaponCard,
         table: m.TableGeometry | None, readings: RuleReadings) -> AttackPlan:
    """The check's dice: from the map, or (table mode) from what the GM typed."""
    defender = Gear(target.hex, target.facing, target.defence, target.rattle.token)
    if state.table_mode:
        if table is None:
            raise RulesError("error.br_table_inputs")
        planned = plan_typed(_gear(attacker), defender, weapon.as_weapon(), table.in_front, table.lock, table.side,
                             table.range, table.cover_dice)
    else:
        assert state.course is not None
        ground, rear_cone = sight_ground(state.course, readings)
        others = [g.hex for g in state.gears.values() if g.id not in (attacker.id, target.id) and not g.out]
        planned = plan_attack(_gear(attacker), defender, weapon.as_weapon(), ground, others, rear_cone)
    return attack_plan(planned, attacker.specials, attacker.speed == "cruising", target.specials,  # BR-20
                       is_rocket_pack(weapon))


def attack(state: RaceState, command: m.AttackGear, rng: random.Random, readings: RuleReadings) -> m.AttackMade:
    attacker, target, weapon = checked(state, command)
    if command.reliable is not None:
        reliable_for(state, command.reliable, (attacker.id, target.id))
    planned = plan(state, attacker, target, weapon, command.table, readings)
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    rating = attack_rating(attacker.attack, attacker.specials, weapon)  # BR-20 Twins: 3+ with the Rocket Pack
    odds = opposed(planned.attack_dice, rating, planned.defence_dice, target.defence, reading)
    attack_faces = faces_or_roll(command.attack_faces, planned.attack_dice, rng)
    defence_faces = faces_or_roll(command.defence_faces, planned.defence_dice, rng)
    attack_value = check_value(attack_faces, rating, reading) if attack_faces else 0
    defence_value = check_value(defence_faces, target.defence, reading) if defence_faces else 0
    failed = planned.automatic_failure or planned.attack_dice == 0
    margin = None if failed else attack_value - defence_value
    dice, blast = 0, False
    if margin is not None and margin >= 0:
        dice = damage_dice(margin, weapon.power, target.armour, weapon.has("melee"))
    elif margin is not None and weapon.has("blast"):
        dice = blast_dice(attack_faces, rating, weapon.power, target.armour, margin)
        blast = dice > 0
    damage_faces = faces_or_roll(command.damage_faces, dice, rng)
    count = hits(damage_faces, weapon.has("heat"))
    taken = take_hits(target.hull, target.structure, count)
    rattled = taken.hull_emptied and hull_emptied(target.rattle) != target.rattle
    typed = command.attack_faces is not None
    emptied = count > 0 and taken.hull == 0 and taken.structure == 0  # BR-13: spins out and skids
    spins = emptied or (weapon.has("impact") and impact_spins_out(count)) or off_balance(target, readings)
    spun_by = special_spin(target.specials, () if failed else defence_faces, target.defence, reading,
                           readings.book(EXPOSED_VALUE), rattled)  # BR-20 Exposed Movement, Exposed Crew
    area = area_hits(state, command, attacker, target, weapon, (rating, () if failed else attack_faces),
                     (dice, count, blast), rng, readings)  # BR-11 Area Effect
    return m.AttackMade(
        attacker=attacker.id, attacker_name=attacker.name, target=target.id, name=target.name, weapon=weapon.name,
        range=planned.range, side=planned.side,
        attack_terms=planned.attack_terms, defence_terms=planned.defence_terms,
        attack_rating=rating, defence_rating=target.defence,
        attack_faces=attack_faces, defence_faces=defence_faces, attack_value=attack_value,
        defence_value=defence_value, margin=margin, damage_dice=dice, damage_faces=damage_faces, blast=blast,
        hits=count, hull_before=target.hull, hull=taken.hull, structure_before=target.structure,
        structure=taken.structure, excess=taken.excess, rattled=rattled, typed=typed,
        odds=f"{float(0 if failed else odds.success):.1%}", spins_out=spins or bool(spun_by),
        spun_by="" if spins else spun_by, reliable=command.reliable, rerolled=command.rerolled, area=area)


@dataclass(frozen=True)
class AttackPreview:
    """What the attack panel shows before the roll: the plan term by term, the exact odds, and the
    damage dice the typed check faces call for (None until both checks are typed); ``refusal`` when
    the attack cannot be made (then nothing else)."""

    refusal: str = ""
    attack_terms: tuple[tuple[str, int], ...] = ()
    defence_terms: tuple[tuple[str, int], ...] = ()
    attack_dice: int = 0
    defence_dice: int = 0
    range: int = 0
    side: str = ""
    automatic_failure: bool = False
    success: Fraction = Fraction(0)
    some_damage: Fraction = Fraction(0)  # at least one hit
    empties_hull: Fraction = Fraction(0)  # the target's hull emptied (rattled, unless already since its activation)
    damage_dice: int | None = None
    exposed_spin: Fraction = Fraction(0)  # BR-20 Exposed Movement: the target's defence check spins it out
    area: tuple[str, ...] = ()  # Area Effect: the gears next to the target it would hit too
    area_chance: Fraction = Fraction(0)  # P(at least one attack die reaches the Attack rating)


def preview(state: RaceState, command: m.AttackGear, readings: RuleReadings) -> AttackPreview:
    """The attack as it would be made now, nothing rolled (a refusal's reason instead)."""
    try:
        attacker, target, weapon = checked(state, command)
        planned = plan(state, attacker, target, weapon, command.table, readings)
    except RulesError as exc:
        return AttackPreview(refusal=exc.message())
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    rating = attack_rating(attacker.attack, attacker.specials, weapon)
    failed = planned.automatic_failure or planned.attack_dice == 0
    success, some, empties = (Fraction(0),) * 3 if failed else attack_odds(
        planned.attack_dice, rating, planned.defence_dice, target.defence, reading,
        weapon.power, target.armour, weapon.has("melee"), weapon.has("heat"), target.hull)
    near = tuple(g.name for g in beside(state, attacker, target, command.area_gears)) if weapon.has("area") else ()
    return AttackPreview("", planned.attack_terms, planned.defence_terms, planned.attack_dice, planned.defence_dice,
                         planned.range, planned.side, planned.automatic_failure,
                         success, some, empties,
                         _damage_needed(command, planned.attack_dice, planned.defence_dice, rating, target, weapon,
                                        failed, reading),
                         exposed_chance(target.specials, 0 if failed else planned.defence_dice, target.defence,
                                        reading, readings.book(EXPOSED_VALUE)),
                         near, reach_chance(planned.attack_dice, rating) if near and not failed else Fraction(0))


@lru_cache(maxsize=1024)
def attack_odds(attack_dice: int, rating: int, defence_dice: int, defence: int, reading: Reading, power: int, armour: int,
                melee: bool, heat: bool, hull: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(success), P(at least one hit) and P(the hull emptied) of an attack that is not an automatic failure
    (BR-10 to BR-13: the opposed check's margins, each with its damage roll's law). Exact fractions, kept by
    their inputs: a preview made again for the same dice (every key press of an activation) computes nothing."""
    odds = opposed(attack_dice, rating, defence_dice, defence, reading)
    some, empties = Fraction(0), Fraction(0)
    for margin, p in odds.margins.items():
        if margin < 0:
            continue
        law = damage_law(damage_dice(margin, power, armour, melee), heat)
        some += p * sum((q for k, q in law.items() if k >= 1), Fraction(0))
        empties += p * sum((q for k, q in law.items() if k >= hull), Fraction(0)) if hull else 0
    return odds.success, some, empties


def _damage_needed(command: m.AttackGear, attack_dice: int, defence_dice: int, rating: int, target: RaceGear,
                   weapon: WeaponCard, failed: bool, reading: Reading) -> int | None:
    """The damage dice the typed check faces call for (None: the checks are not both typed, or wrong)."""
    typed_a, typed_d = command.attack_faces, command.defence_faces
    if typed_a is None or typed_d is None or len(typed_a) != attack_dice or len(typed_d) != defence_dice:
        return None
    if failed:
        return 0
    a = check_value(typed_a, rating, reading) if typed_a else 0
    d = check_value(typed_d, target.defence, reading) if typed_d else 0
    if a - d >= 0:
        return damage_dice(a - d, weapon.power, target.armour, weapon.has("melee"))
    return blast_dice(typed_a, rating, weapon.power, target.armour, a - d) if weapon.has("blast") else 0
