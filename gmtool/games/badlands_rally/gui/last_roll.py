"""The last roll of one of the rally's panels, whole, in the panel that rolled it until the next roll.

A panel names the events that are its rolls (the attack panel ``br_attack_made``, the special moves'
box ``br_special_move_made`` …). When a journal entry brings one in — made by the panel's button, by a
key, or when an answer to a reaction attack lets a held attack roll — the panel shows every line the
log writes for that entry (the dice, the damage, a rattle, a spin-out waiting), word-wrapped, never
cut. Undone, the roll is no longer true: the text goes; redone, it is back. Nothing here decides.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QWidget

from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.ui.measured_label import MeasuredLabel
from gmtool.viewmodels.bridge import EncounterBridge


class LastRoll(MeasuredLabel):
    """The log's words for the last entry holding one of ``kinds``; empty (hidden) before any (measured once
    per text: the panel's layout running for a label beside it no longer repaints it)."""

    def __init__(self, bridge: EncounterBridge, describe: Callable[[Event], str], kinds: frozenset[str], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMargin(4)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._bridge, self._describe, self._kinds = bridge, describe, kinds
        self.seq: int | None = None  # the journal entry shown
        self.lines: tuple[str, ...] = ()
        self.hide()
        bridge.changed.connect(self._on_change)

    def _on_change(self, change: Change) -> None:
        if change.events and any(event.kind in self._kinds for event in change.events):
            self._show(change.command_entry.seq, tuple(self._describe(e) for e in change.events))
        elif self.seq is not None and not self._in_effect(self.seq):
            self._show(None, ())

    def _in_effect(self, seq: int) -> bool:
        """The entry is done and not undone, and the moment shown (rewound or now) is at or after it."""
        past = self._bridge.past
        if past is not None and past[0] < seq:
            return False
        for entry in reversed(self._bridge.encounter.done):  # in order of seq: the newest first, stop below it
            if entry.seq <= seq:
                return entry.seq == seq
        return False

    def _show(self, seq: int | None, lines: tuple[str, ...]) -> None:
        self.seq, self.lines = seq, tuple(line for line in lines if line)
        if not self.lines:
            self.clear()
            self.hide()
            return
        body = "<br>".join(escape(line) for line in self.lines)
        self.setText(f"<b>{escape(tr('br.last_roll'))}</b><br>{body}")
        self.show()
