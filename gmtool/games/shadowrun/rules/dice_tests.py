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

Choices where the rules are silent (kept identical in rolling, typing and odds):
- Critical glitch with REROLL_FAILURES (SR4): the glitch is the initial roll's, the
  "zero hits" are the result's (after the reroll, before the limit), so a reroll that
  hits turns a critical glitch into a glitch. ``ones`` are the initial roll's.
- NEGATE_GLITCH: the outcome's ``glitch`` and ``critical_glitch`` are False and
  ``glitch_negated`` tells that one was ignored; its odds have P(glitch) = 0.
- CRITICAL_SUCCESS needs a test that could be rolled: pool ≤ 0 → "error.pool_empty",
  pool < threshold → "error.not_achievable"; typed faces for it must be empty.
- ADD_BEFORE/ADD_AFTER with Edge 0 add no dice (a pool ≥ 1 still rolls; ADD_BEFORE
  then explodes the pool dice). A negative Edge or limit → "error.bad_value". SR4 has
  no limits: a limit given in an SR4 spec is ignored.
- Typed faces: reroll faces where nothing is rerolled are refused: after an SR5
  glitch → "error.second_chance_glitch", for other Edge uses → "error.faces_count"
  (0 expected). Too few faces: the count reported is what the sixes typed so far call for.
- buy_hits: no dice are rolled, so no Edge use applies (edge_use ≠ NONE →
  "error.bad_value"); pool ≤ 0 → "error.pool_empty"; hits = pool // 4, limited in SR5.
- test_odds refuses what roll_test refuses (NONE with pool ≤ 0 → "error.pool_empty"),
  and more than MAX_ODDS_DICE (500) dice → "error.bad_value". ``TestOdds.hits`` lists
  the whole law when it is finite; with the rule of six it stops at the first
  K ≥ threshold + 4 whose tail P(counted ≥ K) < 1e-12, the last entry being that tail.
- opposed_odds compares counted hits (limits apply, thresholds are ignored); see
  :class:`OpposedOdds` for ``net_hits[0]``. The maths and its truncation bound (the only
  one: < 1e-12) are in :mod:`gmtool.games.shadowrun.rules.dice_odds`.
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.dice_engine import buy_hits, roll_test, typed_test
from gmtool.games.shadowrun.rules.dice_odds import opposed_odds, test_odds
from gmtool.games.shadowrun.rules.dice_spec import (
    Die,
    DieSource,
    EdgeUse,
    Edition,
    OpposedOdds,
    TestOdds,
    TestOutcome,
    TestSpec,
)

__all__ = [
    "Die",
    "DieSource",
    "EdgeUse",
    "Edition",
    "OpposedOdds",
    "TestOdds",
    "TestOutcome",
    "TestSpec",
    "buy_hits",
    "opposed_odds",
    "roll_test",
    "test_odds",
    "typed_test",
]
