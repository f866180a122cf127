"""Moving one of 12 gears on a 60×40 rally course: p95 latency from the drop to the painted map.

A new rally encounter gets a made-up 60×40 course (seeded terrain of every kind) and 12 gears;
the first gear is selected with its arcs shown and a line of fire to another gear chosen (what a
GM looks at while moving). A move is the map dock's drop (the GM dragging the gear: a journal
command, its events, the units redrawn, arcs and the line of fire computed again) then the event
loop until the posted work and paints are done; the gear goes back and forth between two hexes.
The map's viewport must be painted after every move (``map_moves_without_paint`` must be 0).
``map_move_core_p95_ms`` times the same command on the session alone (the core's share).

``make bench`` measures it in a child process of its own (:mod:`benchmarks.key_presses`): after
the library search and the open fuzz the bench's process holds some 2.5 million objects, and the
collector's full passes over them (which the program, freezing what start-up made, never sees) took
the p95 from 12 ms to 28 ms — a measure of the earlier benchmarks, not of the map.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.next_phase import PaintCounter, data_dir_env, p95, settle, timed
from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.storage.workspace import Workspace

COLUMNS, ROWS, GEARS = 60, 40, 12
MOVES = 200
WARMUP = 10
TARGET_MS = 16.0  # issue 15: map_move_p95_ms ≤ 16
KINDS = (("rough", 0.15), ("hardpack", 0.15), ("level1", 0.08), ("level2", 0.05), ("structure", 0.02))


def big_course(seed: int = 15) -> HexMapFile:
    """A made-up course: each hex's kind drawn with the weights above (the rest normal)."""
    rng = random.Random(seed)
    terrain = {}
    for col in range(COLUMNS):
        for row in range(ROWS):
            roll, total = rng.random(), 0.0
            for kind, weight in KINDS:
                total += weight
                if roll < total:
                    terrain[f"{col + 1:02d}{row + 1:02d}"] = kind
                    break
    return HexMapFile(name="Bench course (made up)", game="badlands_rally", columns=COLUMNS, rows=ROWS,
                      terrain=terrain)


@contextmanager
def rally_workspace() -> Iterator[Workspace]:
    with tempfile.TemporaryDirectory(prefix="gmtool-bench-") as tmp, data_dir_env(Path(tmp)):
        workspace = Workspace.open_default().with_new_encounter("Map bench", "badlands_rally")
        try:
            course = big_course()
            workspace.session.execute(m.SetCourse(course=course))
            for n in range(GEARS):
                at = f"{10 + 3 * n:02d}20"
                workspace.session.execute(m.AddGear(name=f"Gear {n + 1}", seat=f"P{n % 4}", attack=4, defence=4,
                                                    armour=6, hull=2, structure=2, cruising_mr=6, top_mr=9,
                                                    hex=at, facing=n % 6))
            workspace.session.execute(m.StartRound(first="g1"))
            yield workspace
        finally:
            workspace.close()


def _spots(workspace: Workspace) -> tuple[str, str]:
    """Two free hexes for the first gear to go between (its own and one two rows down)."""
    here = label(workspace.encounter.state.gears["g1"].hex)
    return here, f"{here[:2]}{int(here[2:]) + 2:02d}"


def measure_map_move(moves: int = MOVES) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with rally_workspace() as shown, rally_workspace() as bare:
        window = MainWindow(shown)
        window.resize(1366, 768)
        window.show()
        app.processEvents()
        dock = window.parts.map
        window.bridge.select("g1")
        dock.target.setCurrentIndex(dock.target.findData("g7"))
        counter = PaintCounter(dock.view.viewport())
        a, b = _spots(shown)
        gui_ms, core_ms, unpainted = [], [], 0
        for n in range(WARMUP + moves):
            to = b if n % 2 == 0 else a
            before = counter.count

            def move(to: str = to) -> None:
                dock.drop("g1", hex_of(to))
                settle(app)

            gui = timed(move)
            core = timed(lambda to=to: bare.session.execute(m.PlaceGear(gear="g1", hex=to, facing=0)))
            if n >= WARMUP:
                gui_ms.append(gui)
                core_ms.append(core)
                unpainted += counter.count == before
        moved = label(shown.encounter.state.gears["g1"].hex)
        window.close()
    return {"map_move_p95_ms": p95(gui_ms), "map_move_core_p95_ms": p95(core_ms),
            "map_moves_without_paint": unpainted, "map_moves": moves, "map_move_last_hex": moved,
            "map_move_target_ms": TARGET_MS}


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for name, value in measure_map_move().items():
        print(f"{name}: {value}")
