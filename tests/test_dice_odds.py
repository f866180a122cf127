"""Exact odds of dice tests (X-4) against exact rational references, for pools up to 60.

The references are written independently of :mod:`gmtool.games.shadowrun.rules.dice_odds`, from the
closed forms: the hits of n exploding dice are the coefficients of
((4+x)/(6−x))^n, the (ones, dice rolled) of n exploding dice have
P(O = o, R = r) = C(n,o)·4^(n−o)·C(r−1, r−n)/6^r, and tests without the rule of six
are multinomial over (hit, one, other). Rolled frequencies are checked against the
odds with a seeded chi-square (no flakiness: the seed is fixed).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb, sqrt

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice import GlitchRule
from gmtool.games.shadowrun.rules.dice_tests import (
    EdgeUse,
    Edition,
    TestOdds,
    TestSpec,
    opposed_odds,
    roll_test,
    test_odds,
)
from gmtool.games.shadowrun.rules.odds import success_test_odds

SR4, SR5 = Edition.SR4, Edition.SR5
TOL = 1e-12
ALL_USES = [(e, u) for e in Edition for u in EdgeUse if not (e is SR5 and u is EdgeUse.CRITICAL_SUCCESS)]


def exploding_hit(n: int, k: int) -> Fraction:
    """[x^k] ((4+x)/(6−x))^n as a finite sum of binomials."""
    if n == 0:
        return Fraction(int(k == 0))
    total = sum(
        comb(n, j) * 4 ** (n - j) * comb(n + k - j - 1, k - j) * Fraction(1, 6 ** (k - j)) for j in range(min(n, k) + 1)
    )
    return total / 6**n


@cache
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def sr4_exploding_glitch(n: int) -> Fraction:
    """P(2·ones ≥ dice rolled) for n exploding dice: only r ≤ 2n can glitch."""
    return sum(
        (
            Fraction(comb(n, o) * 4 ** (n - o) * comb(r - 1, r - n), 6**r)
            for o in range(n + 1)
            for r in range(n, 2 * o + 1)
        ),
        Fraction(0),
    )


def close(a: float, b: Fraction | float, tol: float = TOL) -> bool:
    return abs(a - float(b)) <= tol


# -- closed forms --------------------------------------------------------------------------
@pytest.mark.rule("X-4")
@pytest.mark.rule("SR4-D13")
@pytest.mark.parametrize("n", [1, 2, 3, 7, 16, 33, 60])
def test_exploding_hits_match_the_generating_function(n: int) -> None:
    odds = test_odds(TestSpec(SR4, n, threshold=2, edge=0, edge_use=EdgeUse.ADD_BEFORE))
    for k, p in enumerate(odds.hits[:-1]):
        assert close(p, exploding_hit(n, k)), (n, k)
    assert close(odds.hits[-1], 1 - sum(exploding_hit(n, k) for k in range(len(odds.hits) - 1)))
    assert close(odds.expected_net_hits, Fraction(2 * n, 5) - 2 + 2 * exploding_hit(n, 0) + exploding_hit(n, 1), 1e-11)


@pytest.mark.rule("X-4")
@pytest.mark.rule("SR4-D2")
@pytest.mark.parametrize("n", [1, 2, 3, 4, 9, 20, 41, 60])
def test_sr4_glitch_with_the_rule_of_six(n: int) -> None:
    odds = test_odds(TestSpec(SR4, n // 2, edge=n - n // 2, edge_use=EdgeUse.ADD_BEFORE))
    assert close(odds.glitch, sr4_exploding_glitch(n))
    no_hit_glitch = Fraction(2, 3) ** n * sum(binomial(n, Fraction(1, 4))[(n + 1) // 2 :], Fraction(0))
    assert close(odds.critical_glitch, no_hit_glitch)


@pytest.mark.rule("X-4")
@pytest.mark.parametrize("n", [1, 2, 5, 12, 31, 60])
@pytest.mark.parametrize("extras_count", [True, False])
def test_sr5_glitch_with_the_rule_of_six(n: int, extras_count: bool) -> None:
    spec = TestSpec(SR5, n, edge=0, edge_use=EdgeUse.ADD_BEFORE, extras_ones_count=extras_count)
    ones = binomial(n, Fraction(1, 5) if extras_count else Fraction(1, 6))
    assert close(test_odds(spec).glitch, sum(ones[n // 2 + 1 :], Fraction(0)))


@pytest.mark.rule("X-4")
@pytest.mark.parametrize("pool", [1, 2, 5, 10, 25, 44, 60])
def test_no_edge_equals_the_exact_fractions(pool: int) -> None:
    for edition, rule in ((SR4, GlitchRule.SR4), (SR5, GlitchRule.SR5)):
        for threshold in (0, 1, 3, 8):
            exact = success_test_odds(pool, threshold, rule)
            odds = test_odds(TestSpec(edition, pool, threshold=threshold))
            assert len(odds.hits) == pool + 1
            assert all(close(p, q) for p, q in zip(odds.hits, exact.hits, strict=True))
            assert close(odds.success, exact.success)
            assert close(odds.glitch, exact.glitch) and close(odds.critical_glitch, exact.critical_glitch)
            assert close(odds.critical_success, exact.at_least(threshold + 4))


def reroll_reference(n: int, edition: Edition, limit: int | None) -> tuple[list[Fraction], Fraction, Fraction]:
    """Hits law, glitch and critical glitch of REROLL_FAILURES by summing over the first roll."""
    law = [Fraction(0)] * (n + 1)
    glitch = critical = Fraction(0)
    reroll = [binomial(m, Fraction(1, 3)) for m in range(n + 1)]
    for h in range(n + 1):
        for o in range(n - h + 1):
            p = Fraction(comb(n, h) * comb(n - h, o) * 2**h * 3 ** (n - h - o), 6**n)
            glitched = 2 * o >= n if edition is SR4 else 2 * o > n
            glitch += p if glitched else 0
            if glitched and edition is SR5:
                law[h] += p
                critical += p if h == 0 else 0
                continue
            for j, q in enumerate(reroll[n - h]):
                law[h + j] += p * q
            critical += p * reroll[n - h][0] if glitched and h == 0 else 0
    if limit is not None and edition is SR5 and limit < n:
        law = law[:limit] + [sum(law[limit:], Fraction(0))]
    return law, glitch, critical


@pytest.mark.rule("SR4-E4")
@pytest.mark.rule("SR5-E2")
@pytest.mark.rule("X-4")
@pytest.mark.parametrize("n", [1, 2, 3, 6, 11, 24])
@pytest.mark.parametrize("edition", list(Edition))
def test_reroll_failures_law(n: int, edition: Edition) -> None:
    for limit in (None, 2):
        law, glitch, critical = reroll_reference(n, edition, limit)
        odds = test_odds(TestSpec(edition, n, threshold=1, limit=limit, edge_use=EdgeUse.REROLL_FAILURES))
        assert len(odds.hits) == len(law)
        assert all(close(p, q) for p, q in zip(odds.hits, law, strict=True))
        assert close(odds.glitch, glitch) and close(odds.critical_glitch, critical)


@pytest.mark.rule("SR4-E3")
@pytest.mark.rule("X-4")
@pytest.mark.parametrize(("pool", "edge"), [(1, 1), (3, 2), (8, 5), (20, 4), (55, 5)])
def test_sr4_edge_after_the_roll(pool: int, edge: int) -> None:
    odds = test_odds(TestSpec(SR4, pool, threshold=3, edge=edge, edge_use=EdgeUse.ADD_AFTER))
    plain = binomial(pool, Fraction(1, 3))
    for k, p in enumerate(odds.hits[:-1]):
        exact = sum((plain[i] * exploding_hit(edge, k - i) for i in range(min(k, pool) + 1)), Fraction(0))
        assert close(p, exact), k
    # Glitch: 2·(ones of the pool + ones of the Edge dice) ≥ pool + Edge dice + sixes.
    ones_pool = binomial(pool, Fraction(1, 6))
    n = pool + edge
    glitch = Fraction(0)
    for a, pa in enumerate(ones_pool):
        for o in range(edge + 1):
            for r in range(edge, 2 * (a + o) - pool + 1):
                glitch += pa * Fraction(comb(edge, o) * 4 ** (edge - o) * comb(r - 1, r - edge), 6**r)
    assert close(odds.glitch, glitch)
    no_hit = Fraction(2, 3) ** n * sum(binomial(n, Fraction(1, 4))[(n + 1) // 2 :], Fraction(0))
    assert close(odds.critical_glitch, no_hit)


# -- every spec: the odds are a distribution and agree with each other ---------------------------
def check_consistent(odds: TestOdds) -> None:
    t = odds.spec.threshold
    hits = odds.hits
    assert abs(sum(hits) - 1) <= TOL and all(0 <= p <= 1 for p in hits)
    assert 0 <= odds.critical_glitch <= odds.glitch <= 1
    assert 0 <= odds.critical_success <= odds.success <= 1
    if t + 4 <= len(hits) - 1:
        assert close(odds.success, sum(hits[t:]), 1e-11)
        assert close(odds.critical_success, sum(hits[t + 4 :]), 1e-11)


@pytest.mark.rule("X-4")
@pytest.mark.parametrize(("edition", "use"), ALL_USES)
def test_every_pool_up_to_60_is_a_consistent_distribution(edition: Edition, use: EdgeUse) -> None:
    for pool in range(-2, 61):
        for threshold, limit in ((0, None), (2, 4), (7, None)):
            spec = TestSpec(edition, pool, threshold=threshold, limit=limit, edge=3, edge_use=use)
            try:
                odds = test_odds(spec)
            except RulesError as error:
                assert error.key in ("error.pool_empty", "error.add_after_needs_pool", "error.not_achievable")
                with pytest.raises(RulesError):
                    roll_test(spec, random.Random(0))  # the same refusals as rolling
                continue
            check_consistent(odds)
            if limit is not None and edition is SR5 and use not in (EdgeUse.ADD_BEFORE, EdgeUse.ADD_AFTER):
                assert len(odds.hits) <= limit + 1
            if use is EdgeUse.NEGATE_GLITCH:
                assert odds.glitch == odds.critical_glitch == 0


@pytest.mark.rule("X-4")
def test_known_values() -> None:
    one = test_odds(TestSpec(SR4, 1, threshold=1))
    assert close(one.success, Fraction(1, 3)) and close(one.glitch, Fraction(1, 6))
    longshot = test_odds(TestSpec(SR5, -4, threshold=2, edge=1, edge_use=EdgeUse.ADD_BEFORE))
    assert close(longshot.success, Fraction(1, 18))  # a six, then a hit
    # One die: a one glitches, also a one on an extra die after sixes (they count by default).
    assert close(longshot.glitch, Fraction(1, 5)) and close(longshot.critical_glitch, Fraction(1, 6))
    burn = test_odds(TestSpec(SR4, 3, threshold=2, edge_use=EdgeUse.CRITICAL_SUCCESS))
    assert burn.hits == (0, 0, 0, 0, 0, 0, 1) and burn.success == burn.critical_success == 1
    assert burn.expected_net_hits == 4 and burn.glitch == 0
    limited = test_odds(TestSpec(SR5, 10, threshold=0, limit=1))
    assert len(limited.hits) == 2 and close(limited.expected_net_hits, 1 - Fraction(2, 3) ** 10)


@pytest.mark.rule("X-4")
def test_expected_net_hits_of_a_finite_law() -> None:
    for edition, use in ALL_USES:
        if use in (EdgeUse.ADD_BEFORE,) or (use is EdgeUse.ADD_AFTER and edition is SR4):
            continue
        odds = test_odds(TestSpec(edition, 9, threshold=2, limit=6, edge=2, edge_use=use))
        expected = sum(max(0, k - 2) * p for k, p in enumerate(odds.hits))
        assert close(odds.expected_net_hits, expected)


@pytest.mark.rule("X-4")
def test_odds_refuse_what_rolling_refuses() -> None:
    for spec, key in (
        (TestSpec(SR4, 0), "error.pool_empty"),
        (TestSpec(SR5, -1, edge=2, edge_use=EdgeUse.ADD_AFTER), "error.add_after_needs_pool"),
        (TestSpec(SR5, 4, edge_use=EdgeUse.CRITICAL_SUCCESS), "error.edge_use_edition"),
        (TestSpec(SR4, 4, threshold=-1), "error.threshold_negative"),
        (TestSpec(SR4, 501), "error.bad_value"),
    ):
        with pytest.raises(RulesError) as info:
            test_odds(spec)
        assert info.value.key == key


# -- opposed tests -----------------------------------------------------------------------------
@pytest.mark.rule("SR4-D5")
@pytest.mark.rule("X-4")
@pytest.mark.parametrize(("a", "d"), [(1, 1), (6, 6), (8, 5), (3, 12), (40, 38)])
def test_opposed_odds_without_edge(a: int, d: int) -> None:
    actor, defender = TestSpec(SR5, a), TestSpec(SR5, d)
    pa, pd = binomial(a, Fraction(1, 3)), binomial(d, Fraction(1, 3))
    wins = sum((x * y for i, x in enumerate(pa) for j, y in enumerate(pd) if i > j), Fraction(0))
    ties = sum((pa[k] * pd[k] for k in range(min(a, d) + 1)), Fraction(0))
    odds = opposed_odds(actor, defender)
    assert close(odds.actor_wins, wins)
    assert close(opposed_odds(defender, actor).actor_wins, 1 - wins - ties)  # ties go to neither attacker
    assert abs(sum(odds.net_hits) - 1) <= TOL and close(odds.net_hits[0], 1 - wins)
    expected = sum((x * y * (i - j) for i, x in enumerate(pa) for j, y in enumerate(pd) if i > j), Fraction(0))
    assert close(odds.expected_net_hits, expected)
    for k in range(1, len(odds.net_hits) - 1):
        exact = sum((pa[j + k] * y for j, y in enumerate(pd) if j + k <= a), Fraction(0))
        assert close(odds.net_hits[k], exact)


@pytest.mark.rule("SR4-D5")
@pytest.mark.rule("X-4")
def test_opposed_odds_with_the_rule_of_six() -> None:
    actor = TestSpec(SR4, 2, edge=2, edge_use=EdgeUse.ADD_BEFORE)
    defender = TestSpec(SR4, 5)
    pd = binomial(5, Fraction(1, 3))
    below = [sum((exploding_hit(4, k) for k in range(j + 1)), Fraction(0)) for j in range(6)]
    wins = sum((y * (1 - below[j]) for j, y in enumerate(pd)), Fraction(0))
    excess = sum(
        (y * (Fraction(8, 5) - j + sum((j - k) * exploding_hit(4, k) for k in range(j))) for j, y in enumerate(pd)),
        Fraction(0),
    )
    odds = opposed_odds(actor, defender)
    assert close(odds.actor_wins, wins) and close(odds.expected_net_hits, excess)
    assert abs(sum(odds.net_hits) - 1) <= TOL


# -- rolled frequencies agree with the odds ------------------------------------------------------
@pytest.mark.rule("X-4")
@pytest.mark.rule("X-1")
@pytest.mark.parametrize(
    "spec",
    [
        TestSpec(SR4, 6, threshold=2, edge=3, edge_use=EdgeUse.ADD_BEFORE),
        TestSpec(SR5, 8, threshold=3, limit=4, edge_use=EdgeUse.REROLL_FAILURES),
        TestSpec(SR4, 4, threshold=1, edge=2, edge_use=EdgeUse.ADD_AFTER),
    ],
)
def test_rolled_frequencies_match_the_odds(spec: TestSpec) -> None:
    rolls = 20_000
    rng = random.Random(20260101)
    odds = test_odds(spec)
    last = len(odds.hits) - 1
    seen = [0] * (last + 1)
    glitches = 0
    for _ in range(rolls):
        outcome = roll_test(spec, rng)
        seen[min(outcome.counted_hits, last)] += 1
        glitches += outcome.glitch
    # Pool the sparse cells so each expected count is at least 20, then a chi-square test.
    cells: list[tuple[float, int]] = []
    expected_acc, seen_acc = 0.0, 0
    for p, count in zip(odds.hits, seen, strict=True):
        expected_acc, seen_acc = expected_acc + p * rolls, seen_acc + count
        if expected_acc >= 20:
            cells.append((expected_acc, seen_acc))
            expected_acc, seen_acc = 0.0, 0
    e_last, s_last = cells.pop()
    cells.append((e_last + expected_acc, s_last + seen_acc))
    chi2 = sum((s - e) ** 2 / e for e, s in cells)
    df = len(cells) - 1
    assert chi2 < df + 5 * sqrt(2 * df), (chi2, df)
    sd = sqrt(odds.glitch * (1 - odds.glitch) * rolls)
    assert abs(glitches - odds.glitch * rolls) < 5 * sd + 1
