"""Importing a library of 2,000 NPCs through the GUI: the longest the window goes without an event-loop turn.

A main window on a fresh campaign (offscreen) imports one gmtool NPC export holding 2,000 made-up
SR5 NPCs (:func:`made_up_npcs`: 16 skills, 4 weapons, 3 spells, 4 augmentations and a paragraph
of notes each, about 5.6 KB of JSON) through *File → Import*'s own path
(:meth:`LibraryActions.import_files`: the progress dialog, the steps, the report). A precise 1 ms
timer notes each turn of the event loop; the figure is the longest gap between two turns, from
the call to its return (target ≤ 100 ms: the window repaints and Cancel answers within it).

For contrast, ``import_2000_npcs_one_call_s`` is the same import run as one call (no turns: what
the window froze for before the import went in steps).

Run alone: ``python -m benchmarks.import_freeze``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

NPCS = 2000
TARGET_MS = 100.0


def made_up_document(number: int) -> dict[str, Any]:
    """A made-up SR5 NPC as a library document (a street samurai's worth of entries)."""
    from gmtool.games.shadowrun.library.documents import blank_document

    document = blank_document("SR5", f"Made-up NPC {number:04d}")
    document["skills"] = [{"name": f"Skill {k}", "rating": 1 + (number + k) % 6, "attribute": "AGI"}
                          for k in range(16)]
    document["weapons"] = [{"name": f"Weapon {k}", "melee": k % 3 == 0, "damage": f"{6 + k}P", "ap": f"-{k % 3}",
                            "modes": ["SA", "BF"] if k % 3 else [], "accuracy": "5"} for k in range(4)]
    document["spells"] = [{"name": f"Spell {k}", "type": "M", "drain": f"F-{k % 4}"} for k in range(3)]
    document["augmentations"] = [{"name": f"Cyberware {k}", "rating": 1 + k % 3, "essence": 0.2}
                                 for k in range(4)]
    document["tags"] = ["made-up", f"group {number % 20}"]
    document["notes"] = "A made-up NPC for measuring imports. " * 6
    return document


def made_up_npcs(count: int) -> bytes:
    """A gmtool NPC export of ``count`` made-up NPCs."""
    from gmtool.games.shadowrun.library.documents import template_from_document
    from gmtool.games.shadowrun.library.exchange import export_npcs

    return export_npcs([template_from_document(made_up_document(n)) for n in range(count)]).encode()


class TurnClock:
    """Notes the time of every event-loop turn (a 1 ms precise timer) while running."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.times: list[float] = []
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(1)
        self.timer.timeout.connect(lambda: self.times.append(time.perf_counter()))

    def longest_gap_ms(self, start: float, end: float) -> float:
        marks = [start, *self.times, end]
        return max(b - a for a, b in zip(marks, marks[1:], strict=False)) * 1000


def measure_import_freeze(count: int = NPCS) -> dict[str, float]:
    """``import_2000_npcs_max_freeze_ms`` and the import's total seconds (the GUI path)."""
    saved = os.environ.get("GMTOOL_DATA_DIR")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="gmtool-import-") as folder:
        os.environ["GMTOOL_DATA_DIR"] = str(Path(folder) / "data")
        try:
            return _measure(Path(folder), count)
        finally:
            if saved is None:
                os.environ.pop("GMTOOL_DATA_DIR", None)
            else:
                os.environ["GMTOOL_DATA_DIR"] = saved


def _measure(folder: Path, count: int) -> dict[str, float]:
    from PySide6.QtWidgets import QApplication

    from gmtool.storage.workspace import Workspace
    from gmtool.ui.library_actions import LibraryActions
    from gmtool.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    file = folder / "npcs.json"
    file.write_bytes(made_up_npcs(count))
    workspace = Workspace.open_default()
    window = MainWindow(workspace)
    window.resize(1366, 768)
    window.show()
    _settle(app)
    actions = window.findChild(LibraryActions)
    assert actions is not None
    clock = TurnClock()
    clock.timer.start()
    start = time.perf_counter()
    outcomes = actions.import_files([file])
    end = time.perf_counter()
    clock.timer.stop()
    assert outcomes[0].ok and len(outcomes[0].template_ids) == count, outcomes[0].lines[:3]
    one_call = _one_call(folder, file)
    if actions.report is not None:
        actions.report.close()
    window.close()
    workspace.close()
    app.processEvents()
    return {
        f"import_{count}_npcs_max_freeze_ms": clock.longest_gap_ms(start, end),
        f"import_{count}_npcs_s": end - start,
        f"import_{count}_npcs_one_call_s": one_call,
        "import_freeze_target_ms": TARGET_MS,
    }


def _settle(app: Any, seconds: float = 1.0) -> None:
    """Let the window finish its first paints and start-up timers (the GM imports into an idle window)."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        app.processEvents()
        time.sleep(0.01)


def _one_call(folder: Path, file: Path) -> float:
    """The same import as one call on another campaign (what the window froze for before)."""
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.import_report_dialog import import_path

    workspace = Workspace.create(folder / "other.gmtool")
    try:
        start = time.perf_counter()
        import_path(workspace.campaign, file, workspace.encounter_id)
        return time.perf_counter() - start
    finally:
        workspace.close()


if __name__ == "__main__":
    for name, value in measure_import_freeze().items():
        sys.stdout.write(f"{name}: {value:.3f}\n")
