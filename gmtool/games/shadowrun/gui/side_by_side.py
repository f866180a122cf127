"""Some of a panel's boxes beside the others when the panel is wide, under them when it is narrow.

The test box on a laptop is a tab as wide as the work area: its form at the left and the opponent,
helpers, extended test and pool breakdown at the right, so all of them are in view without
scrolling above the odds, Roll and the result. In a narrow dock they go back under the form. The
switch has some slack (as the attack panel's: :mod:`attack_columns`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHBoxLayout, QLayout, QSizePolicy, QVBoxLayout, QWidget

from gmtool.games.shadowrun.gui.attack_columns import NARROW_BELOW, WIDE_AT


class SideBySide(QObject):
    """``moving`` widgets in ``left`` (before its closing stretch) or in a column of their own."""

    def __init__(self, host: QWidget, left: QVBoxLayout, moving: tuple[QWidget, ...]) -> None:
        super().__init__(host)
        self._host, self._left, self._moving = host, left, moving
        self.right = QWidget(host)
        self.right.setObjectName("sideColumn")
        self._right = QVBoxLayout(self.right)
        self._right.setContentsMargins(0, 0, 0, 0)
        self._right.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # never widens the panel
        self.right.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._right.addStretch(1)
        self.right.setVisible(False)
        self.wide = False
        host.installEventFilter(self)

    def row(self) -> QHBoxLayout:
        """The left column and the right one side by side."""
        row = QHBoxLayout()
        row.setContentsMargins(6, 6, 6, 6)
        row.addLayout(self._left, 1)
        row.addWidget(self.right, 1)
        return row

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self._host and event.type() == QEvent.Type.Resize:
            self.fit(self._host.width())
        return False

    def fit(self, width: int) -> None:
        """Beside (wide) or under (narrow) for this width."""
        wide = width >= (NARROW_BELOW if self.wide else WIDE_AT)
        if wide == self.wide:
            return
        self.wide = wide
        into = self._right if wide else self._left
        for widget in self._moving:
            (self._left if wide else self._right).removeWidget(widget)
        for widget in self._moving:
            into.insertWidget(into.count() - 1, widget)  # before the column's closing stretch
        self.right.setVisible(wide)
