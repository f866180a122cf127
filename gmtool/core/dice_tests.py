"""Shadowrun dice tests with every Edge option of SR4 and SR5: the shared vocabulary.

This module defines what a test *is* (:class:`TestSpec`), what rolling it *gives*
(:class:`TestOutcome`), and the functions that roll, read typed faces, buy hits
and compute exact odds. Semantics, fixed here so rolling and odds always agree:

Dice. Each die shows 1-6; 5 and 6 are hits (SR4-D1). Under the rule of six
(SR4-D13) a 6 on an exploding die adds one more die, which explodes too. Extra
dice are rolled in order: all initial dice first, then one extra per 6 among the
exploding dice, in the order the sixes appeared (breadth first).

Edge uses (one per test; the Edge attribute gives the number of dice):
- ``NONE``: the pool alone, no rule of six. Pool ≤ 0 → RulesError("error.pool_empty").
- ``ADD_BEFORE`` (SR4-E2, SR5-E1 declared before the roll): pool + Edge dice, all
  exploding. With pool ≤ 0 only the Edge dice are rolled (longshot: SR4-D9/E5; SR5-E1).
  SR5: the limit is ignored.
- ``ADD_AFTER`` (SR4-E3, SR5-E1 declared after): the pool is rolled without the rule
  of six, then Edge dice are added. SR4: the added dice explode (rule of six on them
  only); SR5: no rule of six. SR5: the limit is ignored. Needs pool ≥ 1.
- ``REROLL_FAILURES`` (SR4-E4, SR5-E2 Second Chance): the pool is rolled, then every
  die that did not hit is rolled once more (no rule of six). The glitch is judged on
  the initial roll. SR5: not allowed after a glitch — rolling keeps the initial result
  and sets ``reroll_refused``; typed reroll faces after a glitch → RulesError
  ("error.second_chance_glitch"). SR5 limits apply.
- ``NEGATE_GLITCH`` (SR4-E8, SR5-E3 Close Call): rolled as NONE; a glitch or critical
  glitch is ignored (``glitch_negated`` records that one was).
- ``CRITICAL_SUCCESS`` (SR4-E10, burn a point): nothing is rolled; the test is a
  critical success with hits = threshold + 4. Refused when the test is not achievable
  (pool < threshold) → RulesError("error.not_achievable").

Glitch (SR4-D2/D3, SR5). SR4: ones ≥ half of all dice rolled in the result (extras
and added Edge dice count). SR5: ones > half of the pool, the pool being the dice
before rule-of-six extras (pool + Edge dice when Edge adds dice); ones on rule-of-six
extras count unless ``extras_ones_count`` is False. Critical glitch: a glitch with
zero hits. Bought hits never glitch.

Limit (SR5 only): counted hits = min(hits, limit) unless Edge adds dice
(ADD_BEFORE/ADD_AFTER). Net hits = max(0, counted − threshold); success when
counted ≥ threshold; critical success (SR4-D14) when net hits ≥ 4 (both editions).

Typed faces (X-2): the faces of every die in rolling order (initial dice, then
extras as above; for ADD_AFTER the pool, then the Edge dice, then their extras);
the count must equal the dice plus the extras the sixes call for. For
REROLL_FAILURES the rerolled faces are given separately, one per failed die, in order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from gmtool.core.errors import NotImplementedRuleError

DieSource = Literal["pool", "edge", "extra", "reroll"]


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


@dataclass(frozen=True)
class TestSpec:
    """A test before it is rolled."""

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
    ties go to the defender."""

    actor_wins: float
    net_hits: tuple[float, ...]
    expected_net_hits: float


def roll_test(spec: TestSpec, rng: random.Random) -> TestOutcome:
    raise NotImplementedRuleError("error.not_implemented", rule="SR4-D13")


def typed_test(spec: TestSpec, faces: tuple[int, ...], reroll_faces: tuple[int, ...] = ()) -> TestOutcome:
    raise NotImplementedRuleError("error.not_implemented", rule="X-2")


def buy_hits(spec: TestSpec) -> TestOutcome:
    raise NotImplementedRuleError("error.not_implemented", rule="SR4-D12")


def test_odds(spec: TestSpec) -> TestOdds:
    raise NotImplementedRuleError("error.not_implemented", rule="X-4")


def opposed_odds(actor: TestSpec, defender: TestSpec) -> OpposedOdds:
    raise NotImplementedRuleError("error.not_implemented", rule="X-4")


test_odds.__test__ = False  # type: ignore[attr-defined]  # not a pytest test
