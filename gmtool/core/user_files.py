"""The one guarded way to read a file a user can put there: imports, maps, cards, house rules, settings.

Every file gmtool reads that a user chose, dropped or wrote by hand comes through here (files
gmtool ships in ``resources/`` do not: :mod:`gmtool.core.resources`). Each read names its
:class:`FileKind` (a map, a gear card file, a house-rule table …), which carries the size limit of
that kind, chosen so a real file never reaches it. What is refused, and why:

- anything but a regular file (a folder, a pipe, a device, a socket, or a link to one): asked of
  ``os.stat`` before opening, and again of the opened file (``O_NONBLOCK``, so a pipe never blocks);
- a file larger than its kind's limit, judged on what is really read (at most limit + 1 bytes:
  a growing file, or one whose size lies, never fills the memory);
- text that is not UTF-8 (a UTF-8 BOM is fine; UTF-16 and UTF-32 are recognised by their BOM or
  their NUL pattern and refused by name; NUL bytes elsewhere mean it is not text), and JSON text
  escapes that are no Unicode (half of a surrogate pair);
- JSON or TOML nested deeper than :data:`MAX_DEPTH` or holding an integer longer than
  :data:`MAX_DIGITS` digits (in JSON also a number that is infinite, NaN or that long), and JSON or
  TOML that does not parse.

Every refusal is one :class:`UserFileError`: the file's name, its kind and the reason, translated.
XML is read as bytes here and parsed by the game that imports it, following the encoding the file
declares (a game's XML importer bounds its own depth and refuses entities).
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr

if TYPE_CHECKING:
    from gmtool.core.json_stream import Member

MAX_DEPTH = 64  # levels of nested arrays and objects (tables); gmtool's deepest files have about 8
MAX_DIGITS = 100  # digits of one number; no value gmtool reads has more than a dozen
CHUNK = 1 << 20
UTF8_BOM = b"\xef\xbb\xbf"
_DIGITS = bytes(49 if 48 <= byte <= 57 else 48 for byte in range(256))  # each digit "1", the rest "0"
_LONG_RUN = b"1" * (MAX_DIGITS + 1)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")  # half of a UTF-16 pair, spelt in JSON
_TOML_WHERE = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)\s*$")
_WIDE_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"),
              (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))


@dataclass(frozen=True)
class FileKind:
    """What a file is to gmtool: its name in messages (``userfile.kind.<key>``) and its size limit."""

    key: str
    limit: int  # bytes; a real file of this kind stays far below

    def label(self) -> str:
        """The kind as the GM reads it ("map", "house-rule table" …)."""
        return tr(f"userfile.kind.{self.key}")

    def one(self) -> str:
        """One file of the kind ("a map", "a house-rule table" …)."""
        return tr(f"userfile.kind_a.{self.key}")


KINDS: dict[str, FileKind] = {}  # every kind declared (docs/user/files-and-backups.md's table lists them)


def file_kind(key: str, limit: int) -> FileKind:
    """Declare a kind of user file (once per key)."""
    kind = KINDS.setdefault(key, FileKind(key, limit))
    if kind.limit != limit:
        raise ValueError(f"two kinds of user file named {key}")
    return kind


MB = 1_000_000
IMPORT = file_kind("import", 32 * MB)  # File → Import before the file says what it is: the largest kind's limit
MAP = file_kind("map", 2 * MB)  # a 99×99 map with every hex painted is about 0.3 MB


class UserFileError(FileFormatError):
    """A user's file refused: ``key`` is the reason (``userfile.<reason>``); the message names the
    file, its kind and the reason. ``file`` is among the arguments, as every file problem has it."""

    def __init__(self, kind: FileKind, name: str, reason: str, /, **details: Any) -> None:
        super().__init__(f"userfile.{reason}", file=name, kind=kind.key, **details)
        self.kind = kind
        self.reason = reason

    def message(self) -> str:
        args = dict(self.args_for_message, kind=self.kind.label(), kind_a=self.kind.one())
        why = tr(self.key, **args)
        return tr("userfile.refused", file=args["file"] or "?", kind=args["kind"], reason=why)


# -- reading ------------------------------------------------------------------------------------------
def read_bytes(path: Path, kind: FileKind) -> bytes:
    """The bytes of a regular file, at most ``kind.limit`` of them (UserFileError otherwise)."""
    with _opened(path, kind) as (fd, size):
        if size > kind.limit:
            raise too_large(kind, path.name, size)
        data = _read_at_most(fd, kind.limit + 1, kind, path)
    if len(data) > kind.limit:  # it grew while being read
        raise too_large(kind, path.name, len(data))
    return data


def read_head(path: Path, kind: FileKind, count: int) -> bytes:
    """The first ``count`` bytes of a regular file (a campaign's header), whatever its size."""
    with _opened(path, kind) as (fd, _size):
        return _read_at_most(fd, count, kind, path)


def read_text(path: Path, kind: FileKind) -> str:
    """A regular file's text: UTF-8, with or without a BOM, within the kind's limit."""
    return decode_text(read_bytes(path, kind), kind, path.name)


def load_json(path: Path, kind: FileKind) -> Any:
    """A JSON file, read and parsed within the kind's bounds."""
    return parse_json(read_bytes(path, kind), kind, path.name)


@contextmanager
def _opened(path: Path, kind: FileKind) -> Iterator[tuple[int, int]]:
    """A regular file opened for reading, and its size: a pipe or a device is refused before it is
    opened, and the file opened is asked again (it may have been swapped since); nothing blocks."""
    try:
        _must_be_regular(os.stat(path).st_mode, kind, path.name)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise unreadable(kind, path.name, exc) from exc
    try:
        found = os.fstat(fd)
        _must_be_regular(found.st_mode, kind, path.name)
        yield fd, found.st_size
    finally:
        os.close(fd)


def _must_be_regular(mode: int, kind: FileKind, name: str) -> None:
    if stat.S_ISREG(mode):
        return
    what = ("folder" if stat.S_ISDIR(mode) else "pipe" if stat.S_ISFIFO(mode) else "socket" if stat.S_ISSOCK(mode)
            else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "other")
    raise UserFileError(kind, name, "not_regular", what=tr(f"userfile.node.{what}"))


def _read_at_most(fd: int, count: int, kind: FileKind, path: Path) -> bytes:
    chunks: list[bytes] = []
    left = count
    try:
        while left > 0:
            chunk = os.read(fd, min(left, CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise unreadable(kind, path.name, exc) from exc
    return b"".join(chunks)


def unreadable(kind: FileKind, name: str, exc: OSError) -> UserFileError:
    """The refusal of a file the system would not give (missing, forbidden, failing)."""
    if exc.errno == errno.ENOENT:
        return UserFileError(kind, name, "missing")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return UserFileError(kind, name, "denied")
    return UserFileError(kind, name, "unreadable", detail=exc.strerror or type(exc).__name__)


def too_large(kind: FileKind, name: str, size: int) -> UserFileError:
    return UserFileError(kind, name, "too_large", size=f"{size / MB:.1f}", limit=f"{kind.limit / MB:g}")


def check_size(data: bytes | str, kind: FileKind, name: str) -> None:
    """Refuse data (read for a wider kind, as File → Import reads) larger than ``kind`` allows."""
    if len(data) > kind.limit:
        raise too_large(kind, name, len(data))


# -- text ---------------------------------------------------------------------------------------------
def wide_encoding(data: bytes) -> str | None:
    """"UTF-16" or "UTF-32" when the bytes are text in one of them (by BOM or NUL pattern), else None."""
    for bom, name in _WIDE_BOMS:
        if data.startswith(bom):
            return name
    head = data[:4]  # text starts with a character below U+0100 ("{", "<", "#", a letter): its NULs tell
    if len(head) == 4 and (head[0] and not any(head[1:]) or not any(head[:3]) and head[3]):
        return "UTF-32"
    if len(head) >= 2 and bool(head[0]) != bool(head[1]):
        return "UTF-16"
    return None


def decode_text(data: bytes, kind: FileKind, name: str) -> str:
    """UTF-8 text (a BOM dropped), or the refusal naming what the bytes are instead."""
    encoding = wide_encoding(data)
    if encoding is not None:
        raise UserFileError(kind, name, "wide_encoding", encoding=encoding)
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]
    if b"\x00" in data:
        raise UserFileError(kind, name, "binary")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserFileError(kind, name, "not_utf8", line=data.count(b"\n", 0, exc.start) + 1) from exc


def _text(data: bytes | str, kind: FileKind, name: str) -> str:
    check_size(data, kind, name)
    if isinstance(data, bytes):
        return decode_text(data, kind, name)
    return data.removeprefix("\ufeff")


# -- parsing ------------------------------------------------------------------------------------------
class _NumberRefused(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _integer(text: str) -> int:
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise _NumberRefused(text)
    return int(text)


def _real(text: str) -> float:
    value = float(text) if len(text) <= MAX_DIGITS + 10 else math.inf
    if not math.isfinite(value):
        raise _NumberRefused(text)
    return value


def _constant(text: str) -> float:
    raise _NumberRefused(text)


def _number_refused(kind: FileKind, name: str, text: str) -> UserFileError:
    if len(text.lstrip("+-")) > MAX_DIGITS:
        return UserFileError(kind, name, "long_number", digits=MAX_DIGITS)
    return UserFileError(kind, name, "bad_number", number=text)


def parse_json(data: bytes | str, kind: FileKind, name: str) -> Any:
    """JSON within the kind's size, :data:`MAX_DEPTH` levels and :data:`MAX_DIGITS` digits."""
    text = _text(data, kind, name)
    raw = data if isinstance(data, bytes) else text.encode("utf-8", "surrogatepass")
    hooks: dict[str, Any] = {"parse_float": _real, "parse_constant": _constant}
    if _LONG_RUN in raw.translate(_DIGITS):  # a run of 101 digits somewhere: every integer is looked at
        hooks["parse_int"] = _integer
    try:
        value = json.loads(text, **hooks)
    except _NumberRefused as exc:
        raise _number_refused(kind, name, exc.text) from None
    except RecursionError:  # the parser's own bound, far past MAX_DEPTH: the same refusal
        raise UserFileError(kind, name, "too_deep", depth=MAX_DEPTH) from None
    except json.JSONDecodeError as exc:
        raise UserFileError(kind, name, "syntax", format="JSON", line=exc.lineno, detail=exc.msg) from None
    _check_depth(value, kind, name)
    if _SURROGATE_ESCAPE.search(text):  # rare: only then is every string looked at
        _check_unicode(value, kind, name)
    return value


def json_members(data: bytes | str, kind: FileKind, name: str, streamed: str) -> Iterator[Member]:
    """:func:`parse_json` one top-level member at a time, the array member ``streamed`` item by item
    (:func:`gmtool.core.json_stream.object_members`: a library of thousands read in short steps), with
    the same bounds: the kind's size, the encoding, :data:`MAX_DEPTH` levels (counted from the file's
    top, checked on each member as it comes) and :data:`MAX_DIGITS` digits; the same refusals."""
    from gmtool.core.json_stream import object_members

    text = _text(data, kind, name)
    unicode_checked = bool(_SURROGATE_ESCAPE.search(text))
    try:
        for member in object_members(text, streamed, _constant, parse_int=_integer, parse_float=_real):
            _check_depth(member.value, kind, name, top=3 if member.item else 2)
            if unicode_checked:
                _check_unicode(member.value, kind, name)
            yield member
    except _NumberRefused as exc:
        raise _number_refused(kind, name, exc.text) from None
    except RecursionError:
        raise UserFileError(kind, name, "too_deep", depth=MAX_DEPTH) from None
    except json.JSONDecodeError as exc:
        raise UserFileError(kind, name, "syntax", format="JSON", line=exc.lineno, detail=exc.msg) from None


def _check_unicode(value: Any, kind: FileKind, name: str) -> None:
    """Refuse text that is no Unicode: a ``\\ud800`` escape without its pair (nothing could store it)."""
    waiting = [value]
    while waiting:
        node = waiting.pop()
        if isinstance(node, dict):
            waiting.extend(node)
            waiting.extend(node.values())
        elif isinstance(node, list):
            waiting.extend(node)
        elif isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                raise UserFileError(kind, name, "lone_surrogate") from None


def parse_toml(data: bytes | str, kind: FileKind, name: str) -> dict[str, Any]:
    """TOML within the kind's size, :data:`MAX_DEPTH` levels and :data:`MAX_DIGITS` digits."""
    import tomllib  # only house rules are TOML: loaded when they are read

    text = _text(data, kind, name)
    try:
        value = tomllib.loads(text)  # inf and nan are TOML: the file's own schema bounds them, with their line
    except RecursionError:
        raise UserFileError(kind, name, "too_deep", depth=MAX_DEPTH) from None
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_WHERE.search(str(exc))
        line = int(found.group(1)) if found and found.group(1) else text.count("\n") + 1
        raise UserFileError(kind, name, "syntax", format="TOML", line=line, detail=_TOML_WHERE.sub("", str(exc))) from None
    except ValueError:  # an integer past Python's conversion limit (thousands of digits)
        raise UserFileError(kind, name, "long_number", digits=MAX_DIGITS) from None
    _check_depth(value, kind, name, integers=True)
    return value


def _check_depth(value: Any, kind: FileKind, name: str, integers: bool = False, top: int = 1) -> None:
    """Refuse nesting past :data:`MAX_DEPTH` (and, for TOML, integers past :data:`MAX_DIGITS` digits),
    level by level, without recursion; only arrays and objects go on to the next level (``top``: the
    level ``value`` itself is at, 1 for a whole file)."""
    level, depth = [value] if type(value) in (dict, list) else [], top  # the arrays and objects at ``depth``
    bound = 10 ** MAX_DIGITS
    while level:
        inner: list[Any] = []
        for node in level:
            for item in node.values() if type(node) is dict else node:
                kind_of = type(item)
                if kind_of is dict or kind_of is list:
                    inner.append(item)
                elif integers and kind_of is int and not -bound < item < bound:
                    raise UserFileError(kind, name, "long_number", digits=MAX_DIGITS)
        depth += 1
        if inner and depth > MAX_DEPTH:
            raise UserFileError(kind, name, "too_deep", depth=MAX_DEPTH)
        level = inner
