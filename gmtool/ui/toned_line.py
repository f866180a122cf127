"""A panel's message line: a named label that wraps, its text in a tone (an error, a warning)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from gmtool.ui.theme import set_tone


def toned_line(parent: QWidget, name: str, tone: str) -> QLabel:
    """An empty label named ``name`` (tests find it), wrapping its text, shown in ``tone``
    (:func:`gmtool.ui.theme.set_tone`: it follows the theme)."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    set_tone(label, tone)
    return label
