"""The hex core's exact line and bearing on a 60×40 map (issue 15), in microseconds per query.

``hex_line_us_p99``: the line between two random hexes of a 60×40 map (the walk itself, first
time for its direction: the per-direction cache is cleared before each sample, so this is the
cold cost; ``hex_line_warm_us_p99`` asks again). ``hex_arc_us_p99``: a bearing (six dot products).
``hex_los_us_p99``: the whole lock-and-cover verdict (:class:`gmtool.core.hex.sight.Ground`) on a
made-up 60×40 rally-like map (a fifth of the hexes level 1, a tenth level 2, twelve units), cold.
"""

from __future__ import annotations

import random
import time
from typing import Any

from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.coords import from_offset
from gmtool.core.hex.line import _walk, line
from gmtool.core.hex.sight import Ground

SAMPLES = 2000
SEED = 20261125
TARGET_ARC_US = 20.0
TARGET_LOS_US = 100.0


def _map(rng: random.Random) -> tuple[Ground, list]:
    levels = {}
    for col in range(60):
        for row in range(40):
            roll = rng.random()
            if roll < 0.1:
                levels[from_offset(col, row)] = 2
            elif roll < 0.3:
                levels[from_offset(col, row)] = 1
    units = [from_offset(rng.randrange(60), rng.randrange(40)) for _ in range(12)]
    return Ground(levels, dice={1: 1, 2: 2}, unit_dice=2), units


def _p(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure_hex_geometry(samples: int = SAMPLES) -> dict[str, Any]:
    rng = random.Random(SEED)
    pairs = []
    while len(pairs) < samples:
        a = from_offset(rng.randrange(60), rng.randrange(40))
        b = from_offset(rng.randrange(60), rng.randrange(40))
        if a != b:
            pairs.append((a, b, rng.randrange(6)))
    ground, units = _map(rng)
    cold, warm, arcs, sights = [], [], [], []
    for a, b, facing in pairs:
        _walk.cache_clear()
        start = time.perf_counter()
        line(a, b)
        cold.append((time.perf_counter() - start) * 1e6)
        start = time.perf_counter()
        line(a, b)
        warm.append((time.perf_counter() - start) * 1e6)
        start = time.perf_counter()
        bearing(a, facing, b)
        arcs.append((time.perf_counter() - start) * 1e6)
        _walk.cache_clear()
        start = time.perf_counter()
        ground.sight(a, b, units)
        sights.append((time.perf_counter() - start) * 1e6)
    return {
        "hex_line_us_p50": _p(cold, 0.5), "hex_line_us_p99": _p(cold, 0.99),
        "hex_line_warm_us_p99": _p(warm, 0.99), "hex_arc_us_p99": _p(arcs, 0.99),
        "hex_los_us_p50": _p(sights, 0.5), "hex_los_us_p99": _p(sights, 0.99),
        "hex_arc_target_us": TARGET_ARC_US, "hex_los_target_us": TARGET_LOS_US, "hex_queries": samples,
    }
