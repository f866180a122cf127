"""The map editor's name field shows the name's start (issue 30, seen on README's editor pictures): opened
on the demo course at the laptop size, a name longer than the field read "モ：ダストボウル周回コース（架空）" and
"sky with a few clouds (made up)", its start scrolled out. The whole name is in the field's tooltip."""

from __future__ import annotations

import pytest

from gmtool.core.i18n import set_language
from tests.gui.gm_sight import LAPTOP, shows_start


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_name_field_shows_the_start_of_a_long_name(qtbot, language: str) -> None:  # noqa: ANN001
    from gmtool.games.badlands_rally.rules.demo import demo_course
    from gmtool.games.badlands_rally.rules.terrain import board_kinds
    from gmtool.ui.map_editor import MapEditorDialog

    set_language(language)
    course = demo_course(language)
    long_name = course.model_copy(update={"name": course.name * 2})  # longer than the field in either language
    editor = MapEditorDialog(long_name, board_kinds(language))
    qtbot.addWidget(editor)
    editor.resize(*LAPTOP)
    editor.show()
    qtbot.waitExposed(editor)
    field = editor.panel.name
    assert field.fontMetrics().horizontalAdvance(field.text()) > field.contentsRect().width()  # it cannot be whole
    assert shows_start(field)
    assert field.toolTip() == long_name.name


def test_the_check_sees_a_field_scrolled_to_its_end(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QLineEdit

    field = QLineEdit()
    qtbot.addWidget(field)
    field.resize(120, 30)
    field.show()
    field.setText("Demo: open sky with a few clouds (made up)")  # the cursor at the end: the start scrolled out
    assert not shows_start(field)
    field.setCursorPosition(0)
    assert shows_start(field)
