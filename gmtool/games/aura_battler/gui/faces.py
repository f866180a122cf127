"""Dice typed at the table, and a chance as a percentage (the duel's panels)."""

from __future__ import annotations

import re
from fractions import Fraction


def typed_faces(text: str) -> tuple[int, ...] | None:
    """The faces typed ("6 3" or "63"): every digit one die; None when nothing is typed."""
    digits = re.findall(r"\d", text)
    return tuple(int(d) for d in digits) if digits else None


def percent(value: Fraction) -> str:
    return f"{float(value):.1%}"
