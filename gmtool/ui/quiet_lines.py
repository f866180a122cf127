"""A label a fixed number of lines tall whose new text lays out nothing around it.

A label given new text asks its layout to run again (``updateGeometry``), even when its height is
fixed: under the map, the verdict and the reasons of the line of fire changed at every move and
re-laid out the whole map dock, and the layout asking the rich-text legends beside them for their
heights repainted those too. :class:`QuietLines` holds the label without a layout (the label's
request stops there) and gives it its own size: the width its layout gives, ``lines`` lines high.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

PAD = 4  # px under the lines


class QuietLines(QWidget):
    """``label``: word-wrapped, top-left, ``lines`` lines of the font high, as wide as the layout gives."""

    def __init__(self, lines: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.label.setObjectName(name)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setAutoFillBackground(True)  # new text repaints the label, not the panel under it
        self.setFixedHeight(self.label.fontMetrics().lineSpacing() * lines + PAD)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # no width asked: none wanted

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self.label.setGeometry(self.rect())
        super().resizeEvent(event)
