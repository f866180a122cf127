"""Issue 29: a long import never freezes the window: the event loop turns all through it (the
window repaints, Cancel is seen), and a Cancel in the middle of a file keeps nothing of that file.

These check the mechanism (turns, what is kept), never a duration; the figure is
``benchmarks/import_freeze.py``'s ``import_2000_npcs_max_freeze_ms``.
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from benchmarks.import_freeze import made_up_npcs
from gmtool.storage import background, library_store
from gmtool.ui import import_report_dialog as report
from gmtool.ui.import_report_dialog import import_paths

NPCS = 200


def _progress() -> QProgressDialog | None:
    """The progress dialog on screen (an earlier import's, closed, may wait to be deleted)."""
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog)
                 and w.objectName() == "importProgress" and w.isVisible()), None)


class Turns:
    """Counts the event loop's turns (a 0 ms timer fires once per turn) and may act at one."""

    def __init__(self, act=None) -> None:  # noqa: ANN001 - act(turns) called at every turn
        self.count = 0
        self.act = act
        self.timer = QTimer()
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._turn)
        self.timer.start()

    def _turn(self) -> None:
        self.count += 1
        if self.act is not None:
            self.act(self.count)


@pytest.fixture
def npc_file(tmp_path: Path) -> Path:
    path = tmp_path / "npcs.json"
    path.write_bytes(made_up_npcs(NPCS))
    return path


@pytest.fixture
def every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn of the event loop after every step (normally every 20 ms), the dialog shown at once."""
    monkeypatch.setattr(report, "SLICE_S", 0.0)
    monkeypatch.setattr(report, "PROGRESS_AFTER_MS", 0)


def test_the_event_loop_turns_all_through_a_large_import(qtbot, workspace, npc_file, every_step) -> None:
    shown: list[str] = []
    turns = Turns(lambda _n: shown.append(_progress().labelText() if _progress() else ""))
    outcomes = import_paths(None, workspace.campaign, [npc_file], workspace.encounter_id)
    turns.timer.stop()
    assert outcomes[0].ok and len(outcomes[0].template_ids) == NPCS
    assert turns.count >= 2 * NPCS  # each NPC read, checked and stored in steps of its own, a turn after each
    assert any("npcs.json" in text for text in shown)  # the progress dialog is up, naming the file


@pytest.mark.parametrize("moment", ["reading", "writing"])
def test_cancel_in_the_middle_of_a_file_keeps_nothing_of_it(qtbot, workspace, npc_file, every_step, monkeypatch,
                                                            moment: str) -> None:
    writing: list[int] = []
    cancelled = threading.Event()
    stops: list[threading.Event] = []  # the stop each background write was given (gmtool.storage.background)

    class Stop(threading.Event):
        def __init__(self) -> None:
            super().__init__()
            stops.append(self)

    monkeypatch.setattr(background, "threading", SimpleNamespace(Event=Stop, Thread=threading.Thread))
    real = library_store.LibraryStore._insert

    def insert(self, conn, fields, created):  # noqa: ANN001, ANN202 - the write under way (its own thread)
        writing.append(1)
        if len(writing) == 2:
            # the GM's Cancel comes, and reaches the write, while its transaction is open, not after its commit:
            # without the second wait the write could run on and commit (in memory, a commit takes no time)
            # before the window's thread had passed the Cancel on
            cancelled.wait(10)
            stops[-1].wait(10)
        return real(self, conn, fields, created)

    monkeypatch.setattr(library_store.LibraryStore, "_insert", insert)

    def cancel(turn: int) -> None:
        due = turn == 50 if moment == "reading" else bool(writing)
        progress = _progress()
        if due and progress is not None and not progress.wasCanceled():
            progress.cancel()  # the GM presses Cancel
            cancelled.set()

    before = workspace.campaign.library.count()
    turns = Turns(cancel)
    outcomes = import_paths(None, workspace.campaign, [npc_file, npc_file], workspace.encounter_id)
    turns.timer.stop()
    assert [o.cancelled for o in outcomes] == [True, True], [o.lines[:2] for o in outcomes]
    assert (moment == "writing") == bool(writing)
    assert workspace.campaign.library.count() == before  # nothing of the file cancelled halfway
    assert not workspace.campaign._conn.in_transaction
    again = import_paths(None, workspace.campaign, [npc_file], workspace.encounter_id)  # and it imports whole after
    assert again[0].ok and workspace.campaign.library.count() == before + NPCS
