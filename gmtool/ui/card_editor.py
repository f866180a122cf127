"""A library card editor's footer and saving, written once (:class:`CardEditor`).

A game's card editor (the duel's machine card, the rally's gear card) lays out its own fields, then
calls :meth:`CardEditor.add_footer`: the card's tags and notes, the message line where a refusal is
said, and OK / Cancel. OK asks the game's :meth:`CardEditor.card` for the card its library checked;
a refusal shows in the message line and the dialog stays open, nothing typed lost.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit

from gmtool.core.errors import GmtoolError
from gmtool.ui.library_parts import say_in_place


class CardEditor(QDialog):
    """A card editor: the game's fields, then the footer; emits ``saved(card)`` with the checked card."""

    saved = Signal(object)  # the game's template, checked by its library

    def add_footer(self, form: QFormLayout, document: Mapping[str, object], labels: tuple[str, str],
                   notes_height: int) -> None:
        """Tags and notes (``labels``: their row labels), the message line and OK / Cancel, under ``form``."""
        self.tags = QLineEdit(", ".join(str(t) for t in document.get("tags", ()) or ()), self)  # type: ignore[attr-defined]  # a list in a stored card
        self.notes = QPlainTextEdit(str(document.get("notes", "")), self)
        self.notes.setMaximumHeight(notes_height)
        form.addRow(labels[0], self.tags)
        form.addRow(labels[1], self.notes)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def card(self, tags: list[str], notes: str) -> object:
        """The card as typed with these tags and notes, checked by the game's library (GmtoolError if refused)."""
        raise NotImplementedError

    def save(self) -> None:
        tags = [t.strip() for t in self.tags.text().split(",") if t.strip()]
        try:
            card = self.card(tags, self.notes.toPlainText())
        except GmtoolError as exc:
            say_in_place(self.message, exc.message())
            return
        self.saved.emit(card)
        self.accept()
