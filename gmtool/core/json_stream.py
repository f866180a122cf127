"""A JSON object read one member at a time, one array member item by item (a large file in short steps).

``json.loads`` reads a whole document in one call: for a library of thousands of NPCs that is a
freeze of the window. :func:`object_members` reads the same text with the same decoder, one
top-level member at a time and the items of one array member (``streamed``) one at a time, so a
caller can stop after any of them (to let the window repaint, or because the GM cancelled).

It accepts exactly what ``json.loads`` accepts (the same decoder reads every value; whitespace is
JSON's four characters; nothing may follow the object) and raises :class:`json.JSONDecodeError`
where it would (``RecursionError`` for nesting too deep, ``ValueError`` for a constant the caller's
``parse_constant`` refuses or an integer too long). A key given twice: the last value counts, as
with ``json.loads`` (a ``streamed`` array given twice starts again: its first :class:`Member` is
the start marker).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

_SPACE = " \t\n\r"
Parse = Callable[[str], Any]  # a decoder's parse hook: a number's or constant's text -> its value (any JSON value)


@dataclass(frozen=True)
class Member:
    """A top-level member (``item`` False), or one item of the streamed array member (``item`` True).

    The streamed member itself comes first as ``Member(key, [], False)``: its items follow."""

    key: str
    value: Any
    item: bool = False


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _SPACE:
        pos += 1
    return pos


def _expect(text: str, pos: int, chars: str, what: str) -> str:
    if pos >= len(text) or text[pos] not in chars:
        raise json.JSONDecodeError(f"Expecting {what}", text, pos)
    return text[pos]


def object_members(
    text: str,
    streamed: str,
    parse_constant: Parse | None = None,
    *,
    parse_int: Parse | None = None,
    parse_float: Parse | None = None,
) -> Iterator[Member]:
    """The members of the JSON object ``text``, the array member ``streamed`` item by item (the parse
    hooks as ``json.loads`` takes them)."""
    decoder = json.JSONDecoder(parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
    pos = _skip(text, 0)
    _expect(text, pos, "{", "'{'")
    pos = _skip(text, pos + 1)
    if _expect(text, pos, '"}', "property name enclosed in double quotes") == "}":
        pos += 1
    else:
        while True:
            key, pos = decoder.raw_decode(text, pos)
            pos = _skip(text, pos)
            _expect(text, pos, ":", "':' delimiter")
            pos = _skip(text, pos + 1)
            if key == streamed and text.startswith("[", pos):
                yield Member(key, [])
                pos = yield from _items(decoder, text, pos, key)
            else:
                value, pos = decoder.raw_decode(text, pos)
                yield Member(key, value)
            pos = _skip(text, pos)
            if _expect(text, pos, ",}", "',' delimiter") == "}":
                pos += 1
                break
            pos = _skip(text, pos + 1)
            _expect(text, pos, '"', "property name enclosed in double quotes")
    if _skip(text, pos) != len(text):
        raise json.JSONDecodeError("Extra data", text, _skip(text, pos))


def _items(decoder: json.JSONDecoder, text: str, pos: int, key: str) -> Generator[Member, None, int]:
    """The items of the array starting at ``pos``; returns the position after it."""
    pos = _skip(text, pos + 1)
    if text.startswith("]", pos):
        return pos + 1
    while True:
        value, pos = decoder.raw_decode(text, pos)
        yield Member(key, value, item=True)
        pos = _skip(text, pos)
        if _expect(text, pos, ",]", "',' delimiter") == "]":
            return pos + 1
        pos = _skip(text, pos + 1)
