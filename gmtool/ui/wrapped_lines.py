"""How tall a line of text is once wrapped to a width, as a view's item delegate wraps it.

The turn log wraps its long lines (the outcome of a roll is read whole, never cut with "…"):
each row is as tall as its text needs at the log's width. Measuring is cheap for a line that fits
(one ``horizontalAdvance``, cached by text) and lays the text out only for the long ones.
"""

from __future__ import annotations

import math

from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption

LINE_AIR = 4  # px above and below the text, as a one-line row has


class LineHeights:
    """The height of a text wrapped to a width, in one font (the widths it was measured at kept)."""

    def __init__(self, font: QFont) -> None:
        self._font = QFont(font)
        self._metrics = QFontMetrics(self._font)
        self._advance: dict[str, int] = {}
        self._wrapped: dict[tuple[str, int], int] = {}

    @property
    def one_line(self) -> int:
        """A row of one line."""
        return self._metrics.height() + LINE_AIR

    def height(self, text: str, width: int) -> int:
        """The row height ``text`` needs at ``width`` px of text room."""
        advance = self._advance.get(text)
        if advance is None:
            advance = self._advance[text] = self._metrics.horizontalAdvance(text)
        if advance <= width or width <= 0:
            return self.one_line
        key = (text, width)
        if key not in self._wrapped:
            self._wrapped[key] = self._laid_out(text, width)
        return self._wrapped[key]

    def _laid_out(self, text: str, width: int) -> int:
        """Laid out as Qt's item views wrap text: at word boundaries, or anywhere in a long word."""
        layout = QTextLayout(text, self._font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        height = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            height += line.height()
        layout.endLayout()
        return max(math.ceil(height) + LINE_AIR, self.one_line)

    def forget_widths(self) -> None:
        """Wrapped heights at widths no longer shown are dropped (the log's dock was resized)."""
        self._wrapped.clear()
