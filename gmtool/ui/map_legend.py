"""A map legend as one word-wrapped rich-text label: a swatch and a name per entry, wrapping between
entries only (a Japanese name never breaks inside), so a legend never widens the window."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget

from gmtool.core.hex.board import Zone
from gmtool.ui.measured_label import MeasuredLabel
from gmtool.viewmodels.tones import tone

WORD_JOINER = "\u2060"  # no line break here (Japanese text may otherwise break between any two characters)


def unbroken(text: str) -> str:
    """``text`` kept on one line: an entry wraps as a whole."""
    return WORD_JOINER.join(text.replace(" ", "\u00a0"))


def legend_html(entries: Iterable[tuple[QColor, str]], text_colour: str | None = None, points: int | None = None) -> str:
    """The entries as rich text: a coloured square, then the name, entries apart."""
    parts = (f'<span style="color:{colour.name()}">■</span>{WORD_JOINER}&nbsp;{escape(unbroken(name))}'
             for colour, name in entries)
    style = "; ".join(s for s in (f"color:{text_colour}" if text_colour else "",
                                  f"font-size:{points}pt" if points else "") if s)
    body = " &nbsp; ".join(parts)
    return f'<span style="{style}">{body}</span>' if style else body


def legend_label(parent: QWidget, name: str) -> QLabel:
    """A legend's label (measured once per text: a layout running beside it does not repaint it)."""
    label = MeasuredLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def zone_entries(zones: Iterable[Zone]) -> list[tuple[QColor, str]]:
    """One legend entry per kind of marked area (same label and tint: one entry), in the board's order."""
    seen: dict[tuple[str, int], tuple[QColor, str]] = {}
    for zone in zones:
        seen.setdefault((zone.label, zone.tint), (tone(f"map_tint_{zone.tint}"), zone.label))
    return list(seen.values())
