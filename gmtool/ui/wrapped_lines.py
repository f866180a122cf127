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
    """The height of a text wrapped to a width, in one font or its bold (a heading: "Round 2", the
    encounter's first line), the widths it was measured at kept."""

    def __init__(self, font: QFont) -> None:
        self._font = QFont(font)
        self._bold = QFont(font)
        self._bold.setBold(True)
        self._metrics = QFontMetrics(self._font)
        self._bold_metrics = QFontMetrics(self._bold)
        self._advance: dict[tuple[str, bool], int] = {}
        self._wrapped: dict[tuple[str, int, bool], int] = {}

    @property
    def one_line(self) -> int:
        """A row of one line."""
        return self._metrics.height() + LINE_AIR

    def height(self, text: str, width: int, bold: bool = False) -> int:
        """The row height ``text`` needs at ``width`` px of text room (in bold: a heading is wider)."""
        advance = self._advance.get((text, bold))
        if advance is None:
            metrics = self._bold_metrics if bold else self._metrics
            advance = self._advance[(text, bold)] = metrics.horizontalAdvance(text)
        if advance <= width or width <= 0:
            return self.one_line
        key = (text, width, bold)
        if key not in self._wrapped:
            self._wrapped[key] = self._laid_out(text, width, bold)
        return self._wrapped[key]

    def _laid_out(self, text: str, width: int, bold: bool) -> int:
        """Laid out as Qt's item views wrap text: at word boundaries, or anywhere in a long word."""
        layout = QTextLayout(text, self._bold if bold else self._font)
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
