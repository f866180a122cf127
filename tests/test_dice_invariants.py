"""Properties of dice tests that hold for every spec and every seed (hypothesis).

Hits never exceed the dice rolled; rule-of-six extras appear only when Edge adds
exploding dice, one per six that explodes; bought hits never glitch; typed faces
give the rolled outcome; an opposed tie never goes to the attacker; every
distribution sums to 1 within 1e-12.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_spec import explode_from, validate_spec
from gmtool.games.shadowrun.rules.dice_tests import (
    EdgeUse,
    Edition,
    TestOutcome,
    TestSpec,
    buy_hits,
    opposed_odds,
    roll_test,
    test_odds,
    typed_test,
)

ROLLED_USES: list[EdgeUse] = [u for u in EdgeUse if u is not EdgeUse.CRITICAL_SUCCESS]


def is_valid(spec: TestSpec) -> bool:
    try:
        validate_spec(spec)
    except RulesError:
        return False
    return True


def explodes(spec: TestSpec) -> bool:
    return explode_from(spec) is not None


@st.composite
def dice_specs(draw: st.DrawFn, uses: list[EdgeUse] | None = None) -> TestSpec:
    spec = TestSpec(
        edition=draw(st.sampled_from(list(Edition))),
        pool=draw(st.integers(-3, 24)),
        threshold=draw(st.integers(0, 9)),
        limit=draw(st.one_of(st.none(), st.integers(0, 9))),
        edge=draw(st.integers(0, 7)),
        edge_use=draw(st.sampled_from(uses or list(EdgeUse))),
        extras_ones_count=draw(st.booleans()),
    )
    assume(is_valid(spec))
    return spec


seeds = st.integers(0, 2**32 - 1)


@pytest.mark.rule("SR4-D1")
@given(dice_specs(), seeds)
def test_hits_never_exceed_the_dice_rolled(spec: TestSpec, seed: int) -> None:
    outcome = roll_test(spec, random.Random(seed))
    live = [d for d in outcome.dice if not d.replaced]
    assert outcome.counted_hits <= outcome.hits
    assert outcome.hits <= len(live) or spec.edge_use is EdgeUse.CRITICAL_SUCCESS
    assert outcome.critical_glitch <= outcome.glitch


# 004 digest エッジ: "1. テストの前に使用することで…全てのサイコロに「6のルール」"; "2. テストの後に使用
# することで…エッジ能力値のサイコロだけに「6のルール」" (SR4); SR5's Push the Limit after the roll adds
# Edge dice without it (001 digest 限界突破). Each six of an exploding die, extras included, adds one extra.
@pytest.mark.rule("SR4-D13")
@pytest.mark.rule("SR4-E2")
@pytest.mark.rule("SR4-E3")
@given(dice_specs(ROLLED_USES), seeds)
def test_extras_only_when_edge_adds_exploding_dice(spec: TestSpec, seed: int) -> None:
    outcome = roll_test(spec, random.Random(seed))
    extras = [d for d in outcome.dice if d.source == "extra"]
    if spec.edge_use is EdgeUse.ADD_BEFORE:
        exploding = [d for d in outcome.dice if d.source in ("pool", "edge")]  # every die
    elif spec.edge_use is EdgeUse.ADD_AFTER and spec.edition is Edition.SR4:
        exploding = [d for d in outcome.dice if d.source == "edge"]  # the Edge dice only
    else:
        exploding = []  # no rule of six
    expected = sum(d.face == 6 for d in exploding) + sum(d.face == 6 for d in extras) if exploding else 0
    assert len(extras) == expected
    assert all(d.source == "extra" for d in outcome.dice[len(outcome.dice) - len(extras):])


@pytest.mark.rule("SR4-D12")
@given(dice_specs([EdgeUse.NONE]))
def test_bought_hits_never_glitch(spec: TestSpec) -> None:
    outcome = buy_hits(spec)
    assert outcome.bought and not outcome.glitch and not outcome.critical_glitch and outcome.dice == ()
    assert outcome.hits == spec.pool // 4 and outcome.counted_hits <= outcome.hits


@pytest.mark.rule("X-2")
@given(dice_specs(), seeds)
def test_typed_faces_give_the_rolled_outcome(spec: TestSpec, seed: int) -> None:
    rolled = roll_test(spec, random.Random(seed))
    first = tuple(d.face for d in rolled.dice if d.source != "reroll")
    rerolls = tuple(d.face for d in rolled.dice if d.source == "reroll")
    assert typed_test(spec, first, rerolls) == TestOutcome(**{**rolled.__dict__, "typed": True})


@pytest.mark.rule("X-4")
@given(dice_specs())
def test_every_hit_distribution_sums_to_one(spec: TestSpec) -> None:
    odds = test_odds(spec)
    assert abs(sum(odds.hits) - 1) <= 1e-12
    assert all(0 <= p <= 1 for p in odds.hits)
    assert 0 <= odds.critical_glitch <= odds.glitch <= 1
    assert 0 <= odds.critical_success <= odds.success <= 1 and odds.expected_net_hits >= 0


@pytest.mark.rule("SR4-D5")
@pytest.mark.rule("X-4")
@given(dice_specs(), dice_specs())
def test_an_opposed_tie_never_goes_to_the_attacker(actor: TestSpec, defender: TestSpec) -> None:
    forward, backward = opposed_odds(actor, defender), opposed_odds(defender, actor)
    a, d = test_odds(actor).hits, test_odds(defender).hits
    exact = min(len(a), len(d)) - 1  # entries below the last are point probabilities
    tie = sum(a[k] * d[k] for k in range(exact))
    assert forward.actor_wins + backward.actor_wins <= 1 - tie + 1e-12
    if not explodes(actor) and not explodes(defender):  # whole laws: the tie is exact
        tie += a[exact] * d[exact]
        assert abs(forward.actor_wins + backward.actor_wins + tie - 1) <= 1e-12
    for odds in (forward, backward):
        assert abs(sum(odds.net_hits) - 1) <= 1e-12 and abs(odds.net_hits[0] + odds.actor_wins - 1) <= 1e-12
    same = opposed_odds(actor, actor)
    assert same.actor_wins < 0.5 or same.actor_wins == 0  # equal sides: the ties go to the defender
