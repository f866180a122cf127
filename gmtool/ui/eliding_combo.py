"""A combo box that ends its shown text in "…" where it does not fit, in the middle for names.

A narrowed :class:`QComboBox` (:mod:`gmtool.ui.narrow_combo`) cuts its text at the arrow: "Kestrel
(demo r" with no sign that anything is missing, and three grunts all read "Demo Corp Guard L". Here
the text is elided, by default in the middle, so names that differ at their end ("… Lieutenant 12",
"… Lieutenant 14") stay apart; the open list elides the same way, and the tooltip shows the whole
text (before the box's own tooltip) when it is cut.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QPaintEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QToolTip, QWidget


class ElidingCombo(QComboBox):
    """A combo box whose shown text is elided (module docstring)."""

    def __init__(self, parent: QWidget | None = None, mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle) -> None:
        super().__init__(parent)
        self._mode = mode
        self.view().setTextElideMode(mode)

    def _field_width(self, option: QStyleOptionComboBox) -> int:
        rect = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return rect.width()

    def shown_text(self) -> str:
        """The current text as drawn at the box's width now."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self.fontMetrics().elidedText(option.currentText, self._mode, self._field_width(option))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.fontMetrics().elidedText(option.currentText, self._mode, self._field_width(option))
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.shown_text() != self.currentText():
            assert isinstance(event, QHelpEvent)
            QToolTip.showText(event.globalPos(), "\n".join(t for t in (self.currentText(), self.toolTip()) if t), self)
            return True
        return super().event(event)
