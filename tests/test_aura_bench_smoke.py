"""Smoke test of the Aura Battler benchmark harness: it runs, repaints, and returns sane figures
(no figure is compared with its target here: ``make bench`` prints the targets beside them)."""

from __future__ import annotations

import math

from benchmarks.aura_attack import measure_aura_attack


def test_the_aura_attack_harness_returns_positive_figures_and_repaints(qapp: object) -> None:
    result = measure_aura_attack(attacks=3)
    assert result["aura_attacks_without_paint"] == 0, "every attack must repaint the attack panel"
    for name in ("aura_attack_p95_ms", "aura_damage_odds_ms"):
        assert math.isfinite(result[name]) and result[name] > 0, result
