"""Shadowrun dice: hits, glitches, success and opposed tests.

Rules: SR4-D1 (hits on 5 and 6), SR4-D2/D3 and the SR5 glitch difference,
SR4-D4 (success test, net hits), SR4-D5 (opposed test, ties to the defender).
The faces come from :mod:`gmtool.core.dice` (rolled or typed at the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gmtool.core.dice import FACES as FACES
from gmtool.core.errors import RulesError

HIT_MIN = 5


class GlitchRule(str, Enum):
    """How many ones make a glitch.

    SR4 (SR4-D2): half or more of the dice rolled show 1.
    SR5: the ones exceed half of the dice pool.
    """

    SR4 = "sr4"
    SR5 = "sr5"



def count_hits(faces: tuple[int, ...]) -> int:
    """SR4-D1: every 5 or 6 is a hit."""
    return sum(1 for f in faces if f >= HIT_MIN)


def is_glitch(ones: int, pool: int, rule: GlitchRule) -> bool:
    """SR4-D2 (half or more of the dice rolled) or SR5 (ones exceed half the pool)."""
    if pool <= 0:
        return False
    if rule is GlitchRule.SR4:
        return 2 * ones >= pool
    return 2 * ones > pool


@dataclass(frozen=True)
class TestResult:
    """What a success test's dice say, before anyone interprets it."""

    faces: tuple[int, ...]
    pool: int
    threshold: int
    hits: int
    ones: int
    glitch: bool
    critical_glitch: bool

    @property
    def success(self) -> bool:
        """SR4-D4: hits reach the threshold."""
        return self.hits >= self.threshold

    @property
    def net_hits(self) -> int:
        """SR4-D4: hits above the threshold (never negative)."""
        return max(0, self.hits - self.threshold)


def success_test(
    faces: tuple[int, ...], threshold: int, rule: GlitchRule, pool: int | None = None
) -> TestResult:
    """Evaluate a success test from its faces (SR4-D1 to D4).

    ``pool`` is the dice pool for the SR5 glitch rule; by default the number of faces.
    """
    if threshold < 0:
        raise RulesError("error.threshold_negative")
    pool = len(faces) if pool is None else pool
    hits = count_hits(faces)
    ones = sum(1 for f in faces if f == 1)
    glitch = is_glitch(ones, pool if rule is GlitchRule.SR5 else len(faces), rule)
    return TestResult(
        faces=faces,
        pool=pool,
        threshold=threshold,
        hits=hits,
        ones=ones,
        glitch=glitch,
        critical_glitch=glitch and hits == 0,
    )


@dataclass(frozen=True)
class OpposedResult:
    """SR4-D5: both sides' hits and who won."""

    actor_hits: int
    opponent_hits: int
    defender_wins_ties: bool

    @property
    def actor_wins(self) -> bool:
        if self.actor_hits == self.opponent_hits:
            return not self.defender_wins_ties
        return self.actor_hits > self.opponent_hits

    @property
    def net_hits(self) -> int:
        """Winner's hits minus loser's (0 on a tie)."""
        return abs(self.actor_hits - self.opponent_hits)


def opposed_test(actor_hits: int, opponent_hits: int, *, combat: bool = True) -> OpposedResult:
    """SR4-D5: net hits = winner − loser; in combat a tie goes to the defender."""
    if actor_hits < 0 or opponent_hits < 0:
        raise RulesError("error.hits_negative")
    return OpposedResult(actor_hits, opponent_hits, defender_wins_ties=combat)
