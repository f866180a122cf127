"""An editable table's layout, written once (:func:`table_with_buttons`): the table, a line under it
(a message, if any), then its buttons (Add row, Remove row …) at the left of one row."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget


def table_with_buttons(owner: QWidget, table: QWidget, buttons: tuple[QWidget, ...], *under: QWidget,
                       stretch: int = 0) -> QVBoxLayout:
    """``owner``'s layout (no margins: it sits in a form): ``table`` (``stretch``), ``under``, the buttons."""
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    layout = QVBoxLayout(owner)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(table, stretch)
    for widget in under:
        layout.addWidget(widget)
    layout.addLayout(row)
    return layout
