"""A word-wrapped label that measures its height for a width once per text, not at every layout.

``QLabel`` lays rich text out again each time a layout asks it how tall it is at a width, and laying
it out repaints it: a panel's last roll, or a map's legend, was repainted at every key press because
a label beside it got new text and the panel's layout ran (measured on the rally's actions column:
the last roll repainted at each of an activation's presses). :class:`MeasuredLabel` answers again
from what it measured while its text, font, margins and style are the same.

A :class:`TallestLabel` keeps, at each width, the height of the tallest text it has shown (its text at
the top): a line of one line and then of two in turn (whose the actions are, the plan, the odds)
moves nothing under it, and a column of inputs is not laid out and repainted whole at every key.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

Key = tuple[int, str, str, int, int, tuple[int, int, int, int]]


class MeasuredLabel(QLabel):
    """A ``QLabel`` whose heights for widths are kept while what they depend on stays the same."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._heights: dict[Key, int] = {}

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        margins = self.contentsMargins()
        key = (width, self.text(), self.font().key(), self.margin(), self.indent(),
               (margins.left(), margins.top(), margins.right(), margins.bottom()))
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 64:  # many widths or texts: start again
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._heights.clear()
        super().changeEvent(event)


class TallestLabel(MeasuredLabel):
    """A word-wrapped label as tall, at a width, as the tallest text it has shown at that width (top-left)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._tallest: dict[tuple[int, str], int] = {}

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        key = (width, self.font().key())
        height = max(super().heightForWidth(width), self._tallest.get(key, 0))
        if len(self._tallest) > 64:  # many widths: start again
            self._tallest.clear()
        self._tallest[key] = height
        return height

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._tallest.clear()
        super().changeEvent(event)
