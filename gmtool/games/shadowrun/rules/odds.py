"""Exact odds of a Shadowrun success test (X-4), computed, never sampled.

A die is a hit (5-6, p = 1/3), a one (p = 1/6) or neither (2-4, p = 1/2). For a
pool of n dice the joint distribution of hits h and ones o is multinomial;
probabilities are summed as exact integers over 6**n and divided once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from gmtool.games.shadowrun.rules.dice import GlitchRule, is_glitch


@dataclass(frozen=True)
class TestOdds:
    """Exact probabilities of the outcomes of a success test."""

    pool: int
    threshold: int
    success: Fraction
    glitch: Fraction
    critical_glitch: Fraction
    hits: tuple[Fraction, ...]  # hits[k] = P(exactly k hits)

    def at_least(self, k: int) -> Fraction:
        return sum(self.hits[k:], Fraction(0))


@lru_cache(maxsize=4096)
def _joint_counts(pool: int) -> tuple[tuple[int, int, int], ...]:
    """(hits, ones, number of face sequences) for every split of ``pool`` dice."""
    rows = []
    for h in range(pool + 1):
        c_h = comb(pool, h) * 2**h  # two hit faces
        rest = pool - h
        for o in range(rest + 1):
            rows.append((h, o, c_h * comb(rest, o) * 3 ** (rest - o)))  # three blank faces
    return tuple(rows)


@lru_cache(maxsize=4096)
def success_test_odds(pool: int, threshold: int, rule: GlitchRule) -> TestOdds:
    """Exact odds for ``pool`` dice against ``threshold`` (no Edge, no limit)."""
    if pool <= 0:
        zero = Fraction(0)
        return TestOdds(pool, threshold, Fraction(int(threshold <= 0)), zero, zero, (Fraction(1),))
    total = 6**pool
    by_hits = [0] * (pool + 1)
    glitch = critical = 0
    for h, o, count in _joint_counts(pool):
        by_hits[h] += count
        if is_glitch(o, pool, rule):
            glitch += count
            if h == 0:
                critical += count
    hits = tuple(Fraction(c, total) for c in by_hits)
    return TestOdds(
        pool=pool,
        threshold=threshold,
        success=sum(hits[max(threshold, 0):], Fraction(0)),
        glitch=Fraction(glitch, total),
        critical_glitch=Fraction(critical, total),
        hits=hits,
    )
