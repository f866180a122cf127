"""Called shots in the attack flow (SR5-CS1..CS9; SR4 p. 160), on top of the pure rules of
:mod:`gmtool.games.shadowrun.rules.weapons.called_shots_sr5` and ``called_shots_sr4``.

The command names the kind (``Attack.called_shot``). Planning refuses a kind that does
not fit (knock down with a gun, splitting without armour or with an AP, the loaded
ammunition's included, that strips it all, a trick shot in combat, SR4's "specific
result"), pre-ticks the tables' ``called_shot`` row through the context flag (and keeps
it ticked when the GM's stored choices lack it: the −4 is the price of the shot) and
changes the resolution's inputs: vitals +2 DV, harder knock on another track, SR4 +DV
for the dice given up or the armour ignored. Multiple attacks (CS9) split the modified
pool evenly: this attack gets its share as a breakdown term. SR4's "two weapons" and
melee "multiple targets" rows split the pool the same way (:func:`split_kind`). After
the roll :func:`outcome` says what else happens; the edition adapter turns it into
events (effects, initiative) and :func:`resolved_event` logs it.

Two rules read differently in the digest and the book (:mod:`gmtool.games.shadowrun.rules.readings`):
CS9 takes the called shot's −4 before the split (digest; the book: no −4), and CS3 turns
physical damage into stun (digest; the book: a stun weapon's damage into physical).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.core.tables.engine import ModifierSheet, row_key
from gmtool.games.shadowrun.rules.attack.common import loaded_strike
from gmtool.games.shadowrun.rules.attack.messages import Attack, CalledShotResolved, TermRecord
from gmtool.games.shadowrun.rules.damage.terms import Term
from gmtool.games.shadowrun.rules.effect_messages import EffectAdded
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.weapons import called_shots_sr4 as sr4
from gmtool.games.shadowrun.rules.weapons import called_shots_sr5 as sr5
from gmtool.games.shadowrun.rules.weapons.called_shots import CalledShotResult

MULTIPLE = "multiple_attacks"
HARDER_KNOCK = "harder_knock"
SR4_SPLIT_PAGES = {"ranged_attack": ("SR4-MT1", 151), "melee_attack": ("SR4-MT3", 158)}
SR4_KINDS: tuple[str, ...] = ("sr4_damage", "sr4_bypass_armour", "sr4_specific")
NO_DAMAGE = frozenset({"blast_out_of_hands", "knock_down", "trick_shot"})
CALLED_PAGE = {"sr5": 195, "sr4": 160}


def kinds(game: Literal["sr4", "sr5"]) -> tuple[str, ...]:
    """The called shots an edition offers, in the book's order (SR5: the nine of p. 195-196)."""
    return tuple(sr5.called_shot_rules().kinds) if game == "sr5" else SR4_KINDS


def check(game: Literal["sr4", "sr5"], s: Any, command: Attack, readings: Readings = DIGEST) -> None:
    """Refuse a called shot that does not fit, with the reason (a split is checked by :func:`split_kind`)."""
    shot = command.called_shot
    if not shot:
        return
    if shot not in kinds(game):
        raise RulesError("weapons.error.unknown_called_shot", shot=shot)
    if game == "sr4":
        if shot == "sr4_specific":
            sr4.called_shot_specific()  # NotImplementedRuleError: the GM's call
        return
    if shot == "knock_down" and not s.weapon.melee:
        raise RulesError("weapons.error.knock_down_melee", weapon=s.weapon.display_name())
    if shot == "splitting_the_damage":
        sr5.check_splitting_the_damage(s.target.sheet.armour, loaded_ap(s, game))
    if shot == HARDER_KNOCK and readings.book("sr5_harder_knock") and _loaded_track(s, game) != "stun":
        raise RulesError("weapons.error.harder_knock_book", weapon=s.weapon.display_name())
    if shot == "trick_shot":
        sr5.trick_shot(0, in_combat=not command.outside_combat)
    if shot == MULTIPLE:
        _check_multiple(s, command)


def loaded_ap(s: Any, game: Literal["sr4", "sr5"]) -> int:
    """The attack's AP with the loaded ammunition's (SR5-CS6 compares it with the armour)."""
    ammo = s.shot.ammo_type if s.shot is not None else None
    strike, _dv_terms, ap_terms, _halves = loaded_strike(s.weapon, s.attacker.sheet.attributes["STR"], None, ammo, game)
    return strike.ap + sum(t.value for t in ap_terms)


def _loaded_track(s: Any, game: Literal["sr4", "sr5"]) -> str:
    """The track the weapon's damage goes on with its loaded ammunition (gel rounds: stun)."""
    ammo = s.shot.ammo_type if s.shot is not None else None
    return loaded_strike(s.weapon, s.attacker.sheet.attributes["STR"], None, ammo, game)[0].damage_type


def split_kind(game: str, action: str, command: Attack, specials: frozenset[str]) -> str:
    """How this attack's pool is split: "" not at all, "multiple" (SR5-CS9), "sr4" (SR4's two weapons
    or melee multiple targets rows); refuses a split asked for without either."""
    if command.called_shot == MULTIPLE:
        return "multiple"
    if "split_pool" in specials:
        if game == "sr4":
            return "sr4"
        raise RulesError("error.attack_split_choose")
    if command.attacks > 1 or command.pool_share or command.paired_weapon is not None:
        raise RulesError("error.attack_split_needs_multiple")
    return ""


def sr4_attacks(command: Attack) -> int:
    """SR4's split: two attacks unless the command names more (multiple targets)."""
    return max(2, command.attacks)


def check_sr4_split(s: Any, command: Attack) -> None:
    """SR4's split pool: this attack's place in it, and the other weapon a distinct one of the sheet."""
    if command.pool_share >= sr4_attacks(command):
        raise RulesError("error.attack_pool_share", share=command.pool_share + 1, attacks=sr4_attacks(command))
    if command.paired_weapon is not None:
        if not 0 <= command.paired_weapon < len(s.attacker.sheet.weapons):
            raise RulesError("error.attack_no_weapon", name=s.attacker.sheet.name)
        if command.paired_weapon == command.weapon:
            raise RulesError("weapons.refusal.multiple_same_weapon")


def even_shares(pool: int, attacks: int) -> tuple[int, ...]:
    """A pool split as evenly as it goes, the first attacks taking the odd dice (SR4-MT1 / MT3)."""
    total = max(0, pool)
    if total < attacks:
        raise RulesError("weapons.error.multiple_pool", pool=total, attacks=attacks)
    share, extra = divmod(total, attacks)
    return tuple(share + 1 if index < extra else share for index in range(attacks))


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
    from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import sr5_modes

    table = sr5_modes()
    return table.mode(command.paired_mode) if command.paired_mode in table.modes else None


def attack_flags(command: Attack, readings: Readings = DIGEST) -> frozenset[str]:
    """The context flags that pre-tick the called shot's (or the split's) table rows.

    SR5-CS9: the split row, and the called shot's −4 too as the digest reads it (the 001
    digest lists 連続攻撃 among the called shots); the book's reading (p. 196) has no −4.
    """
    if not command.called_shot:
        return frozenset()
    if command.called_shot != MULTIPLE:
        return frozenset({"called_shot"})
    return frozenset({MULTIPLE} if readings.book("sr5_multiple_attacks") else {MULTIPLE, "called_shot"})


def with_required_rows(sheet: ModifierSheet, command: Attack, readings: Readings = DIGEST) -> ModifierSheet:
    """Keep the called shot's row ticked even when the GM's stored choices left it out."""
    flags = attack_flags(command, readings)
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


def adjusted_inputs(
    game: str, inputs: Any, command: Attack, sheet: ModifierSheet, armour: int, readings: Readings = DIGEST
) -> Any:
    """The resolution's inputs with the called shot's changes (before anything is rolled).

    Harder knock (SR5-CS3): the damage goes on the stun track (digest), or a stun weapon's on
    the physical track (the book's reading: the modified DV against the armour then decides).
    """
    shot, m, page = command.called_shot, inputs.modifiers, str(CALLED_PAGE.get(game, ""))
    if shot == "vitals":
        m = replace(m, damage_value=(*m.damage_value, Term("attack.term.vitals", sr5.VITALS_DV, "SR5-CS8", page)))
    elif shot == HARDER_KNOCK:
        track = "physical" if readings.book("sr5_harder_knock") else "stun"
        inputs = replace(inputs, weapon=replace(inputs.weapon, damage_type=track))
    elif shot == "sr4_damage":
        extra = sr4.called_shot_damage(row_value(sheet), 1).extra_dv
        m = replace(m, damage_value=(*m.damage_value, Term("attack.term.called_shot_dv", extra, "SR4", page)))
    elif shot == "sr4_bypass_armour" and armour:
        m = replace(m, armour=(*m.armour, Term("attack.term.called_shot_armour", -armour, "SR4", page)))
    return replace(inputs, modifiers=m)


def pool_share_term(
    pool: int, skill: int, command: Attack, own_pool: int | None = None, kind: str = "multiple", action: str = ""
) -> TermRecord | None:
    """This attack's share of the pool to split, as a term taking away the rest of its own pool.

    ``pool`` is the pool split (with two weapons the smaller of their pools), ``own_pool``
    this weapon's pool (the same when not given). ``kind`` "multiple": SR5-CS9 (at most half
    the skill in attacks); "sr4": SR4's two weapons or melee multiple targets (``action``
    says which table's row).
    """
    own = pool if own_pool is None else own_pool
    if kind == "sr4":
        shares = even_shares(pool, sr4_attacks(command))
        source, page = SR4_SPLIT_PAGES.get(action, ("SR4-MT1", 151))
    elif command.called_shot == MULTIPLE:
        shares = sr5.multiple_attack_pools([pool], skill, command.attacks)
        source, page = "SR5-CS9", 196
    else:
        return None
    return TermRecord(label="attack.term.pool_share", value=shares[command.pool_share] - own, source=source, page=page)


def deals_damage(command: Attack) -> bool:
    return command.called_shot not in NO_DAMAGE


def outcome(
    game: str, s: Any, command: Attack, sheet: ModifierSheet, net_hits: int, glitch: bool, critical: bool,
    readings: Readings = DIGEST,
) -> CalledShotResult | None:
    """What the called shot does once the attack is rolled (None: no called shot, or multiple attacks)."""
    shot = command.called_shot
    if not shot or shot == MULTIPLE:
        return None
    if game == "sr4":
        if shot == "sr4_damage":
            return sr4.called_shot_damage(row_value(sheet), net_hits)
        return sr4.called_shot_bypass_armour(net_hits)
    result = _sr5_outcome(s, shot, net_hits, glitch, critical)
    if shot == HARDER_KNOCK and result.hit and readings.book("sr5_harder_knock"):
        result = result.model_copy(update={"damage_type": "P"})  # the book: a stun weapon hits physical
    return result


def readings_applied(command: Attack, readings: Readings) -> tuple[str, ...]:
    """The rule readings a called shot applies, as the attack's event records them."""
    option = {MULTIPLE: "sr5_multiple_attacks", HARDER_KNOCK: "sr5_harder_knock"}.get(command.called_shot)
    return (readings.record(option),) if option else ()


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
        return sr5.splitting_the_damage(net, s.target.sheet.armour, loaded_ap(s, "sr5"))
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
