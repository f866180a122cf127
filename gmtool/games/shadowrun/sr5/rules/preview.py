"""What a test would be, before it is rolled: the breakdown and the spec the odds need.

The modifier panel asks this for every change of its inputs; the same functions
build the spec when the test is rolled, so the odds shown are the odds rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestSpec
from gmtool.games.shadowrun.sr5.rules.decide_tests import spec_for, terms_for
from gmtool.games.shadowrun.sr5.rules.dice_test_commands import PoolSpec
from gmtool.games.shadowrun.sr5.rules.effects import Side
from gmtool.games.shadowrun.sr5.rules.simple_test import Terms, limit_of, pool_of, retry_key
from gmtool.games.shadowrun.sr5.rules.state import EncounterState


@dataclass(frozen=True)
class TestPreview:
    terms: Terms
    spec: TestSpec
    retries: int  # earlier failures of this test (the penalty is in the terms when retrying)


def preview_test(
    state: EncounterState,
    combatant: str,
    pool: PoolSpec,
    threshold: int = 0,
    edge_use: EdgeUse = EdgeUse.NONE,
    retry: bool = False,
    label: str = "",
    extra_terms: Terms = (),
    side: Side = "test",
) -> TestPreview:
    c = state.combatants[combatant]
    retries = c.retries.get(retry_key(pool, label), 0)
    terms = terms_for(state, c, pool, side, retries if retry else 0) + extra_terms
    spec = spec_for(state, c, pool_of(terms), threshold, limit_of(c.sheet, pool), edge_use)
    return TestPreview(terms=terms, spec=spec, retries=retries)


def plain_pool_spec(state: EncounterState, dice: int) -> TestSpec:
    """An opponent that is only a number of dice (no sheet)."""
    from gmtool.games.shadowrun.rules.dice_tests import Edition

    return TestSpec(
        edition=Edition.SR5, pool=dice, extras_ones_count=state.options.get("ones_on_extras_count", True)
    )
