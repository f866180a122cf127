"""The footer of an SR4 tab beside the order: its odds, its button and the last result, always in view.

A tab's inputs scroll above the footer (never sideways); the footer keeps what the GM reads before
and after a roll: the exact odds, the button that rolls, why it cannot be pressed now, and the last
result of the tab, whole (wrapped, the log's own words), until the tab's next roll. The result is
what the roll decided (the dice themselves are in the log), or the dice when that is all there is.

The odds and the result are each in a :class:`~gmtool.ui.pinned.ResultArea`: as tall as their text,
a new text of the same height lays out nothing around it (a wrapped label alone re-laid out the tab,
the dock and the window after every spell, and repainted the tab four times); a shorter result keeps
the room a longer one took.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from gmtool.core.i18n import tr
from gmtool.ui.pinned import ResultArea
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

DETAIL = frozenset({"dice_test_rolled", "signature_left", "astral_signature_left"})  # in the log, not the result


def wrapped(parent: QWidget, name: str, tone: str = "") -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if tone:
        set_tone(label, tone)
    return label


def scrolled(body: QWidget, parent: QWidget, name: str) -> QScrollArea:
    """``body`` in a scroll area that never scrolls sideways."""
    scroll = QScrollArea(parent)
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(body)
    return scroll


class TabFooter(QWidget):
    """Odds, the tab's button, its refusal and its last result."""

    def __init__(self, prefix: str, button: QPushButton, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}Footer")
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 2, 6, 4)
        column.setSpacing(3)
        self.odds_area = ResultArea(f"{prefix}Odds", f"{prefix}OddsArea", self, hide_when_empty=False)
        self.odds = self.odds_area.label
        self.button = button
        self.why = wrapped(self, f"{prefix}Why", "warning")
        self.result_area = ResultArea(f"{prefix}Result", f"{prefix}ResultArea", self, grow_only=True)
        self.result = self.result_area.label
        for widget in (self.odds_area, button, self.why, self.result_area):
            column.addWidget(widget)
        self.why.hide()

    def show_odds(self, text: str) -> None:
        """The odds before the roll (its area as tall as the text: the same height lays out nothing)."""
        self.odds_area.show_text(text)

    def refuse(self, reason: str | None) -> None:
        """The button greyed with the reason shown under it (None: it can be pressed)."""
        self.button.setEnabled(reason is None)
        self.button.setToolTip(reason or "")
        self.why.setText(reason or "")
        self.why.setVisible(bool(reason))

    def show_last(self, bridge: EncounterBridge) -> None:
        """The last entry's lines, as the log writes them (the command just done)."""
        entries = bridge.encounter.entries
        events = entries[-1].events if entries else ()
        decided = [e for e in events if e.kind not in DETAIL] or list(events)
        describe = bridge.ruleset.describe
        lines = [line for line in (describe(e) for e in decided) if line]
        self.result_area.show_text(tr("sr4.footer.last", lines="\n".join(lines)) if lines else "")
