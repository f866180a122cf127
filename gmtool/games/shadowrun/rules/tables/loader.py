"""Loading the modifier tables: the shipped ones in ``resources/tables``, then the GM's house rules.

Shipped tables are ``resources/tables/<game>/<name>.json`` (one table per file,
validated by :class:`~gmtool.games.shadowrun.rules.tables.models.TableFile`); a broken shipped
file is a :class:`~gmtool.core.errors.ResourceError`. House rules come from a
folder of TOML files (the app passes ``gmtool.storage.paths.data_dir() / "tables"``,
see :func:`~gmtool.games.shadowrun.rules.tables.folder.house_rules_folder`); their format is described in
:mod:`gmtool.games.shadowrun.rules.tables.house_rules`. A broken house-rule file is reported,
never raised: the other files still load.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from gmtool.core.errors import GmtoolError, ResourceError
from gmtool.core.resources import load_model, resource_path
from gmtool.games.shadowrun.rules.tables.house_rules import HouseRules, read_house_rules
from gmtool.games.shadowrun.rules.tables.models import Row, Table, TableFile


@dataclass(frozen=True)
class TableSet:
    """Every table known, by id (shipped first, then house tables), and what could not be loaded."""

    tables: Mapping[str, Table]
    problems: tuple[GmtoolError, ...] = ()

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def __iter__(self) -> Iterator[Table]:
        return iter(self.tables.values())


def _shipped_files() -> Iterator[tuple[str, str]]:
    root = resource_path("tables")
    for folder in sorted(root.iterdir(), key=lambda node: node.name):
        if folder.is_dir():
            for entry in sorted(folder.iterdir(), key=lambda node: node.name):
                if entry.name.endswith(".json"):
                    yield folder.name, entry.name


@lru_cache(maxsize=1)
def shipped_tables() -> Mapping[str, Table]:
    """The tables in ``resources/tables``, validated; read once per process."""
    tables: dict[str, Table] = {}
    for game, name in _shipped_files():
        table = load_model(TableFile, "tables", game, name)
        where = f"tables/{game}/{name}"
        if table.game != game or not table.id.startswith(f"{game}."):
            raise ResourceError("error.resource_invalid", name=where, detail=f"table {table.id} is not in {game}/")
        if table.id in tables:
            raise ResourceError("error.resource_invalid", name=where, detail=f"table id {table.id} used twice")
        tables[table.id] = table
    _check_references(tables)
    return tables


def _check_references(tables: Mapping[str, Table]) -> None:
    for table in tables.values():
        targets = [table.shifted_by] + [row.see for row in table.rows]
        for target in targets:
            if target is not None and target not in tables:
                raise ResourceError("error.resource_invalid", name=table.id, detail=f"unknown table {target}")


def merge_house_rules(tables: Mapping[str, Table], house: HouseRules) -> dict[str, Table]:
    """The shipped tables with the house tables added and the house rows put in (a row id replaces;
    of two files adding the same row, the later file's is kept). Linear in the rows."""
    merged = dict(tables)
    for table in house.tables:
        merged[table.id] = table
    extras: dict[str, dict[str, Row]] = {}
    for extra in house.rows:
        extras.setdefault(extra.table, {})[extra.id] = extra.as_row()
    for table_id, rows_in in extras.items():
        table = merged[table_id]
        rows = [rows_in.pop(old.id, old) for old in table.rows]  # replaced where they stood
        rows.extend(rows_in.values())  # new ones after, in the files' order
        merged[table_id] = table.model_copy(update={"rows": tuple(rows)})
    return merged


def load_tables(house_folder: Path | None = None) -> TableSet:
    """Shipped tables plus the house rules in ``house_folder`` (None or missing folder: none)."""
    shipped = shipped_tables()
    if house_folder is None:
        return TableSet(tables=dict(shipped))
    house = read_house_rules(house_folder, known_tables=shipped)
    return TableSet(tables=merge_house_rules(shipped, house), problems=house.problems)
