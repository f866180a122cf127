"""The rally's special-moves box is a widget like any other: its special move has its own name, so Qt's
``QWidget.move`` (placing the widget) still places it (issue 32: the type checker found ``move(key)`` hiding it)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QWidget

from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.move_box import MoveBox


def test_move_places_the_box_and_runs_nothing(qtbot) -> None:  # noqa: ANN001
    ran: list[Command] = []
    host = QWidget()
    qtbot.addWidget(host)
    box = MoveBox(lambda command: ran.append(command) or True, host)
    box.move(QPoint(17, 23))
    assert box.pos() == QPoint(17, 23)
    assert ran == []


def test_special_move_without_a_gear_runs_nothing(qtbot) -> None:  # noqa: ANN001
    ran: list[Command] = []
    host = QWidget()
    qtbot.addWidget(host)
    box = MoveBox(lambda command: ran.append(command) or True, host)
    assert box.special_move("jump") is False
    assert ran == []
