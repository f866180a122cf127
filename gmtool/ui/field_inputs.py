"""An input for one :class:`~gmtool.core.display.SheetField` typed by hand (a spin box, a choice, a check
box or a line of text) and the value it holds: what the party's Edit… dialog asks field by field."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QWidget

from gmtool.core.display import SheetField

Input = QSpinBox | QLineEdit | QComboBox | QCheckBox


def field_input(field: SheetField, parent: QWidget) -> Input:
    """The input showing the field's value, within its bounds or among its choices."""
    if field.kind == "number":
        box = QSpinBox(parent)
        box.setRange(field.low, field.high)
        box.setValue(int(field.value))
        return box
    if field.kind == "choice":
        combo = QComboBox(parent)
        for key, label in field.choices:
            combo.addItem(label, key)
        combo.setCurrentIndex(max(0, combo.findData(field.value)))
        return combo
    if field.kind == "flag":
        check = QCheckBox(parent)
        check.setChecked(bool(field.value))
        return check
    return QLineEdit(str(field.value), parent)


def input_value(widget: Input) -> int | str | bool:
    """What the input holds now, as the field's value."""
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QComboBox):
        return str(widget.currentData())
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    return widget.text()
