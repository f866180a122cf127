"""Area Effect in the race (BR-11), from the digest's エリア エフェクト lines: when at least one attack
die reaches the Attack rating, the gears in the hexes next to the original target are hit too.

Each takes "half the damage roll, rounded down, blast damage excepted": by default half the dice of the
target's damage roll (rounded down), rolled for each gear; a blast roll (1D6) is not halved. The rule
option ``br_area_half_hits`` reads it as half the hits the target's roll scored (rounded down, a
blast's hits whole), no roll of their own. The attacker is not among them (it is no target). On the
map the gears next to the target are found; in table mode the GM names them. A gear hit this way is
rattled and spins out as an attack's target would (an empty hull; no hits left; Impact; off balance).
"""

from __future__ import annotations

import random
from fractions import Fraction

from gmtool.core.hex.coords import distance
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.area_hits import AreaHit
from gmtool.games.badlands_rally.rules.damage import hits, take_hits
from gmtool.games.badlands_rally.rules.off_balance import off_balance, rattles
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.traits import area_effect_dice, impact_spins_out, reaches
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

HALF_HITS = "br_area_half_hits"  # rule option: half the target's hits (default: half its damage dice, rolled)


def beside(state: RaceState, attacker: RaceGear, target: RaceGear, named: tuple[str, ...] = ()) -> list[RaceGear]:
    """The gears next to the target (table mode: those the GM named), the attacker and gears out left out."""
    if state.table_mode:
        found = [state.gears[g] for g in named if g in state.gears]
    else:
        found = [g for g in state.gears.values() if distance(g.hex, target.hex) == 1]
    return [g for g in found if g.id not in (attacker.id, target.id) and not g.out]


def reach_chance(attack_dice: int, rating: int) -> Fraction:
    """P(at least one of ``attack_dice`` dice reaches ``rating``): the area is hit."""
    return 1 - Fraction(rating - 1, 6) ** attack_dice if attack_dice > 0 else Fraction(0)


def area_hits(state: RaceState, command: m.AttackGear, attacker: RaceGear, target: RaceGear, weapon: WeaponCard,
              check: tuple[int, tuple[int, ...]], roll: tuple[int, int, bool], rng: random.Random,
              readings: RuleReadings) -> tuple[AreaHit, ...]:
    """Every gear next to the target, hit (``check``: the Attack rating and the attack's faces; ``roll``:
    the target's damage dice, its hits, a blast roll)."""
    rating, attack_faces = check
    if not weapon.has("area") or not reaches(attack_faces, rating):
        return ()
    dice, target_hits, blast = roll
    typed = command.area_faces or {}
    found = []
    for gear in beside(state, attacker, target, command.area_gears):
        if readings.book(HALF_HITS):
            gear_dice, faces = 0, tuple[int, ...]()
            count = target_hits if blast else target_hits // 2
        else:
            gear_dice = dice if blast else area_effect_dice(dice)
            faces = faces_or_roll(typed.get(gear.id), gear_dice, rng)
            count = hits(faces, weapon.has("heat"))
        found.append(_hit(gear, gear_dice, faces, count, weapon, readings))
    return tuple(found)


def _hit(gear: RaceGear, dice: int, faces: tuple[int, ...], count: int, weapon: WeaponCard,
         readings: RuleReadings) -> AreaHit:
    taken = take_hits(gear.hull, gear.structure, count)
    emptied = count > 0 and taken.hull == 0 and taken.structure == 0
    spins = emptied or (weapon.has("impact") and impact_spins_out(count)) or off_balance(gear, readings)
    return AreaHit(gear=gear.id, name=gear.name, dice=dice, faces=faces, hits=count, hull_before=gear.hull,
                   hull=taken.hull, structure_before=gear.structure, structure=taken.structure, excess=taken.excess,
                   rattled=rattles(gear, taken.hull_emptied, readings), spins_out=spins)
