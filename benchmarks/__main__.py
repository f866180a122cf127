"""``python -m benchmarks``: every measurement, printed as ``name: value`` lines.

Order: exact odds per query and against icepool (pure Python, first, while the
process is small), every key press in a fresh process of its own with the bare window's
floor around them and each as a ratio to it (:mod:`benchmarks.key_presses`), Chummer and Foundry import,
library search over 10,000 NPCs, a 1,000-event log printed to PDF, the longest freeze while
importing 2,000 NPCs, start-up
time and peak memory against a bare PySide6 window (child processes), then the
SIGKILL durability trials. Figures are ratios or percentiles; targets from the
spec are printed beside them as context, never asserted.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from benchmarks.key_presses import isolated, measure_key_presses
from benchmarks.kill_trials import run_kill_trials
from benchmarks.next_phase import TARGET_MS
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


def bench_key_presses() -> None:
    """Every key press (next phase, attack, map move, rally activation, duel attack, SR4 spell) in a
    fresh process of its own, the bare window's floor around them, and each ``*_vs_bare`` ratio."""
    for name, value in measure_key_presses().items():
        emit(name, value)
    emit("next_phase_target_ms", TARGET_MS)
    for name, value in isolated("benchmarks.next_phase", "measure_grouped").items():  # 20 groups of 10, 100 effects
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
    bench_key_presses()
    bench_named("benchmarks.import_chummer", "measure_import_chummer")
    bench_named("benchmarks.import_foundry", "measure_import_foundry")  # issue 34: 100 Foundry actors
    bench_named("benchmarks.library_search", "measure_library_search")
    bench_named("benchmarks.print_pdf", "measure_print_pdf")
    bench_named("benchmarks.rewind", "measure_rewind")
    bench_named("benchmarks.house_rules", "measure_house_rules")
    bench_named("benchmarks.open_fuzz", "measure_open_fuzz")
    bench_named("benchmarks.user_file_fuzz", "measure_user_file_fuzz")  # issue 29: a GM's files, mutated
    bench_named("benchmarks.hex_geometry", "measure_hex_geometry")
    bench_named("benchmarks.import_freeze", "measure_import_freeze")  # issue 29: 2,000 NPCs, the window turning
    bench_named("benchmarks.mutation", "measure_mutation_scores")  # issue 36: what make mutate last wrote
    bench_named("benchmarks.share_web", "measure_share_web")  # issue 33: the players' web page over loopback
    bench_startup()
    bench_kill_trials()
    return 0


if __name__ == "__main__":
    sys.exit(main())
