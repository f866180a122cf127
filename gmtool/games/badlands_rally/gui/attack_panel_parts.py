"""Small pieces the rally's panels share: dice typed at the table, a chance as a percentage."""

from __future__ import annotations

import re
from fractions import Fraction


def typed_faces(text: str) -> tuple[int, ...] | None:
    """The faces typed ("5 4 2" or "542"): every digit one die; None when nothing is typed."""
    digits = re.findall(r"\d", text)
    return tuple(int(d) for d in digits) if digits else None


def percent(value: Fraction) -> str:
    return f"{float(value):.1%}"
