"""Called shots in the attack flow (SR5-CS1..CS9; SR4 p. 160), on top of the pure rules of
:mod:`gmtool.rulesets.weapons.called_shots_sr5` and ``called_shots_sr4``.

The command names the kind (``Attack.called_shot``). Planning refuses a kind that does
not fit (knock down with a gun, splitting without armour or with AP that strips it all,
a trick shot in combat, SR4's "specific result"), pre-ticks the tables' ``called_shot``
row through the context flag (and keeps it ticked when the GM's stored choices lack it:
the −4 is the price of the shot) and changes the resolution's inputs: vitals +2 DV,
harder knock on the stun track, SR4 +DV for the dice given up or the armour ignored.
Multiple attacks (CS9) split the modified pool evenly: this attack gets its share as a
breakdown term. After the roll :func:`outcome` says what else happens; the edition
adapter turns it into events (effects, initiative) and :func:`resolved_event` logs it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.rulesets.attack.messages import Attack, CalledShotResolved, TermRecord
from gmtool.rulesets.damage.terms import Term
from gmtool.rulesets.effect_messages import EffectAdded
from gmtool.rulesets.tables.engine import ModifierSheet, row_key
from gmtool.rulesets.weapons import called_shots_sr4 as sr4
from gmtool.rulesets.weapons import called_shots_sr5 as sr5
from gmtool.rulesets.weapons.called_shots import CalledShotResult

MULTIPLE = "multiple_attacks"
SR4_KINDS: tuple[str, ...] = ("sr4_damage", "sr4_bypass_armour", "sr4_specific")
NO_DAMAGE = frozenset({"blast_out_of_hands", "knock_down", "trick_shot"})
CALLED_PAGE = {"sr5": 195, "sr4": 160}


def kinds(game: Literal["sr4", "sr5"]) -> tuple[str, ...]:
    """The called shots an edition offers, in the book's order (SR5: the nine of p. 195-196)."""
    return tuple(sr5.called_shot_rules().kinds) if game == "sr5" else SR4_KINDS


def check(game: Literal["sr4", "sr5"], s: Any, command: Attack) -> None:
    """Refuse a called shot (or a pool split) that does not fit, with the reason."""
    shot = command.called_shot
    if shot != MULTIPLE and (command.attacks > 1 or command.pool_share or command.paired_weapon is not None):
        raise RulesError("error.attack_split_needs_multiple")
    if not shot:
        return
    if shot not in kinds(game):
        raise RulesError("weapons.error.unknown_called_shot", shot=shot)
    if game == "sr4":
        if shot == "sr4_specific":
            sr4.called_shot_specific()  # NotImplementedRuleError: the GM's call
        return
    if shot == "knock_down" and not s.weapon.melee:
        raise RulesError("weapons.error.knock_down_melee", weapon=s.weapon.name)
    if shot == "splitting_the_damage":
        sr5.check_splitting_the_damage(s.target.sheet.armour, s.weapon.ap)
    if shot == "trick_shot":
        sr5.trick_shot(0, in_combat=not command.outside_combat)
    if shot == MULTIPLE:
        _check_multiple(s, command)


def _check_multiple(s: Any, command: Attack) -> None:
    weapons, modes = [s.weapon], [s.shot.mode if s.shot is not None else None]
    same = None
    if command.paired_weapon is not None:  # two weapons, one in each hand: known by their place on the sheet
        weapons_held = s.attacker.sheet.weapons
        if not 0 <= command.paired_weapon < len(weapons_held):
            raise RulesError("error.attack_no_weapon", name=s.attacker.sheet.name)
        other = weapons_held[command.paired_weapon]
        weapons.append(other)
        modes.append(None if other.melee else _paired_mode(other, command))
        same = command.paired_weapon == command.weapon
    refused = sr5.multiple_attacks_refusal(weapons, modes, same)
    if refused is not None:
        raise RulesError(refused.key, **refused.fields)
    if command.pool_share >= command.attacks:
        raise RulesError("error.attack_pool_share", share=command.pool_share + 1, attacks=command.attacks)


def _paired_mode(weapon: Any, command: Attack) -> Any:
    """The other gun's firing mode (None when it has none of that name: refused as a mode)."""
    from gmtool.rulesets.weapons.firing_modes_sr5 import sr5_modes

    table = sr5_modes()
    return table.mode(command.paired_mode) if command.paired_mode in table.modes else None


def attack_flags(command: Attack) -> frozenset[str]:
    """The context flag that pre-ticks the called shot's (or the split's) table row."""
    if not command.called_shot:
        return frozenset()
    return frozenset({MULTIPLE if command.called_shot == MULTIPLE else "called_shot"})


def with_required_rows(sheet: ModifierSheet, command: Attack) -> ModifierSheet:
    """Keep the called shot's row ticked even when the GM's stored choices left it out."""
    flags = attack_flags(command)
    for table, row in sheet.entries():
        key = row_key(table.id, row.id)
        if row.context in flags and row.tickable and not sheet.is_ticked(key):
            sheet = sheet.tick(key)
    return sheet


def row_value(sheet: ModifierSheet) -> int:
    """The dice the called-shot rows take (−4 in the shipped tables)."""
    total = 0
    for table, row in sheet.entries():
        key = row_key(table.id, row.id)
        if row.context == "called_shot" and sheet.is_ticked(key):
            total += sheet.row_value(key) or 0
    return total


def adjusted_inputs(game: str, inputs: Any, command: Attack, sheet: ModifierSheet, armour: int) -> Any:
    """The resolution's inputs with the called shot's changes (before anything is rolled)."""
    shot, m, page = command.called_shot, inputs.modifiers, str(CALLED_PAGE.get(game, ""))
    if shot == "vitals":
        m = replace(m, damage_value=(*m.damage_value, Term("attack.term.vitals", sr5.VITALS_DV, "SR5-CS8", page)))
    elif shot == "harder_knock":
        inputs = replace(inputs, weapon=replace(inputs.weapon, damage_type="stun"))
    elif shot == "sr4_damage":
        extra = sr4.called_shot_damage(row_value(sheet), 1).extra_dv
        m = replace(m, damage_value=(*m.damage_value, Term("attack.term.called_shot_dv", extra, "SR4", page)))
    elif shot == "sr4_bypass_armour" and armour:
        m = replace(m, armour=(*m.armour, Term("attack.term.called_shot_armour", -armour, "SR4", page)))
    return replace(inputs, modifiers=m)


def pool_share_term(pool: int, skill: int, command: Attack, own_pool: int | None = None) -> TermRecord | None:
    """CS9: this attack's share of the pool to split, as a term taking away the rest of its own pool.

    ``pool`` is the pool split (with two weapons the smaller of their pools), ``own_pool``
    this weapon's pool (the same when not given).
    """
    if command.called_shot != MULTIPLE:
        return None
    shares = sr5.multiple_attack_pools([pool], skill, command.attacks)
    own = pool if own_pool is None else own_pool
    return TermRecord(label="attack.term.pool_share", value=shares[command.pool_share] - own, source="SR5-CS9", page=196)


def deals_damage(command: Attack) -> bool:
    return command.called_shot not in NO_DAMAGE


def outcome(
    game: str, s: Any, command: Attack, sheet: ModifierSheet, net_hits: int, glitch: bool, critical: bool
) -> CalledShotResult | None:
    """What the called shot does once the attack is rolled (None: no called shot, or multiple attacks)."""
    shot = command.called_shot
    if not shot or shot == MULTIPLE:
        return None
    if game == "sr4":
        if shot == "sr4_damage":
            return sr4.called_shot_damage(row_value(sheet), net_hits)
        return sr4.called_shot_bypass_armour(net_hits)
    return _sr5_outcome(s, shot, net_hits, glitch, critical)


def _sr5_outcome(s: Any, shot: str, net: int, glitch: bool, critical: bool) -> CalledShotResult:
    simple = {
        "blast_out_of_hands": sr5.blast_out_of_hands, "dirty_trick": sr5.dirty_trick,
        "harder_knock": sr5.harder_knock, "vitals": sr5.vitals,
    }
    if shot in simple:
        return simple[shot](net)
    if shot == "knock_down":
        strength = s.attacker.sheet.attributes["STR"]
        return sr5.knock_down(s.weapon, strength, net, s.target.sheet.physical_limit, glitch, critical)
    if shot == "shake_up":
        return sr5.shake_up(net, s.target.score or 0)
    if shot == "splitting_the_damage":
        return sr5.splitting_the_damage(net, s.target.sheet.armour, s.weapon.ap)
    return sr5.trick_shot(net, in_combat=False)


def resolved_event(
    s: Any, result: CalledShotResult, net_hits: int, split: tuple[int, int] | None, prone: tuple[str, ...]
) -> CalledShotResolved:
    knock = None
    if result.shot == "knock_down" and result.hit:
        knock = (s.attacker.sheet.attributes["STR"] + net_hits, s.target.sheet.physical_limit)
    return CalledShotResolved(
        attacker=s.attacker.id, attacker_name=s.attacker.sheet.name, target=s.target.id,
        target_name=s.target.sheet.name, shot=result.shot, hit=result.hit, deals_damage=result.deals_damage,
        extra_dv=result.extra_dv, stun=result.damage_type == "S", distance_m=result.distance_m,
        bonus_dice=result.bonus_dice, initiative_change=result.initiative_change, loses_action=result.loses_action,
        split=split, knock_down=knock, prone=prone, ignore_armour=result.ignore_armour,
    )


def renumber_effects(state: Any, events: list[Event]) -> list[Event]:
    """Effects added by one command get consecutive ids (each was numbered from the same state)."""
    out: list[Event] = []
    number = state.next_effect
    for event in events:
        if isinstance(event, EffectAdded):
            event = event.model_copy(update={"effect": number})
            number += 1
        out.append(event)
    return out
