"""The shell's message line (the encounter builder's, the rally's reaction box's, Shadowrun's panels')."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.ui.toned_line import toned_line


def test_the_line_is_named_wraps_and_keeps_its_tone(qtbot) -> None:  # noqa: ANN001
    owner = QWidget()
    qtbot.addWidget(owner)
    line = toned_line(owner, "someError", "error")
    assert (line.objectName(), line.wordWrap(), line.property("tone"), line.parent()) == ("someError", True, "error",
                                                                                        owner)
    assert line.text() == "" and "color" in line.styleSheet()
