"""An attack as the GM reads it (X-3): the log line and the breakdown lines, word for word in English, with
every figure worked out by hand from the rules; the sheets and weapons are test_attack_flow's.

Hits are sixes, misses twos (typed faces, X-2). SR5 (001): the Shooter's Agility 5 + Pistols 6 = 11 dice,
Accuracy 5; the Target's Reaction 4 + Intuition 4 = 8 dice, Body 4, armour 9; the Ares Predator V DV 8P,
AP −1. SR4 (000): the Ares Predator IV DV 5P, AP −1; the Target's Reaction 1, Dodge 2, Body 4, ballistic 6.
"""

from __future__ import annotations

import pytest

from gmtool.core.i18n import set_language
from gmtool.core.tables.engine import EFFECTS_TABLE, FREE_TABLE
from gmtool.games.shadowrun.rules.attack.describe import attack_line, breakdown_lines, is_table_row
from gmtool.games.shadowrun.rules.attack.messages import Attack, TermRecord
from tests.test_attack_called_shots import called, faces, knife, log_lines, shot
from tests.test_attack_flow import blanks, resolved, run, sixes, sr4_fight, sr5_fight


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("X-3")
@pytest.mark.rule("SR5-A3")
@pytest.mark.rule("SR5-CS8")
def test_an_sr5_hit_on_the_vitals_reads_every_figure() -> None:
    # 001 / SR5-A3: DV 8 + 2 net hits (3 against 1) + vitals 2 (SR5-CS8) = 12 ≥ armour 9 − 1 = 8: physical.
    # SR5-A4: soak Body 4 + 8 = 12 dice, 2 hits: 10 boxes of the 8 + 2 = 10 box monitor: unconscious.
    # The called shot costs 4 dice (p. 195): 11 − 4 = 7.
    enc = sr5_fight(target_armour=9)
    events = run(enc, shot(called_shot="vitals", attack_faces=faces(3, 7), defence_faces=faces(1, 8),
                           soak_faces=faces(2, 12)))
    e = resolved(events)
    assert attack_line(e) == (
        "Shooter attacks Target with Ares Predator V (SA), 4 m: 7 dice [6 6 6 2 2 2 2] → 3 hits (limit 5) (typed) "
        "against 8 dice [6 2 2 2 2 2 2 2] → 1 hit (typed) (hit chance 32%) — hit, 2 net hits; DV 12 physical against "
        "armour 8; soak 12 dice [6 6 2 2 2 2 2 2 2 2 2 2] → 2 hits (typed); 10 boxes; knocked down; unconscious.")
    lines = breakdown_lines(e)
    assert lines[2] == "Damage value: Weapon DV +8 (SR5-A3); Net hits +2 (SR5-A3); Called shot: vitals +2 (SR5-CS8, p. 195)"
    assert lines[3] == "Armour: Armour +9 (SR5-A3); Armour penetration -1 (SR5-A3)"
    assert lines[4] == "Soak: Body +4 (SR5-A4); Modified armour +8 (SR5-A4)"
    assert log_lines(enc, [called(events)]) == ["Shooter aims at Target's vitals: +2 DV."]


@pytest.mark.rule("X-3")
@pytest.mark.rule("SR5-A5")
def test_a_conscious_target_reads_no_condition_and_a_soaked_hit_its_soak() -> None:
    # DV 8 + 1 net hit = 9 ≥ 8: physical; soak 12 dice, 6 hits: 3 boxes. Knockdown only above the physical limit
    # (SR5-A5): (Strength 4 × 2 + Body 4 + Reaction 4) / 3 = 5.33, rounded up 6; 3 of 10 boxes: conscious.
    enc = sr5_fight(target_armour=9)
    e = resolved(run(enc, shot(attack_faces=faces(2, 11), defence_faces=faces(1, 8), soak_faces=faces(6, 12))))
    assert attack_line(e).endswith(
        "— hit, 1 net hit; DV 9 physical against armour 8; soak 12 dice [6 6 6 6 6 6 2 2 2 2 2 2] → 6 hits (typed); "
        "3 boxes.")


def test_a_melee_miss_on_a_critical_glitch_names_no_distance() -> None:
    # The knife: Agility 5 + Blades 4 = 9 dice, all ones: no hit and more than half ones: a critical glitch.
    enc = sr5_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=1, attack_faces=(1,) * 9,
                                 defence_faces=faces(1, 8))))
    assert attack_line(e) == (
        "Shooter attacks Target with Combat knife: 9 dice [1 1 1 1 1 1 1 1 1] → 0 hits (limit 6) (typed) — critical "
        "glitch against 8 dice [6 2 2 2 2 2 2 2] → 1 hit (typed) (hit chance 46%) — miss.")


@pytest.mark.rule("SR5-CS4")
def test_a_knock_down_line_names_who_falls() -> None:
    # SR5-CS4: Strength 4 + 3 net hits = 7 > physical limit 6: the target falls prone, no damage.
    enc = sr5_fight()
    events = run(enc, knife(called_shot="knock_down", attack_faces=faces(4, 5), defence_faces=faces(1, 8)))
    assert log_lines(enc, [called(events)]) == [
        "Shooter tries to knock Target down: Strength + net hits 7 against physical limit 6; Target falls prone "
        "(no damage)."]


@pytest.mark.rule("SR4-R1")
def test_full_defence_declared_outside_the_defenders_phase_is_owed() -> None:
    # 000 / SR4-R1: full defence is declared with the attack; not in the defender's phase, it spends its next one.
    enc = sr4_fight()
    events = run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=5, full_defence=True,
                             attack_faces=blanks(9), defence_faces=blanks(3)))
    declared = next(e for e in events if e.kind == "full_defence_declared")
    assert declared.owed and enc.ruleset.describe(declared) == (
        "Target goes on full defence: the next action phase is spent on it; in force until that phase ends.")


def test_the_gms_own_and_the_effects_rows_are_modifiers_and_the_rules_terms_are_not() -> None:
    assert is_table_row(TermRecord(label="text:Smoke", value=-2, source=FREE_TABLE))
    assert is_table_row(TermRecord(label="effect.prone", value=-2, source=EFFECTS_TABLE))
    assert is_table_row(TermRecord(label="text:Short", value=0, source="sr5_environment.range"))
    assert not is_table_row(TermRecord(label="attr.AGI", value=5, source="SR5-A1"))
    assert not is_table_row(TermRecord(label="attr.AGI", value=5))


@pytest.mark.rule("SR4-R6")
def test_an_sr4_hit_reads_its_soak() -> None:
    # 000 / SR4-R3..R6: Agility 5 + Pistols 4 = 9 dice, 9 hits, against Reaction 1 = 1 die, no hit: 9 net hits;
    # DV 5 + 9 = 14 > armour 6 − 1 = 5: physical; soak Body 4 + 5 = 9 dice, no hits: 14 boxes.
    enc = sr4_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=5,
                                 attack_faces=sixes(9), defence_faces=blanks(1), soak_faces=blanks(9))))
    assert "DV 14 physical against armour 5; soak 9 dice [2 2 2 2 2 2 2 2 2] → 0 hits (typed); 14 boxes" in attack_line(e)


@pytest.mark.rule("SR5-F7")
@pytest.mark.rule("X-3")
def test_loaded_apds_stays_loaded_shot_after_shot_and_the_breakdown_names_it() -> None:
    # SR5 p. 434 (the ammunition table): APDS, AP −4 more. Armour 12 − 1 (the weapon) − 4 = 7; DV 8 + 2 net hits
    # = 10 ≥ 7: physical; 11 soak dice (Body 4 + 7), 6 hits: 4 boxes. SR5-F7: the magazine keeps its rounds'
    # type as they are fired, 15 → 14 rounds of APDS; the next shot is APDS too.
    from gmtool.games.shadowrun.rules.attack.messages import Reload
    from gmtool.games.shadowrun.rules.attack.plan import plan
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER

    enc = sr5_fight(target_armour=12)
    run(enc, Reload(combatant="c1", weapon=0, ammo_type="apds", charge_action=False))
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4, charge_action=False,
                                 attack_faces=faces(3, 11), defence_faces=faces(1, 8), soak_faces=faces(6, 11))))
    assert (e.track, e.dv, e.modified_armour, e.applied) == ("physical", 10, 7, 4)
    assert breakdown_lines(e)[3] == "Armour: Armour +12 (SR5-A3); Armour penetration -1 (SR5-A3); Ammunition AP -4 (ammo:apds, p. 434)"
    magazine = enc.state.magazines["c1:0"]
    assert (magazine.rounds, magazine.ammo_type) == (14, "apds")
    planned = plan(ADAPTER, enc.state, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                              charge_action=False))
    assert planned.pools.armour.value == 7


def test_an_unknown_ammunition_is_refused_by_its_name() -> None:
    from gmtool.core.errors import RulesError
    from gmtool.games.shadowrun.rules.attack.messages import Reload

    enc = sr5_fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(Reload(combatant="c1", weapon=0, ammo_type="no_such_ammo"))
    assert str(info.value) == 'Unknown ammunition "no_such_ammo".'


@pytest.mark.rule("SR5-CS9")
def test_the_gms_own_modifier_counts_for_both_guns_of_a_two_gun_attack() -> None:
    # 001 連続攻撃 (SR5-CS9): every modifier applies, the smaller pool is split. The GM's own +2 on both pistols:
    # Agility 5 + Pistols 6 − 4 (called shot) + 2 = 9 each → 5 + 4.
    from gmtool.games.shadowrun.rules.attack.messages import FreeTerm, TableChoices
    from tests.test_attack_called_shots import two_gun_fight

    enc = two_gun_fight()
    choices = TableChoices(free=(FreeTerm(label="Steady hands", value=2),))
    first = run(enc, shot(called_shot="multiple_attacks", attacks=2, paired_weapon=1, paired_mode="SA",
                          attack_choices=choices, attack_faces=faces(0, 5), defence_faces=faces(0, 8)))
    assert resolved(first).attack.pool == 5


@pytest.mark.rule("SR5-CS3")
def test_the_harder_knock_line_says_the_damage_is_stun() -> None:
    # SR5-CS3 (the digest's reading): the damage becomes stun.
    enc = sr5_fight(target_armour=9)
    events = run(enc, shot(called_shot="harder_knock", attack_faces=faces(3, 7), defence_faces=faces(0, 8),
                           soak_faces=faces(2, 12)))
    assert log_lines(enc, [called(events)]) == ["Shooter's harder knock: the damage to Target is stun."]


@pytest.mark.rule("SR5-N5")
def test_a_parry_declared_adds_its_skill_to_one_melee_defence() -> None:
    # SR5-N5 (−5): + the melee weapon skill on one melee defence; the GM declares it as 5 (the Target's Blades 2 is
    # the sheet's, the declared figure counts): Reaction 4 + Intuition 4 + 5 = 13 dice.
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    enc = sr5_fight(blades=2)
    run(enc, DeclareInterrupt(combatant="c2", interrupt="parry", bonus=5))
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=1)))
    assert e.melee and e.defence is not None and e.defence.pool == 4 + 4 + 5
