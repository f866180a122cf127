"""Where each value of a TOML file starts: the line a house-rule problem is reported at.

``tomllib`` gives values without positions, and a validation error gives a path such as
``("tables", 1, "rows", 0, "value")``. :func:`value_lines` scans the text once (strings, comments,
headers, dotted keys, arrays and inline tables spread over lines) and maps every path it meets to
its 1-based line, so a value inside an inline array is reported where it is written. The file has
already been parsed by ``tomllib``: this scanner only follows well-formed TOML.
"""

from __future__ import annotations

import re

Path_ = tuple[str | int, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_BLANK = re.compile(r"[ \t]*")
_BLANK_LINES = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines: dict[Path_, int] = {}
        self.array_tables: dict[Path_, int] = {}  # [[a.b]] resolved path -> its last index

    # -- characters ------------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> str:
        at = self.pos + ahead
        return self.text[at] if at < len(self.text) else ""

    def advance(self, count: int = 1) -> None:
        for _ in range(count):
            if self.pos < len(self.text):
                if self.text[self.pos] == "\n":
                    self.line += 1
                self.pos += 1

    def skip_blank(self, newlines: bool) -> None:
        """Spaces (and, inside arrays, newlines and comments): one regular expression's match, so a file
        of megabytes of blank lines is skipped at once (character by character it took 6 µs each)."""
        found = (_BLANK_LINES if newlines else _BLANK).match(self.text, self.pos)
        if found is not None and found.end() > self.pos:
            self.line += self.text.count("\n", self.pos, found.end())
            self.pos = found.end()

    def skip_comment(self) -> None:
        while self.pos < len(self.text) and self.peek() != "\n":
            self.advance()

    # -- keys and strings --------------------------------------------------------------------
    def string(self) -> None:
        """Skip a string of any of TOML's four kinds (escapes only in the basic ones)."""
        quote = self.peek()
        delimiter = quote * 3 if self.text.startswith(quote * 3, self.pos) else quote
        self.advance(len(delimiter))
        while self.pos < len(self.text):
            if quote == '"' and self.peek() == "\\":
                self.advance(2)
            elif self.text.startswith(delimiter, self.pos):
                self.advance(len(delimiter))
                while len(delimiter) == 3 and self.peek() == quote:  # up to two quotes end the content
                    self.advance()
                return
            else:
                self.advance()

    def quoted_key(self) -> str:
        start = self.pos
        self.string()
        return self.text[start + 1 : self.pos - 1]

    def key(self) -> tuple[str, ...]:
        """A (dotted) key."""
        parts: list[str] = []
        while True:
            self.skip_blank(False)
            if self.peek() in "\"'":
                parts.append(self.quoted_key())
            else:
                match = _BARE.match(self.text, self.pos)
                word = match.group(0) if match else ""
                parts.append(word)
                self.advance(len(word) or 1)
            self.skip_blank(False)
            if self.peek() != ".":
                return tuple(parts)
            self.advance()

    # -- values --------------------------------------------------------------------------------
    def value(self, path: Path_) -> None:
        self.skip_blank(False)
        self.lines.setdefault(path, self.line)
        char = self.peek()
        if char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        elif char in "\"'":
            self.string()
        else:
            while self.pos < len(self.text) and self.peek() not in ",]}#\r\n":
                self.advance()

    def array(self, path: Path_) -> None:
        self.advance()
        index = 0
        while True:
            self.skip_blank(True)
            if self.peek() in ("]", ""):
                self.advance()
                return
            self.value((*path, index))
            index += 1
            self.skip_blank(True)
            if self.peek() == ",":
                self.advance()

    def inline_table(self, path: Path_) -> None:
        self.advance()
        while True:
            self.skip_blank(True)
            if self.peek() in ("}", ""):
                self.advance()
                return
            self.key_value(path)
            self.skip_blank(True)
            if self.peek() == ",":
                self.advance()

    def key_value(self, table: Path_) -> None:
        line = self.line
        key = self.key()
        for depth in range(1, len(key)):
            self.lines.setdefault((*table, *key[:depth]), line)
        if self.peek() == "=":
            self.advance()
        self.value((*table, *key))

    # -- headers ---------------------------------------------------------------------------------
    def resolve(self, key: tuple[str, ...]) -> Path_:
        """A header's path: every array of tables on the way at its last element."""
        path: Path_ = ()
        for part in key:
            path = (*path, part)
            if path in self.array_tables:
                path = (*path, self.array_tables[path])
        return path

    def header(self) -> Path_:
        double = self.text.startswith("[[", self.pos)
        self.advance(2 if double else 1)
        key = self.key()
        self.advance(2 if double else 1)
        if not double:
            path = self.resolve(key)
            self.lines.setdefault(path, self.line)
            return path
        parent = self.resolve(key[:-1])
        where = (*parent, key[-1])
        index = self.array_tables.get(where, -1) + 1
        self.array_tables[where] = index
        self.lines.setdefault(where, self.line)
        self.lines[(*where, index)] = self.line
        return (*where, index)

    def document(self) -> dict[Path_, int]:
        table: Path_ = ()
        while self.pos < len(self.text):
            self.skip_blank(True)
            char = self.peek()
            if char == "":
                break
            if char == "[":
                table = self.header()
            else:
                self.key_value(table)
            self.skip_blank(False)
            if self.peek() == "#":
                self.skip_comment()
        return self.lines


def value_lines(text: str) -> dict[Path_, int]:
    """Every path in a (well-formed) TOML text, with the 1-based line its value starts on."""
    return _Scanner(text).document()


def line_of(lines: dict[Path_, int], loc: Path_) -> int:
    """The line of ``loc``, or of the nearest enclosing path found (1 when none is)."""
    for end in range(len(loc), 0, -1):
        found = lines.get(tuple(loc[:end]))
        if found is not None:
            return found
    return 1
