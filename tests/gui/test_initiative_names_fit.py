"""The initiative pass gives a wide panel's room to the names first: in a wide dock no name is elided
while the flags keep their least width; in a narrow one the name column keeps its least width of
NAME_CHARS wide letters (longer names elided, whole in the tooltip)."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from gmtool.games.shadowrun.gui.initiative_model import COL_FLAGS, COL_NAME
from gmtool.games.shadowrun.gui.initiative_panel import FLAGS_AT_LEAST


def _longest_name(panel) -> int:  # noqa: ANN001
    bold = panel.view.font()
    bold.setBold(True)
    metrics = QFontMetrics(bold)
    return max(metrics.horizontalAdvance(str(panel.proxy.index(r, COL_NAME).data())) for r in range(panel.proxy.rowCount()))


def _window_width(window, width: int) -> None:  # noqa: ANN001
    window.resize(width, 800)
    QApplication.processEvents()


def test_a_wide_panel_shows_every_name_whole_and_a_narrow_one_keeps_the_least_width(window) -> None:  # noqa: ANN001
    panel = window.parts.initiative_panel
    header = panel.view.horizontalHeader()
    narrow = window.minimumSizeHint().width()  # every dock at its least width: no room beside the other columns
    _window_width(window, narrow)
    assert header.sectionSize(COL_NAME) == panel._name_least  # 11 wide letters, longer names elided
    _window_width(window, 1920)  # the dock ~950 px
    assert header.sectionSize(COL_NAME) >= _longest_name(panel)  # "Kestrel (demo runner)" whole
    assert header.sectionSize(COL_FLAGS) >= FLAGS_AT_LEAST
    _window_width(window, narrow)
    assert header.sectionSize(COL_NAME) == panel._name_least  # the room given back
