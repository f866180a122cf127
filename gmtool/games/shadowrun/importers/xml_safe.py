"""Parsing XML that comes from outside without letting it expand, fetch or hang.

Chummer never writes a DOCTYPE, so any DOCTYPE, entity declaration or external
reference is refused outright (no "billion laughs", no external entities).
Input is capped in size and element depth. The tree is built from expat's
callbacks into plain ``xml.etree.ElementTree`` elements (text goes straight to the
builder; only element starts and ends run Python, to count the depth). Every failure is a
:class:`FileFormatError` whose message says what to do.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from pyexpat import ExpatError, ParserCreate

from gmtool.core.errors import FileFormatError

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64


class _Refused(Exception):
    """Raised inside an expat callback; turned into a FileFormatError outside."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


Start = Callable[[str, dict[str, str]], None]
End = Callable[[str], None]


def _handlers(tree: ET.TreeBuilder, max_depth: int) -> tuple[Start, End]:
    """expat's start and end handlers: they build ``tree`` and refuse an element deeper than ``max_depth``.

    Closures over a local depth, not methods: expat calls them once per element, the hot path of an import.
    """
    depth = 0
    tree_start, tree_end = tree.start, tree.end

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth > max_depth:
            raise _Refused("error.import_too_deep")
        tree_start(tag, attributes)

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1
        tree_end(tag)

    return start, end


def _refuse_doctype(*_args: object) -> None:
    raise _Refused("error.import_doctype")


def _refuse_external(*_args: object) -> int:
    raise _Refused("error.import_doctype")


def parse_xml(data: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> ET.Element:
    """The root element of ``data`` (any encoding expat detects from the BOM or declaration)."""
    if len(data) > max_bytes:
        raise FileFormatError("error.import_too_large", limit_mb=max_bytes // (1024 * 1024))
    tree = ET.TreeBuilder()
    parser = ParserCreate()
    parser.StartElementHandler, parser.EndElementHandler = _handlers(tree, max_depth)
    parser.CharacterDataHandler = tree.data  # the builder's own (C) method: text needs no check
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_doctype
    parser.UnparsedEntityDeclHandler = _refuse_doctype
    parser.ExternalEntityRefHandler = _refuse_external
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
        root = tree.close()
    except _Refused as exc:
        raise FileFormatError(exc.key, max_depth=max_depth) from None
    except (ExpatError, ValueError, LookupError, UnicodeError, AssertionError) as exc:
        # ExpatError: not well-formed; LookupError/UnicodeError: an encoding Python cannot decode;
        # AssertionError: TreeBuilder.close() on a document without a root.
        raise FileFormatError("error.import_not_xml", detail=str(exc)[:200]) from None
    return root
