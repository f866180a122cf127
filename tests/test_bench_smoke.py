"""Smoke tests of the benchmark harnesses: they run and return sane figures.

These check the measuring code, never the speed of gmtool: no figure is compared
with a target here (``make bench`` prints the targets beside the figures).
"""

from __future__ import annotations

import math

import pytest

from benchmarks.next_phase import measure_next_phase
from benchmarks.odds import measure_odds
from benchmarks.startup import measure_startup


def _positive_finite(value: object) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value > 0


@pytest.mark.slow
def test_startup_harness_returns_positive_finite_figures() -> None:
    result = measure_startup(runs=1)
    assert {"startup_ratio", "memory_ratio", "startup_gmtool_median_s", "memory_gmtool_median_kib"} <= set(result)
    assert all(_positive_finite(value) for value in result.values()), result


@pytest.mark.slow
def test_next_phase_harness_returns_positive_finite_figures(qapp: object) -> None:
    result = measure_next_phase(presses=5, combatants=12)
    assert _positive_finite(result["next_phase_core_p95_ms_200"]), result
    assert _positive_finite(result["next_phase_p95_ms_200"]), result
    assert _positive_finite(result["next_phase_full_repaint_p95_ms_200"]), result
    assert result["next_phase_presses_without_paint"] == 0, "every press must repaint the pass view"


@pytest.mark.slow
def test_odds_harness_returns_positive_finite_figures() -> None:
    result = measure_odds(max_pool=4, icepool_max_pool=2, repeats=2)
    for name in ("odds_p99_ms", "odds_max_ms", "odds_median_ms", "odds_speedup_vs_icepool", "odds_icepool_total_s"):
        assert _positive_finite(result[name]), (name, result)
    # Pools 1-4 × (6 SR4 + 5 SR5 Edge uses) less the burn for pools 1-2 (threshold 3 is
    # not achievable), and pool 0: only ADD_BEFORE (longshot) in each edition.
    assert result["odds_queries"] == 4 * 11 - 2 + 2 and result["odds_samples"] == 2 * 44
    assert result["odds_icepool_queries"] == 2 * 10 + 2
    assert "0-2" in result["odds_speedup_basis"]


@pytest.mark.slow
def test_grouped_next_phase_harness_builds_groups_and_effects(qapp: object) -> None:
    from benchmarks.next_phase import measure_grouped

    result = measure_grouped(presses=5)
    assert _positive_finite(result["next_phase_p95_ms_200_groups_effects"]), result
    assert result["next_phase_groups"] == 20 and result["next_phase_active_effects"] == 100
    assert result["next_phase_groups_presses_without_paint"] == 0


@pytest.mark.slow
def test_attack_harness_resolves_every_sample_in_the_journal(qapp: object) -> None:
    from benchmarks.attack import measure_attack

    result = measure_attack(samples=5)
    assert _positive_finite(result["attack_p95_ms_200"]) and _positive_finite(result["attack_core_p95_ms_200"])
    assert result["attack_resolved_in_journal"] >= 5 + 10  # samples and warm-up, each one journal entry


@pytest.mark.slow
def test_rally_activation_harness_times_every_press_of_every_activation(qapp: object) -> None:
    from benchmarks.rally_activation import PRESSES, measure_rally_activation

    result = measure_rally_activation(rounds=1)
    assert _positive_finite(result["rally_activation_p95_ms"]) and _positive_finite(result["rally_activation_core_p95_ms"])
    declined = result["rally_activation_no_reaction_presses"]  # BR-18: the GM's *No reaction*, a press of its own
    assert declined > 0 and result["rally_activation_presses"] == 8 * len(PRESSES) + declined  # 8 gears, 1 round
    assert result["rally_activation_refused_presses"] == 0 and result["rally_activation_attacks"] == 2 * 8


@pytest.mark.slow
def test_bare_floor_changes_every_cell_and_paints_each_press(qapp: object) -> None:
    from benchmarks.bare_press import measure_bare_press

    result = measure_bare_press(presses=5)
    assert _positive_finite(result["bare_press_p95_ms"]), result
    assert result["bare_press_presses_without_paint"] == 0


def test_key_press_ratios_divide_by_the_floors_median(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each *_vs_bare is the figure over the median of the floor's five runs (3, 9, 6, 6, 12 ms: 6)."""
    from benchmarks import key_presses

    floors = iter([3.0, 9.0, 6.0, 6.0, 12.0])
    figures = {p95: 1.5 * (n + 1) for n, (_m, _f, p95, _r) in enumerate(key_presses.KEY_PRESSES)}

    def fake(module: str, function: str) -> dict[str, object]:
        if module == key_presses.FLOOR[0]:
            return {"bare_press_p95_ms": next(floors), "bare_press_presses_without_paint": 0}
        name = next(p95 for m, _f, p95, _r in key_presses.KEY_PRESSES if m == module)
        return {name: figures[name]}

    monkeypatch.setattr(key_presses, "isolated", fake)
    result = key_presses.measure_key_presses()
    assert result["bare_press_runs"] == 5  # before, after the 2nd, 4th and 6th figure, and at the end
    assert result["bare_press_p95_ms"] == 6.0
    assert result["next_phase_vs_bare"] == 1.5 / 6.0
    assert result["sr4_spell_vs_bare"] == 9.0 / 6.0


@pytest.mark.slow
def test_import_freeze_harness_imports_every_npc_and_measures_the_turns(qapp: object) -> None:
    from benchmarks.import_freeze import measure_import_freeze

    result = measure_import_freeze(count=40)  # it asserts every NPC came in
    assert _positive_finite(result["import_40_npcs_max_freeze_ms"]), result
    assert result["import_40_npcs_max_freeze_ms"] <= 1000 * result["import_40_npcs_s"]  # a gap within the import
    assert _positive_finite(result["import_40_npcs_one_call_s"]), result
