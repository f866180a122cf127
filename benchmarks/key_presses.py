"""Every key-press figure in a fresh process of its own, and each as a ratio to the bare floor.

Garbage left in the bench's process by an earlier benchmark (the library search, the open fuzz)
skews a key press by up to 4×: the collector's full passes over millions of objects land inside
the presses. So each key-press benchmark runs here in a child process
(``python -m benchmarks.key_presses MODULE FUNCTION``, its ``name: value`` lines parsed), and so
does the floor (:mod:`benchmarks.bare_press`): a bare PySide6 window whose every cell and field
changes on each press. The floor runs before, between and after the figures (its median is used),
so that a machine busier in one part of the run moves both sides of a ratio.

``*_vs_bare`` = the figure's p95 ÷ the floor's p95 (issue 30: each ≤ 0.75).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_VS_BARE = 0.75

# (module, function, the p95 figure it prints, the ratio's name)
KEY_PRESSES: tuple[tuple[str, str, str, str], ...] = (
    ("benchmarks.next_phase", "measure_next_phase", "next_phase_p95_ms_200", "next_phase_vs_bare"),
    ("benchmarks.attack", "measure_attack", "attack_p95_ms_200", "attack_vs_bare"),
    ("benchmarks.map_move", "measure_map_move", "map_move_p95_ms", "map_move_vs_bare"),
    ("benchmarks.rally_activation", "measure_rally_activation", "rally_activation_p95_ms", "rally_activation_vs_bare"),
    ("benchmarks.aura_attack", "measure_aura_attack", "aura_attack_p95_ms", "aura_attack_vs_bare"),
    ("benchmarks.sr4_spell", "measure_sr4_spell", "sr4_spell_p95_ms_200", "sr4_spell_vs_bare"),
)
FLOOR = ("benchmarks.bare_press", "measure_bare_press", "bare_press_p95_ms")


def number(text: str) -> Any:
    """A printed value back as an int or a float where it is one."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def isolated(module: str, function: str) -> dict[str, Any]:
    """``module.function()``'s figures, measured in a fresh Python process."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    done = subprocess.run([sys.executable, "-m", "benchmarks.key_presses", module, function], capture_output=True,
                          text=True, env=env, check=False, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{module}.{function} failed ({done.returncode}): {done.stderr[-2000:]}")
    found: dict[str, Any] = {}
    for line in done.stdout.splitlines():
        name, sep, value = line.partition(": ")
        if sep:
            found[name] = number(value)
    return found


def measure_key_presses() -> dict[str, Any]:
    """Each key press's figures (fresh processes), the floor's, and every ``*_vs_bare`` ratio."""
    floors: list[float] = []
    figures: dict[str, Any] = {}

    def floor() -> None:
        result = isolated(FLOOR[0], FLOOR[1])
        floors.append(float(result[FLOOR[2]]))
        figures["bare_press_presses_without_paint"] = max(
            int(figures.get("bare_press_presses_without_paint", 0)), int(result["bare_press_presses_without_paint"]))

    floor()
    for n, (module, function, _p95, _ratio) in enumerate(KEY_PRESSES):
        figures.update(isolated(module, function))
        if n % 2 == 1:
            floor()
    floor()
    bare = statistics.median(floors)
    figures["bare_press_p95_ms"] = bare
    figures["bare_press_runs"] = len(floors)
    for _module, _function, p95_name, ratio in KEY_PRESSES:
        value = figures.get(p95_name)
        figures[ratio] = value / bare if isinstance(value, (int, float)) else "unavailable"
    figures["key_press_target_vs_bare"] = TARGET_VS_BARE
    return figures


def main(argv: list[str]) -> int:
    import importlib

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    module, function = argv
    for name, value in getattr(importlib.import_module(module), function)().items():
        sys.stdout.write(f"{name}: {value}\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
