"""A small bar chart of the hit distribution: one bar per number of hits.

Bars at or above the threshold are green, the others grey; the last bar is the
tail (that many hits or more) and is marked with "+".
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from gmtool.viewmodels.tones import tone

MAX_BARS = 16
SHOW_BELOW = 0.0005  # trailing bars below this probability are folded into the tail


class OddsChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[float] = []
        self._threshold = 0
        self._tail = False
        self.setMinimumHeight(70)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # It paints its whole rectangle itself: a new chart repaints the chart, not the window behind it.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(240, 80)

    @property
    def bars(self) -> list[float]:
        return list(self._bars)

    def set_distribution(self, hits: tuple[float, ...] | None, threshold: int) -> None:
        """``hits[k]`` = P(k hits); the last entry is the tail P(≥ k)."""
        bars = list(hits or ())
        tail = bool(bars)
        while len(bars) > 2 and (bars[-1] < SHOW_BELOW or len(bars) > MAX_BARS):
            folded = bars.pop()  # fold rare or surplus outcomes into the tail
            bars[-1] += folded
        self._bars, self._threshold, self._tail = bars, threshold, tail
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().window())
        if not self._bars:
            return
        label_h = painter.fontMetrics().height()
        width = self.width() / len(self._bars)
        top = max(self._bars) or 1.0
        chart_h = self.height() - label_h - 2
        for k, p in enumerate(self._bars):
            h = chart_h * p / top
            rect = QRectF(k * width + 1, chart_h - h, max(width - 2, 1), h)
            enough = k >= self._threshold and self._threshold > 0
            painter.fillRect(rect, tone("chart_success") if enough else tone("chart_failure"))
        painter.setPen(self.palette().windowText().color())
        for label, place in self.label_places():
            painter.drawText(place, int(Qt.AlignmentFlag.AlignCenter), label)
        painter.end()

    def label_places(self) -> list[tuple[str, QRectF]]:
        """Each bar's number drawn under it (a label every few bars when they are narrow), and where."""
        if not self._bars:
            return []
        metrics = self.fontMetrics()
        label_h = metrics.height()
        width = self.width() / len(self._bars)
        chart_h = self.height() - label_h - 2
        widest = metrics.horizontalAdvance(f"{len(self._bars)}+") + 4
        step = max(1, -(-widest // max(int(width), 1)))
        places = []
        for k in range(0, len(self._bars), step):
            label = f"{k}+" if self._tail and k == len(self._bars) - 1 else str(k)
            room = max(metrics.horizontalAdvance(label) + 2, width)  # under its bar, wider when the bar is narrow
            left = min(max((k + 0.5) * width - room / 2, 0.0), self.width() - room)  # never past the chart's edges
            places.append((label, QRectF(left, chart_h, room, label_h)))
        return places
