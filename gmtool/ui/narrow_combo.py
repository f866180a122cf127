"""Combo boxes a narrow dock can shrink, and refilling a combo box of choices.

By default a :class:`QComboBox` is at least as wide as its longest entry, so a long name, action
or effect widened the dock and the whole window. Narrowed, the box shows at least ``letters``
letters (the rest elided) and its list still opens as wide as its longest entry.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox


def narrow(combo: QComboBox, letters: int) -> QComboBox:
    """``combo`` at least ``letters`` letters wide, never widening its dock for a long entry."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(letters)
    return combo


def refill(combo: QComboBox, none: str, choices: Iterable[tuple[str, str]]) -> None:
    """``combo`` anew: ``none`` first (its data None), then each (data, name); the chosen one is kept when
    it is still there (else ``none``). No signal: only the GM's own choice is one."""
    chosen = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(none, None)
    for data, name in choices:
        combo.addItem(name, data)
    combo.setCurrentIndex(max(0, combo.findData(chosen)) if chosen else 0)
    combo.blockSignals(False)
