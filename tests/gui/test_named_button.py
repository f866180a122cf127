"""The shell's one-call button (the library window's, the encounter builder's and the casting panel's)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gmtool.core.i18n import in_language, tr
from gmtool.ui.named_button import named_button


def test_the_button_says_its_message_has_its_name_and_runs_its_slot_once(qtbot) -> None:  # noqa: ANN001
    owner = QWidget()
    qtbot.addWidget(owner)
    runs: list[str] = []
    with in_language("ja"):
        button = named_button("libui.window.edit", "libraryEdit", lambda: runs.append("edit"), owner)
        label = tr("libui.window.edit")
    assert (button.text(), button.objectName(), button.parent()) == (label, "libraryEdit", owner)
    assert label != "libui.window.edit"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert runs == ["edit"]
