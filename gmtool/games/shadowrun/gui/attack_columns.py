"""Where the attack panel's parts sit, for the panel's width (issue 30).

Wide (the attack in front on a laptop, where the sheet is a tab beside it): two columns. At the
left, whose attack it is, the inputs (attacker, weapon, target, defence, dice) and right under
them the odds, Roll and Apply; at the right, the modifier tables (at least ``TABLE_ROWS`` rows tall) and under them
the last result, whole: it takes what the tables leave. Narrow (a floating dock, a window at its
least width): one column as before, the inputs and the tables scrolling above a footer that keeps
the odds, Roll, Apply and the result in view. The panel switches with some slack, so a width near
the threshold does not flip it back and forth.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLayout,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gmtool.ui.pinned import ResultArea

WIDE_AT = 760  # px of panel width from which the tables get a column of their own
NARROW_BELOW = 720  # ... and below which they go back under the inputs
TABLE_ROWS = 9  # the modifier table's least height in rows: its heading and eight modifiers
LEFT_SHARE, RIGHT_SHARE = 4, 5  # the columns' shares of the width: the result wraps less at the right
INPUTS, ROOM = 1, 3  # in the left column: whose attack (0), the inputs, the footer (2), the room under it


class AttackColumns(QObject):
    """The panel's parts laid out in one column or two (module docstring)."""

    def __init__(
        self, left: QVBoxLayout, body: QVBoxLayout, footer: QVBoxLayout, tables: QWidget, result: ResultArea,
        right: QWidget,
    ) -> None:
        super().__init__(right)
        self._left, self._body, self._footer = left, body, footer
        self._tables, self._result, self._right = tables, result, right
        self._right_layout = QVBoxLayout(right)
        self._right_layout.setContentsMargins(0, 6, 6, 6)
        # The column never widens the panel: a panel narrower than both columns goes back to one.
        self._right_layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        right.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        right.setVisible(False)
        right.installEventFilter(self)  # its height decides how long a result may grow
        self.wide = False  # built narrow: the tables in the body, the result in the footer

    @staticmethod
    def row(left: QVBoxLayout, right: QWidget) -> QHBoxLayout:
        """The two columns side by side (the right one hidden while the panel is narrow)."""
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addLayout(left, LEFT_SHARE)
        row.addWidget(right, RIGHT_SHARE)
        return row

    def fit(self, width: int) -> None:
        """One column or two for this width (unchanged between ``NARROW_BELOW`` and ``WIDE_AT``)."""
        wide = width >= (NARROW_BELOW if self.wide else WIDE_AT)
        if wide == self.wide:
            return
        self.wide = wide
        if wide:
            _move(self._tables, self._right_layout, 0, 1)
            _move(self._result, self._right_layout, 1, 0)
        else:
            _move(self._tables, self._body, -2, 1)  # before the body's closing stretch
            _move(self._result, self._footer, -1, 0)  # last
            self._result.fill(None)
        # Wide: the inputs as tall as they are, the odds and buttons right under them, the room below.
        self._left.setStretch(INPUTS, 0 if wide else 1)
        self._left.setStretch(ROOM, 1 if wide else 0)
        self._right.setVisible(wide)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self._right and event.type() == QEvent.Type.Resize and self.wide:
            self._cap_result()
        return False

    def _cap_result(self) -> None:
        """The result takes all the room the tables' least height leaves in the column, whatever its
        length: a new result lays out nothing around it (an attack's key press repaints less)."""
        margins = self._right_layout.contentsMargins()
        room = (self._right.height() - margins.top() - margins.bottom() - self._right_layout.spacing()
                - self._tables.minimumSizeHint().height())
        self._result.fill(max(room, 3 * self._result.fontMetrics().lineSpacing()))


class InputsArea(QScrollArea):
    """The inputs, scrolling only when the panel is too short for them: its size hint is theirs, whole
    (a plain scroll area's is capped at 24 lines), told to the layout when it changes."""

    def __init__(self, body: QWidget, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWidget(body)
        self._body = body  # the widget scrolled (always this one)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._tall = -1

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = self._body.sizeHint()
        return QSize(hint.width(), hint.height() + 2 * self.frameWidth())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            tall = self._body.sizeHint().height()
            if tall != self._tall:  # a box shown or hidden, not a text changed: the column lays out again
                self._tall = tall
                self.updateGeometry()
        return super().eventFilter(watched, event)


def _move(widget: QWidget, layout: QBoxLayout, index: int, stretch: int) -> None:
    """``widget`` into ``layout`` at ``index`` (counted from the end when negative: -1 last) once taken
    out of the layout it was in."""
    parent = widget.parentWidget()
    held_in = parent.layout() if parent is not None else None
    if held_in is not None:
        held_in.removeWidget(widget)  # each part sits in its host's own layout, never deeper
    layout.insertWidget(index if index >= 0 else layout.count() + 1 + index, widget, stretch)
