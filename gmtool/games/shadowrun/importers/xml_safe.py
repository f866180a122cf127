"""Parsing XML that comes from outside without letting it expand, fetch or hang.

Chummer never writes a DOCTYPE, so any DOCTYPE, entity declaration or external
reference is refused outright (no "billion laughs", no external entities).
Input is capped in size and element depth. The tree is built from expat's
callbacks into plain ``xml.etree.ElementTree`` elements. Every failure is a
:class:`FileFormatError` whose message says what to do.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pyexpat import ExpatError, ParserCreate

from gmtool.core.errors import FileFormatError

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64


class _Refused(Exception):
    """Raised inside an expat callback; turned into a FileFormatError outside."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _Builder:
    """Collects expat's events into an ElementTree, counting depth."""

    def __init__(self, max_depth: int) -> None:
        self.tree = ET.TreeBuilder()
        self.depth = 0
        self.max_depth = max_depth

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth > self.max_depth:
            raise _Refused("error.import_too_deep")
        self.tree.start(tag, attributes)

    def end(self, tag: str) -> None:
        self.depth -= 1
        self.tree.end(tag)

    def data(self, text: str) -> None:
        self.tree.data(text)


def _refuse_doctype(*_args: object) -> None:
    raise _Refused("error.import_doctype")


def _refuse_external(*_args: object) -> int:
    raise _Refused("error.import_doctype")


def parse_xml(data: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> ET.Element:
    """The root element of ``data`` (any encoding expat detects from the BOM or declaration)."""
    if len(data) > max_bytes:
        raise FileFormatError("error.import_too_large", limit_mb=max_bytes // (1024 * 1024))
    builder = _Builder(max_depth)
    parser = ParserCreate()
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_doctype
    parser.UnparsedEntityDeclHandler = _refuse_doctype
    parser.ExternalEntityRefHandler = _refuse_external
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
        root = builder.tree.close()
    except _Refused as exc:
        raise FileFormatError(exc.key, max_depth=max_depth) from None
    except (ExpatError, ValueError, LookupError, UnicodeError, AssertionError) as exc:
        # ExpatError: not well-formed; LookupError/UnicodeError: an encoding Python cannot decode;
        # AssertionError: TreeBuilder.close() on a document without a root.
        raise FileFormatError("error.import_not_xml", detail=str(exc)[:200]) from None
    return root
