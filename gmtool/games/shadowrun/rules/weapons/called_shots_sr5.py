"""SR5 called shots (SR5-CS1..CS9; core p.195-196; digest 001 "Called Shot") as pure functions.

Every called shot takes −4 on the attack pool and a free action (``called_shot_rules()``
holds both, with the page); each function below takes the attack's numbers and returns
a :class:`CalledShotResult` saying what changes, or raises RulesError when the shot does
not fit (knock down is melee only; splitting the damage needs armour and an AP that does
not strip all of it; a trick shot cannot be made in combat).

Readings where the rulebook and digest leave room (noted on each function): Dirty trick
keeps the attack's damage unless the GM rules otherwise (``deals_damage``); splitting the
damage halves the damage left after soak, rounding up; multiple attacks allow at most
half the skill rating rounded down (``round_up`` for tables that round up).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.called_shots import CalledShotResult, EffectToAdd
from gmtool.games.shadowrun.rules.weapons.firing import ActionKind, FiringMode, Refusal
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

SHAKE_UP_INITIATIVE = -5
DIRTY_TRICK_MODIFIER = -4
VITALS_DV = 2


class CalledShotKind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: Label
    rule: str
    melee_only: bool = False
    pool_modifier: int | None = None  # None: the table's common modifier
    note: Label | None = None


class CalledShotRules(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    page: int = Field(ge=1)
    pool_modifier: int = Field(le=0)
    action: ActionKind
    kinds: dict[str, CalledShotKind]

    def modifier_for(self, kind: str) -> int:
        """The attack-pool modifier of a called shot kind (−4 for all but multiple attacks)."""
        found = self.kinds.get(kind)
        if found is None:
            raise RulesError("weapons.error.unknown_called_shot", shot=kind)
        return self.pool_modifier if found.pool_modifier is None else found.pool_modifier


def called_shot_rules() -> CalledShotRules:
    return cached_model(CalledShotRules, "weapons", "sr5_called_shots.json")


def _missed(shot: str) -> CalledShotResult:
    return CalledShotResult(shot=shot, hit=False, deals_damage=False)


def blast_out_of_hands(net_hits: int) -> CalledShotResult:
    """CS1: no damage; on a hit the held item flies net hits − 1 metres away from the attacker."""
    if net_hits < 1:
        return _missed("blast_out_of_hands")
    return CalledShotResult(shot="blast_out_of_hands", hit=True, deals_damage=False, distance_m=net_hits - 1)


def dirty_trick(net_hits: int, deals_damage: bool = True) -> CalledShotResult:
    """CS2: with at least 1 net hit the target takes −4 on its next action.

    The digest and rules.md say nothing about the attack's damage, so it stands by
    default; a GM who reads the trick as damage-free passes ``deals_damage=False``.
    """
    if net_hits < 1:
        return _missed("dirty_trick")
    effect = EffectToAdd(key="dirty_trick", holder="target", modifier=DIRTY_TRICK_MODIFIER)
    return CalledShotResult(shot="dirty_trick", hit=True, deals_damage=deals_damage, effects=(effect,))


def harder_knock(net_hits: int) -> CalledShotResult:
    """CS3: the damage is Stun instead of Physical; everything else as the attack."""
    if net_hits < 1:
        return _missed("harder_knock")
    return CalledShotResult(shot="harder_knock", hit=True, damage_type="S")


def knock_down(
    weapon: Weapon,
    attacker_strength: int,
    net_hits: int,
    defender_physical_limit: int,
    glitch: bool = False,
    critical_glitch: bool = False,
    attacker_falls_too: bool = False,
) -> CalledShotResult:
    """CS4 (melee only): Strength + net hits against the defender's Physical limit; no damage.

    Greater → the defender falls prone. Without a glitch the attacker chooses to fall
    with it (``attacker_falls_too``); a glitch drags the attacker down too; on a
    critical glitch only the attacker falls.
    """
    if not weapon.melee:
        raise RulesError("weapons.error.knock_down_melee", weapon=weapon.display_name())
    attacker_prone = EffectToAdd(key="prone", holder="attacker")
    if critical_glitch:
        return CalledShotResult(shot="knock_down", hit=False, deals_damage=False, effects=(attacker_prone,))
    if net_hits < 1 or attacker_strength + net_hits <= defender_physical_limit:
        return CalledShotResult(shot="knock_down", hit=net_hits >= 1, deals_damage=False)
    effects = [EffectToAdd(key="prone", holder="target")]
    if glitch or attacker_falls_too:
        effects.append(attacker_prone)
    return CalledShotResult(shot="knock_down", hit=True, deals_damage=False, effects=tuple(effects))


def shake_up(net_hits: int, target_initiative: int) -> CalledShotResult:
    """CS5: besides the damage, the target's initiative score drops by 5, even if it soaks it all.

    At 0 or less the target loses its action in this pass.
    """
    if net_hits < 1:
        return _missed("shake_up")
    score = target_initiative + SHAKE_UP_INITIATIVE
    return CalledShotResult(
        shot="shake_up", hit=True, initiative_change=SHAKE_UP_INITIATIVE, new_initiative=score, loses_action=score <= 0
    )


def check_splitting_the_damage(target_armour: int, ap: int) -> None:
    """CS6's condition: the target wears armour and the AP is lower than that armour (does not strip it all)."""
    if target_armour <= 0:
        raise RulesError("weapons.error.split_needs_armour")
    if -ap >= target_armour:
        raise RulesError("weapons.error.split_ap", ap=ap, armour=target_armour)


def split_damage(damage_after_soak: int, modified_dv: int, modified_armour: int) -> tuple[int, int]:
    """CS6: (physical, stun) of the damage left after soak.

    Modified DV above modified armour: half each, Stun taking the odd point. Otherwise
    the damage is halved (rounded up) and all Stun.
    """
    if damage_after_soak < 0:
        raise RulesError("weapons.error.damage_negative", damage=damage_after_soak)
    if modified_dv > modified_armour:
        return damage_after_soak // 2, math.ceil(damage_after_soak / 2)
    return 0, math.ceil(damage_after_soak / 2)


def splitting_the_damage(net_hits: int, target_armour: int, ap: int) -> CalledShotResult:
    """CS6 declared: refused unless it fits; the split itself is :func:`split_damage` after soak."""
    check_splitting_the_damage(target_armour, ap)
    if net_hits < 1:
        return _missed("splitting_the_damage")
    return CalledShotResult(shot="splitting_the_damage", hit=True)


def trick_shot(net_hits: int, in_combat: bool) -> CalledShotResult:
    """CS7: outside combat only; net hits become bonus dice on the next Intimidation test by you or an ally."""
    if in_combat:
        raise RulesError("weapons.error.trick_shot_in_combat")
    if net_hits < 1:
        return _missed("trick_shot")
    return CalledShotResult(shot="trick_shot", hit=True, deals_damage=False, bonus_dice=net_hits)


def vitals(net_hits: int) -> CalledShotResult:
    """CS8: +2 DV."""
    if net_hits < 1:
        return _missed("vitals")
    return CalledShotResult(shot="vitals", hit=True, extra_dv=VITALS_DV)


def multiple_attacks_refusal(
    weapons: Sequence[Weapon], modes: Sequence[FiringMode | None], same_weapon: bool | None = None
) -> Refusal | None:
    """CS9's condition: one melee weapon, or two different weapons; a single gun only in a burst mode.

    ``modes[i]`` is the firing mode used with ``weapons[i]`` (None for melee). Two guns
    must each be fired in a mode that allows multiple attacks (SS and SA do with two
    weapons, SR5-F1/F2). ``same_weapon`` says whether the two are one and the same weapon;
    when not given, two equal weapon records are taken as one (a caller that knows where
    each weapon sits on the sheet passes it: a pistol in each hand of the same model are
    two weapons).
    """
    if len(weapons) != len(modes) or not 1 <= len(weapons) <= 2:
        return Refusal(key="weapons.refusal.multiple_weapons")
    same = weapons[0] == weapons[-1] if same_weapon is None else same_weapon
    if len(weapons) == 2 and same:
        return Refusal(key="weapons.refusal.multiple_same_weapon")
    for weapon, mode in zip(weapons, modes, strict=False):
        if weapon.melee:
            continue
        allowed = ("yes",) if len(weapons) == 1 else ("yes", "two_weapons")
        if mode is None or mode.multiple_attacks not in allowed:
            return Refusal(key="weapons.refusal.multiple_mode", fields={"weapon": weapon.display_name()})
    return None


def max_multiple_attacks(skill_rating: int, round_up: bool = False) -> int:
    """At most half the skill rating in attacks (rounded down, or up as a house rule)."""
    return math.ceil(skill_rating / 2) if round_up else skill_rating // 2


def multiple_attack_pools(
    pools: Sequence[int], skill_rating: int, attacks: int, edge_dice: int = 0, round_up: bool = False
) -> tuple[int, ...]:
    """CS9: split the (smaller, if the weapons' pools differ) modified pool evenly across ``attacks``.

    ``pools`` are the fully modified pools per weapon; Edge dice go in before the split;
    the first attacks get the odd dice. Refused for fewer than 2 attacks, more than
    half the skill rating, or fewer dice than attacks.
    """
    if not pools:
        raise RulesError("weapons.error.multiple_no_pool")
    limit = max_multiple_attacks(skill_rating, round_up)
    if attacks < 2 or attacks > limit:
        raise RulesError("weapons.error.multiple_count", attacks=attacks, limit=limit)
    total = max(0, min(pools)) + max(0, edge_dice)
    if total < attacks:
        raise RulesError("weapons.error.multiple_pool", pool=total, attacks=attacks)
    share, extra = divmod(total, attacks)
    return tuple(share + 1 if index < extra else share for index in range(attacks))
