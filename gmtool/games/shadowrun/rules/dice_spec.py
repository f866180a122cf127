"""The data of Shadowrun dice tests (specs, dice, outcomes, odds) and what a valid spec is.

The semantics are fixed in :mod:`gmtool.games.shadowrun.rules.dice_tests`, which re-exports every
name here; import them from there. This module also answers the questions both
the rolling engine and the odds need: how many dice are rolled first, which of
them explode, whether the SR5 limit applies, and whether a spec can be tested.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from gmtool.core.errors import RulesError

DieSource = Literal["pool", "edge", "extra", "reroll"]

MAX_ODDS_DICE = 500  # test_odds refuses more dice (floats underflow far beyond it)


class Edition(str, Enum):
    SR4 = "sr4"
    SR5 = "sr5"


class EdgeUse(str, Enum):
    NONE = "none"
    ADD_BEFORE = "add_before"
    ADD_AFTER = "add_after"
    REROLL_FAILURES = "reroll_failures"
    NEGATE_GLITCH = "negate_glitch"
    CRITICAL_SUCCESS = "critical_success"


ADDS_DICE = frozenset({EdgeUse.ADD_BEFORE, EdgeUse.ADD_AFTER})
POOL_ONLY = frozenset({EdgeUse.NONE, EdgeUse.REROLL_FAILURES, EdgeUse.NEGATE_GLITCH})


@dataclass(frozen=True)
class TestSpec:
    """A test before it is rolled."""

    __test__ = False  # not a pytest test class

    edition: Edition
    pool: int
    threshold: int = 0
    limit: int | None = None  # SR5 only
    edge: int = 0  # the Edge attribute: dice added by ADD_BEFORE / ADD_AFTER
    edge_use: EdgeUse = EdgeUse.NONE
    extras_ones_count: bool = True  # SR5 setting: ones on rule-of-six extras count


@dataclass(frozen=True)
class Die:
    face: int
    source: DieSource
    replaced: bool = False  # a failed die that a reroll replaced


@dataclass(frozen=True)
class TestOutcome:
    """A test after it is rolled (or typed, or bought)."""

    __test__ = False

    spec: TestSpec
    dice: tuple[Die, ...]  # every die rolled, in rolling order (replaced ones flagged)
    hits: int  # before the limit
    counted_hits: int  # after the limit
    ones: int  # the ones that count for the glitch
    glitch: bool
    critical_glitch: bool
    glitch_negated: bool = False
    reroll_refused: bool = False
    typed: bool = False
    bought: bool = False

    @property
    def net_hits(self) -> int:
        return max(0, self.counted_hits - self.spec.threshold)

    @property
    def success(self) -> bool:
        return self.counted_hits >= self.spec.threshold

    @property
    def critical_success(self) -> bool:
        return self.net_hits >= 4


@dataclass(frozen=True)
class TestOdds:
    """Exact odds of a test (X-4). ``hits[k]`` = P(counted hits = k) for k < len − 1;
    the last entry is P(counted hits ≥ len − 1) (the tail beyond what is listed)."""

    __test__ = False

    spec: TestSpec
    hits: tuple[float, ...]
    success: float
    glitch: float
    critical_glitch: float
    critical_success: float
    expected_net_hits: float


@dataclass(frozen=True)
class OpposedOdds:
    """SR4-D5 exactly: ``net_hits[k]`` = P(the actor wins with k net hits), k ≥ 1;
    ties go to the defender. ``net_hits[0]`` = P(the actor does not win), so the
    tuple is the distribution of the actor's net hits; its last entry is the tail
    P(net hits ≥ len − 1)."""

    actor_wins: float
    net_hits: tuple[float, ...]
    expected_net_hits: float


def pool_dice(spec: TestSpec) -> int:
    """The dice of the pool itself that are rolled (0 for a longshot)."""
    if spec.edge_use is EdgeUse.CRITICAL_SUCCESS:
        return 0
    return max(spec.pool, 0)


def edge_dice(spec: TestSpec) -> int:
    """The Edge dice added to the roll (ADD_BEFORE / ADD_AFTER only)."""
    return spec.edge if spec.edge_use in ADDS_DICE else 0


def first_dice(spec: TestSpec) -> int:
    """Dice rolled before any rule-of-six extra: the SR5 glitch counts against these."""
    return pool_dice(spec) + edge_dice(spec)


def explode_from(spec: TestSpec) -> int | None:
    """Index of the first die (in rolling order) the rule of six applies to, or None."""
    if spec.edge_use is EdgeUse.ADD_BEFORE:
        return 0
    if spec.edge_use is EdgeUse.ADD_AFTER and spec.edition is Edition.SR4:
        return pool_dice(spec)
    return None


def limit_applies(spec: TestSpec) -> bool:
    """SR5 limits cap the hits unless Edge adds dice (Push the Limit)."""
    return spec.edition is Edition.SR5 and spec.limit is not None and spec.edge_use not in ADDS_DICE


def counted(spec: TestSpec, hits: int) -> int:
    """The hits that count: capped by the limit where it applies."""
    if limit_applies(spec):
        assert spec.limit is not None
        return min(hits, spec.limit)
    return hits


def validate_spec(spec: TestSpec) -> None:
    """Refuse a test that cannot be made (the same refusals for rolling, typing and odds)."""
    if spec.threshold < 0:
        raise RulesError("error.threshold_negative")
    if spec.edge < 0 or (spec.limit is not None and spec.limit < 0):
        raise RulesError("error.bad_value")
    use = spec.edge_use
    if use is EdgeUse.CRITICAL_SUCCESS:
        if spec.edition is not Edition.SR4:
            raise RulesError("error.edge_use_edition")
        if spec.pool < 1:
            raise RulesError("error.pool_empty", pool=spec.pool)
        if spec.pool < spec.threshold:
            raise RulesError("error.not_achievable")
        return
    if use is EdgeUse.ADD_AFTER and spec.pool < 1:
        raise RulesError("error.add_after_needs_pool")
    if first_dice(spec) < 1 or (use in POOL_ONLY and spec.pool < 1):
        raise RulesError("error.pool_empty", pool=spec.pool)


def check_side(spec: TestSpec, name: str, opponent: bool = False) -> None:
    """:func:`validate_spec` for one side of an opposed test: a pool of 0 or less is refused naming whose
    pool it is (``name``; "" for an opponent that is only a number of dice)."""
    try:
        validate_spec(spec)
    except RulesError as exc:
        if exc.key != "error.pool_empty":
            raise
        if not opponent:
            raise RulesError("error.pool_empty_of", name=name, pool=spec.pool) from exc
        if not name:
            raise RulesError("error.opponent_dice_empty", pool=spec.pool) from exc
        raise RulesError("error.opponent_pool_empty", name=name, pool=spec.pool) from exc
