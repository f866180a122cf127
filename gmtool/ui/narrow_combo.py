"""Combo boxes a narrow dock can shrink.

By default a :class:`QComboBox` is at least as wide as its longest entry, so a long name, action
or effect widened the dock and the whole window. Narrowed, the box shows at least ``letters``
letters (the rest elided) and its list still opens as wide as its longest entry.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


def narrow(combo: QComboBox, letters: int) -> QComboBox:
    """``combo`` at least ``letters`` letters wide, never widening its dock for a long entry."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(letters)
    return combo
