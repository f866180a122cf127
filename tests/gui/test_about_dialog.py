"""Help → About (issue 19): the version, the data and settings folders, the games, and each
component's licence read from its installed package, in English and Japanese."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPlainTextEdit

import gmtool
from gmtool.core.i18n import set_language, tr
from gmtool.storage.paths import config_dir, data_dir
from gmtool.ui import about_dialog
from gmtool.ui.about_dialog import AboutDialog


@pytest.fixture
def opened(window, monkeypatch):  # noqa: ANN001, ANN201
    shown: list[AboutDialog] = []
    monkeypatch.setattr(AboutDialog, "exec", lambda self: shown.append(self) or 0)
    window.action("about").trigger()  # Help → About
    assert len(shown) == 1
    return shown[0]


def _texts(dialog: AboutDialog) -> str:
    return "\n".join(label.text() for label in dialog.findChildren(QLabel))


def _row(dialog: AboutDialog, name: str) -> list[str]:
    table = dialog.table
    for row in range(table.rowCount()):
        if table.item(row, 0).text().lower() == name.lower():
            return [table.item(row, column).text() for column in range(table.columnCount())]
    raise AssertionError(f"{name} not listed")


def test_it_shows_the_version_folders_and_games(opened: AboutDialog) -> None:
    text = _texts(opened)
    assert gmtool.__version__ in text
    assert opened.findChild(QLabel, "dataFolder").text() == str(data_dir())
    assert opened.findChild(QLabel, "configFolder").text() == str(config_dir())
    assert "Shadowrun 5" in text and "Shadowrun 4" in text


def test_licences_come_from_the_installed_packages(opened: AboutDialog) -> None:
    assert _row(opened, "pydantic")[2] == "MIT"
    assert _row(opened, "platformdirs")[2] == "MIT"
    assert "LGPL-3.0-only" in _row(opened, "PySide6_Essentials")[2]
    assert _row(opened, "gmtool")[1] == gmtool.__version__


def test_a_licence_text_is_shown_or_where_to_read_it(qtbot, opened: AboutDialog) -> None:  # noqa: ANN001
    names = [opened.table.item(row, 0).text().lower() for row in range(opened.table.rowCount())]
    opened.table.selectRow(names.index("pydantic"))
    shown = opened.show_licence()
    qtbot.addWidget(shown)
    assert "Permission is hereby granted" in shown.findChild(QPlainTextEdit, "licenceText").toPlainText()
    opened.table.selectRow(names.index("pyside6_essentials"))
    other = opened.show_licence()
    qtbot.addWidget(other)
    text = other.findChild(QPlainTextEdit, "licenceText").toPlainText()
    assert "LGPL-3.0-only" in text and "pyside.org" in text


def test_in_japanese(window, monkeypatch) -> None:  # noqa: ANN001
    set_language("ja")
    try:
        dialog = AboutDialog(window)
        text = _texts(dialog)
        assert tr("about.data_folder") in text and "データフォルダー" in text
        assert dialog.windowTitle() == "gmtoolについて"
    finally:
        set_language("en")


def test_a_package_not_installed_says_so() -> None:
    missing = about_dialog.component("no-such-package-for-gmtool")
    assert missing.version == "" and missing.licence == ""
