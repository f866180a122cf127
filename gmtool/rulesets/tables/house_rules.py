"""A GM's own modifier tables: TOML files in ``<user data folder>/tables/*.toml``.

Each file is read on its own; a file with a TOML syntax error or a schema error
is skipped and reported (file, line and reason, as a translated
:class:`~gmtool.core.errors.ResourceError`); the other files still load.

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
:mod:`gmtool.rulesets.tables.models`). Every house row is marked ``source = "house"``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from gmtool.core.errors import ResourceError
from gmtool.rulesets.tables.models import TABLE_ID_PATTERN, Row, Strict, Table

_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)\s*$")


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
    tables: tuple[Table, ...] = ()
    rows: tuple[HouseRow, ...] = ()


@dataclass(frozen=True)
class HouseRules:
    """What the house-rule folder holds: new tables, extra rows, and the files refused."""

    tables: tuple[Table, ...] = ()
    rows: tuple[HouseRow, ...] = ()
    problems: tuple[ResourceError, ...] = ()


def locate(text: str, loc: tuple[Any, ...]) -> int:
    """The 1-based line a pydantic error location points at (best effort; 1 if unknown)."""
    lines = text.splitlines()
    start, end, found, prefix = 0, len(lines), 0, ""
    i = 0
    while i < len(loc) and isinstance(loc[i], str):
        key, following = loc[i], loc[i + 1] if i + 1 < len(loc) else None
        header = f"[[{prefix}{key}]]"
        hits = [n for n in range(start, end) if lines[n].strip() == header]
        if isinstance(following, int) and following < len(hits):
            start = found = hits[following]
            deeper = f"[[{prefix}{key}."
            end = next(
                (n for n in range(start + 1, end) if lines[n].lstrip().startswith("[") and not lines[n].lstrip().startswith(deeper)),
                end,
            )
            prefix, i = f"{prefix}{key}.", i + 2
            continue
        block_end = next((n for n in range(start + 1, end) if lines[n].lstrip().startswith("[")), end)
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        match = next((n for n in range(start, block_end) if pattern.match(lines[n])), None)
        return (match if match is not None else found) + 1
    return found + 1


def _problem(key: str, file: Path, line: int, reason: str) -> ResourceError:
    return ResourceError(key, file=file.name, line=line, reason=reason)


def parse_file(path: Path) -> tuple[HouseFile | None, tuple[ResourceError, ...]]:
    """One file, validated; on failure None and the problems found."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, (ResourceError("error.house_rule_unreadable", file=path.name, reason=str(exc)),)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _LINE.search(message)
        line = int(found.group(1)) if found else 1
        return None, (_problem("error.house_rule_syntax", path, line, _LINE.sub("", message)),)
    try:
        return HouseFile.model_validate(raw), ()
    except ValidationError as exc:
        problems = tuple(
            _problem("error.house_rule_schema", path, locate(text, tuple(error["loc"])), _reason(error))
            for error in exc.errors()
        )
        return None, problems


def _reason(error: Any) -> str:
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def _as_house_table(table: Table) -> Table:
    rows = tuple(row.model_copy(update={"source": "house"}) for row in table.rows)
    return table.model_copy(update={"rows": rows})


def _check_against(
    path: Path, text: str, content: HouseFile, known: set[str]
) -> tuple[ResourceError, ...]:
    """Ids that clash with known tables, rows for tables that do not exist."""
    problems: list[ResourceError] = []
    for index, table in enumerate(content.tables):
        if table.id in known:
            line = locate(text, ("tables", index, "id"))
            problems.append(_problem("error.house_rule_table_exists", path, line, table.id))
    new = {table.id for table in content.tables}
    for index, row in enumerate(content.rows):
        if row.table not in known | new:
            line = locate(text, ("rows", index, "table"))
            problems.append(_problem("error.house_rule_unknown_table", path, line, row.table))
    return tuple(problems)


def read_house_rules(folder: Path, known_tables: frozenset[str]) -> HouseRules:
    """Every ``*.toml`` in ``folder`` (sorted by name); a missing folder holds no house rules."""
    if not folder.is_dir():
        return HouseRules()
    known = set(known_tables)
    tables: list[Table] = []
    rows: list[HouseRow] = []
    problems: list[ResourceError] = []
    for path in sorted(folder.glob("*.toml")):
        content, found = parse_file(path)
        if content is not None:
            found = _check_against(path, path.read_text(encoding="utf-8"), content, known)
        if found or content is None:
            problems.extend(found)
            continue
        tables.extend(_as_house_table(table) for table in content.tables)
        known |= {table.id for table in content.tables}
        rows.extend(content.rows)
    return HouseRules(tables=tuple(tables), rows=tuple(rows), problems=tuple(problems))
