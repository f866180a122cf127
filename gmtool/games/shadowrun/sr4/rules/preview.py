"""What an SR4 test would be before it is rolled: the breakdown and the spec the exact odds need.

The test box asks this for every change of its inputs; the same functions build the spec
when the test is rolled (:mod:`.decide_tests`), so the odds shown are the odds rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.dice_test_commands import PoolSpec
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestSpec
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of, retry_key
from gmtool.games.shadowrun.sr4.rules.decide_tests import plain_spec, spec_for, terms_for
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


@dataclass(frozen=True)
class TestPreview:
    __test__ = False  # not a pytest test class

    terms: Terms
    spec: TestSpec
    retries: int  # earlier failures of this test (the penalty is in the terms when retrying)


def preview_test(
    state: EncounterState, combatant: str, pool: PoolSpec, threshold: int = 0, edge_use: EdgeUse = EdgeUse.NONE,
    retry: bool = False, label: str = "",
) -> TestPreview:
    c = state.combatants[combatant]
    retries = c.retries.get(retry_key(pool, label), 0)
    terms = terms_for(state, c, pool, retries if retry else 0)
    return TestPreview(terms=terms, spec=spec_for(c, pool_of(terms), threshold, edge_use), retries=retries)


def plain_pool_spec(state: EncounterState, dice: int) -> TestSpec:
    """An opponent that is only a number of dice (no sheet)."""
    return plain_spec(dice)
