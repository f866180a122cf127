"""Checking a file is a whole campaign of a version this gmtool reads, without changing it.

:func:`check_header` reads the first 100 bytes only, through :func:`gmtool.core.user_files.read_head` (a
regular file: a pipe, a folder or a device is refused before SQLite sees it), and refuses a file that
is not SQLite, not ours or truncated;
:func:`inspect` opens the file read-only, runs SQLite's quick check and checks that every table
its schema version must have is there with its columns (:data:`TABLES`; one query). Both raise
:class:`~gmtool.core.errors.FileFormatError` and leave the file as it was.
"""

from __future__ import annotations

import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.user_files import file_kind, read_head, unreadable
from gmtool.storage.migrations import FIRST_VERSION, LATEST_VERSION

SCHEMA_VERSION = LATEST_VERSION
APPLICATION_ID = 0x474D5431  # "GMT1"
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
CAMPAIGN = file_kind("campaign", 0)  # only the header is read here (any size): SQLite reads the rest

# Every table of a campaign: the schema version that brought it, and its columns. A test checks
# this against a campaign made by Campaign.create (the first schema and every migration).
TABLES: dict[str, tuple[int, tuple[str, ...]]] = {
    "schema_version": (1, ("version",)),
    "meta": (1, ("key", "value")),
    "encounters": (1, ("id", "name", "ruleset", "seed", "created")),
    "journal": (1, ("encounter_id", "seq", "record", "created")),
    "npc_templates": (2, ("id", "game", "name", "tags", "professional_rating", "notes", "document_version",
                          "created", "updated")),
    "npc_template_documents": (2, ("template_id", "document")),
}


def check_header(path: Path) -> None:
    """Refuse, without opening it as a database, a file that cannot be a whole campaign."""
    header = read_head(path, CAMPAIGN, HEADER_SIZE)  # a regular file only (a pipe never blocks): UserFileError
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise unreadable(CAMPAIGN, path.name, exc) from exc
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise FileFormatError("error.not_a_campaign", path=str(path))
    page_size = struct.unpack(">H", header[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    page_count = struct.unpack(">I", header[28:32])[0]
    if struct.unpack(">I", header[68:72])[0] != APPLICATION_ID:
        raise FileFormatError("error.not_a_campaign", path=str(path))
    header_size_valid = header[24:28] == header[92:96]
    wal = path.with_name(path.name + "-wal")
    # A crash during a checkpoint can leave the file shorter than its header says
    # while the WAL still holds every page: only without a WAL is that truncation.
    if header_size_valid and page_count and page_size * page_count > size and not wal.exists():
        raise FileFormatError("error.campaign_truncated", path=str(path))


def inspect(path: Path) -> int:
    """Validate a campaign read-only; return its schema version."""
    check_header(path)
    # Without a WAL the main file holds everything: open it immutable, so that
    # reading it does not leave -wal/-shm files behind. With a WAL (a crash
    # before a checkpoint) the WAL must be read, and it is already there.
    wal = path.with_name(path.name + "-wal")
    immutable = "" if wal.exists() else "&immutable=1"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro{immutable}", uri=True)
    except sqlite3.Error as exc:
        raise FileFormatError("error.campaign_damaged", path=str(path), detail=str(exc)) from exc
    try:
        status = conn.execute("PRAGMA quick_check").fetchone()[0]
        if status != "ok":
            raise FileFormatError("error.campaign_damaged", path=str(path), detail=status)
        version = conn.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        if isinstance(version, int) and FIRST_VERSION <= version <= SCHEMA_VERSION:
            _check_tables(conn, path, version)
    except sqlite3.DatabaseError as exc:
        raise FileFormatError("error.campaign_damaged", path=str(path), detail=str(exc)) from exc
    finally:
        conn.close()
    if not isinstance(version, int) or version < FIRST_VERSION:
        raise FileFormatError("error.not_a_campaign", path=str(path))
    if version > SCHEMA_VERSION:
        raise FileFormatError("error.campaign_newer", path=str(path), version=version, supported=SCHEMA_VERSION)
    return version


def _check_tables(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Every table a campaign of ``version`` must have, with its columns; else "damaged", naming it."""
    rows = conn.execute(
        "SELECT m.name, p.name FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p WHERE m.type = 'table'"
    ).fetchall()
    found: dict[str, set[str]] = {}
    for table, column in rows:
        found.setdefault(table, set()).add(column)
    for table, (since, columns) in TABLES.items():
        if since > version:
            continue
        if table not in found:
            raise FileFormatError("error.campaign_damaged", path=str(path), detail=Missing("storage.damaged.no_table", table))
        for column in columns:
            if column not in found[table]:
                raise FileFormatError("error.campaign_damaged", path=str(path),
                                      detail=Missing("storage.damaged.no_column", table, column))


@dataclass(frozen=True)
class Missing:
    """What is missing, translated each time the message is shown (in the language of that moment)."""

    key: str
    table: str
    column: str = ""

    def __str__(self) -> str:
        return tr(self.key, table=self.table, column=self.column)
