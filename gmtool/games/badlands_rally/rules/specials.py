"""The datacards' special rules (BR-20, ★ in the digest's データカード section) as data —
``resources/badlands_rally/specials.json``, validated — and their effects on the race's tests.

A gear card lists the keys of its special rules (the GM ticks them). The effects here are pure:
the extra terms of an attack's plan (Low Profile, Shield, Gentle Hands), the Twins' Attack with the
Rocket Pack, Exposed Movement's and Exposed Crew's spin-outs, the dice of a special move (Low
Performance, Jump Jets, Overdrive, Booster Rockets) and what a hex costs to enter or turn on (Rough
Racer, Off-Road Specialist, Urban Modification). Campaign-only rules have no effect in a race;
Brawler belongs to the push; Hover needs water, which the course's terrain has none of.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.resources import DataFile, cached_model, unique_keys
from gmtool.games.badlands_rally.rules.dice import Reading, check_law, check_value

if TYPE_CHECKING:
    from gmtool.games.badlands_rally.rules.attack import AttackPlan
    from gmtool.games.badlands_rally.rules.terrain import Kind, Speed
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard

EXPOSED_LOW = 2  # Exposed Movement: every die of the defence check at 2 or less (the digest's note)
EXPOSED_VALUE = "br_exposed_check_value"  # rule option: the check's value is 1 or 2 (the digest's words)
TWINS_RATING = 3  # Twins: Attack 3+ with the Rocket Pack
ROCKET_PACK = "rocket_pack"  # the weapon trait the GM marks the Rocket Pack with
OPTIONAL_DICE = {"jump": (("jump_jets", 2),), "burn_rubber": (("overdrive", 1), ("booster_rockets", 2))}
NO_RACE_EFFECT = ("hover",)  # no water among the course's terrain kinds: nothing to apply


class Special(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z_]+$")
    scope: Literal["race", "campaign"]
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    effect_en: str = Field(min_length=1)
    effect_ja: str = Field(min_length=1)

    def name(self, language: str) -> str:
        return self.ja if language == "ja" else self.en

    def effect(self, language: str) -> str:
        return self.effect_ja if language == "ja" else self.effect_en


class SpecialFile(DataFile):
    specials: tuple[Special, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> SpecialFile:
        unique_keys((s.key for s in self.specials), "special rules")
        return self


@cache
def specials() -> dict[str, Special]:
    """Every special rule by key, in the file's order."""
    return {s.key: s for s in cached_model(SpecialFile, "badlands_rally", "specials.json").specials}


def checked_keys(keys: Sequence[str]) -> tuple[str, ...]:
    """The keys, each a special rule (else ``ValueError`` naming it), once each, in the file's order."""
    unknown = sorted(set(keys) - set(specials()))
    if unknown:
        raise ValueError(f"unknown special rule: {', '.join(unknown)}")
    return tuple(k for k in specials() if k in keys)


# -- attacks ------------------------------------------------------------------------------------
def attack_plan(planned: AttackPlan, attacker_specials: Sequence[str], cruising: bool,
                target_specials: Sequence[str], twins_weapon: bool) -> AttackPlan:
    """The plan with the terms the specials add: Gentle Hands cancels the −1D6 beyond the optimal range
    at cruising speed; Low Profile +1D6 on defence with cover; Shield +1D6 cover against the front;
    Twins shows its Attack 3+ (no die)."""
    attack, defence = list(planned.attack_terms), list(planned.defence_terms)
    if "gentle_hands" in attacker_specials and cruising and any(k == "br.term.beyond_optimal" for k, _ in attack):
        attack.append(("br.term.gentle_hands", 1))
    if twins_weapon and "twins_rocket_pack" in attacker_specials:
        attack.append(("br.term.twins_rocket_pack", 0))
    if "low_profile" in target_specials and any(k == "br.term.cover" for k, _ in defence):
        defence.append(("br.term.low_profile", 1))
    if "shield" in target_specials and planned.side == "front":
        defence.append(("br.term.shield", 1))
    return replace(planned, attack_terms=tuple(attack), defence_terms=tuple(defence))


def is_rocket_pack(weapon: WeaponCard) -> bool:
    return ROCKET_PACK in weapon.traits


def attack_rating(rating: int, attacker_specials: Sequence[str], weapon: WeaponCard) -> int:
    """Twins: firing the Rocket Pack the Attack is 3+ (a better card value stays)."""
    if "twins_rocket_pack" in attacker_specials and is_rocket_pack(weapon):
        return min(rating, TWINS_RATING)
    return rating


def exposed_spin(target_specials: Sequence[str], faces: Sequence[int], rating: int, reading: Reading,
                 by_value: bool) -> bool:
    """Exposed Movement: a defence check of 1 or 2 — every die 2 or less (the digest's note, default),
    or the check's value 1 or 2 (``by_value``, the rule option). No dice: no check, no spin."""
    if "exposed_movement" not in target_specials or not faces:
        return False
    if by_value:
        return check_value(faces, rating, reading) in (1, 2)
    return all(face <= EXPOSED_LOW for face in faces)


def exposed_chance(target_specials: Sequence[str], dice: int, rating: int, reading: Reading,
                   by_value: bool) -> Fraction:
    """The exact chance of :func:`exposed_spin` before the roll."""
    if "exposed_movement" not in target_specials or dice <= 0:
        return Fraction(0)
    if by_value:
        law = check_law(dice, rating, reading)
        return law.get(1, Fraction(0)) + law.get(2, Fraction(0))
    return Fraction(EXPOSED_LOW, 6) ** dice


def special_spin(target_specials: Sequence[str], defence_faces: Sequence[int], rating: int, reading: Reading,
                 by_value: bool, rattled: bool) -> str:
    """The special rule that spins the target out after an attack ("": none): Exposed Crew when the
    attack rattled it, else Exposed Movement on its defence check."""
    if rattled and "exposed_crew" in target_specials:
        return "exposed_crew"
    return "exposed_movement" if exposed_spin(target_specials, defence_faces, rating, reading, by_value) else ""


# -- special moves ------------------------------------------------------------------------------
def move_terms(gear_specials: Sequence[str], rattled: bool, move: str, chosen: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """The terms the specials add to a burn rubber or jump roll: Low Performance's rattled −1D6 (when
    not rattled already), and the dice the player chose to add (Jump Jets, Overdrive, Booster Rockets)."""
    terms = [("br.term.low_performance", -1)] if "low_performance" in gear_specials and not rattled else []
    terms += [(f"br.term.{key}", dice) for key, dice in OPTIONAL_DICE.get(move, ()) if key in chosen]
    return tuple(terms)


def optional_for(gear_specials: Sequence[str], move: str) -> tuple[str, ...]:
    """The specials the gear may choose to add to ``move``."""
    return tuple(key for key, _dice in OPTIONAL_DICE.get(move, ()) if key in gear_specials)


def check_chosen(name: str, gear_specials: Sequence[str], move: str, chosen: Sequence[str]) -> None:
    """Refuses a special chosen for a move it does not help, or that the gear does not have."""
    allowed = optional_for(gear_specials, move)
    for key in chosen:
        if key not in allowed:  # named as the datacard names it, in the active language
            found = specials().get(key)
            raise RulesError("error.br_special_not_usable", name=name,
                             special=found.name(active_language()) if found else key)


# -- movement -----------------------------------------------------------------------------------
def entry_cost(kind: Kind, speed: Speed, gear_specials: Sequence[str], rough_free: int) -> int | None:
    """MR to enter a hex of ``kind``: Rough Racer pays no rough penalty, nor does an Off-Road
    Specialist while it has rough hexes to ignore (the cruising cost then)."""
    if kind.key == "rough" and ("rough_racer" in gear_specials or rough_free > 0):
        return kind.mr("cruising")
    return kind.mr(speed)


def rough_left(entered: str | None, rough_free: int) -> int | None:
    """Off-Road Specialist's rough hexes still to ignore after a step (None: unchanged — a turn):
    one fewer on rough, none once it leaves the rough (they are consecutive)."""
    if entered is None or rough_free <= 0:
        return None
    return rough_free - 1 if entered == "rough" else 0


def free_turn(gear_specials: Sequence[str], standing_on: str) -> bool:
    """Urban Modification: turning on hard-pack (the course's road) costs nothing."""
    return "urban_modification" in gear_specials and standing_on == "hardpack"
