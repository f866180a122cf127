"""Pieces of the attack flow both editions' adapters use: the weapon as the resolution
sees it, the effects in force as context terms, knockdown to prone (and what gel rounds
do to it), and folding. One attack action per SR5 action phase: :mod:`.phase`."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any, Literal

from gmtool.core.effects import Effect
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack.messages import AttackResolved, Reloaded, RoundsFired
from gmtool.games.shadowrun.rules.damage.inputs import Weapon as StrikeWeapon
from gmtool.games.shadowrun.rules.damage.terms import Term
from gmtool.games.shadowrun.rules.effect_rules import (
    EffectTable,
    holder_effects,
    new_effect,
    term_label,
)
from gmtool.games.shadowrun.rules.weapons.ammo import ammunition, apply_ammo
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.ranges import Edition
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

PRONE = "prone"
def strike(weapon: Weapon, strength: int, accuracy: int | None) -> StrikeWeapon:
    """The damage code evaluated for the wielder (Strength counted once) and the weapon's AP."""
    track: Literal["physical", "stun"] = "stun" if weapon.damage.damage_type == "S" else "physical"
    return StrikeWeapon(dv=weapon.damage_value(strength), damage_type=track, ap=weapon.ap, accuracy=accuracy)


def loaded_strike(
    weapon: Weapon, strength: int, accuracy: int | None, ammo_type: str | None, edition: Edition
) -> tuple[StrikeWeapon, tuple[Term, ...], tuple[Term, ...], bool]:
    """The strike with the loaded ammunition (SR5 p. 433-434, SR4 p. 320): its DV and AP changes as
    breakdown terms (DV, armour), the damage type it sets, and whether it halves the armour."""
    base = strike(weapon, strength, accuracy)
    if weapon.melee or not ammo_type or ammo_type == "regular":
        return base, (), (), weapon.ap_halves_armour
    ammo = ammunition(edition, ammo_type)
    loaded = apply_ammo(ammo, base.dv, base.ap, weapon.damage.damage_type, weapon.damage.flag, weapon.ap_halves_armour)
    page = str(ammo.page) if ammo.page else None
    dv_terms = (Term("attack.term.ammo_dv", loaded.dv - base.dv, "ammo:" + ammo_type, page),) if loaded.dv != base.dv else ()
    ap_terms = (Term("attack.term.ammo_ap", loaded.ap - base.ap, "ammo:" + ammo_type, page),) if loaded.ap != base.ap else ()
    track: Literal["physical", "stun"] = "stun" if loaded.damage_type == "S" else "physical"
    return replace(base, damage_type=track), dv_terms, ap_terms, loaded.ap_halves_armour


def knockdown_terms(s: Any, edition: Edition) -> tuple[Term, ...]:
    """What the loaded ammunition does to the knockdown figure: gel rounds, the target's physical
    limit (SR5 p. 434) or Body (SR4) counts 2 lower."""
    ammo_type = s.shot.ammo_type if s.shot is not None else None
    if s.weapon.melee or not ammo_type or ammo_type == "regular":
        return ()
    ammo = ammunition(edition, ammo_type)
    if not ammo.knockdown:
        return ()
    page = str(ammo.page) if ammo.page else None
    return (Term("attack.term.ammo_knockdown", ammo.knockdown, "ammo:" + ammo_type, page),)


def reach_difference(s: Any) -> int:
    """The attacker's melee weapon's reach minus the defender's (its first melee weapon's, else 0)."""
    melee = [w for w in s.target.sheet.weapons if w.melee]
    reach: int = s.weapon.reach  # the attack's Situation
    return reach - (melee[0].reach if melee else 0)


def band_limits(weapon: Weapon, strength: int | None = None) -> tuple[float, ...]:
    """The far ends of short, medium, long and extreme range in metres (none for melee);
    bows, thrown weapons and grenades reach as far as the wielder's ``strength`` allows."""
    if weapon.melee or (weapon.ranges is None and weapon.range_category is None):
        return ()
    bands = weapon.range_bands(strength)
    return (bands.short, bands.medium, bands.long, bands.extreme)


def effect_context(effects: list[Effect], wanted: AbstractSet[str], skip: AbstractSet[str] = frozenset()) -> tuple[tuple[str, int, str], ...]:
    """The effects in force with a modifier on this side, as the modifier tables take them."""
    return tuple(
        (term_label(e), e.modifier, f"effect:{e.key}")
        for e in effects
        if e.modifier and e.scope.value in wanted and e.key not in skip
    )


def has_effect(state: Any, cid: str, key: str) -> bool:
    return any(e.key == key for e in holder_effects(state, cid))


def knocked_prone(table: EffectTable, state: Any, target: Any, acting: bool, knockdown: bool) -> list[Event]:
    """SR4-R7 / SR5-A5: a knockdown leaves the target prone (an effect until removed)."""
    if not knockdown or has_effect(state, target.id, PRONE):
        return []
    return [new_effect(table, state, target, acting, PRONE)]


def fold_rounds_fired(state: Any, e: RoundsFired) -> None:
    c = state.combatants[e.combatant]
    weapon = c.sheet.weapons[e.weapon]
    magazine = state.magazines.get(f"{e.combatant}:{e.weapon}") or Magazine.full(weapon)
    state.magazines[f"{e.combatant}:{e.weapon}"] = magazine.model_copy(update={"rounds": e.left})
    c.recoil_rounds = e.recoil_rounds


def fold_reloaded(state: Any, e: Reloaded) -> None:
    c = state.combatants[e.combatant]
    weapon = c.sheet.weapons[e.weapon]
    full = Magazine.full(weapon)
    state.magazines[f"{e.combatant}:{e.weapon}"] = full.model_copy(update={"rounds": e.rounds, "ammo_type": e.ammo_type})


def fold_attack(state: Any, e: AttackResolved) -> None:
    """The target's monitors after the attack (every member of a shared monitor), one defence counted."""
    target = state.combatants.get(e.target)
    if target is not None and e.defence is not None:
        target.defences += 1
    if not e.hit:
        return
    for cid in (e.target, *e.shared_with):
        c = state.combatants.get(cid)
        if c is not None:
            c.sheet = c.sheet.model_copy(update={"physical_damage": e.physical_after, "stun_damage": e.stun_after})
