"""Issue 13: a long import shows a progress dialog that can be cancelled; after a cancel the files
already imported are whole, the rest are listed as not imported, and nothing is half-written."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QProgressDialog

from gmtool.ui import import_report_dialog as report
from gmtool.ui.import_report_dialog import ImportReportDialog, import_paths

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "chummer" / "sr5"
pytestmark = pytest.mark.skipif(not FIXTURES.is_dir(), reason=f"Chummer fixtures not found at {FIXTURES}")


def _progress() -> QProgressDialog | None:
    return next((w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QProgressDialog) and w.objectName() == "importProgress"), None)


def test_cancel_stops_after_the_file_being_imported_and_keeps_the_done_ones_whole(qtbot, workspace, monkeypatch) -> None:
    paths = sorted(FIXTURES.glob("*.chum5"))[:5]
    assert len(paths) == 5
    real = report.import_steps
    seen: list[bool] = []

    def importing(campaign, path, current=None):  # noqa: ANN001, ANN202
        outcome = yield from real(campaign, path, current)
        progress = _progress()
        seen.append(progress is not None and progress.isVisible())
        if len(seen) == 2:
            progress.cancel()  # the GM presses Cancel as the second file's last step ends
        return outcome

    monkeypatch.setattr(report, "import_steps", importing)
    monkeypatch.setattr(report, "PROGRESS_AFTER_MS", 0)  # shown at once (normally after 0.4 s)
    before = workspace.campaign.library.count()
    outcomes = import_paths(None, workspace.campaign, paths, workspace.encounter_id)
    assert seen[-1] is True  # shown by the second file (Qt shows it once the first has taken its time)
    assert [o.ok for o in outcomes] == [True, True, False, False, False]
    assert [o.cancelled for o in outcomes] == [False, False, True, True, True]
    assert workspace.campaign.library.count() == before + 2  # the two done, whole; none of the rest
    assert "cancelled" in outcomes[2].lines[0] and paths[2].name in outcomes[2].lines[0]
    dialog = ImportReportDialog(outcomes)
    qtbot.addWidget(dialog)
    summary = dialog.findChild(QLabel, "importSummary")
    assert summary is not None and summary.text() == "2 files imported, 0 refused. 3 not imported: cancelled."
    assert _progress() is None or not _progress().isVisible()  # closed when done (deleted later)


def test_a_short_import_shows_no_progress_dialog(qtbot, workspace, monkeypatch) -> None:
    real = report.import_steps
    shown: list[bool] = []

    def importing(campaign, path, current=None):  # noqa: ANN001, ANN202
        progress = _progress()
        shown.append(progress is not None and progress.isVisible())
        return (yield from real(campaign, path, current))

    monkeypatch.setattr(report, "import_steps", importing)
    outcomes = import_paths(None, workspace.campaign, [FIXTURES / "BLUE.chum5"], workspace.encounter_id)
    assert [o.ok for o in outcomes] == [True] and shown == [False]
