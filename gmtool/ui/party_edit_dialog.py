"""Edit a party member's carried state by hand: one input per field the game lists (``Carry.fields``).

The game checks each value (``Carry.with_field``); a refusal is said in the dialog and nothing is kept.
The dialog only answers the new state (:attr:`PartyEditDialog.edited`); its caller keeps it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from gmtool.core.capabilities import Carry
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.party import CarriedState
from gmtool.ui.field_inputs import Input, field_input, input_value
from gmtool.ui.library_parts import say_in_place


class PartyEditDialog(QDialog):
    """A member's state, field by field; OK keeps it as :attr:`edited` when the game accepts every value."""

    def __init__(self, carrying: Carry[object], name: str, state: CarriedState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partyEditDialog")
        self.setWindowTitle(tr("party.edit.title", name=name))
        self._carry, self._state = carrying, state
        self.edited: CarriedState | None = None
        form = QFormLayout(self)
        self.inputs: dict[str, Input] = {}
        for field in carrying.fields(state):
            widget = field_input(field, self)
            widget.setEnabled(field.editable)
            widget.setObjectName(f"partyField_{field.key}")
            self.inputs[field.key] = widget
            form.addRow(field.label, widget)
        self.message = QLabel(self)
        self.message.setObjectName("partyEditMessage")
        self.message.setWordWrap(True)
        form.addRow(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.keep)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def keep(self) -> None:
        """Every changed field through the game; the first refusal is said and nothing is kept."""
        state = self._state
        shown = {field.key: field.value for field in self._carry.fields(self._state)}
        try:
            for key, widget in self.inputs.items():
                if input_value(widget) != shown[key]:
                    state = self._carry.with_field(state, key, input_value(widget))
        except GmtoolError as exc:
            say_in_place(self.message, exc.message())
            return
        self.edited = state
        self.accept()
