"""Lists typed as one line of text: "a, b、c" → ["a", "b", "c"] (Latin, Japanese and full-width commas)."""

from __future__ import annotations

import re


def split_items(value: str) -> list[str]:
    """The items of a comma-separated line, trimmed, empty ones dropped."""
    return [part.strip() for part in re.split(r"[,、，]", value) if part.strip()]
