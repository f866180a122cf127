"""Smoke test of the shared page's benchmark harness: it runs and returns sane figures (never compared
with the target here: ``make bench`` prints it beside the figure)."""

from __future__ import annotations

import math

from benchmarks.share_web import measure_share_web


def test_share_web_harness_returns_its_figures(qapp: object) -> None:
    result = measure_share_web(clients=2, held=4, presses=3)
    assert math.isfinite(result["player_web_update_p95_ms"]) and result["player_web_update_p95_ms"] > 0
    assert result["player_web_clients"] == 4  # every page held got the last change
    assert math.isfinite(result["player_web_kib_per_client"])
