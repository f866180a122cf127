"""Exact odds (X-4): time per ``test_odds`` query, and the speed-up over icepool.

Queries: every pool 0..60 × every Edge use valid in the edition × both editions
(Edge 6, threshold 3, SR5 limit 6), each timed on its own with ``perf_counter_ns``,
no cache anywhere (gmtool keeps none; each query recomputes everything). The
queries are run ``repeats`` times in turn; ``odds_p99_ms`` is the 99th percentile
of all those single-query times.

Speed-up: the queries with at most ``icepool_max_pool`` pool dice are also answered
by the icepool oracle (:mod:`benchmarks.icepool_odds`, the same quantities: hit law,
success, glitch, critical glitch, critical success, expected net hits), once each.
The figure is the ratio of the totals over those same queries: icepool's one run
against gmtool's median single-query time.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestSpec, test_odds

MAX_POOL = 60
ICEPOOL_MAX_POOL = 20
REPEATS = 5
EDGE = 6
THRESHOLD = 3
SR5_LIMIT = 6
TARGET_P99_MS = 1.0
TARGET_SPEEDUP = 100.0


def queries(max_pool: int = MAX_POOL) -> list[TestSpec]:
    """Every pool × Edge use × edition that can be tested (refused specs are left out)."""
    found = []
    for pool in range(max_pool + 1):
        for edition in Edition:
            for use in EdgeUse:
                limit = SR5_LIMIT if edition is Edition.SR5 else None
                spec = TestSpec(edition, pool, threshold=THRESHOLD, limit=limit, edge=EDGE, edge_use=use)
                try:
                    test_odds(spec)
                except RulesError:
                    continue
                found.append(spec)
    return found


def _time_ms(function: Any, spec: TestSpec) -> float:
    start = time.perf_counter_ns()
    function(spec)
    return (time.perf_counter_ns() - start) / 1e6


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


def measure_odds(
    max_pool: int = MAX_POOL, icepool_max_pool: int = ICEPOOL_MAX_POOL, repeats: int = REPEATS
) -> dict[str, Any]:
    specs = queries(max_pool)
    samples: dict[TestSpec, list[float]] = {spec: [] for spec in specs}
    for _ in range(repeats):
        for spec in specs:
            samples[spec].append(_time_ms(test_odds, spec))
    every = [t for times in samples.values() for t in times]
    result: dict[str, Any] = {
        "odds_p99_ms": percentile(every, 0.99),
        "odds_max_ms": max(every),
        "odds_median_ms": statistics.median(every),
        "odds_queries": len(specs),
        "odds_samples": len(every),
    }
    compared = [spec for spec in specs if spec.pool <= icepool_max_pool]
    if compared:
        from benchmarks.icepool_odds import oracle_odds  # only the benchmark needs icepool

        icepool_total = sum(_time_ms(oracle_odds, spec) for spec in compared)
        gmtool_total = sum(statistics.median(samples[spec]) for spec in compared)
        result["odds_speedup_vs_icepool"] = icepool_total / gmtool_total
        result["odds_icepool_queries"] = len(compared)
        result["odds_icepool_total_s"] = icepool_total / 1000
        result["odds_gmtool_total_ms_same_queries"] = gmtool_total
        result["odds_speedup_basis"] = (
            f"ratio of total times over the same {len(compared)} queries (pools 0-{icepool_max_pool}):"
            " icepool one run each / gmtool median of its runs"
        )
    return result
