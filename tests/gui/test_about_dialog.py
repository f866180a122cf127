"""Help → About (issue 19): the version, the data and settings folders, the games, and each
component's licence read from its installed package, in English and Japanese."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QPushButton, QWidget

import gmtool
from gmtool.core.i18n import set_language, tr
from gmtool.storage.paths import config_dir, data_dir
from gmtool.ui import about_dialog
from gmtool.ui.about_dialog import AboutDialog, shown_licence
from gmtool.viewmodels.game_view import games


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


def _buttons(dialog: AboutDialog, folder: str) -> tuple[QPushButton, QPushButton]:
    holder = dialog.findChild(QLabel, folder).parentWidget()
    assert isinstance(holder, QWidget)
    opener, copier = holder.findChildren(QPushButton)
    return opener, copier


def test_the_folders_open_and_copy(qtbot, opened: AboutDialog, monkeypatch) -> None:  # noqa: ANN001
    asked: list[QUrl] = []
    monkeypatch.setattr(about_dialog.QDesktopServices, "openUrl", lambda url: asked.append(url) or True)
    opener, copier = _buttons(opened, "dataFolder")
    qtbot.mouseClick(opener, Qt.MouseButton.LeftButton)
    assert [url.toLocalFile() for url in asked] == [str(data_dir())]
    opener, copier = _buttons(opened, "configFolder")
    qtbot.mouseClick(copier, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == str(config_dir())


def test_enter_closes_the_box_and_opens_no_folder(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    asked: list[QUrl] = []
    monkeypatch.setattr(about_dialog.QDesktopServices, "openUrl", lambda url: asked.append(url) or True)
    dialog = AboutDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert all(not button.autoDefault() for name in ("dataFolder", "configFolder") for button in _buttons(dialog, name))
    with qtbot.waitSignal(dialog.rejected, timeout=2000):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert asked == [] and not dialog.isVisible()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_component_is_in_sight_without_scrolling(qtbot, window, language: str) -> None:  # noqa: ANN001
    set_language(language)
    try:
        dialog = AboutDialog(window)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.table.rowCount() == len(about_dialog.COMPONENTS)
        assert not dialog.table.verticalScrollBar().isVisible()
    finally:
        set_language("en")


def test_a_licence_is_shown_as_the_gm_reads_it() -> None:
    assert shown_licence("LicenseRef-Proprietary") == "Proprietary"
    assert shown_licence("MIT OR LicenseRef-Mine") == "MIT OR Mine"
    assert shown_licence("LGPL-3.0-only") == "LGPL-3.0-only"
    assert shown_licence("") == tr("about.unknown")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_about_text_leaves_the_games_to_the_registry(language: str) -> None:
    """The games row lists what is installed; the shell's own text names none (a new game needs no edit)."""
    set_language(language)
    try:
        text = tr("dialog.about.text")
        names = [name for _key, name in games()]
        families = {re.split(r"\s*\d", name)[0] for name in names}  # "Shadowrun 5" → "Shadowrun"
        assert len(names) >= 2 and all(families)
        assert [name for name in [*names, *families] if name in text] == []
    finally:
        set_language("en")
