"""A work panel's parts that stay put: inputs that scroll above, a result that fits below.

The attack and dice-test panels scroll their inputs and pin a footer (odds, Roll, the result)
under them, so after Roll the result and what to do next are in view on a laptop screen.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QWidget

RESULT_LINES = 12  # a longer result scrolls inside its area (the buttons above it stay in view)


def scrolled(widget: QWidget, name: str) -> QScrollArea:
    """A vertical scroll area that never scrolls sideways (its content follows its width)."""
    area = QScrollArea()
    area.setObjectName(name)
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


class _ResultText(QLabel):
    """The result's words. While their area has a fixed height (:meth:`ResultArea.fill`) the layouts
    never need their size, and a word-wrapped label lays its whole text out twice to tell it."""

    filling = False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(0, 0) if self.filling else super().sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(0, 0) if self.filling else super().minimumSizeHint()


class ResultArea(QScrollArea):
    """A text as tall as it is at this width, up to ``lines`` lines (then it scrolls); hidden when empty
    unless told to stay. Being a scroll area, a new text of the same height relays out nothing
    around it (the window is not laid out and repainted for each result). With ``grow_only`` a
    shorter text keeps the height a longer one took at this width (results of two and three lines
    in turn then lay out nothing either); a new width measures afresh."""

    def __init__(
        self, label_name: str, area_name: str, parent: QWidget | None = None, lines: int = RESULT_LINES,
        hide_when_empty: bool = True, grow_only: bool = False,
    ) -> None:
        super().__init__(parent)
        self._lines = lines
        self._grow_only = grow_only
        self._tallest: tuple[int, int] = (0, 0)  # (width, height) the area took, kept while grow_only
        self._fill: int | None = None  # a fixed height (fill), else as tall as the text
        self._hide_when_empty = hide_when_empty
        self.label = _ResultText()
        self.label.setObjectName(label_name)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setObjectName(area_name)
        self.setWidget(self.label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVisible(not hide_when_empty)

    def show_text(self, text: str) -> None:
        """Show this text (rich or plain, as the label reads it); an empty text hides the area."""
        if text == self.label.text():
            return
        self.label.setText(text)
        if self._hide_when_empty:
            self.setVisible(bool(text))
        self.fit()

    def fill(self, height: int | None) -> None:
        """Take this height whatever the text (the room a column leaves it): a new result then lays out
        nothing around it, not even when it is longer or shorter. None: as tall as the text again."""
        if height != self._fill:
            self._fill = height
            policy = self.label.sizePolicy()
            policy.setHeightForWidth(height is None)  # filling: the area never asks the text's height
            self.label.setSizePolicy(policy)
            self.label.filling = height is not None
            self.label.updateGeometry()
            self.fit()

    def fit(self) -> None:
        if not self.label.text():
            return
        if self._fill is not None:
            height = self._fill
        else:
            width = max(self.viewport().width(), 100)
            tall = self.label.heightForWidth(width) + 4
            height = min(tall, self.fontMetrics().lineSpacing() * self._lines)
            if self._grow_only:
                kept_width, kept = self._tallest
                height = max(height, kept) if kept_width == width else height
                self._tallest = (width, height)
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
