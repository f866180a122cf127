"""A push button or a check box in one call: its translated label, its object name (and what a click runs)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QPushButton, QWidget

from gmtool.core.i18n import tr


def named_button(key: str, name: str, slot: Callable[[], object], parent: QWidget) -> QPushButton:
    """A button labelled with message ``key``, named ``name`` (tests, style sheets), running ``slot`` on a click."""
    button = QPushButton(tr(key), parent)
    button.setObjectName(name)
    button.clicked.connect(lambda _checked=False: slot())
    return button


def named_check(key: str, checked: bool, parent: QWidget) -> QCheckBox:
    """A check box labelled with message ``key``, named after the key's last part, ticked or not."""
    box = QCheckBox(tr(key), parent)
    box.setObjectName(key.rsplit(".", 1)[-1])
    box.setChecked(checked)
    return box
