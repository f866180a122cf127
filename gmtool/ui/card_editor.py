"""A library card editor's header, footer and saving, written once (:class:`CardEditor`).

A game's card editor (a machine card with its pilot, a gear card) starts its form with
:meth:`CardEditor.add_header` (the made-up-values hint and the card's name), lays out its own fields,
then calls :meth:`CardEditor.add_footer`: the card's tags and notes, then :func:`message_and_buttons`,
the message line where a refusal is said and OK / Cancel (a game's other checked dialogs use it too).
OK asks the game's :meth:`CardEditor.card` for the card its library checked; a refusal shows in the
message line and the dialog stays open, nothing typed lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit

from gmtool.core.errors import GmtoolError
from gmtool.ui.library_parts import say_in_place


def message_and_buttons(dialog: QDialog, form: QFormLayout, ok: Callable[[], None]) -> QLabel:
    """A checked dialog's last rows: its word-wrapped message line (returned) and OK (``ok``) / Cancel."""
    message = QLabel(dialog)
    message.setWordWrap(True)
    form.addRow(message)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.accepted.connect(ok)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    return message


class CardEditor(QDialog):
    """A card editor: the game's fields, then the footer; emits ``saved(card)`` with the checked card."""

    saved = Signal(object)  # the game's template, checked by its library

    def add_header(self, form: QFormLayout, hint: str, name: tuple[str, str], object_name: str) -> None:
        """The hint that the card's values are the GM's own, and the card's name (``name``: its label, its text)."""
        note = QLabel(hint, self)
        note.setWordWrap(True)
        form.addRow(note)
        self.name = QLineEdit(name[1], self)
        self.name.setObjectName(object_name)
        form.addRow(name[0], self.name)

    def add_footer(self, form: QFormLayout, document: Mapping[str, object], labels: tuple[str, str],
                   notes_height: int) -> None:
        """Tags and notes (``labels``: their row labels), the message line and OK / Cancel, under ``form``."""
        tags = document.get("tags", ()) or ()  # a list in a stored card
        self.tags = QLineEdit(", ".join(str(t) for t in tags), self)  # type: ignore[attr-defined]  # checked by the library
        self.notes = QPlainTextEdit(str(document.get("notes", "")), self)
        self.notes.setMaximumHeight(notes_height)
        form.addRow(labels[0], self.tags)
        form.addRow(labels[1], self.notes)
        self.message = message_and_buttons(self, form, self.save)

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
