"""A table view that says when it is resized (``resized``), for columns fitted to the room it has.

An event filter on the viewport would do it too, but it takes every event of the view (paints,
hovers) through Python, and merely wrapping the viewport (``viewport()``) costs the start 0.6 MiB;
this view answers one virtual only (read the room from the header, which spans the viewport).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QTableView


class ResizingTableView(QTableView):
    """A QTableView emitting ``resized`` after each resize (its viewport's width follows it)."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.resized.emit()
