"""Put a value in a spin box without repainting one that already shows it.

``QSpinBox.setValue`` repaints the box even when the value and the text stay the same, and
with it whatever lies under the box (the group box and the panel it sits on): a sheet that
shows the next combatant at every phase repainted all its number fields, changed or not.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox


def show_value(spin: QSpinBox, value: int) -> None:
    """``spin.setValue(value)``, unless the box holds ``value`` and shows its text already."""
    if spin.value() == value and spin.text() == shown_text(spin, value):
        return
    spin.setValue(value)


def shown_text(spin: QSpinBox, value: int) -> str:
    """The text a spin box shows for ``value`` (as Qt writes it: special text, or prefix, number, suffix)."""
    if spin.specialValueText() and value == spin.minimum():
        return spin.specialValueText()
    return spin.prefix() + spin.textFromValue(value) + spin.suffix()
