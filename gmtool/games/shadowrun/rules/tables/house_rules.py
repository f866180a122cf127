"""A GM's own modifier tables: TOML files in ``<user data folder>/tables/*.toml``.

Each file is read on its own, through :mod:`gmtool.core.user_files` (a regular file of at most 8 MB,
UTF-8, nesting and numbers bounded); a file it refuses (a pipe, a folder, too large, not UTF-8, nested
too deeply, not TOML: a :class:`~gmtool.core.user_files.UserFileError`) or with a schema error (a
:class:`~gmtool.core.errors.ResourceError`) is skipped and reported with its file, line and reason,
translated; the other files still load.

The format (``schema_version`` is required)::

    schema_version = 1

    # A new table: id "<word>.<word>", its game, what it applies to
    # (ranged_attack, melee_attack, ranged_defence, melee_defence, perception).
    [[tables]]
    id = "house.weather"
    game = "sr5"
    applies_to = ["ranged_attack"]
    title = { en = "Weather", ja = "天候" }

    [[tables.rows]]
    id = "acid_rain"
    label = { en = "Acid rain", ja = "酸性雨" }
    value = -2
    page = 12              # optional: the page of your house-rule book
    group = "weather"      # optional: only one row of a group can be ticked
    context = "acid_rain"  # optional: the context flag that pre-ticks the row

    # Extra rows in an existing table (shipped or house); a row whose id already
    # exists in that table replaces it (a house value for a book row).
    [[rows]]
    table = "sr4.ranged"
    id = "neon_glare"
    label = { en = "Neon glare", ja = "ネオンの眩しさ" }
    value = -1

A row gives either ``value`` or ``rule`` (a named rule such as
``wound_modifier``, ``friends_in_melee`` with ``factor`` and ``cap``; see
:mod:`gmtool.games.shadowrun.rules.tables.models`). Every house row is marked ``source = "house"``.

A file is refused as a whole, with the file and line of each problem, when: it is not TOML, a
value is out of bounds (every number has bounds, vision rows included), a table id is used twice
in it or is already taken, a row points at a table that does not exist (``table``, ``see``,
``shifted_by``), the same row is added twice, or tables point at each other in a circle. Lines
are found for values in inline arrays and tables too (:mod:`toml_lines`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from gmtool.core.errors import GmtoolError, ResourceError
from gmtool.core.user_files import MB, UserFileError, file_kind, parse_toml, read_text
from gmtool.games.shadowrun.rules.tables.models import TABLE_ID_PATTERN, Row, Strict, Table
from gmtool.games.shadowrun.rules.tables.toml_lines import line_of, value_lines

HOUSE_RULES = file_kind("house_rules", 8 * MB)  # far past any house-rule book; bounded before it is read
MAX_TABLES = 1000
MAX_ROWS = 50_000


class HouseRow(Row):
    """A row added to (or replacing a row of) an existing table."""

    table: str = Field(pattern=TABLE_ID_PATTERN)

    def as_row(self) -> Row:
        data = self.model_dump(exclude={"table"})
        data["source"] = "house"
        return Row.model_validate(data)


class HouseFile(Strict):
    """One house-rule TOML file."""

    schema_version: int = Field(ge=1, le=1)
    tables: tuple[Table, ...] = Field(default=(), max_length=MAX_TABLES)
    rows: tuple[HouseRow, ...] = Field(default=(), max_length=MAX_ROWS)


@dataclass(frozen=True)
class HouseRules:
    """What the house-rule folder holds: new tables, extra rows, and the files refused."""

    tables: tuple[Table, ...] = ()
    rows: tuple[HouseRow, ...] = ()
    problems: tuple[GmtoolError, ...] = ()  # each with the file's name in ``file``


def locate(text: str, loc: tuple[Any, ...]) -> int:
    """The 1-based line a pydantic error location points at (the nearest enclosing value found)."""
    return line_of(value_lines(text), tuple(loc))


def _problem(key: str, file: Path, line: int, reason: str) -> ResourceError:
    return ResourceError(key, file=file.name, line=line, reason=reason)


def read_file(path: Path) -> tuple[str | None, tuple[GmtoolError, ...]]:
    """A house-rule file's text through :func:`gmtool.core.user_files.read_text` (a regular file, within
    the limit, UTF-8), or the refusal: a pipe, a folder or a huge file never stops the start."""
    try:
        return read_text(path, HOUSE_RULES), ()
    except UserFileError as exc:
        return None, (exc,)


def parse_text(path: Path, text: str) -> tuple[HouseFile | None, tuple[GmtoolError, ...]]:
    """One file's text, validated; on failure None and the problems found (file and line each)."""
    try:
        raw = parse_toml(text, HOUSE_RULES, path.name)  # TOML, nesting and numbers bounded
    except UserFileError as exc:
        return None, (exc,)
    try:
        return HouseFile.model_validate(raw), ()
    except ValidationError as exc:
        lines = value_lines(text)
        errors = exc.errors()
        inner = {tuple(error["loc"])[:depth] for error in errors for depth in range(len(error["loc"]))}
        problems = tuple(  # "rows: at least 1 item" because its one row failed says nothing more
            _problem("error.house_rule_schema", path, line_of(lines, tuple(error["loc"])), _reason(error))
            for error in errors
            if tuple(error["loc"]) not in inner
        )
        return None, problems


def parse_file(path: Path) -> tuple[HouseFile | None, tuple[GmtoolError, ...]]:
    """One file, validated; on failure None and the problems found."""
    text, problems = read_file(path)
    if text is None:
        return None, problems
    return parse_text(path, text)


def _reason(error: Any) -> str:
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def _as_house_table(table: Table) -> Table:
    rows = tuple(row.model_copy(update={"source": "house"}) for row in table.rows)
    return table.model_copy(update={"rows": rows})


def _check_against(
    path: Path, text: str, content: HouseFile, graph: Mapping[str, frozenset[str]]
) -> tuple[ResourceError, ...]:
    """What the file says that does not fit the tables already known (``graph``: each known table
    and the tables it points at): ids used twice or taken, targets that do not exist, circles."""
    lines = value_lines(text)
    problems: list[ResourceError] = []

    def problem(key: str, loc: tuple[Any, ...], reason: str) -> None:
        problems.append(_problem(key, path, line_of(lines, loc), reason))

    new: dict[str, int] = {}
    for index, table in enumerate(content.tables):
        if table.id in graph:
            problem("error.house_rule_table_exists", ("tables", index, "id"), table.id)
        elif table.id in new:
            problem("error.house_rule_duplicate_table", ("tables", index, "id"), table.id)
        new.setdefault(table.id, index)
    known = set(graph) | set(new)
    added: set[tuple[str, str]] = set()
    for index, row in enumerate(content.rows):
        if row.table not in known:
            problem("error.house_rule_unknown_table", ("rows", index, "table"), row.table)
        elif (row.table, row.id) in added:
            problem("error.house_rule_duplicate_row", ("rows", index, "id"), f"{row.table} {row.id}")
        added.add((row.table, row.id))
    for loc, _source, target in _pointers(content):
        if target not in known:
            problem("error.house_rule_unknown_target", loc, target)
    if not problems:
        for loc, circle in _circles(content, graph):
            problem("error.house_rule_recursion", loc, " → ".join(circle))
    return tuple(problems)


def _pointers(content: HouseFile) -> list[tuple[tuple[Any, ...], str, str]]:
    """Every ``see`` and ``shifted_by`` in the file: (where, the table it is in, the table it names)."""
    found: list[tuple[tuple[Any, ...], str, str]] = []
    for t, table in enumerate(content.tables):
        if table.shifted_by is not None:
            found.append((("tables", t, "shifted_by"), table.id, table.shifted_by))
        for r, row in enumerate(table.rows):
            if row.see is not None:
                found.append((("tables", t, "rows", r, "see"), table.id, row.see))
    for r, extra in enumerate(content.rows):
        if extra.see is not None:
            found.append((("rows", r, "see"), extra.table, extra.see))
    return found


def _circles(content: HouseFile, graph: Mapping[str, frozenset[str]]) -> list[tuple[tuple[Any, ...], list[str]]]:
    """The file's pointers that close a circle of tables (a table that, pointer by pointer, names itself)."""
    edges: dict[str, set[str]] = {source: set(targets) for source, targets in graph.items()}
    pointers = _pointers(content)
    for _loc, source, target in pointers:
        edges.setdefault(source, set()).add(target)
    circles = []
    for loc, source, target in pointers:
        way = _way(edges, target, source)
        if way is not None:
            circles.append((loc, [source, *way]))
    return circles


def _way(edges: Mapping[str, set[str]], start: str, goal: str) -> list[str] | None:
    """Tables from ``start`` to ``goal`` following pointers (breadth first), or None."""
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            way = [here]
            previous = came_from[here]
            while previous is not None:
                way.append(previous)
                previous = came_from[previous]
            return way[::-1]
        for following in edges.get(here, ()):
            if following not in came_from:
                came_from[following] = here
                queue.append(following)
    return None


def pointer_graph(tables: Iterable[Table]) -> dict[str, frozenset[str]]:
    """Each table and the tables its rows ``see`` and it is ``shifted_by``."""
    return {
        table.id: frozenset(
            [row.see for row in table.rows if row.see is not None]
            + ([table.shifted_by] if table.shifted_by is not None else [])
        )
        for table in tables
    }


def read_house_rules(folder: Path, known_tables: Mapping[str, Table] | frozenset[str]) -> HouseRules:
    """Every ``*.toml`` in ``folder`` (sorted by name); a missing folder holds no house rules.

    ``known_tables``: the shipped tables (by id), which house files add to and may point at.
    """
    if not folder.is_dir():
        return HouseRules()
    if isinstance(known_tables, Mapping):
        graph = pointer_graph(known_tables.values())
    else:
        graph = {table_id: frozenset() for table_id in known_tables}
    tables: list[Table] = []
    rows: list[HouseRow] = []
    problems: list[GmtoolError] = []
    for path in sorted(folder.glob("*.toml")):
        text, found = read_file(path)
        content = None
        if text is not None:
            content, found = parse_text(path, text)
        if content is not None and text is not None:
            found = _check_against(path, text, content, graph)
        if found or content is None:
            problems.extend(found)
            continue
        tables.extend(_as_house_table(table) for table in content.tables)
        graph.update(pointer_graph(content.tables))
        for extra in content.rows:
            if extra.see is not None:
                graph[extra.table] = graph[extra.table] | {extra.see}
        rows.extend(content.rows)
    return HouseRules(tables=tuple(tables), rows=tuple(rows), problems=tuple(problems))
