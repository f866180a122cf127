"""``python -m benchmarks``: every measurement, printed as ``name: value`` lines.

Order: exact odds per query and against icepool (pure Python, first, while the
process is small), next phase and a full attack with 200 combatants (in this process,
offscreen Qt), Chummer import, library search over 10,000 NPCs, a 1,000-event log
printed to PDF, the longest freeze while importing 2,000 NPCs, start-up
time and peak memory against a bare PySide6 window (child processes), then the
SIGKILL durability trials. Figures are ratios or percentiles; targets from the
spec are printed beside them as context, never asserted.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from benchmarks.kill_trials import run_kill_trials
from benchmarks.next_phase import TARGET_MS, measure_grouped, measure_next_phase
from benchmarks.odds import TARGET_P99_MS, TARGET_SPEEDUP, measure_odds
from benchmarks.startup import TARGET_MEMORY_RATIO, TARGET_RATIO, measure_startup

STARTUP_RUNS = 7
KILL_TRIALS = 200
KILL_SEED = 20261122


def emit(name: str, value: Any) -> None:
    if isinstance(value, float):
        value = f"{value:.3f}" if abs(value) < 1000 else f"{value:.0f}"
    sys.stdout.write(f"{name}: {value}\n")
    sys.stdout.flush()


def bench_odds() -> None:
    result = measure_odds()
    for name, value in result.items():
        emit(name, value)
    emit("odds_target_p99_ms", TARGET_P99_MS)
    emit("odds_target_speedup", TARGET_SPEEDUP)


def bench_next_phase() -> None:
    result = measure_next_phase()
    emit("next_phase_p95_ms_200", result["next_phase_p95_ms_200"])
    for key in ("next_phase_full_repaint_p95_ms_200", "next_phase_presses_without_paint"):
        if key in result:
            emit(key, result[key])
    emit("next_phase_core_p95_ms_200", result["next_phase_core_p95_ms_200"])
    emit("next_phase_presses", result["next_phase_presses"])
    emit("next_phase_target_ms", TARGET_MS)
    for name, value in measure_grouped().items():  # 20 grunt groups of 10, 100 active effects
        emit(name, value)


def bench_startup() -> None:
    result = measure_startup(STARTUP_RUNS)
    for name in ("startup_ratio", "memory_ratio"):
        emit(name, result[name])
    for name, value in result.items():
        if name not in ("startup_ratio", "memory_ratio"):
            emit(name, int(value) if name.endswith(("_kib", "_each")) else value)
    emit("startup_target_ratio", TARGET_RATIO)
    emit("memory_target_ratio", TARGET_MEMORY_RATIO)


def bench_kill_trials() -> None:
    result = run_kill_trials(KILL_TRIALS, KILL_SEED)
    emit("kill_trials", result["trials"])
    emit("kill_lost_commands", result["lost_commands"])
    emit("kill_reopen_failures", result["reopen_failures"])
    for name in (
        "mismatched_entries",
        "script_errors",
        "killed_before_open",
        "killed_while_creating",
        "finished_before_kill",
        "killed_after_last_command",
        "confirmed_entries",
        "stored_beyond_confirmed",
        "calibration_open_s",
        "calibration_finish_s",
    ):
        emit(f"kill_{name}", result[name])
    for problem in result["problems"]:
        emit("kill_problem", problem)


def bench_named(module: str, function: str) -> None:
    """A feature's measurements: a function returning ``name: value`` pairs."""
    import importlib

    for name, value in getattr(importlib.import_module(module), function)().items():
        emit(name, value)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    bench_odds()
    bench_next_phase()
    bench_named("benchmarks.attack", "measure_attack")
    bench_named("benchmarks.import_chummer", "measure_import_chummer")
    bench_named("benchmarks.library_search", "measure_library_search")
    bench_named("benchmarks.print_pdf", "measure_print_pdf")
    bench_named("benchmarks.rewind", "measure_rewind")
    bench_named("benchmarks.house_rules", "measure_house_rules")
    bench_named("benchmarks.open_fuzz", "measure_open_fuzz")
    bench_named("benchmarks.hex_geometry", "measure_hex_geometry")
    bench_named("benchmarks.map_move", "measure_map_move_isolated")  # a fresh process: see its docstring
    bench_named("benchmarks.rally_activation", "measure_rally_activation_isolated")  # a fresh process too
    bench_named("benchmarks.aura_attack", "measure_aura_attack")
    bench_named("benchmarks.sr4_spell", "measure_sr4_spell")  # issue 18: casting with drain and repaint
    bench_named("benchmarks.import_freeze", "measure_import_freeze")  # issue 29: 2,000 NPCs, the window turning
    bench_startup()
    bench_kill_trials()
    return 0


if __name__ == "__main__":
    sys.exit(main())
