"""While rewound, "Continue from here" and "Back to now" are always on the screen (issue 30): at
1366 px they used to hide behind the tool bar's "»", sharing a row with the fight bar."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from gmtool.core.i18n import set_language
from tests.gui.gm_sight import LAPTOP, assert_in_view
from tests.gui.test_rewind_gui import _line_of


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rewind_buttons_are_in_view_at_1366(qtbot, workspace, language: str) -> None:
    from gmtool.ui.main_window import MainWindow

    set_language(language)
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    index = _line_of(window, "pass_started")
    window.log_panel.view.setCurrentIndex(index)
    window.log_panel.view.clicked.emit(index)
    QApplication.processEvents()
    assert window.bridge.past is not None
    buttons = [window.rewind_bar.findChild(QPushButton, name) for name in ("continueFromHere", "backToNow")]
    assert_in_view(window, buttons)
    assert window.rewind_label.isVisible() and window.rewind_label.toolTip() == window.rewind_label.text()
