"""The dice-test engine: rolling, typed faces and bought hits for every Edge use.

Rules: SR4-D1-D4, D9, D12-D14, SR4-E2-E5, E8, E10, SR5-E1-E3, the SR5 glitch (with
the extras setting) and limits, X-1 (reproducible, every face kept) and X-2
(typed faces, rule-of-six extras included, and what typing refuses). The digest's
worked example (004) is checked literally in both editions.
"""

from __future__ import annotations

import random

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_tests import (
    Die,
    EdgeUse,
    Edition,
    TestOutcome,
    TestSpec,
    buy_hits,
    roll_test,
    typed_test,
)

SR4, SR5 = Edition.SR4, Edition.SR5


def faces(outcome: TestOutcome) -> tuple[int, ...]:
    return tuple(d.face for d in outcome.dice)


def sources(outcome: TestOutcome) -> tuple[str, ...]:
    return tuple(d.source for d in outcome.dice)


def refusal(call: object, *args: object) -> str:
    with pytest.raises(RulesError) as info:
        call(*args)  # type: ignore[operator]
    return info.value.key


# -- the worked example (004) ------------------------------------------------------------
@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("SR4-D2")
@pytest.mark.rule("X-2")
@pytest.mark.parametrize("edition", list(Edition))
def test_worked_example_troll_shadowing(edition: Edition) -> None:
    """Grein the troll: Agility 3 + Shadowing 4 − 1 = 6 dice; 6,4,4,4,3,2 → 1 hit, no glitch."""
    pool = 3 + 4 - 1
    outcome = typed_test(TestSpec(edition, pool, threshold=1), (6, 4, 4, 4, 3, 2))
    assert pool == 6 and len(outcome.dice) == 6
    assert outcome.hits == outcome.counted_hits == 1
    assert outcome.ones == 0 and not outcome.glitch and not outcome.critical_glitch
    assert outcome.success and outcome.net_hits == 0 and outcome.typed


# -- reproducible rolls -------------------------------------------------------------
@pytest.mark.rule("X-1")
@pytest.mark.parametrize("use", [u for u in EdgeUse if u is not EdgeUse.CRITICAL_SUCCESS])
def test_same_seed_same_faces_and_every_face_is_kept(use: EdgeUse) -> None:
    spec = TestSpec(SR4, 12, threshold=2, edge=5, edge_use=use)
    for seed in range(30):
        first, second = roll_test(spec, random.Random(seed)), roll_test(spec, random.Random(seed))
        assert first == second
        replay = random.Random(seed)
        assert faces(first) == tuple(replay.randint(1, 6) for _ in first.dice)  # no face skipped


@pytest.mark.rule("X-1")
def test_rolling_uses_only_the_injected_generator() -> None:
    spec = TestSpec(SR5, 10, edge=4, edge_use=EdgeUse.ADD_BEFORE)
    random.seed(1)
    a = roll_test(spec, random.Random(7))
    random.seed(2)
    b = roll_test(spec, random.Random(7))
    assert a == b


# -- SR4-D1 to D4 ------------------------------------------------------------------------
@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("SR4-D4")
def test_hits_success_and_net_hits() -> None:
    outcome = typed_test(TestSpec(SR4, 5, threshold=2), (5, 6, 6, 2, 1))
    assert outcome.hits == 3 and outcome.success and outcome.net_hits == 1
    miss = typed_test(TestSpec(SR4, 3, threshold=2), (5, 2, 2))
    assert not miss.success and miss.net_hits == 0


@pytest.mark.rule("SR4-D2")
def test_sr4_glitch_counts_every_die_rolled() -> None:
    plain = typed_test(TestSpec(SR4, 4), (1, 1, 5, 3))
    assert plain.glitch and plain.ones == 2 and not plain.critical_glitch
    # Rule-of-six extras count as rolled: 3 ones of 6 dice (4 + 2 extras) glitch …
    spec = TestSpec(SR4, 2, edge=2, edge_use=EdgeUse.ADD_BEFORE)
    assert typed_test(spec, (6, 1, 1, 6, 1, 3)).glitch
    # … and 3 ones of 7 dice do not.
    assert not typed_test(spec, (6, 1, 1, 6, 6, 1, 3)).glitch


@pytest.mark.rule("SR4-D3")
def test_critical_glitch_is_a_glitch_without_hits() -> None:
    outcome = typed_test(TestSpec(SR4, 4), (1, 1, 2, 3))
    assert outcome.glitch and outcome.critical_glitch
    outcome = typed_test(TestSpec(SR5, 3), (1, 1, 2))
    assert outcome.glitch and outcome.critical_glitch


# -- SR5 glitch and limits ----------------------------------------------------------------
def test_sr5_glitch_needs_more_than_half_of_the_pool() -> None:
    assert not typed_test(TestSpec(SR5, 4), (1, 1, 5, 3)).glitch
    assert typed_test(TestSpec(SR5, 4), (1, 1, 1, 3)).glitch


@pytest.mark.parametrize("extras_count", [True, False])
def test_sr5_glitch_with_the_extras_setting(extras_count: bool) -> None:
    """Pool 2 + Edge 2 = 4 first dice; two sixes add 2 extras showing 1, 1."""
    spec = TestSpec(SR5, 2, edge=2, edge_use=EdgeUse.ADD_BEFORE, extras_ones_count=extras_count)
    outcome = typed_test(spec, (6, 1, 6, 3, 1, 1))
    assert sources(outcome) == ("pool", "pool", "edge", "edge", "extra", "extra")
    # 3 ones against the pool of 4 (not the 6 dice rolled) glitch; without the extras: 1 one.
    assert outcome.ones == (3 if extras_count else 1)
    assert outcome.glitch is extras_count


def test_sr5_limit_caps_the_hits_unless_edge_adds_dice() -> None:
    limited = typed_test(TestSpec(SR5, 5, threshold=2, limit=2), (5, 5, 6, 6, 2))
    assert limited.hits == 4 and limited.counted_hits == 2 and limited.net_hits == 0
    pushed = typed_test(TestSpec(SR5, 4, threshold=2, limit=2, edge=1, edge_use=EdgeUse.ADD_AFTER), (5, 5, 6, 6, 5))
    assert pushed.hits == pushed.counted_hits == 5 and pushed.net_hits == 3
    sr4 = typed_test(TestSpec(SR4, 4, limit=1), (5, 5, 6, 6))
    assert sr4.counted_hits == 4  # SR4 has no limits


# -- the rule of six ---------------------------------------------------------------------
@pytest.mark.rule("SR4-D13")
@pytest.mark.rule("SR4-E2")
@pytest.mark.rule("SR5-E1")
@pytest.mark.parametrize("edition", list(Edition))
def test_edge_before_the_roll_explodes_every_die_breadth_first(edition: Edition) -> None:
    spec = TestSpec(edition, 3, threshold=1, limit=1, edge=2, edge_use=EdgeUse.ADD_BEFORE)
    # 5 first dice: two sixes → 2 extras (6, 2); that six → 1 more extra (5).
    outcome = typed_test(spec, (6, 2, 6, 3, 4, 6, 2, 5))
    assert sources(outcome) == ("pool",) * 3 + ("edge",) * 2 + ("extra",) * 3
    assert outcome.hits == outcome.counted_hits == 4  # the limit is ignored (SR5)
    assert refusal(typed_test, spec, (6, 2, 6, 3, 4, 6, 2)) == "error.faces_count"
    assert refusal(typed_test, spec, (6, 2, 6, 3, 4, 6, 2, 5, 1)) == "error.faces_count"


@pytest.mark.rule("SR4-D13")
def test_no_rule_of_six_without_edge() -> None:
    spec = TestSpec(SR4, 3)
    assert faces(typed_test(spec, (6, 6, 6))) == (6, 6, 6)
    assert refusal(typed_test, spec, (6, 6, 6, 1)) == "error.faces_count"
    rolled = roll_test(TestSpec(SR4, 40), random.Random(3))
    assert len(rolled.dice) == 40 and set(sources(rolled)) == {"pool"}


@pytest.mark.rule("SR4-E3")
def test_sr4_edge_after_the_roll_explodes_only_the_edge_dice() -> None:
    spec = TestSpec(SR4, 3, edge=2, edge_use=EdgeUse.ADD_AFTER)
    outcome = typed_test(spec, (6, 1, 1, 6, 2, 1))  # pool 6,1,1 — edge 6,2 — extra 1
    assert sources(outcome) == ("pool",) * 3 + ("edge",) * 2 + ("extra",)
    assert outcome.hits == 2
    assert outcome.glitch and outcome.ones == 3  # 3 ones of the 6 dice rolled
    assert refusal(typed_test, spec, (6, 6, 1, 2, 2, 1)) == "error.faces_count"  # pool sixes add nothing


@pytest.mark.rule("SR5-E1")
def test_sr5_push_the_limit_after_the_roll_has_no_rule_of_six() -> None:
    spec = TestSpec(SR5, 2, limit=1, edge=2, edge_use=EdgeUse.ADD_AFTER)
    outcome = typed_test(spec, (6, 6, 6, 6))
    assert outcome.hits == outcome.counted_hits == 4 and sources(outcome) == ("pool", "pool", "edge", "edge")
    rolled = roll_test(TestSpec(SR5, 20, edge=6, edge_use=EdgeUse.ADD_AFTER), random.Random(5))
    assert len(rolled.dice) == 26


@pytest.mark.rule("SR4-D9")
@pytest.mark.rule("SR4-E5")
@pytest.mark.rule("SR5-E1")
@pytest.mark.parametrize("edition", list(Edition))
def test_longshot_rolls_the_edge_dice_alone(edition: Edition) -> None:
    spec = TestSpec(edition, -3, threshold=1, edge=3, edge_use=EdgeUse.ADD_BEFORE)
    outcome = typed_test(spec, (6, 1, 2, 5))
    assert sources(outcome) == ("edge", "edge", "edge", "extra")
    assert outcome.hits == 2 and outcome.success
    for seed in range(20):
        rolled = roll_test(spec, random.Random(seed))
        assert sources(rolled)[:3] == ("edge",) * 3
    for use in (EdgeUse.NONE, EdgeUse.NEGATE_GLITCH, EdgeUse.REROLL_FAILURES):
        assert refusal(roll_test, TestSpec(edition, 0, edge=3, edge_use=use), random.Random(1)) == "error.pool_empty"
    after = TestSpec(edition, 0, edge=3, edge_use=EdgeUse.ADD_AFTER)
    assert refusal(roll_test, after, random.Random(1)) == "error.add_after_needs_pool"


# -- rerolls -------------------------------------------------------------------------------
@pytest.mark.rule("SR4-E4")
def test_sr4_reroll_failures_keeps_the_first_glitch() -> None:
    spec = TestSpec(SR4, 4, threshold=2, edge_use=EdgeUse.REROLL_FAILURES)
    outcome = typed_test(spec, (1, 1, 5, 3), (5, 6, 6))  # three failures rerolled
    assert [d.replaced for d in outcome.dice] == [True, True, False, True, False, False, False]
    assert sources(outcome)[4:] == ("reroll",) * 3
    assert outcome.hits == 4 and outcome.glitch and outcome.ones == 2 and not outcome.critical_glitch
    critical = typed_test(spec, (1, 1, 2, 3), (2, 2, 3, 4))
    assert critical.critical_glitch
    assert refusal(typed_test, spec, (1, 1, 5, 3), (5, 6)) == "error.faces_count"
    assert refusal(typed_test, spec, (1, 1, 5, 3), (5, 6, 6, 6)) == "error.faces_count"


@pytest.mark.rule("SR4-E4")
def test_rerolled_dice_do_not_explode() -> None:
    spec = TestSpec(SR4, 2, edge=4, edge_use=EdgeUse.REROLL_FAILURES)
    outcome = typed_test(spec, (2, 3), (6, 6))
    assert outcome.hits == 2 and len(outcome.dice) == 4


@pytest.mark.rule("SR5-E2")
def test_second_chance_not_after_a_glitch_and_limited() -> None:
    spec = TestSpec(SR5, 3, limit=1, edge_use=EdgeUse.REROLL_FAILURES)
    glitched = typed_test(spec, (1, 1, 2))
    assert glitched.reroll_refused and glitched.glitch and glitched.critical_glitch and len(glitched.dice) == 3
    assert refusal(typed_test, spec, (1, 1, 2), (5, 5, 5)) == "error.second_chance_glitch"
    for seed in range(200):
        rolled = roll_test(spec, random.Random(seed))
        assert rolled.reroll_refused == rolled.glitch
        assert rolled.counted_hits <= 1
    fine = typed_test(spec, (1, 5, 2), (5, 6))
    assert fine.hits == 3 and fine.counted_hits == 1 and not fine.reroll_refused


@pytest.mark.rule("X-2")
def test_reroll_faces_are_refused_where_nothing_is_rerolled() -> None:
    assert refusal(typed_test, TestSpec(SR4, 2), (2, 3), (5,)) == "error.faces_count"
    all_hits = TestSpec(SR5, 2, edge_use=EdgeUse.REROLL_FAILURES)
    assert typed_test(all_hits, (5, 6)).hits == 2
    assert refusal(typed_test, all_hits, (5, 6), (5,)) == "error.faces_count"


# -- glitch negation -----------------------------------------------------------------------
@pytest.mark.rule("SR4-E8")
@pytest.mark.rule("SR5-E3")
@pytest.mark.parametrize("edition", list(Edition))
def test_negating_a_glitch(edition: Edition) -> None:
    spec = TestSpec(edition, 3, edge_use=EdgeUse.NEGATE_GLITCH)
    outcome = typed_test(spec, (1, 1, 1))
    assert outcome.glitch_negated and not outcome.glitch and not outcome.critical_glitch
    clean = typed_test(spec, (5, 2, 1))
    assert not clean.glitch_negated and not clean.glitch


# -- critical success ----------------------------------------------------------------------
@pytest.mark.rule("SR4-D14")
def test_four_net_hits_are_a_critical_success() -> None:
    assert typed_test(TestSpec(SR4, 6, threshold=1), (5, 5, 5, 5, 6, 1)).critical_success
    assert not typed_test(TestSpec(SR4, 6, threshold=2), (5, 5, 5, 5, 6, 1)).critical_success
    assert typed_test(TestSpec(SR5, 4), (5, 5, 5, 5)).critical_success


@pytest.mark.rule("SR4-E10")
def test_burning_edge_makes_an_achievable_test_a_critical_success() -> None:
    spec = TestSpec(SR4, 5, threshold=3, edge_use=EdgeUse.CRITICAL_SUCCESS)
    outcome = roll_test(spec, random.Random(1))
    assert outcome.dice == () and outcome.hits == 7 and outcome.critical_success and not outcome.glitch
    assert typed_test(spec, ()) == TestOutcome(**{**outcome.__dict__, "typed": True})
    assert refusal(typed_test, spec, (5,)) == "error.faces_count"
    too_hard = TestSpec(SR4, 2, threshold=3, edge_use=EdgeUse.CRITICAL_SUCCESS)
    assert refusal(roll_test, too_hard, random.Random(1)) == "error.not_achievable"
    sr5 = TestSpec(SR5, 5, edge_use=EdgeUse.CRITICAL_SUCCESS)
    assert refusal(roll_test, sr5, random.Random(1)) == "error.edge_use_edition"


# -- buying hits ---------------------------------------------------------------------------
@pytest.mark.rule("SR4-D12")
@pytest.mark.parametrize(("pool", "hits"), [(1, 0), (3, 0), (4, 1), (7, 1), (8, 2), (13, 3)])
def test_buying_hits_one_per_four_dice(pool: int, hits: int) -> None:
    for edition in Edition:
        outcome = buy_hits(TestSpec(edition, pool, threshold=1))
        assert outcome.bought and outcome.dice == () and outcome.hits == hits
        assert not outcome.glitch and not outcome.critical_glitch and outcome.success is (hits >= 1)


@pytest.mark.rule("SR4-D12")
def test_bought_hits_are_limited_in_sr5_and_refuse_edge() -> None:
    assert buy_hits(TestSpec(SR5, 16, limit=2)).counted_hits == 2
    assert buy_hits(TestSpec(SR4, 16, limit=2)).counted_hits == 4
    assert refusal(buy_hits, TestSpec(SR4, 0)) == "error.pool_empty"
    assert refusal(buy_hits, TestSpec(SR4, 8, edge=2, edge_use=EdgeUse.ADD_BEFORE)) == "error.bad_value"


# -- typed faces ----------------------------------------------------------------------
@pytest.mark.rule("X-2")
@pytest.mark.parametrize("use", list(EdgeUse))
@pytest.mark.parametrize("edition", list(Edition))
def test_typed_faces_give_the_rolled_outcome(edition: Edition, use: EdgeUse) -> None:
    if edition is SR5 and use is EdgeUse.CRITICAL_SUCCESS:
        return
    spec = TestSpec(edition, 7, threshold=2, limit=3, edge=4, edge_use=use)
    for seed in range(40):
        rolled = roll_test(spec, random.Random(seed))
        first = tuple(d.face for d in rolled.dice if d.source != "reroll")
        rerolls = tuple(d.face for d in rolled.dice if d.source == "reroll")
        assert typed_test(spec, first, rerolls) == TestOutcome(**{**rolled.__dict__, "typed": True})


@pytest.mark.rule("X-2")
@pytest.mark.parametrize("bad", [(0, 2, 3), (7, 2, 3), (2, 3, True), (2, 3, 2.0)])
def test_typed_faces_out_of_range_are_refused(bad: tuple[int, ...]) -> None:
    assert refusal(typed_test, TestSpec(SR4, 3), bad) == "error.faces_range"


@pytest.mark.rule("X-2")
def test_typed_faces_count_is_checked() -> None:
    with pytest.raises(RulesError) as info:
        typed_test(TestSpec(SR5, 4), (1, 2, 3))
    assert info.value.key == "error.faces_count" and info.value.args_for_message == {"expected": 4, "got": 3}
    with pytest.raises(RulesError) as info:
        typed_test(TestSpec(SR4, 2, edge=1, edge_use=EdgeUse.ADD_BEFORE), (6, 6, 6))
    assert info.value.args_for_message == {"expected": 6, "got": 3}  # 3 dice, three sixes: three extras


def test_bad_values_are_refused() -> None:
    assert refusal(roll_test, TestSpec(SR4, 3, threshold=-1), random.Random(1)) == "error.threshold_negative"
    assert refusal(roll_test, TestSpec(SR5, 3, limit=-1), random.Random(1)) == "error.bad_value"
    assert refusal(roll_test, TestSpec(SR5, 3, edge=-1), random.Random(1)) == "error.bad_value"


def test_die_records_its_source() -> None:
    outcome = typed_test(TestSpec(SR4, 1, edge=1, edge_use=EdgeUse.ADD_AFTER), (2, 6, 3))
    assert outcome.dice == (Die(2, "pool"), Die(6, "edge"), Die(3, "extra"))
