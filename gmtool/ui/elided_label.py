"""A one-line label that ends in "…" where its text does not fit.

A :class:`QLabel` narrower than its text cuts it at the edge: in a narrow dock "Acting now:
Kestrel (demo runner)" read "now: Kestrel (demo runner)" (right-aligned, its start cut) or lost its
last letters mid-word. This label keeps its whole text (``text()``, the tooltip) and draws as much
as fits, then "…".
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget


class ElidedLabel(QLabel):
    """One line of plain text, elided to the label's width (module docstring)."""

    def __init__(self, parent: QWidget | None = None, mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(parent)
        self._mode = mode

    def shown_text(self) -> str:
        """The text as drawn at the label's width now."""
        return self.fontMetrics().elidedText(self.text(), self._mode, self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), self.palette(),
                                  self.isEnabled(), self.shown_text(), self.foregroundRole())
        painter.end()
