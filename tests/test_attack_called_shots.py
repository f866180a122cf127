"""Called shots through the journal (SR5-CS1..CS9; SR4 p. 160): one Attack command each.

Typed faces make the figures exact (sixes hit, twos and ones do not). The shooter has
Agility 5, Pistols 6, Blades 4 and Strength 4; the target Body 4, Reaction 4,
Intuition 4, physical limit 6 (see ``tests/test_attack_flow.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.core.errors import NotImplementedRuleError, RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.describe import breakdown_lines
from gmtool.games.shadowrun.rules.attack.messages import Attack, AttackResolved, CalledShotResolved
from gmtool.games.shadowrun.rules.readings import Readings
from tests.test_attack_flow import blanks, resolved, run, sixes, sr4_fight, sr5_fight

CATALOGUES = Path(__file__).resolve().parents[1] / "resources" / "i18n"


def shot(**fields: object) -> Attack:
    """The Ares Predator V (DV 8, AP −1, Accuracy 5) at 4 m, semi-auto, unless told otherwise."""
    base: dict[str, object] = {"attacker": "c1", "target": "c2", "weapon": 0, "mode": "SA", "distance": 4}
    return Attack(**(base | fields))


def knife(**fields: object) -> Attack:
    """The combat knife: Agility 5 + Blades 4."""
    return Attack(**({"attacker": "c1", "target": "c2", "weapon": 1} | fields))


def called(events) -> CalledShotResolved:
    return next(e for e in events if isinstance(e, CalledShotResolved))


def effects_of(enc, holder: str) -> dict[str, int]:
    return {e.key: e.modifier for e in enc.state.effects.values() if e.holder == holder}


def faces(hits: int, pool: int) -> tuple[int, ...]:
    return sixes(hits) + blanks(pool - hits)


def log_lines(enc, events) -> list[str]:
    return [enc.ruleset.describe(e) for e in events]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


# -- the −4 and the action ------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS8")
def test_a_called_shot_costs_four_dice_and_a_free_action_and_vitals_add_two_dv() -> None:
    enc = sr5_fight(target_armour=9)
    events = run(enc, shot(called_shot="vitals", attack_faces=faces(3, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(2, 12)))
    e = resolved(events)
    assert e.attack.pool == 11 - 4  # AGI 5 + Pistols 6, the called shot row −4
    assert any(t.value == -4 and t.ja == "コールショット" for t in e.attack.terms)
    assert [(x.action, x.listed) for x in events if x.kind == "action_taken"] == [
        ("free", "call_shot"), ("simple", "fire_weapon")
    ]
    assert e.net_hits == 2 and e.dv == 8 + 2 + 2  # DV 8 + net hits + vitals
    assert {t.label: t.value for t in e.damage_value}["attack.term.vitals"] == 2
    assert e.applied == 12 - 2 and enc.state.combatants["c2"].sheet.physical_damage == 10
    assert called(events).extra_dv == 2


@pytest.mark.rule("SR5-CS8")
def test_the_called_shot_row_stays_ticked_when_the_gm_stored_other_choices() -> None:
    from gmtool.games.shadowrun.rules.attack.messages import TableChoices

    enc = sr5_fight()
    e = resolved(run(enc, shot(called_shot="vitals", attack_choices=TableChoices())))
    assert e.attack.pool == 7


# -- SR5-CS1 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS1")
def test_blast_out_of_hands_deals_no_damage_and_the_item_flies_net_hits_minus_one() -> None:
    enc = sr5_fight()
    events = run(enc, shot(called_shot="blast_out_of_hands", attack_faces=faces(4, 7), defence_faces=faces(1, 8)))
    e = resolved(events)
    assert e.hit and e.no_damage and e.soak is None and e.applied == 0
    assert enc.state.combatants["c2"].sheet.physical_damage == 0
    assert called(events).distance_m == 2  # 3 net hits − 1
    assert "2 m" in log_lines(enc, events)[-1]


# -- SR5-CS2 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS2")
def test_dirty_trick_gives_the_target_minus_four_on_its_next_action() -> None:
    enc = sr5_fight(target_armour=9)
    events = run(enc, shot(called_shot="dirty_trick", attack_faces=faces(2, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(12, 12)))
    assert effects_of(enc, "c2") == {"dirty_trick": -4}
    added = next(x for x in events if x.kind == "effect_added")
    assert added.duration.value == "next_action"
    assert resolved(events).dv == 9  # the damage stands (all soaked here)


@pytest.mark.rule("SR5-CS2")
def test_a_missed_dirty_trick_does_nothing() -> None:
    enc = sr5_fight()
    events = run(enc, shot(called_shot="dirty_trick", attack_faces=faces(1, 7), defence_faces=faces(1, 8)))
    assert not resolved(events).hit and enc.state.effects == {}
    assert not any(isinstance(x, CalledShotResolved) for x in events)


# -- SR5-CS3 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS3")
def test_harder_knock_puts_the_damage_on_the_stun_track() -> None:
    enc = sr5_fight(target_armour=9)
    e = resolved(run(enc, shot(called_shot="harder_knock", attack_faces=faces(3, 7), defence_faces=faces(0, 8),
                               soak_faces=faces(2, 12))))
    assert e.dv == 11 and e.modified_armour == 8  # 11 is above 8: physical without the called shot
    assert e.track == "stun" and e.applied == 9
    sheet = enc.state.combatants["c2"].sheet
    assert (sheet.physical_damage, sheet.stun_damage) == (0, 9)


# -- SR5-CS4 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS4")
def test_knock_down_strength_plus_net_hits_above_the_physical_limit_leaves_the_target_prone() -> None:
    enc = sr5_fight()
    events = run(enc, knife(called_shot="knock_down", attack_faces=faces(4, 5), defence_faces=faces(1, 8)))
    e = resolved(events)
    assert e.attack.pool == 9 - 4 and e.no_damage and enc.state.combatants["c2"].sheet.physical_damage == 0
    assert called(events).knock_down == (4 + 3, 6)  # STR 4 + 3 net hits against physical limit 6
    assert effects_of(enc, "c2") == {"prone": 0} and effects_of(enc, "c1") == {}


@pytest.mark.rule("SR5-CS4")
def test_knock_down_not_above_the_limit_leaves_the_target_standing() -> None:
    enc = sr5_fight()
    events = run(enc, knife(called_shot="knock_down", attack_faces=faces(3, 5), defence_faces=faces(1, 8)))
    assert called(events).knock_down == (6, 6) and enc.state.effects == {}
    assert "stays standing" in log_lines(enc, events)[-1]


@pytest.mark.rule("SR5-CS4")
def test_knock_down_with_a_gun_is_refused() -> None:
    enc = sr5_fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(shot(called_shot="knock_down"))
    assert info.value.key == "weapons.error.knock_down_melee"


# -- SR5-CS5 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS5")
def test_shake_up_lowers_the_initiative_by_five_even_when_everything_is_soaked() -> None:
    enc = sr5_fight(target_armour=9)
    before = enc.state.combatants["c2"].score
    events = run(enc, shot(called_shot="shake_up", attack_faces=faces(2, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(12, 12)))
    assert resolved(events).applied == 0
    assert enc.state.combatants["c2"].score == before - 5
    adjusted = next(x for x in events if x.kind == "score_adjusted")
    assert (adjusted.delta, adjusted.reason) == (-5, "shake_up")
    assert called(events).initiative_change == -5
    assert "initiative score -5" in log_lines(enc, events)[-2]


def test_the_shake_up_reason_has_a_log_line_in_both_languages() -> None:
    for language in ("en", "ja"):
        messages = json.loads((CATALOGUES / language / "attack.json").read_text("utf-8"))["messages"]
        assert "{delta}" in messages["log.score_adjusted.shake_up"]


# -- SR5-CS6 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS6")
def test_splitting_the_damage_after_soak_stun_takes_the_odd_box() -> None:
    enc = sr5_fight(target_armour=9)
    events = run(enc, shot(called_shot="splitting_the_damage", attack_faces=faces(3, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(3, 12)))
    e = resolved(events)
    assert e.dv == 10 and e.modified_armour == 8  # above the armour: half each
    assert called(events).split == (3, 4) and e.applied == 7  # 10 − 3 soaked
    sheet = enc.state.combatants["c2"].sheet
    assert (sheet.physical_damage, sheet.stun_damage) == (3, 4)
    assert (e.physical_after, e.stun_after) == (3, 4)


@pytest.mark.rule("SR5-CS6")
def test_splitting_the_damage_not_above_the_armour_halves_it_all_stun() -> None:
    enc = sr5_fight(target_armour=20)
    events = run(enc, shot(called_shot="splitting_the_damage", attack_faces=faces(2, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(2, 23)))
    assert resolved(events).dv == 9 and called(events).split == (0, 4)  # 7 after soak, halved up, stun
    sheet = enc.state.combatants["c2"].sheet
    assert (sheet.physical_damage, sheet.stun_damage) == (0, 4)


@pytest.mark.rule("SR5-CS6")
@pytest.mark.parametrize(("armour", "key"), [(0, "weapons.error.split_needs_armour"), (1, "weapons.error.split_ap")])
def test_splitting_the_damage_needs_armour_the_ap_does_not_strip(armour: int, key: str) -> None:
    enc = sr5_fight(target_armour=armour)
    with pytest.raises(RulesError) as info:
        enc.prepare(shot(called_shot="splitting_the_damage"))
    assert info.value.key == key
    assert info.value.message() != key  # translated


# -- SR5-CS7 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-CS7")
def test_a_trick_shot_is_refused_in_combat_and_outside_gives_bonus_dice() -> None:
    enc = sr5_fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(shot(called_shot="trick_shot"))
    assert info.value.key == "weapons.error.trick_shot_in_combat"
    events = run(enc, shot(called_shot="trick_shot", outside_combat=True, no_defence=True, attack_faces=faces(3, 7)))
    assert resolved(events).no_damage and called(events).bonus_dice == 3
    assert enc.state.combatants["c2"].sheet.physical_damage == 0
    assert "3 bonus dice" in log_lines(enc, events)[-1]


# -- SR5-CS9 ---------------------------------------------------------------------------------------
# 001 digest, コールショット: "攻撃テストのダイスプールにー４のペナルティを受けて" and, listed among the called
# shots, 連続攻撃: "全ての修正をまとめ、攻撃テストのダイスプールを修正します … 修正されたダイスプールをできるだけ
# 均一に分けます" — all modifiers (the −4 too) first, then the even split. The book (p. 196): no −4.
@pytest.mark.rule("SR5-CS9")
def test_multiple_attacks_take_the_called_shots_minus_four_then_split_evenly() -> None:
    enc = sr5_fight(target_armour=9)  # the knife's AP −3: soak Body 4 + armour 6, all soaked
    first = run(enc, knife(called_shot="multiple_attacks", attacks=2, attack_faces=faces(1, 3),
                           defence_faces=faces(0, 8), soak_faces=faces(10, 10)))
    second = run(enc, knife(called_shot="multiple_attacks", attacks=2, pool_share=1, attack_faces=faces(1, 2),
                            defence_faces=faces(0, 7), soak_faces=faces(10, 10)))
    # Agility 5 + Blades 4 = 9; −4 = 5; split in two: 3 + 2
    assert resolved(first).attack.pool == 3 and resolved(second).attack.pool == 2
    assert any(t.value == -4 and t.ja == "コールショット" for t in resolved(first).attack.terms)
    share = {t.label: t.value for t in resolved(second).attack.terms}["attack.term.pool_share"]
    assert share == 2 - 5
    assert resolved(first).readings == ("sr5_multiple_attacks:digest",)
    assert [(x.action, x.listed) for x in first if x.kind == "action_taken"] == [
        ("free", "multiple_attacks"), ("complex", "melee_attack")
    ]
    assert not any(x.kind == "action_taken" for x in second)  # the first attack paid
    assert resolved(second).defence is not None and resolved(second).defence.pool == 8 - 1  # a second defence


@pytest.mark.rule("SR5-CS9")
def test_multiple_attacks_as_the_book_reads_them_split_without_the_minus_four() -> None:
    enc = sr5_fight(target_armour=9, readings=Readings(sr5_multiple_attacks="book"))
    first = run(enc, knife(called_shot="multiple_attacks", attacks=2, attack_faces=faces(1, 5),
                           defence_faces=faces(0, 8), soak_faces=faces(10, 10)))
    second = run(enc, knife(called_shot="multiple_attacks", attacks=2, pool_share=1, attack_faces=faces(1, 4),
                            defence_faces=faces(0, 7), soak_faces=faces(10, 10)))
    assert resolved(first).attack.pool == 5 and resolved(second).attack.pool == 4  # 9 dice: 5 + 4, no −4
    assert not any(t.ja == "コールショット" for t in resolved(first).attack.terms)
    assert {t.label: t.value for t in resolved(second).attack.terms}["attack.term.pool_share"] == 4 - 9
    assert resolved(second).readings == ("sr5_multiple_attacks:book",)
    line = breakdown_lines(resolved(first))[-1]
    assert "SR5-CS9 multiple attacks" in line and "no −4 (SR5 p. 196)" in line


@pytest.mark.rule("SR5-CS9")
def test_a_changed_reading_never_rewrites_an_attack_already_in_the_journal() -> None:
    from gmtool.core.encounter import Encounter
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset

    enc = sr5_fight(target_armour=9)
    first = run(enc, knife(called_shot="multiple_attacks", attacks=2, attack_faces=faces(1, 3),
                           defence_faces=faces(0, 8), soak_faces=faces(10, 10)))
    replayed = Encounter(SR5Ruleset(Readings(sr5_multiple_attacks="book")), enc.seed, enc.entries)
    again = resolved(replayed.done[-1].events)
    assert again == resolved(first) and again.attack.pool == 3  # the journal's −4 stays
    assert replayed.state.combatants == enc.state.combatants


@pytest.mark.rule("SR5-CS9")
def test_multiple_attacks_are_refused_when_they_do_not_fit() -> None:
    enc = sr5_fight()
    cases = {
        "weapons.error.multiple_count": knife(called_shot="multiple_attacks", attacks=3),  # Blades 4: at most 2
        "weapons.refusal.multiple_mode": shot(called_shot="multiple_attacks", attacks=2),  # one gun, semi-auto
        "error.attack_pool_share": knife(called_shot="multiple_attacks", attacks=2, pool_share=2),
        "error.attack_split_needs_multiple": knife(attacks=2),
    }
    for key, command in cases.items():
        with pytest.raises(RulesError) as info:
            enc.prepare(command)
        assert info.value.key == key


@pytest.mark.rule("SR5-CS9")
def test_the_multiple_attacks_row_without_the_called_shot_asks_for_it() -> None:
    from gmtool.games.shadowrun.rules.attack.messages import TableChoices

    enc = sr5_fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(knife(attack_choices=TableChoices(ticked=("sr5.attacker/multiple_attacks",))))
    assert info.value.key == "error.attack_split_choose"


# -- one entry, one undo; SR4 --------------------------------------------------------------------
@pytest.mark.rule("SR5-CS2")
@pytest.mark.rule("SR5-CS5")
def test_one_undo_reverts_the_whole_called_shot() -> None:
    enc = sr5_fight(target_armour=0)
    combatants = {cid: (c.sheet, c.score, c.free_action) for cid, c in enc.state.combatants.items()}
    run(enc, shot(called_shot="shake_up", attack_faces=faces(3, 7), defence_faces=faces(0, 8), soak_faces=faces(0, 4)))
    assert enc.state.combatants["c2"].sheet.physical_damage > 0
    enc.commit(enc.prepare_undo())
    assert {cid: (c.sheet, c.score, c.free_action) for cid, c in enc.state.combatants.items()} == combatants
    run(enc, shot(called_shot="dirty_trick", attack_faces=faces(3, 7), defence_faces=faces(0, 8), soak_faces=faces(0, 4)))
    enc.commit(enc.prepare_undo())
    assert enc.state.effects == {}


def test_sr4_called_shot_for_damage_trades_four_dice_for_four_dv() -> None:
    enc = sr4_fight()
    events = run(enc, shot(called_shot="sr4_damage", attack_faces=faces(2, 5), defence_faces=(1,),
                           soak_faces=faces(0, 9)))
    e = resolved(events)
    assert e.attack.pool == 9 - 4 and e.dv == 5 + 2 + 4  # Ares Predator IV 5P, 2 net hits, +4
    assert called(events).extra_dv == 4


def test_sr4_called_shot_past_the_armour_ignores_it() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, shot(called_shot="sr4_bypass_armour", attack_faces=faces(2, 5), defence_faces=(1,),
                               soak_faces=faces(0, 4))))
    assert e.modified_armour == 0 and e.soak is not None and e.soak.pool == 4  # Body only


def test_sr4_specific_result_is_not_modelled_and_sr5_kinds_are_refused() -> None:
    enc = sr4_fight()
    with pytest.raises(NotImplementedRuleError) as info:
        enc.prepare(shot(called_shot="sr4_specific"))
    assert info.value.key == "weapons.error.sr4_called_shot_specific"
    with pytest.raises(RulesError) as refused:
        enc.prepare(shot(called_shot="vitals"))
    assert refused.value.key == "weapons.error.unknown_called_shot"


def test_called_shot_log_lines_in_japanese() -> None:
    enc = sr5_fight()
    events = run(enc, shot(called_shot="blast_out_of_hands", attack_faces=faces(4, 7), defence_faces=faces(1, 8)))
    set_language("ja")
    try:
        assert "武器狙い" in log_lines(enc, events)[-1] and "2 m" in log_lines(enc, events)[-1]
        assert "ダメージなし" in enc.ruleset.describe(resolved(events))
    finally:
        set_language("en")


def test_attack_resolved_keeps_loading_without_the_new_fields() -> None:
    enc = sr5_fight()
    e = resolved(run(enc, shot()))
    data = e.model_dump(mode="json")
    data.pop("no_damage")
    assert AttackResolved.model_validate(data).no_damage is False


# -- SR5-CS9 with two weapons -----------------------------------------------------------------------
def two_gun_fight(readings: Readings | None = None):  # noqa: ANN201
    """The shooter holds a pistol in each hand (two of the same model) and a knife."""
    from gmtool.core.encounter import Encounter
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet
    from tests.test_attack_flow import ATTR

    enc = Encounter(SR5Ruleset(readings), 7)
    predator = weapon("sr5", "ares_predator_v")
    shooter = Sheet(name="Shooter", attributes=ATTR, initiative_bonus=10, skills={"pistols": 6, "blades": 4},
                    weapons=(predator, predator, weapon("sr5", "combat_knife")))
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Target", attributes=ATTR, armour=9)))
    run(enc, cmd.StartTurn())
    return enc


@pytest.mark.rule("SR5-CS9")
def test_a_pistol_in_each_hand_splits_the_pool_one_attack_per_gun() -> None:
    enc = two_gun_fight()
    first = run(enc, shot(called_shot="multiple_attacks", attacks=2, paired_weapon=1, paired_mode="SA",
                          attack_faces=faces(0, 4), defence_faces=faces(0, 8)))
    second = run(enc, shot(weapon=1, called_shot="multiple_attacks", attacks=2, pool_share=1, paired_weapon=0,
                           paired_mode="SA", attack_faces=faces(0, 3), defence_faces=faces(0, 7)))
    # digest (コールショット −4, then 連続攻撃's even split): Agility 5 + Pistols 6 − 4 = 7 → 4 + 3
    assert resolved(first).attack.pool == 4 and resolved(second).attack.pool == 3
    assert [x.weapon for x in (*first, *second) if x.kind == "rounds_fired"] == [0, 1]  # one shot from each gun
    assert not any(x.kind == "action_taken" for x in second)  # the first attack paid the action


@pytest.mark.rule("SR5-CS9")
def test_a_knife_and_a_gun_split_the_smaller_pool_up_to_half_the_smaller_skill() -> None:
    enc = two_gun_fight()
    knife_first = shot(weapon=2, mode="", distance=None, called_shot="multiple_attacks", attacks=2,
                       paired_weapon=0, paired_mode="SA")
    with pytest.raises(RulesError) as refused:  # Blades 4: at most two attacks
        enc.prepare(knife_first.model_copy(update={"attacks": 3}))
    assert refused.value.key == "weapons.error.multiple_count"
    e = resolved(run(enc, knife_first.model_copy(update={"attack_faces": faces(0, 3), "defence_faces": faces(0, 8)})))
    # 001 digest 連続攻撃: "よりダイスプールが小さくなる方を採用": Blades 4 + Agility 5 − 4 = 5 against
    # Pistols 6 + Agility 5 − 4 = 7: 5 splits into 3 + 2
    assert e.attack.pool == 3
    assert {t.label: t.value for t in e.attack.terms}["attack.term.pool_share"] == 3 - 5
    gun = resolved(run(enc, shot(called_shot="multiple_attacks", attacks=2, pool_share=1, paired_weapon=2,
                                 attack_faces=faces(0, 2), defence_faces=faces(0, 7))))
    assert gun.attack.pool == 2 and {t.label: t.value for t in gun.attack.terms}["attack.term.pool_share"] == 2 - 7


@pytest.mark.rule("SR5-CS9")
def test_two_weapon_attacks_are_refused_when_they_do_not_fit() -> None:
    enc = two_gun_fight()
    cases = {
        "weapons.refusal.multiple_same_weapon": shot(called_shot="multiple_attacks", attacks=2, paired_weapon=0,
                                                     paired_mode="SA"),
        "weapons.refusal.multiple_mode": shot(called_shot="multiple_attacks", attacks=2, paired_weapon=1),
        "error.attack_split_needs_multiple": shot(paired_weapon=1, paired_mode="SA"),
        "error.attack_no_weapon": shot(called_shot="multiple_attacks", attacks=2, paired_weapon=7, paired_mode="SA"),
    }
    for key, command in cases.items():
        with pytest.raises(RulesError) as refused:
            enc.prepare(command)
        assert refused.value.key == key
