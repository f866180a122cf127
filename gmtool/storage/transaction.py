"""One write transaction on a campaign's connection, shared by the campaign, its library and its party:
``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any error (a kill leaves nothing half written) and a
failed SQLite write said as the translated :func:`~gmtool.storage.failures.storage_error`."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gmtool.storage.failures import storage_error


@contextmanager
def immediate(conn: sqlite3.Connection, path: Path, failed: str = "error.save_failed") -> Iterator[sqlite3.Connection]:
    """All that is written inside, committed at the end or not at all (``failed``: the message key of
    a write SQLite refused, unless the disk is full or the file read-only)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise storage_error(exc, path, failed) from exc
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise storage_error(exc, path, failed) from exc
        raise
