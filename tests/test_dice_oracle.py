"""The exact odds (X-4) against icepool's exact answer, for every pool 0-12 and every Edge use.

The icepool models (:mod:`benchmarks.icepool_odds`) are built die by die and share
nothing with gmtool's closed forms. Every pool 0..12 of every Edge use of both
editions is compared, with both settings of ``extras_ones_count``, several
thresholds and limits: P(success), P(glitch), P(critical glitch), P(critical
success), the expected net hits and every entry of the hit law, at most 1e-9 apart.
An icepool die depends only on the dice, so it is built once per pool and use.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import icepool
import pytest

from benchmarks.icepool_odds import OracleOdds, evaluate, model, oracle_odds
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestOdds, TestSpec, test_odds

TOL = 1e-9
POOLS = range(13)
CASES = [(0, None), (1, 2), (3, None), (2, 5)]  # (threshold, limit)
RULES = {
    EdgeUse.NONE: ["SR4-D1", "SR4-D2", "SR4-D3", "SR4-D4"],
    EdgeUse.ADD_BEFORE: ["SR4-E2", "SR4-D13", "SR4-D9", "SR5-E1"],
    EdgeUse.ADD_AFTER: ["SR4-E3", "SR5-E1"],
    EdgeUse.REROLL_FAILURES: ["SR4-E4", "SR5-E2"],
    EdgeUse.NEGATE_GLITCH: ["SR4-E8", "SR5-E3"],
    EdgeUse.CRITICAL_SUCCESS: ["SR4-E10", "SR4-D14"],
}


def marks(use: EdgeUse) -> list[pytest.MarkDecorator]:
    return [pytest.mark.rule("X-4")] + [pytest.mark.rule(rule) for rule in RULES[use]]


@cache
def oracle_for_dice(spec: TestSpec) -> tuple[icepool.Die, Callable[[int], tuple[int, bool]]]:
    return model(spec)


def oracle(spec: TestSpec) -> OracleOdds:
    if spec.edge_use is EdgeUse.CRITICAL_SUCCESS:
        return oracle_odds(spec)
    die, read = oracle_for_dice(replace(spec, threshold=0, limit=None))  # the dice alone
    return evaluate(spec, die, read)


def differences(odds: TestOdds, exact: OracleOdds) -> dict[str, float]:
    found = {
        "success": odds.success - exact.success,
        "glitch": odds.glitch - exact.glitch,
        "critical_glitch": odds.critical_glitch - exact.critical_glitch,
        "critical_success": odds.critical_success - exact.critical_success,
        "expected_net_hits": odds.expected_net_hits - exact.expected_net_hits,
    }
    last = len(odds.hits) - 1
    for k, p in enumerate(odds.hits):
        q = exact.hits.get(k, 0) if k < last else sum(v for h, v in exact.hits.items() if h >= last)
        found[f"hits[{k}]"] = p - q
    return {name: abs(float(diff)) for name, diff in found.items()}


def specs(edition: Edition, use: EdgeUse, pool: int) -> list[TestSpec]:
    settings = (True, False) if edition is Edition.SR5 else (True,)
    edge = 1 + pool % 3
    return [
        TestSpec(edition, pool, threshold=t, limit=limit, edge=edge, edge_use=use, extras_ones_count=extras)
        for extras in settings
        for t, limit in CASES
    ]


PARAMS = [
    pytest.param(edition, use, pool, marks=marks(use), id=f"{edition.value}-{use.value}-{pool}")
    for edition in Edition
    for use in EdgeUse
    for pool in POOLS
]


@pytest.mark.parametrize(("edition", "use", "pool"), PARAMS)
def test_odds_equal_icepool(edition: Edition, use: EdgeUse, pool: int) -> None:
    compared = 0
    for spec in specs(edition, use, pool):
        try:
            odds = test_odds(spec)
        except RulesError as error:  # no roll: pool 0 without a longshot, or no such Edge use
            assert pool == 0 or use is EdgeUse.CRITICAL_SUCCESS, error.key
            continue
        exact = oracle(spec)
        worst = {name: diff for name, diff in differences(odds, exact).items() if diff > TOL}
        assert worst == {}, spec
        assert abs(sum(odds.hits) - 1) <= 1e-12
        compared += 1
    whole_use_refused = (use is EdgeUse.CRITICAL_SUCCESS and edition is Edition.SR5) or (
        pool == 0 and use is not EdgeUse.ADD_BEFORE
    )
    assert compared > 0 or whole_use_refused


def test_gmtool_never_imports_the_oracle_or_the_benchmarks() -> None:
    """icepool is a test dependency only; benchmarks are never part of gmtool."""
    root = Path(__file__).resolve().parents[1] / "gmtool"
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if re.search(r"^\s*(import|from)\s+(icepool|benchmarks)\b", path.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert offenders == []
