"""Modified damage value, modified armour and the damage track (physical or stun).

Modified DV = weapon DV + net hits + modifiers from outside (called shots, ammo);
SR4-R4, SR5-A3. Modified armour = armour + AP + modifiers, never below 0 (AP is
usually negative); SR4 uses ballistic armour against ranged attacks (SR4-R5) and
impact armour against melee (SR4-M3); SR5 has one armour value (SR5-A3).

The track: a stun weapon's damage stays stun. Otherwise SR4-R5: modified DV >
modified armour → physical, else (armour higher or equal) stun; SR5-A3: modified
DV < modified armour → stun, else physical. The editions differ on the tie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.inputs import Weapon
from gmtool.games.shadowrun.rules.damage.monitors import Track
from gmtool.games.shadowrun.rules.damage.terms import Terms, check_rating, term, total

TrackReason = Literal[
    "stun_weapon", "dv_exceeds_armour", "armour_not_exceeded", "dv_below_armour", "dv_not_below_armour"
]


@dataclass(frozen=True)
class DamageValue:
    terms: Terms

    @property
    def value(self) -> int:
        """The modified DV (never below 0: a DV does not go negative)."""
        return max(0, total(self.terms))


@dataclass(frozen=True)
class Armour:
    terms: Terms

    @property
    def raw(self) -> int:
        return total(self.terms)

    @property
    def value(self) -> int:
        """The modified armour, never below 0."""
        return max(0, self.raw)


def modified_dv(weapon: Weapon, net_hits: int, modifiers: Terms, rule: str) -> DamageValue:
    """Weapon DV + net hits + modifiers."""
    check_rating(weapon.dv, "dv")
    terms = [term("damage.term.weapon_dv", weapon.dv, rule)]
    if net_hits:
        terms.append(term("damage.term.net_hits", net_hits, rule))
    return DamageValue(tuple(terms) + tuple(modifiers))


def modified_armour(label: str, armour: int, weapon: Weapon, modifiers: Terms, rule: str) -> Armour:
    """Armour + AP + modifiers (the floor at 0 is :attr:`Armour.value`)."""
    check_rating(armour, "armour")
    terms = [term(label, armour, rule)]
    if weapon.ap:
        terms.append(term("damage.term.ap", weapon.ap, rule))
    return Armour(tuple(terms) + tuple(modifiers))


def _check_type(weapon: Weapon) -> None:
    if weapon.damage_type not in ("physical", "stun"):
        raise RulesError("error.damage.unknown_track", track=weapon.damage_type)


def sr4_track(weapon: Weapon, dv: int, armour: int) -> tuple[Track, TrackReason]:
    """SR4-R5 / SR4-M3."""
    _check_type(weapon)
    if weapon.damage_type == "stun":
        return "stun", "stun_weapon"
    return ("physical", "dv_exceeds_armour") if dv > armour else ("stun", "armour_not_exceeded")


def sr5_track(weapon: Weapon, dv: int, armour: int) -> tuple[Track, TrackReason]:
    """SR5-A3."""
    _check_type(weapon)
    if weapon.damage_type == "stun":
        return "stun", "stun_weapon"
    return ("stun", "dv_below_armour") if dv < armour else ("physical", "dv_not_below_armour")
