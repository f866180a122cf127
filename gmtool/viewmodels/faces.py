"""Reading dice faces typed at the table ("6 4 4 3", "6,4,4,3", "6443")."""

from __future__ import annotations

import re

from gmtool.core.errors import GmtoolError


def parse_faces(text: str) -> tuple[int, ...]:
    """'6 4 4 4 3 2', '6,4,1' or '644432' → faces; anything else → GmtoolError."""
    text = text.strip()
    if not text or re.search(r"[^\d\s,;/]", text):
        raise GmtoolError("error.faces_parse")
    tokens = re.split(r"[\s,;/]+", text)
    if len(tokens) == 1:
        tokens = list(tokens[0])
    return tuple(int(t) for t in tokens if t)
