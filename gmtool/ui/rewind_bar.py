"""The bar shown while the fight is seen as it was (rewind): continue from there, back to now, and
which moment.

A row of its own above the fight bar, the buttons first: at 1366 px they never go behind the
fight bar's "»" (sharing the fight bar's row, they did). The moment's log line ends in "…" where
the row is too short, whole in its tooltip.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QToolBar, QWidget

from gmtool.core.i18n import tr
from gmtool.ui.elided_label import ElidedLabel
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge


class RewindBar(QToolBar):
    """Continue from here, Back to now, and the moment shown (hidden while the fight is now)."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("rewind.back"), parent)
        self.setObjectName("rewindBar")
        self.setMovable(False)
        row = QWidget(self)  # one widget filling the row: the tool bar never moves a part of it behind "»"
        row.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        continue_button = QPushButton(tr("rewind.continue"), row)
        continue_button.setObjectName("continueFromHere")
        continue_button.clicked.connect(bridge.continue_from_here)
        back = QPushButton(tr("rewind.back"), row)
        back.setObjectName("backToNow")
        back.clicked.connect(bridge.back_to_now)
        self.label = ElidedLabel(row)
        self.label.setObjectName("rewindLabel")
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.label.setContentsMargins(8, 0, 8, 0)
        set_tone(self.label, "banner")  # dark on amber: readable in the light and the dark theme
        for widget, stretch in ((continue_button, 0), (back, 0), (self.label, 1)):
            layout.addWidget(widget, stretch)
        self.addWidget(row)
        self.hide()

    def show_moment(self, line: str) -> None:
        """Which moment is shown: the log line clicked."""
        self.label.setText(tr("rewind.banner", line=line))
        self.label.setToolTip(self.label.text())
