"""An unexpected error shows a dialog with the details to copy, translated, and the program goes on."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QMessageBox

from gmtool.core.i18n import set_language
from gmtool.ui import error_dialog


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_dialog_names_the_error_and_holds_the_traceback(qtbot, monkeypatch, capsys, language: str) -> None:
    set_language(language)
    shown: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    try:
        raise ZeroDivisionError("division by zero in a panel")
    except ZeroDivisionError:
        error_dialog.show_unexpected(*sys.exc_info())
    [box] = shown
    assert box.windowTitle() == {"en": "Unexpected error", "ja": "予期しないエラー"}[language]
    assert "ZeroDivisionError: division by zero in a panel" in box.informativeText()
    assert "Traceback" in box.detailedText() and "test_the_dialog_names_the_error" in box.detailedText()
    assert "ZeroDivisionError" in capsys.readouterr().err  # also printed for the terminal
    set_language("en")


def test_install_routes_uncaught_errors_to_the_dialog(monkeypatch) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    error_dialog.install()
    assert sys.excepthook is error_dialog.show_unexpected
