"""A line edit that shows the start of its text while the GM is not typing in it (issue 30).

A plain QLineEdit keeps its cursor at the end of a text it is given, so a name longer than the field reads
"モ：ダストボウル周回コース（架空）" — its start scrolled out. This one shows the start whenever it is
not being typed in, and puts the cursor at the end when the keyboard comes to it (typing goes on at the end;
Tab still selects the whole text, a click puts the cursor where it clicks).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QLineEdit


class StartShownLineEdit(QLineEdit):
    """A QLineEdit showing its text's start unless it has the focus."""

    def setText(self, text: str | None) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        if not self.hasFocus():
            self.setCursorPosition(0)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        if event.reason() != Qt.FocusReason.MouseFocusReason and not self.hasSelectedText():
            self.end(False)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(event)
        self.setCursorPosition(0)
