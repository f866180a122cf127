"""A panel whose relayouts stay inside it unless the room it asks for changed.

After laying out a widget's children, Qt tells the layout above that the widget's size may
need to change ("ideally only if sizeHint() or sizePolicy() has changed", says
``QLayout::activate``), whether it does or not. In a dock, a label showing new text (the
current actor, at every phase) thus re-laid out the dock, then the whole main window, and
repainted the window's separators: ~0.4 ms of a key press.

A :class:`HintGate` holds one panel and fills itself with it. It answers the layout above
with the panel's own size hints, sizes and policy (the layout sees the panel's needs, as
before), and passes a relayout on only when one of those changed (or when the panel's
height depends on its width: that is always passed on, unless the gate is a dock's widget —
a dock's layout never asks its widget for a height for a width, so there the hints alone count).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

Needs = tuple[QSize, QSize, QSize, QSize, QSizePolicy] | None


class HintGate(QWidget):
    """Holds ``content``; tells the layout above of a relayout only when ``content``'s needs changed.
    ``in_dock``: the gate is a dock's widget (its height for a width is never asked: a word-wrapped
    label's new text inside is kept in the gate as any other)."""

    def __init__(self, content: QWidget, parent: QWidget | None = None, *, in_dock: bool = False) -> None:
        super().__init__(parent)
        self.content = content
        self._in_dock = in_dock
        content.setParent(self)
        self._needs = self._read()
        self._follow(content)

    def _read(self) -> Needs:
        """What a layout reads of the content (None when its height depends on its width)."""
        content = self.content
        if content.hasHeightForWidth() and not self._in_dock:
            return None
        return (content.sizeHint(), content.minimumSizeHint(), content.minimumSize(), content.maximumSize(),
                content.sizePolicy())

    def _follow(self, content: QWidget) -> None:
        """The gate asks for exactly what the content asks for."""
        self.setSizePolicy(content.sizePolicy())
        self.setMinimumSize(content.minimumSize())
        self.setMaximumSize(content.maximumSize())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.content.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.content.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return self.content.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        return self.content.heightForWidth(width)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self.content.setGeometry(self.rect())
        super().resizeEvent(event)

    def event(self, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.LayoutRequest or kind == QEvent.Type.Show:
            self._pass_on_if_changed()
        return super().event(event)

    def _pass_on_if_changed(self) -> None:
        """The content was laid out again (or the gate is shown): tell the layout above if its needs changed."""
        needs = self._read()
        if needs is not None and needs == self._needs:
            return
        self._needs = needs
        self._follow(self.content)
        self.updateGeometry()
