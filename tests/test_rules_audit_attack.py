"""Rules the audit found wrong (issue 12), the attack's side, through the journal.

Every expected figure is worked out by hand from the digest line cited beside it (001 = SR5
combat digest, 000 = SR4 digest); where a figure comes from the rulebook instead, the
comment says so. The fighters are those of ``tests/test_attack_flow.py``: Shooter
(Agility 5, Pistols 6, Blades 4, Strength 4) with an Ares Predator V (8P, AP −1, SA,
Accuracy 5) against Target (Body 4, Reaction 4, Intuition 4, physical limit
⌈(2×4 + 4 + 4)/3⌉ = 6); in SR4 an Ares Predator IV (5P, AP −1) against a Target with
Reaction 1 and Dodge 2.
"""

from __future__ import annotations

import pytest

from gmtool.core.effects import Duration
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    MarkSuppressed,
    Reload,
    RowCount,
    SuppressiveFireEnded,
    TableChoices,
)
from gmtool.games.shadowrun.rules.attack.plan import plan
from gmtool.games.shadowrun.rules.attack.suppression import suppressed, zones_in_force
from gmtool.games.shadowrun.rules.readings import Readings
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from tests.test_attack_flow import ATTR, blanks, next_own_phase, resolved, run, sixes, sr4_fight, sr5_fight
from tests.test_attack_suppressive import fight as suppression_fight
from tests.test_attack_suppressive import suppress


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def faces(hits: int, pool: int) -> tuple[int, ...]:
    return sixes(hits) + blanks(pool - hits)


def shot(**fields: object) -> Attack:
    """The Ares Predator V, semi-automatic, at 4 m."""
    return Attack(**({"attacker": "c1", "target": "c2", "weapon": 0, "mode": "SA", "distance": 4} | fields))


def kinds(events) -> list[str]:  # noqa: ANN001
    return [e.kind for e in events]


# -- SR5-A1 / F1 / F2: one attack action per action phase ------------------------------------------
# 001 digest 2-1: "銃の射撃の多くは単純動作ですが、基本的に1度の行動フェイズに1度しか射撃は行えません。"
# 発射モード SA: "セミオートマティック武器は、単純動作では他の如何なる攻撃アクションとも組み合わせることができません。"
@pytest.mark.rule("SR5-A1")
@pytest.mark.rule("SR5-F2")
def test_a_second_semi_automatic_shot_in_the_same_phase_is_refused_before_any_die() -> None:
    from gmtool.games.shadowrun.sr5.rules.actions import budget_left
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER

    enc = sr5_fight()
    run(enc, shot())
    shooter = enc.state.combatants["c1"]
    assert budget_left(shooter)[0] == 1  # a simple action is left: the budget is not what refuses
    with pytest.raises(RulesError) as planned:  # the plan refuses: the panel shows it before the Roll
        plan(ADAPTER, enc.state, shot())
    assert planned.value.key == "error.one_attack_per_phase"
    assert "Shooter has already attacked in this action phase" in planned.value.message()
    with pytest.raises(RulesError) as decided:
        enc.prepare(shot())
    assert decided.value.key == "error.one_attack_per_phase"
    next_own_phase(enc, "c1")
    assert resolved(run(enc, shot())).attacker == "c1"  # the next action phase: one shot again


def single_shot_fight() -> Encounter:
    """The shooter with a Ruger Super Warhawk (single shot only)."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(), 7)
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Shooter", attributes=ATTR, initiative_bonus=10,
                                          skills={"pistols": 6}, weapons=(weapon("sr5", "ruger_super_warhawk"),))))
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Target", attributes=ATTR, armour=9)))
    run(enc, cmd.StartTurn())
    return enc


# 発射モード SS: "シングルショットは、同じ行動タイミングで他の攻撃動作と組合すことが出来ない単純動作として扱います。"
@pytest.mark.rule("SR5-F1")
def test_a_single_shot_is_combined_with_no_other_attack_action_either_way() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    enc = single_shot_fight()
    run(enc, shot(mode="SS"))
    with pytest.raises(RulesError) as thrown:  # a weapon thrown after the shot
        enc.prepare(cmd.TakeAction(combatant="c1", action="simple", name="throw_weapon"))
    assert thrown.value.key == "error.one_attack_per_phase"
    other = single_shot_fight()
    run(other, cmd.TakeAction(combatant="c1", action="simple", name="fire_weapon"))  # a shot from the action list
    with pytest.raises(RulesError) as refused:
        other.prepare(shot(mode="SS"))
    assert refused.value.key == "error.one_attack_per_phase"
    run(other, cmd.TakeAction(combatant="c1", action="simple", name="take_aim"))  # other actions still fit


# 発射モード セミオートマティックバースト: "連続攻撃を使うことで１度の攻撃で複数の相手に射撃することもできます。"
@pytest.mark.rule("SR5-F3")
@pytest.mark.rule("SR5-CS9")
def test_a_semi_automatic_burst_split_by_multiple_attacks_stays_one_attack_action() -> None:
    enc = sr5_fight()
    burst = shot(mode="SA_burst", called_shot="multiple_attacks", attacks=2)
    first = run(enc, burst)
    second = run(enc, burst.model_copy(update={"pool_share": 1}))  # not refused: the same attack action
    assert [(e.action, e.listed) for e in first if e.kind == "action_taken"] == [
        ("free", "multiple_attacks"), ("complex", "fire_long_burst")
    ]
    assert "action_taken" not in kinds(second) and resolved(second).attacker == "c1"
    assert enc.state.combatants["c1"].attacks_in_phase == 1


# -- SR5-F8 / F9: the zone lasts exactly as long as its shooter does nothing else ---------------------
# 001 digest 制圧射撃: "銃が故障するか、或いは他の行動をとらない限り、戦闘ターン終了まで、この制圧地帯を作り続けることが
# 出来ます。制圧地帯の中にいる、或いはすぐ隣にいるキャラクターは、そのヒット数分だけ全ての行動にペナルティを負います。"
@pytest.mark.rule("SR5-F8")
@pytest.mark.rule("SR5-F9")
def test_the_zone_ends_when_its_shooter_takes_another_action_and_the_minus_hits_with_it() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    enc = suppression_fight()
    zone = suppress(enc, hits=4)
    run(enc, MarkSuppressed(zone=zone, combatants=("c2",)))
    run(enc, cmd.TakeAction(combatant="c2", action="free", name="speak"))  # someone else acting: no end
    assert len(zones_in_force(enc.state)) == 1 and suppressed(enc.state) == ["c2"]
    events = run(enc, cmd.TakeAction(combatant="c1", action="free", name="speak"))  # the shooter: "他の行動"
    assert kinds(events) == ["action_taken", "suppressive_fire_ended", "effect_ended", "effect_ended"]
    ended = events[1]
    assert isinstance(ended, SuppressiveFireEnded) and ended.reason == "action" and ended.lifted == ("Ganger A",)
    assert {(e.key, e.combatant) for e in events[2:]} == {("suppressive_fire", "c1"), ("suppressed", "c2")}
    assert enc.ruleset.describe(ended) == (
        "Rook's suppressive fire ends: Rook takes another action; −hits lifted from Ganger A."
    )
    assert zones_in_force(enc.state) == [] and suppressed(enc.state) == []
    ganger = resolved(run(enc, Attack(attacker="c2", target="c1", weapon=0, mode="SA", distance=5,
                                      charge_action=False)))
    assert ganger.attack.pool == 5 + 3  # Agility + Pistols: no −4 once the zone is gone


@pytest.mark.rule("SR5-F8")
def test_the_shooters_interrupt_ends_the_zone_but_the_end_of_its_phase_does_not() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    enc = suppression_fight()
    suppress(enc)
    run(enc, cmd.NextPhase())  # Rook's phase ends: doing nothing more is no other action
    assert len(zones_in_force(enc.state)) == 1
    events = run(enc, DeclareInterrupt(combatant="c1", interrupt="dodge"))
    assert "suppressive_fire_ended" in kinds(events) and zones_in_force(enc.state) == []
    assert next(e for e in events if e.kind == "suppressive_fire_ended").reason == "action"


@pytest.mark.rule("SR5-F8")
@pytest.mark.rule("SR5-F9")
def test_the_turns_end_and_a_stopped_gun_end_the_zone_with_their_own_line() -> None:
    from gmtool.games.shadowrun.rules.effect_messages import RemoveEffect
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    enc = suppression_fight()
    zone = suppress(enc)
    run(enc, MarkSuppressed(zone=zone, combatants=("c2", "c3")))
    events = run(enc, cmd.StartTurn())  # "戦闘ターン終了まで"
    ending = [e for e in events if e.kind in ("suppressive_fire_ended", "effect_ended")]
    assert ending[0].kind == "suppressive_fire_ended" and ending[0].reason == "turn_end"
    assert sorted(e.effect for e in ending[1:]) == sorted({e.effect for e in ending[1:]})  # each ended once
    assert {e.combatant for e in ending[1:]} == {"c1", "c2", "c3"}
    assert "ends with the turn" in enc.ruleset.describe(ending[0])
    stopped = suppression_fight()
    zone = suppress(stopped)
    run(stopped, MarkSuppressed(zone=zone, combatants=("c3",)))
    events = run(stopped, RemoveEffect(effect=zone))  # "銃が故障する": the GM stops the fire
    assert kinds(events) == ["suppressive_fire_ended", "effect_ended", "effect_ended"]
    assert events[0].reason == "stopped" and suppressed(stopped.state) == []
    stopped.commit(stopped.prepare_undo())  # one undo brings zone and −hits back
    assert len(zones_in_force(stopped.state)) == 1 and suppressed(stopped.state) == ["c3"]


# 001 digest 制圧射撃: "スマートリンク、レーザーサイト、卑光弾等の修正を加え、戦闘技能+【敏捷性】【精密度】でテスト".
# The laser sight's +1 is the rulebook's (p. 432; not cumulative with a smartgun); the tracer's shift is the
# digest's environment table (曳光弾(FA) 風と射程を1ランク軽減させる).
@pytest.mark.rule("SR5-F8")
def test_the_sr5_attacker_table_has_laser_sight_and_tracer_rows_suppressive_fire_takes() -> None:
    enc = suppression_fight()
    laser = TableChoices(ticked=("sr5.attacker/laser_sight",))
    events = run(enc, Attack(attacker="c1", weapon=0, mode="suppressive", attack_choices=laser,
                             attack_faces=blanks(11)))
    started = next(e for e in events if e.kind == "suppressive_fire_started")
    assert started.attack.pool == 5 + 5 + 1  # Agility + Automatics + laser sight
    from gmtool.games.shadowrun.rules.tables.loader import load_tables

    table = load_tables().tables["sr5.attacker"]
    laser_row, tracer = table.row("laser_sight"), table.row("tracer_full_auto")
    assert laser_row is not None and laser_row.group == table.row("smartgun_external").group  # one or the other
    assert tracer is not None and tracer.see == "sr5.environment"


# -- rows with a count (SR4-MT1, SR4-MT3, SR5 reach) ------------------------------------------------
def sr4_ranged_sheet():  # noqa: ANN201
    from gmtool.core.tables.engine import build_sheet
    from gmtool.games.shadowrun.rules.tables.context import ActionContext

    return build_sheet(ActionContext(game="sr4", action="ranged_attack"))


# 000 digest 射撃戦闘修正表: "狙いをつける 単純動作 1 回につき +1" and "複数の目標 1 行動フェイズで目標を変更するごとに -2".
@pytest.mark.rule("SR4-MT1")
def test_take_aim_and_multiple_targets_take_their_count() -> None:
    sheet = sr4_ranged_sheet()
    assert sheet.row_value("sr4.ranged/take_aim") == 0  # no aim in the situation
    aimed = sheet.set_count("sr4.ranged/take_aim", 3)
    assert aimed.is_ticked("sr4.ranged/take_aim") and aimed.row_value("sr4.ranged/take_aim") == 3
    changes = aimed.set_count("sr4.ranged/multiple_targets", 2)
    assert changes.row_value("sr4.ranged/multiple_targets") == -4 and changes.total() == 3 - 4
    assert not changes.set_count("sr4.ranged/take_aim", 0).is_ticked("sr4.ranged/take_aim")
    for key, count, error in (
        ("sr4.ranged/take_aim", -1, "error.tables_count_range"),
        ("sr4.ranged/laser_sight", 1, "error.tables_not_counted"),
    ):
        with pytest.raises(RulesError) as refused:
            sheet.set_count(key, count)
        assert refused.value.key == error


# 000 digest 近接戦闘修正表: "味方がいる 1 人当たり +1(最高 +4)".
@pytest.mark.rule("SR4-MT3")
def test_friends_in_the_melee_count_one_each_up_to_four() -> None:
    from gmtool.core.tables.engine import Choices, build_sheet
    from gmtool.games.shadowrun.rules.tables.context import ActionContext

    sheet = build_sheet(ActionContext(game="sr4", action="melee_attack"))
    assert sheet.set_count("sr4.melee/friends_in_melee", 3).row_value("sr4.melee/friends_in_melee") == 3
    crowd = sheet.set_count("sr4.melee/friends_in_melee", 6)
    assert crowd.row_value("sr4.melee/friends_in_melee") == 4  # six friends: the +4 cap
    assert Choices.from_data(crowd.choices.to_data()) == crowd.choices  # the count is part of the choices


@pytest.mark.rule("SR4-MT1")
def test_an_attack_takes_the_count_the_gm_gave_and_the_journal_keeps_it() -> None:
    from gmtool.core.journal import JournalEntry

    enc = sr4_fight()
    aimed = TableChoices(ticked=("sr4.ranged/take_aim",), counts=(RowCount(key="sr4.ranged/take_aim", count=2),))
    e = resolved(run(enc, shot(attack_choices=aimed)))
    assert e.attack.pool == 5 + 4 + 2  # Agility + Pistols + two Take Aim actions
    entry = enc.entries[-1]
    again = JournalEntry.from_record(entry.to_record(), enc.ruleset.commands, enc.ruleset.events)
    assert again.command.attack_choices.counts == (RowCount(key="sr4.ranged/take_aim", count=2),)


# SR5 reach: the rulebook's attacker row (p. 187, ±1 per point of net reach; not in the 001 digest).
@pytest.mark.rule("SR5-A1")
def test_sr5_reach_counts_the_weapons_difference_unless_the_gm_gives_another() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(), 7)
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Blade", attributes=ATTR, initiative_bonus=10, skills={"blades": 4},
                                          weapons=(weapon("sr5", "katana"),))))
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Target", attributes=ATTR)))
    run(enc, cmd.StartTurn())
    katana = Attack(attacker="c1", target="c2", weapon=0)
    planned = plan(ADAPTER, enc.state, katana)
    assert planned.attack_sheet.count("sr5.attacker/reach") == 1  # katana reach 1, the target's none
    assert planned.pools.attack_pool == 5 + 4 + 1
    longer = TableChoices(ticked=("sr5.attacker/reach",), counts=(RowCount(key="sr5.attacker/reach", count=2),))
    assert plan(ADAPTER, enc.state, katana.model_copy(update={"attack_choices": longer})).pools.attack_pool == 5 + 4 + 2


# 000 digest 近接戦闘修正表: "複数の目標 ダイスプールを分割する"; 射撃戦闘修正表: "2つの武器を同時使用 ダイスプールを分割する".
@pytest.mark.rule("SR4-MT3")
@pytest.mark.rule("SR4-MT1")
def test_sr4_split_rows_split_the_pool_instead_of_refusing() -> None:
    enc = sr4_fight()
    split = TableChoices(ticked=("sr4.melee/multiple_targets",))
    knife = Attack(attacker="c1", target="c2", weapon=1, attacks=3, attack_choices=split)
    first = run(enc, knife.model_copy(update={"attack_faces": blanks(3)}))
    second = run(enc, knife.model_copy(update={"pool_share": 1, "attack_faces": blanks(3)}))
    third = run(enc, knife.model_copy(update={"pool_share": 2, "attack_faces": blanks(2)}))
    # Agility 5 + Blades 3 = 8 split three ways as evenly as it goes: 3 + 3 + 2
    assert [resolved(x).attack.pool for x in (first, second, third)] == [3, 3, 2]
    assert "action_taken" in kinds(first) and "action_taken" not in kinds(second) + kinds(third)
    two_guns = TableChoices(ticked=("sr4.ranged/two_weapons",))
    other = sr4_fight()
    e = resolved(run(other, shot(attack_choices=two_guns, attack_faces=blanks(5))))
    assert e.attack.pool == 5  # Agility 5 + Pistols 4 = 9 for two attacks: 5 + 4, this the first


# -- SR4-R1: full defence, a complex action lasting until the defender's next action -----------------
# 000 digest 3.4: "1. 射撃方法を宣言：全力防御の場合は、この時に宣言"; "(b) 防御者：【反応力】(+回避 / 体術；全力防御時)";
# 3.2 複雑動作: "全力防御".
@pytest.mark.rule("SR4-R1")
def test_sr4_full_defence_costs_the_defenders_next_action_and_covers_every_attack_till_then() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    enc = sr4_fight()
    first = run(enc, shot(full_defence=True, attack_faces=blanks(9), defence_faces=blanks(3)))
    declared = next(e for e in first if e.kind == "full_defence_declared")
    assert declared.owed and not any(e.kind == "action_taken" and e.combatant == "c2" for e in first)
    effect = next(e for e in first if e.kind == "effect_added")
    assert (effect.combatant, effect.key, effect.duration) == ("c2", "full_defence", Duration.NEXT_ACTION)
    assert resolved(first).defence.pool == 1 + 2  # Reaction 1 + Dodge 2
    again = resolved(run(enc, shot()))  # not declared again, still in force
    # Reaction 1 + Dodge 2, −1 for the earlier defence (防御修正表: "防御側がすでに防御している 追加の防御 1 回につき -1")
    assert again.defence.pool == 1 + 2 - 1 and again.full_defence
    while enc.state.actor != "c2":
        run(enc, cmd.NextPhase())
    with pytest.raises(RulesError) as spent:  # its phase went on full defence
        enc.prepare(cmd.TakeAction(combatant="c2", action="simple"))
    assert spent.value.key == "error.phase_budget_spent"
    ended = run(enc, cmd.NextPhase())
    assert any(e.kind == "effect_ended" and e.key == "full_defence" for e in ended)  # its next action is over
    assert not any(e.key == "full_defence" for e in enc.state.effects.values())


@pytest.mark.rule("SR4-R1")
def test_sr4_full_defence_in_ones_own_phase_is_paid_at_once_and_not_twice() -> None:
    from gmtool.games.shadowrun.rules.effect_messages import RemoveEffect
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    enc = sr4_fight()
    events = run(enc, cmd.TakeAction(combatant="c1", action="full_defense"))
    assert [(e.kind, getattr(e, "paid", None)) for e in events][:2] == [
        ("action_taken", "complex"), ("full_defence_declared", None)
    ]
    assert not events[1].owed
    other = sr4_fight()
    first = run(other, shot(full_defence=True, attack_faces=blanks(9), defence_faces=blanks(3)))
    run(other, RemoveEffect(effect=next(e for e in first if e.kind == "effect_added").effect))
    with pytest.raises(RulesError) as owed:  # its next phase is already spent on the first one
        other.prepare(shot(full_defence=True))
    assert owed.value.key == "error.sr4_full_defence_owed"


# -- SR5-CS6 with the ammunition's AP; gel rounds and knockdown (SR5-A5) -------------------------------
# 001 digest スプリットダメージ: "1つが、相手が防具を着ていること。二つ目が、貴方の攻撃のＡＰが相手の装甲値よりも低い必要があります。"
@pytest.mark.rule("SR5-CS6")
def test_splitting_the_damage_compares_the_loaded_ammunitions_ap_with_the_armour() -> None:
    enc = sr5_fight(target_armour=5)
    split = shot(called_shot="splitting_the_damage", charge_action=False)
    enc.prepare(split)  # AP −1 against armour 5: it fits
    run(enc, Reload(combatant="c1", weapon=0, ammo_type="apds", charge_action=False))
    with pytest.raises(RulesError) as refused:  # AP −1 − 4 (APDS) = −5: it strips all 5
        enc.prepare(split)
    assert refused.value.key == "weapons.error.split_ap" and refused.value.args_for_message["ap"] == -5
    thin = sr5_fight(target_armour=1)
    with pytest.raises(RulesError):
        thin.prepare(split)  # AP −1 against armour 1
    run(thin, Reload(combatant="c1", weapon=0, ammo_type="gel", charge_action=False))
    thin.prepare(split)  # gel rounds: AP −1 + 1 = 0 against armour 1: it fits


# 001 digest 2-3: "※適用されたダメージが肉体リミットを越えると転倒します。" Gel rounds (rulebook p. 434): the
# physical limit counts 2 lower.
@pytest.mark.rule("SR5-A5")
def test_gel_rounds_knock_down_at_two_below_the_physical_limit() -> None:
    def five_boxes(enc: Encounter):  # noqa: ANN202
        # 2 hits against 1: 1 net hit; DV 8 + 1 = 9; soak Body 4 + armour 0 → 4 dice, 4 hits: 5 boxes
        return resolved(run(enc, shot(attack_faces=faces(2, 11), defence_faces=faces(1, 8), soak_faces=faces(4, 4))))

    plain = five_boxes(sr5_fight(target_armour=0))
    assert plain.applied == 5 and not plain.knockdown and plain.knockdown_terms == ()  # 5 is not above 6
    enc = sr5_fight(target_armour=0)
    run(enc, Reload(combatant="c1", weapon=0, ammo_type="gel", charge_action=False))
    gel = five_boxes(enc)
    assert gel.applied == 5 and gel.track == "stun" and gel.knockdown  # 5 is above 6 − 2 = 4
    assert [(t.label, t.value, t.page) for t in gel.knockdown_terms] == [("attack.term.ammo_knockdown", -2, 434)]
    assert any(e.key == "prone" for e in enc.state.effects.values())


# -- the digest's readings and the book's (rule options per campaign) -----------------------------------
# 001 digest 激しい一撃: "このコールショットは、ダメージコードを肉体から精神へと変える以外は全てもとのテストと同一です。"
# The book (SR5 p. 195), the option: a weapon dealing stun damage deals physical damage.
@pytest.mark.rule("SR5-CS3")
def test_harder_knock_as_the_book_reads_it_turns_a_stun_weapons_damage_physical() -> None:
    book = Readings(sr5_harder_knock="book")
    refused_with = sr5_fight(target_armour=9, readings=book)
    with pytest.raises(RulesError) as refused:  # the Predator deals physical damage
        refused_with.prepare(shot(called_shot="harder_knock"))
    assert refused.value.key == "weapons.error.harder_knock_book"
    results = {}
    for name, readings in (("digest", None), ("book", book)):
        enc = sr5_fight(target_armour=9, readings=readings)
        run(enc, Reload(combatant="c1", weapon=0, ammo_type="gel", charge_action=False))  # stun rounds
        results[name] = resolved(run(enc, shot(called_shot="harder_knock", attack_faces=faces(3, 7),
                                               defence_faces=faces(0, 8), soak_faces=faces(0, 13))))
    # 3 net hits: DV 8 + 3 = 11; armour 9 + AP (−1 + 1) = 9; 11 is not below 9
    digest, as_book = results["digest"], results["book"]
    assert (digest.dv, digest.modified_armour, digest.track) == (11, 9, "stun")  # gel stays stun
    assert (as_book.dv, as_book.modified_armour, as_book.track) == (11, 9, "physical")
    assert digest.readings[0] == "sr5_harder_knock:digest" and as_book.readings[0] == "sr5_harder_knock:book"


# 001 digest 2-3: "※適用されたダメージが肉体リミットを越えると転倒します。" The book (SR5 p. 194), the option: 10 boxes
# or more also knock down.
@pytest.mark.rule("SR5-A5")
def test_ten_boxes_knock_down_only_as_the_book_reads_it() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    troll = Sheet(name="Troll", metatype="troll", attributes=ATTR | {"STR": 10, "BOD": 10}, armour=1)
    outcomes = {}
    for name, readings in (("digest", None), ("book", Readings(sr5_knockdown="book"))):
        enc = Encounter(SR5Ruleset(readings), 7)
        run(enc, cmd.AddCombatant(sheet=Sheet(name="Shooter", attributes=ATTR, initiative_bonus=10,
                                              skills={"pistols": 6}, weapons=(weapon("sr5", "ares_predator_v"),))))
        run(enc, cmd.AddCombatant(sheet=troll))
        run(enc, cmd.StartTurn())
        # 2 net hits: DV 8 + 2 = 10; armour 1 − 1 = 0; soak Body 10 + 0 = 10 dice, no hit: 10 boxes
        outcomes[name] = resolved(run(enc, shot(attack_faces=faces(2, 11), defence_faces=faces(0, 8),
                                                soak_faces=blanks(10))))
    assert troll.physical_limit == 12  # ⌈(2×10 + 10 + 4)/3⌉
    assert outcomes["digest"].applied == 10 and not outcomes["digest"].knockdown  # 10 is not above 12
    assert outcomes["book"].applied == 10 and outcomes["book"].knockdown
    assert outcomes["book"].readings == ("sr5_knockdown:book",)


# 000 digest 射撃戦闘修正表: "距離 -1(中距離), -2(遠距離), -3(超遠距離)" — the bands end at extreme; SR5 p. 185
# (the range table, recalled from the book): heavy pistols 0-5 / 6-20 / 21-40 / 41-60 m. Beyond 60 m no
# band applies: the attack cannot be made (it was rolled with no range modifier at all).
@pytest.mark.rule("SR4-MT1")
@pytest.mark.rule("SR5-T3")
def test_beyond_the_extreme_range_an_attack_is_refused() -> None:
    from gmtool.core.errors import RulesError as Refused
    from gmtool.games.shadowrun.rules.attack.messages import Attack
    from tests.test_attack_flow import run, sr5_fight

    enc = sr5_fight()
    shot = Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=61)  # the Ares Predator V
    with pytest.raises(Refused) as refused:
        enc.prepare(shot)
    assert refused.value.key == "error.attack_out_of_range"
    assert "60 m" in refused.value.message() and "Ares Predator V" in refused.value.message()
    events = run(enc, shot.model_copy(update={"distance": 60}))  # the last metre of extreme range
    resolved = next(e for e in events if e.kind == "attack_resolved")
    assert ("text:Range: extreme", -6) in [(t.label, t.value) for t in resolved.attack.terms]
