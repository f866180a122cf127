"""Issue 29: a campaign missing one of its tables, or a column of one, gives the "damaged" message
when it is opened (before, it opened and the library then raised a raw sqlite3 error), naming
what is missing; the file is left untouched."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import set_language
from gmtool.storage.inspection import TABLES
from gmtool.storage.workspace import Workspace


def tables_of(path: Path) -> dict[str, tuple[str, ...]]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: tuple(row[1] for row in conn.execute(f"PRAGMA table_info({n})")) for n in names}
    finally:
        conn.close()


def changed(path: Path, sql: str) -> str:
    """The campaign after ``sql`` (run as another program would), folded into its file; its digest."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(sql)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.gmtool"
    Workspace.create(path).close()
    return path


def test_the_list_of_tables_is_what_a_new_campaign_has(campaign_file: Path) -> None:
    assert tables_of(campaign_file) == {name: columns for name, (_since, columns) in TABLES.items()}


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("read_only", [False, True])
def test_a_missing_table_is_damaged_at_open(campaign_file: Path, table: str, read_only: bool) -> None:
    digest = changed(campaign_file, f"DROP TABLE {table}")
    with pytest.raises(FileFormatError) as refused:
        Workspace.open(campaign_file, read_only=read_only)
    assert refused.value.key in ("error.campaign_damaged", "error.not_a_campaign")
    if table != "schema_version":  # without it the file cannot even say its version (damaged: SQLite's words)
        assert refused.value.key == "error.campaign_damaged"
        assert f"no table {table}" in refused.value.message()
        set_language("ja")
        assert f"テーブル {table} がありません" in refused.value.message()
    assert hashlib.sha256(campaign_file.read_bytes()).hexdigest() == digest


@pytest.mark.parametrize(("table", "column"), [("journal", "record"), ("npc_templates", "tags"),
                                               ("npc_template_documents", "document"), ("meta", "value")])
def test_a_missing_column_is_damaged_at_open(campaign_file: Path, table: str, column: str) -> None:
    digest = changed(campaign_file, f"ALTER TABLE {table} RENAME COLUMN {column} TO something_else")
    with pytest.raises(FileFormatError) as refused:
        Workspace.open(campaign_file)
    assert refused.value.key == "error.campaign_damaged"
    assert f"table {table} has no column {column}" in refused.value.message()
    assert hashlib.sha256(campaign_file.read_bytes()).hexdigest() == digest
