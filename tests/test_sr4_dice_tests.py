"""SR4 dice tests and Edge through the SR4 encounter's journal (issue 18, first part).

Every expected value is worked out by hand from the digests, faces typed at the table
(X-2) so the dice are known: ``shared/seeds/000_85eb82309217704e.txt`` §1 (tests) and §2
(Edge), and ``004_5462055be7286dd3.txt`` (buying hits, critical success, roll limit).
The sheet: Agility 4, Intuition 3, Body 4, Edge 3 (3 points); skill 3 → a pool of 7.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.dice_odds import test_odds as odds_of
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.edge_messages import CheatDeath, DeadMansTrigger
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.preview import preview_test
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet

AGI_SKILL = tc.PoolSpec(attribute="AGI", skill=3)  # 4 + 3 = 7 dice


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"AGI": 4, "BOD": 4} | attributes
    return Sheet(name=name, attributes=values, edge_points=values["EDG"])


class Fight:
    """An SR4 encounter with Kat (c1) and Rook (c2)."""

    def __init__(self) -> None:
        self.session = EncounterSession(Encounter(SR4Ruleset(), 7), MemoryStore(), 1)
        self.run(cmd.AddCombatant(sheet=sheet("Kat")))
        self.run(cmd.AddCombatant(sheet=sheet("Rook")))

    def run(self, command):  # noqa: ANN001, ANN201 - the events of the command
        return self.session.execute(command).events

    @property
    def state(self):  # noqa: ANN201
        return self.session.encounter.state

    def kat(self):  # noqa: ANN201
        return self.state.combatants["c1"]

    def test(self, faces: tuple[int, ...], threshold: int = 0, use: EdgeUse = EdgeUse.NONE, pool=AGI_SKILL):  # noqa: ANN001, ANN201
        events = self.run(tc.RollTest(combatant="c1", pool=pool, threshold=threshold, edge_use=use, faces=faces))
        return next(e for e in events if e.kind == "dice_test_rolled")

    def after(self, use: EdgeUse, faces: tuple[int, ...] | None):  # noqa: ANN201
        events = self.run(tc.UseEdgeAfter(combatant="c1", edge_use=use, faces=faces))
        return next(e for e in events if e.kind == "dice_test_rolled")


def refusal(fight: Fight, command) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as info:
        fight.run(command)
    return info.value.key


@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("SR4-D4")
def test_a_success_test_counts_fives_and_sixes_against_the_threshold() -> None:
    # 000 §1.1: a hit is a die showing 5 or more; success when hits ≥ threshold; net hits above it.
    e = Fight().test((6, 5, 5, 4, 3, 2, 2), threshold=2)
    assert e.pool == 7 and e.hits == 3 and not e.glitch
    assert e.counted_hits - e.threshold == 1  # one net hit


@pytest.mark.rule("SR4-D2")
def test_half_the_dice_showing_one_is_a_glitch_in_sr4() -> None:
    # 000 §1.1: 出目の半分以上が1 — 3 ones of 6 dice is half: a glitch (SR5 would need more than half).
    e = Fight().test((1, 1, 1, 5, 5, 2), pool=tc.PoolSpec(attribute="AGI", skill=2))
    assert e.pool == 6 and e.ones == 3 and e.glitch and e.hits == 2 and not e.critical_glitch
    e = Fight().test((1, 1, 1, 5, 5, 2, 3))  # 3 ones of 7: less than half
    assert not e.glitch


@pytest.mark.rule("SR4-D3")
def test_a_glitch_without_hits_is_critical() -> None:
    # 000 §1.1: half or more ones and not one hit.
    e = Fight().test((1, 1, 1, 1, 2, 3, 4), threshold=1)
    assert e.hits == 0 and e.glitch and e.critical_glitch


@pytest.mark.rule("SR4-D7")
@pytest.mark.rule("SR4-D8")
def test_attribute_only_tests_and_defaulting_form_their_pools() -> None:
    fight = Fight()
    # 000 §1.2: two different attributes; defaulting = linked attribute − 1.
    both = preview_test(fight.state, "c1", tc.PoolSpec(attribute="AGI", second_attribute="INT"))
    assert both.terms == (("attr.AGI", 4), ("attr.INT", 3)) and both.spec.pool == 7
    default = preview_test(fight.state, "c1", tc.PoolSpec(attribute="AGI", skill=0))
    assert default.terms == (("attr.AGI", 4), ("pool.defaulting", -1)) and default.spec.pool == 3


@pytest.mark.rule("SR4-D13")
def test_no_rule_of_six_without_edge() -> None:
    # 000 §1.5: the rule of six only when Edge is spent: a six adds no die, so 7 faces exactly.
    fight = Fight()
    assert fight.test((6, 6, 2, 2, 2, 2, 2)).hits == 2
    assert refusal(fight, tc.RollTest(combatant="c1", pool=AGI_SKILL, faces=(6, 6, 2, 2, 2, 2, 2, 5))) == "error.faces_count"


@pytest.mark.rule("SR4-E2")
@pytest.mark.rule("SR4-D13")
@pytest.mark.rule("SR4-E1")
def test_edge_before_adds_edge_dice_and_every_six_explodes() -> None:
    # 000 §2: before the test, + Edge (3) dice, the rule of six on all dice: 7 + 3 = 10 dice;
    # the two sixes add two dice (6, 1); that six adds one more (4). Hits: 6 5 6 + 6 = 4; one 1 of 13.
    fight = Fight()
    faces = (6, 5, 2, 2, 2, 2, 2, 2, 6, 3) + (6, 1) + (4,)
    e = fight.test(faces, use=EdgeUse.ADD_BEFORE)
    assert len(e.dice) == 13 and e.hits == 4 and e.ones == 1 and not e.glitch
    assert [source for _f, source, _r in e.dice].count("edge") == 3
    assert fight.kat().sheet.edge_points == 2  # one point spent
    # One point per action: no Edge after the roll on this test.
    assert refusal(fight, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.REROLL_FAILURES)) == "error.edge_once_per_action"


@pytest.mark.rule("SR4-E3")
def test_edge_after_adds_dice_and_only_they_follow_the_rule_of_six() -> None:
    # 000 §2: after the test, + Edge dice; dice already rolled are not rerolled; the rule of six on the
    # added dice only. Pool (6 2 2 3 4 5 1): 2 hits; its six adds nothing. Added (6 2 5) → six → (6) → (3).
    fight = Fight()
    assert fight.test((6, 2, 2, 3, 4, 5, 1)).hits == 2
    e = fight.after(EdgeUse.ADD_AFTER, (6, 2, 5, 6, 3))
    assert len(e.dice) == 12 and e.hits == 2 + 3 and e.role == "edge_after"
    assert fight.kat().sheet.edge_points == 2
    fight.session.undo()
    assert refusal(fight, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.ADD_AFTER, faces=(6, 2, 5, 6))) == "error.faces_count"


@pytest.mark.rule("SR4-E3")
def test_rolled_edge_dice_after_the_roll_explode() -> None:
    fight = Fight()
    fight.test((2, 2, 2, 3, 4, 5, 1))
    e = fight.after(EdgeUse.ADD_AFTER, None)  # rolled: 3 Edge dice plus one per six among them, recursively
    added = e.dice[7:]
    sixes = sum(1 for face, _s, _r in added if face == 6)
    assert len(added) == 3 + sixes


@pytest.mark.rule("SR4-E4")
def test_edge_after_rerolls_every_die_that_missed() -> None:
    # 000 §2: ヒットしなかったサイコロを振りなおす. (5 1 1 2 3 6): 2 hits; the 4 misses rerolled (5 5 1 2): +2.
    fight = Fight()
    fight.test((5, 1, 1, 2, 3, 6), pool=tc.PoolSpec(attribute="AGI", skill=2))
    e = fight.after(EdgeUse.REROLL_FAILURES, (5, 5, 1, 2))
    assert e.hits == 4
    assert sum(1 for _f, _s, replaced in e.dice if replaced) == 4


@pytest.mark.rule("SR4-E4")
def test_sr4_allows_the_reroll_after_a_glitch() -> None:
    # The digest sets no condition on the reroll (SR5 forbids it after a glitch).
    fight = Fight()
    assert fight.test((1, 1, 1, 5, 2, 3), pool=tc.PoolSpec(attribute="AGI", skill=2)).glitch
    e = fight.after(EdgeUse.REROLL_FAILURES, (6, 5, 2, 2, 2))
    assert e.hits == 3 and not e.reroll_refused


@pytest.mark.rule("SR4-E8")
def test_edge_negates_a_glitch_or_a_critical_glitch() -> None:
    # 000 §2: グリッチ/クリティカル・グリッチを回避することができる.
    fight = Fight()
    fight.test((1, 1, 1, 2, 2, 3), pool=tc.PoolSpec(attribute="AGI", skill=2))
    e = fight.after(EdgeUse.NEGATE_GLITCH, None)
    assert e.glitch_negated and not e.glitch and not e.critical_glitch and e.hits == 0
    other = Fight()
    other.test((5, 5, 2, 2, 2, 3, 4))
    assert refusal(other, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.NEGATE_GLITCH)) == "error.sr4_no_glitch_to_negate"


@pytest.mark.rule("SR4-E5")
@pytest.mark.rule("SR4-D9")
def test_a_longshot_rolls_the_edge_dice_alone() -> None:
    # 000 §1.2: when modifiers bring the pool to 0 or less, a longshot test rolls Edge (3) dice.
    # 4 + 3 − 10 = −3: Edge dice (5 6 2), the six explodes (1): 2 hits, one 1 of 4 dice.
    fight = Fight()
    longshot = tc.PoolSpec(attribute="AGI", skill=3, modifier=-10)
    e = fight.test((5, 6, 2, 1), use=EdgeUse.ADD_BEFORE, pool=longshot)
    assert e.pool == -3 and e.hits == 2 and not e.glitch and len(e.dice) == 4
    assert refusal(fight, tc.RollTest(combatant="c1", pool=longshot, faces=())) == "error.pool_empty"


@pytest.mark.rule("SR4-E10")
@pytest.mark.rule("SR4-D14")
def test_burning_edge_makes_an_achievable_test_a_critical_success() -> None:
    # 000 §2: 実行可能なテストの結果をクリティカル・サクセスにする (エッジを燃やす); 004: 4+ net hits.
    fight = Fight()
    events = fight.run(tc.RollTest(combatant="c1", pool=AGI_SKILL, threshold=3, edge_use=EdgeUse.CRITICAL_SUCCESS))
    burnt, rolled = events[0], events[1]
    assert burnt.kind == "edge_burnt" and (burnt.attribute_before, burnt.attribute_after) == (3, 2)
    assert rolled.dice == () and rolled.hits - rolled.threshold == 4
    assert fight.kat().sheet.attributes["EDG"] == 2 and fight.kat().sheet.edge_points == 2
    too_hard = tc.RollTest(combatant="c1", pool=AGI_SKILL, threshold=8, edge_use=EdgeUse.CRITICAL_SUCCESS)
    assert refusal(fight, too_hard) == "error.not_achievable"
    opposed = tc.RollOpposedTest(combatant="c1", pool=AGI_SKILL, opponent_dice=4, edge_use=EdgeUse.CRITICAL_SUCCESS)
    assert refusal(fight, opposed) == "error.sr4_burn_success_only"


@pytest.mark.rule("SR4-E1")
def test_burning_lowers_the_attribute_and_refreshing_restores_the_points() -> None:
    # 000 §2: spent points come back at the GM's call; a burnt point never comes back.
    fight = Fight()
    fight.test((5, 5, 2, 2, 2, 2, 2, 2, 2, 2), use=EdgeUse.ADD_BEFORE)  # points 3 → 2 (no six: no extra die)
    fight.run(tc.BurnEdge(combatant="c1"))  # attribute 3 → 2, points stay 2
    assert (fight.kat().sheet.attributes["EDG"], fight.kat().sheet.edge_points) == (2, 2)
    assert refusal(fight, tc.RefreshEdge(combatant="c1")) == "error.edge_full"
    fight.test((5, 5, 2, 2, 2, 2, 2, 2, 2), use=EdgeUse.ADD_BEFORE)  # 7 + 2 dice; points 2 → 1
    events = fight.run(tc.RefreshEdge())
    assert [(e.name, e.before, e.after) for e in events] == [("Kat", 1, 2)]  # back to the lowered attribute


@pytest.mark.rule("SR4-D5")
def test_opposed_ties_go_to_the_defender() -> None:
    # 000 §1.2 / rules SR4-D5: net hits = winner − loser; in combat a tie goes to the defender.
    fight = Fight()
    events = fight.run(tc.RollOpposedTest(combatant="c1", pool=AGI_SKILL, opponent_dice=5,
                                          faces=(5, 5, 6, 1, 2, 3, 4), opponent_faces=(5, 6, 5, 1, 2)))
    resolved = events[-1]
    assert (resolved.actor_hits, resolved.opponent_hits, resolved.actor_wins, resolved.net_hits) == (3, 3, False, 0)
    events = fight.run(tc.RollOpposedTest(
        combatant="c1", pool=AGI_SKILL, opponent="c2", opponent_pool=tc.PoolSpec(attribute="REA", skill=2),
        faces=(5, 5, 6, 6, 2, 3, 4), opponent_faces=(5, 6, 1, 2, 2),
    ))
    assert (events[-1].actor_wins, events[-1].net_hits) == (True, 2)  # 4 − 2


@pytest.mark.rule("SR4-D6")
def test_an_extended_test_accumulates_hits_over_intervals() -> None:
    # 000 §1.2 継続テスト: one roll per interval, hits add up to the threshold; 004: roll limit = the pool.
    fight = Fight()
    fight.run(tc.StartExtendedTest(combatant="c1", pool=AGI_SKILL, threshold=5, interval_minutes=30))
    assert fight.state.extended_tests[1].roll_limit == 7
    first = fight.run(tc.RollExtendedTest(test=1, faces=(5, 5, 1, 2, 3, 4, 2)))[-1]
    assert (first.accumulated, first.rolls, first.elapsed_minutes, first.outcome) == (2, 1, 30, "continues")
    second = fight.run(tc.RollExtendedTest(test=1, faces=(6, 5, 5, 2, 2, 2, 2)))[-1]
    assert (second.accumulated, second.rolls, second.elapsed_minutes, second.outcome) == (5, 2, 60, "succeeded")
    fight.run(tc.StartExtendedTest(combatant="c1", pool=AGI_SKILL, threshold=9, roll_limit=3))
    failed = fight.run(tc.RollExtendedTest(test=2, faces=(1, 1, 1, 1, 2, 2, 2)))[-1]
    assert failed.outcome == "failed"  # a critical glitch ends it


@pytest.mark.rule("SR4-D10")
def test_teamwork_adds_the_helpers_hits_to_the_leaders_pool() -> None:
    # 000 §1.2: 行為者のダイスプール = 技能値 + 【関連能力値】 + 補助者のヒット数.
    fight = Fight()
    events = fight.run(tc.RollTeamworkTest(
        combatant="c1", pool=AGI_SKILL, threshold=2,
        helpers=(tc.TeamHelper(combatant="c2", pool=tc.PoolSpec(attribute="AGI", skill=1)),),
    ))
    helper, leader = events[0], events[-1]
    helper_hits = sum(1 for face, _s, _r in helper.dice if face >= 5)  # read off the helper's faces
    assert helper.role == "helper" and len(helper.dice) == 5  # Rook: AGI 4 + 1
    assert leader.terms[-1] == ("pool.teamwork", helper_hits) and leader.pool == 7 + helper_hits


@pytest.mark.rule("SR4-D11")
def test_each_retry_of_a_failed_test_takes_minus_two() -> None:
    # 000 §1.3: 再挑戦するたびにダイスプールに-2ずつ.
    fight = Fight()
    fight.test((2, 2, 2, 3, 4, 5, 3), threshold=2)  # 1 hit: failed
    again = fight.run(tc.RollTest(combatant="c1", pool=AGI_SKILL, threshold=2, retry=True,
                                  faces=(2, 2, 2, 3, 4)))
    rolled = next(e for e in again if e.kind == "dice_test_rolled")
    assert rolled.terms[-1] == ("pool.retry", -2) and rolled.pool == 5


@pytest.mark.rule("SR4-D12")
def test_buying_hits_takes_one_hit_per_four_dice() -> None:
    # 000 §1.4: ダイスプールが4つあるごとに、ヒットを1つ購入; no roll, so no glitch.
    fight = Fight()
    events = fight.run(tc.RollTest(combatant="c1", pool=AGI_SKILL, threshold=1, buy_hits=True))
    assert events[0].bought and events[0].hits == 1 and events[0].dice == () and not events[0].glitch


@pytest.mark.rule("SR4-E9")
def test_the_dead_mans_trigger_spends_edge_for_one_more_action_when_going_down() -> None:
    # 000 §2: 「死者の引き金」を発動させる. Body 4: physical monitor 8 + 2 = 10 boxes.
    fight = Fight()
    assert refusal(fight, DeadMansTrigger(combatant="c1")) == "error.not_going_down"
    fight.run(cmd.ApplyDamage(combatant="c1", track="physical", boxes=10))
    events = fight.run(DeadMansTrigger(combatant="c1"))
    assert [e.kind for e in events] == ["edge_spent", "last_action_granted"]
    assert fight.kat().last_action and fight.kat().sheet.edge_points == 2
    assert refusal(fight, DeadMansTrigger(combatant="c1")) == "error.trigger_used"


@pytest.mark.rule("SR4-E11")
def test_burning_edge_cheats_death() -> None:
    # 000 §2: 死を免れる (エッジを燃やす). Dead beyond 10 boxes + Body 4 overflow: 15 boxes kill;
    # the character lives at the last box before death (14), Edge 3 → 2.
    fight = Fight()
    fight.run(cmd.ApplyDamage(combatant="c1", track="physical", boxes=14))
    assert refusal(fight, CheatDeath(combatant="c1")) == "error.not_dying"
    fight.run(cmd.ApplyDamage(combatant="c1", track="physical", boxes=1))
    assert fight.kat().sheet.dead
    fight.run(CheatDeath(combatant="c1"))
    kat = fight.kat().sheet
    assert kat.physical_damage == 14 and not kat.dead and kat.attributes["EDG"] == 2 and kat.edge_points == 2


@pytest.mark.rule("SR4-D2")
def test_the_odds_shown_before_the_roll_equal_icepool() -> None:
    # 7 dice, threshold 2: success = P(≥ 2 fives or sixes); glitch = P(ones ≥ 4), since 2 × ones ≥ 7.
    spec = preview_test(Fight().state, "c1", AGI_SKILL, threshold=2).spec
    odds = odds_of(spec)
    law = icepool.d6.pool(7).expand()
    hits = law.map(lambda faces: sum(f >= 5 for f in faces))
    ones = law.map(lambda faces: sum(f == 1 for f in faces))
    success = sum(Fraction(hits.quantity(k), hits.denominator()) for k in hits.outcomes() if k >= 2)
    glitch = sum(Fraction(ones.quantity(k), ones.denominator()) for k in ones.outcomes() if 2 * k >= 7)
    assert odds.success == pytest.approx(float(success), abs=1e-12)
    assert odds.glitch == pytest.approx(float(glitch), abs=1e-12)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_test_event_has_a_log_line_and_undo_restores_the_state(language: str) -> None:
    set_language(language)
    try:
        fight = Fight()
        ruleset = fight.session.encounter.ruleset
        before = fight.kat().sheet
        events = fight.run(tc.RollTest(combatant="c1", pool=AGI_SKILL, threshold=1, edge_use=EdgeUse.ADD_BEFORE,
                                       faces=(1, 1, 1, 1, 1, 2, 2, 2, 2, 2)))
        events += fight.run(tc.BurnEdge(combatant="c1"))
        fight.run(cmd.ApplyDamage(combatant="c1", track="physical", boxes=15))
        events += fight.run(CheatDeath(combatant="c1")) + fight.run(DeadMansTrigger(combatant="c1"))
        for event in events:
            line = ruleset.describe(event)
            assert line and "log." not in line and "edge." not in line and "sr4test." not in line, line
        for _ in range(5):  # the five commands after the roster
            fight.session.undo()
        assert fight.kat().sheet == before and fight.kat().last_test is None
    finally:
        set_language("en")


@pytest.mark.parametrize(("language", "words"), [("en", "Edge dice before the roll"), ("ja", "6のルール")])
def test_the_printed_report_words_the_tests(language: str, words: str) -> None:
    from gmtool.printing.markdown import render_markdown
    from gmtool.printing.report import ReportOptions, build_report

    fight = Fight()
    fight.test((5, 5, 2, 2, 2, 2, 2, 2, 2, 2), threshold=1, use=EdgeUse.ADD_BEFORE)
    text = render_markdown(build_report(fight.session.encounter, "Fight", ReportOptions(language=language)))
    assert words in text and "Kat" in text
