"""Small form helpers for the rigging and chase panel: labelled spin boxes and combatant choosers."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from gmtool.core.i18n import tr


def spin(parent: QWidget, name: str, low: int, high: int, value: int = 0) -> QSpinBox:
    box = QSpinBox(parent)
    box.setObjectName(f"rig_{name}")
    box.setRange(low, high)
    box.setValue(value)
    return box


def choice(parent: QWidget, name: str, keys: Iterable[str], prefix: str) -> QComboBox:
    """A combo of translated words (``prefix`` + key), the key as item data."""
    box = QComboBox(parent)
    box.setObjectName(f"rig_{name}")
    for key in keys:
        box.addItem(tr(prefix + key), key)
    return box


def fill_combatants(box: QComboBox, names: dict[str, str], none: bool = False) -> None:
    """Refill ``box`` with the combatants (id as data), keeping the current one when it is still there."""
    current = box.currentData()
    box.blockSignals(True)
    box.clear()
    if none:
        box.addItem(tr("sr4rig.ui.none"), None)
    for cid, name in names.items():
        box.addItem(name, cid)
    index = box.findData(current)
    box.setCurrentIndex(max(index, 0))
    box.blockSignals(False)
