"""Exact odds of a success test (X-4) against brute-force enumeration.

For pools of 1 to 6 dice every one of the 6**n face sequences is counted, and
the exact fractions from :func:`success_test_odds` must match the counts, for
both glitch rules and several thresholds.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from gmtool.games.shadowrun.rules.dice import GlitchRule, success_test
from gmtool.games.shadowrun.rules.odds import success_test_odds

POOLS = range(1, 7)
THRESHOLDS = (0, 1, 2, 3, 4, 7)


@cache
def outcome_counts(pool: int) -> Counter[tuple[int, int]]:
    """How many face sequences give each (hits, ones) pair."""
    counts: Counter[tuple[int, int]] = Counter()
    for faces in product(range(1, 7), repeat=pool):
        counts[(sum(1 for f in faces if f >= 5), faces.count(1))] += 1
    return counts


@cache
def brute_force(pool: int, threshold: int, rule: GlitchRule) -> dict[str, object]:
    total = 6**pool
    success = glitch = critical = 0
    by_hits = [0] * (pool + 1)
    for faces in product(range(1, 7), repeat=pool):
        result = success_test(faces, threshold, rule)
        by_hits[result.hits] += 1
        success += result.success
        glitch += result.glitch
        critical += result.critical_glitch
    return {
        "success": Fraction(success, total),
        "glitch": Fraction(glitch, total),
        "critical_glitch": Fraction(critical, total),
        "hits": tuple(Fraction(c, total) for c in by_hits),
    }


@pytest.mark.rule("X-4")
@pytest.mark.parametrize("rule", list(GlitchRule))
@pytest.mark.parametrize("pool", POOLS)
def test_odds_equal_enumeration(pool: int, rule: GlitchRule) -> None:
    for threshold in THRESHOLDS:
        odds = success_test_odds(pool, threshold, rule)
        expected = brute_force(pool, threshold, rule)
        assert odds.pool == pool and odds.threshold == threshold
        assert odds.success == expected["success"]
        assert odds.glitch == expected["glitch"]
        assert odds.critical_glitch == expected["critical_glitch"]
        assert odds.hits == expected["hits"]
        assert all(isinstance(p, Fraction) for p in (odds.success, odds.glitch, odds.critical_glitch))


@pytest.mark.rule("X-4")
@pytest.mark.parametrize("rule", list(GlitchRule))
@pytest.mark.parametrize("pool", POOLS)
def test_hit_distribution_is_a_distribution(pool: int, rule: GlitchRule) -> None:
    odds = success_test_odds(pool, 1, rule)
    assert len(odds.hits) == pool + 1
    assert sum(odds.hits) == 1
    assert all(0 <= p <= 1 for p in odds.hits)
    for k in range(pool + 2):
        assert odds.at_least(k) == sum(odds.hits[k:], Fraction(0))
    assert odds.at_least(0) == 1
    assert odds.critical_glitch <= odds.glitch <= 1


@pytest.mark.parametrize("pool", POOLS)
def test_sr5_glitch_is_never_likelier_than_sr4(pool: int) -> None:
    sr4 = success_test_odds(pool, 1, GlitchRule.SR4)
    sr5 = success_test_odds(pool, 1, GlitchRule.SR5)
    assert sr5.glitch <= sr4.glitch
    assert sr5.critical_glitch <= sr4.critical_glitch
    # Even pools differ exactly by "exactly half the dice are ones".
    if pool % 2 == 0:
        half = sum(c for (_, ones), c in outcome_counts(pool).items() if 2 * ones == pool)
        assert sr4.glitch - sr5.glitch == Fraction(half, 6**pool)
    else:
        assert sr4.glitch == sr5.glitch


@pytest.mark.rule("X-4")
def test_known_values() -> None:
    one_die = success_test_odds(1, 1, GlitchRule.SR4)
    assert one_die.success == Fraction(1, 3)
    assert one_die.glitch == Fraction(1, 6)
    assert one_die.critical_glitch == Fraction(1, 6)
    two_dice = success_test_odds(2, 2, GlitchRule.SR5)
    assert two_dice.success == Fraction(1, 9)
    assert two_dice.glitch == Fraction(1, 36)  # both dice show 1


def test_empty_pool() -> None:
    for rule in GlitchRule:
        assert success_test_odds(0, 0, rule).success == 1
        nothing = success_test_odds(0, 1, rule)
        assert nothing.success == 0 and nothing.glitch == 0 and nothing.hits == (Fraction(1),)
