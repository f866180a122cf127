"""Panels never scroll sideways: a scrolled panel is kept at least as wide as its content needs.

A dock narrower than its content would show a horizontal scroll bar (or clip); instead the
scroll area asks for the content's minimum width plus its vertical bar, and asks again
whenever the content's layout changes (a language, an effect added, a box shown).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QScrollArea, QStyle


class _Follower(QObject):
    """Re-fits its scroll area when the scrolled widget lays itself out again."""

    def __init__(self, area: QScrollArea) -> None:
        super().__init__(area)
        self._area = area

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            fit(self._area)
        return False


def never_sideways(area: QScrollArea) -> QScrollArea:
    """No horizontal bar: the area is as wide as its content's minimum (and follows it)."""
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    widget = area.widget()
    if widget is not None:
        widget.installEventFilter(_Follower(area))
    fit(area)
    return area


def fit(area: QScrollArea) -> None:
    widget = area.widget()
    if widget is None:
        return
    bar = area.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, area)
    wanted = widget.minimumSizeHint().width() + bar + 2 * area.frameWidth()
    if area.minimumWidth() != wanted:
        area.setMinimumWidth(wanted)
