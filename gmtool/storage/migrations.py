"""Schema migrations of the campaign file: ordered steps, each one transaction.

A step takes a campaign of version ``target - 1`` to ``target``. It runs inside
``BEGIN IMMEDIATE … COMMIT`` together with the update of ``schema_version``, so
a step either happens completely (schema and version) or not at all: a failure
rolls back and leaves the file as it was before that step. Steps already done
stay done (the file is then a valid campaign of that version, and the next open
resumes from there); :mod:`gmtool.storage.backups` keeps the file as it was
before opening.

A step's SQL is frozen once released: a later change of the library tables is a
new step, never an edit of an old one. Steps use ``conn.execute`` only
(``executescript`` would commit in the middle of the step).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gmtool.core.errors import StorageError

FIRST_VERSION = 1


@dataclass(frozen=True)
class Migration:
    """One step: ``apply`` turns a campaign of version ``target - 1`` into ``target``."""

    target: int
    description: str
    apply: Callable[[sqlite3.Connection], None]


# -- version 2: the NPC library -------------------------------------------------------------
LIBRARY_V2: tuple[str, ...] = (
    """CREATE TABLE npc_templates (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        name TEXT NOT NULL CHECK (length(name) > 0),
        tags TEXT NOT NULL,
        professional_rating INTEGER,
        notes TEXT NOT NULL,
        document_version INTEGER NOT NULL CHECK (document_version >= 1),
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    )""",
    "CREATE INDEX npc_templates_by_game ON npc_templates (game)",
    """CREATE TABLE npc_template_documents (
        template_id INTEGER PRIMARY KEY REFERENCES npc_templates(id) ON DELETE CASCADE,
        document TEXT NOT NULL
    )""",
)


def _library_tables(conn: sqlite3.Connection) -> None:
    for statement in LIBRARY_V2:
        conn.execute(statement)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(2, "NPC library: template metadata (tags as a JSON list) and their documents", _library_tables),
)

LATEST_VERSION: int = MIGRATIONS[-1].target if MIGRATIONS else FIRST_VERSION


def check_chain(migrations: Sequence[Migration]) -> None:
    """The steps must go up one version at a time from the first schema."""
    targets = [step.target for step in migrations]
    if targets != list(range(FIRST_VERSION + 1, FIRST_VERSION + 1 + len(targets))):
        raise ValueError(f"migration targets must be consecutive from {FIRST_VERSION + 1}: {targets}")


def stored_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT max(version) FROM schema_version").fetchone()[0])


def _run_step(conn: sqlite3.Connection, step: Migration) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        if stored_version(conn) >= step.target:  # another gmtool did it meanwhile
            conn.execute("ROLLBACK")
            return
        step.apply(conn)
        if not conn.in_transaction:
            raise RuntimeError(f"migration to {step.target} committed in the middle of its step")
        conn.execute("UPDATE schema_version SET version = ?", (step.target,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def migrate(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the campaign on ``conn`` up to the last step's version; return that version.

    ``conn`` must be in autocommit mode (``isolation_level=None``). A failing
    step raises :class:`StorageError` (``storage.error.migration_failed``) after
    its rollback.
    """
    check_chain(migrations)
    version = stored_version(conn)
    for step in migrations:
        if step.target <= version:
            continue
        try:
            _run_step(conn, step)
        except (sqlite3.Error, RuntimeError, ValueError, TypeError) as exc:
            raise StorageError(
                "storage.error.migration_failed", path=str(path), version=step.target, detail=str(exc)
            ) from exc
        version = step.target
    return version
