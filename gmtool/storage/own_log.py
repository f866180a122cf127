"""A campaign's own write-ahead log: knowing it, setting aside one that is not, and sealing it.

SQLite applies whatever ``-wal`` lies beside a database when it opens it, and a log's pages are
only right for the main file as it was when the log began. gmtool therefore marks the main file:

- an **identity** (``campaign_id`` in ``meta``): written at creation, given to an older campaign
  the first time it is opened for writing; gmtool's backups keep it (the same campaign);
- a **generation** (SQLite's ``user_version`` in the file's header): a fresh random number each
  time gmtool checkpoints the log into the file (:func:`seal`), so that a file's generation names
  its contents as gmtool left them. A backup is given a generation of its own, so a backup put
  back by hand is never taken for the file it was copied from.

The lock file notes (:class:`~gmtool.storage.lock.LogNote`) the log's salts, the identity and the
generations the log may be applied to. On opening, a ``-wal`` is the campaign's own only if its
salts are the noted ones, the main file's identity is the noted one and its generation one of
the noted ones, all read from the file's bytes without letting SQLite apply the log (the header's
``user_version``; the identity through an ``immutable`` open, which ignores the ``-wal``). Any other
``-wal`` (another campaign's, or one written against another state of this campaign) is set aside
with its ``-shm``, kept beside the campaign as ``.<name>.set-aside-<time>-wal``, never applied.

:func:`seal` is gmtool's own checkpoint, at close, after a backup and past :data:`SEAL_WAL_BYTES`
of log (SQLite's automatic checkpoint is off): the new generation is noted first (with the old one,
in case a kill stops the checkpoint midway), then written, then the log is checkpointed and
truncated to nothing, and the note is the new generation alone.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import struct
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gmtool.core.errors import FileFormatError
from gmtool.core.user_files import read_head
from gmtool.storage.atomic import fsync_folder
from gmtool.storage.failures import storage_error
from gmtool.storage.inspection import CAMPAIGN
from gmtool.storage.lock import CampaignLock, LogNote, irregular, note_text, wal_path, wal_salts

CAMPAIGN_ID = "campaign_id"  # meta key: the campaign's identity
SEAL_WAL_BYTES = 1 << 20  # past this much log, gmtool checkpoints and empties it (about 100 commands)
SEAL_BUSY_MS = 50  # how long a checkpoint waits for a reader (another gmtool looking) before it gives up
GENERATION_AT = 60  # the header's user_version: 4 bytes, big-endian
GENERATION_MAX = 2**31 - 1


@dataclass(frozen=True)
class FileMark:
    """The main file's identity (None: none, or unreadable) and generation (0: never sealed)."""

    campaign: str | None
    generation: int


def new_campaign_id() -> str:
    return secrets.token_hex(16)


def new_generation(old: int = 0) -> int:
    """A random generation, never 0 (a file gmtool never sealed) and never ``old``."""
    while True:
        value = secrets.randbelow(GENERATION_MAX) + 1
        if value != old:
            return value


def header_generation(path: Path) -> int:
    """The main file's generation from its header bytes (the log not applied); 0 when unreadable."""
    try:
        header = read_head(path, CAMPAIGN, GENERATION_AT + 4)
    except FileFormatError:
        return 0
    if len(header) < GENERATION_AT + 4:
        return 0
    return int(struct.unpack(">i", header[GENERATION_AT:GENERATION_AT + 4])[0])


def file_mark(path: Path) -> FileMark:
    """The main file's identity and generation, read without letting SQLite apply a ``-wal``."""
    campaign = None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (CAMPAIGN_ID,)).fetchone()
            campaign = row[0] if row and isinstance(row[0], str) else None
        finally:
            conn.close()
    except sqlite3.Error:
        campaign = None  # a file a checkpoint was cut short in: its generation decides
    return FileMark(campaign, header_generation(path))


def is_own_log(note: LogNote, salts: bytes, mark: FileMark) -> bool:
    """A ``-wal`` with ``salts`` belongs to the main file marked ``mark``, by the lock's ``note``."""
    if note.wal != salts:
        return False
    if note.campaign is None and not note.generations:  # noted by an older gmtool: salts only
        return mark.campaign is None
    if mark.campaign is not None and mark.campaign != note.campaign:
        return False
    return mark.generation in note.generations


@dataclass(frozen=True)
class SetAside:
    """A log set aside: where it is kept, and whether it was this campaign's (written to another
    copy of it: the file was replaced by an older copy, a backup put back by hand)."""

    kept: Path
    same_campaign: bool


def set_aside_foreign_log(path: Path, lock: CampaignLock) -> SetAside | None:
    """Move aside a ``-wal`` (and its ``-shm``) that is not the campaign's own; where it is kept.

    Called with the lock held, before anything reads the campaign. The log is kept beside the
    campaign (renamed, never deleted), so nothing anybody wrote is destroyed; it is never applied.
    """
    salts = wal_salts(path)
    shm = path.with_name(path.name + "-shm")
    odd = irregular(wal_path(path)) or irregular(shm)  # a pipe or a link there: set aside unread
    if salts is None and not odd:
        return None
    note = lock.note
    mark = file_mark(path) if salts is not None and salts == note.wal and not odd else None
    if mark is not None and salts is not None and is_own_log(note, salts, mark):
        return None
    same_campaign = mark is not None and mark.campaign is not None and mark.campaign == note.campaign
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    kept = path.with_name(f".{path.name}.set-aside-{stamp}-wal")
    try:
        if os.path.lexists(wal_path(path)):
            os.replace(wal_path(path), kept)
        if os.path.lexists(shm):
            os.replace(shm, kept_beside(kept, "-shm"))
        if mark is not None:  # the lock's note names this log: kept with it, to read it back (kept_log)
            kept_beside(kept, "-note").write_text(note_text(note), encoding="utf-8")
    except OSError as exc:
        raise storage_error(exc, path, "error.wal_set_aside_failed") from exc
    fsync_folder(path.parent)
    return SetAside(kept, same_campaign)


def kept_beside(kept: Path, suffix: str) -> Path:
    """The file kept with a set-aside log: its ``-shm`` or ``-note`` (what the lock noted of it)."""
    return kept.with_name(kept.name[: -len("-wal")] + suffix)


def opening_note(conn: sqlite3.Connection, path: Path, note: LogNote) -> LogNote:
    """What the lock notes once the campaign is open: the noted log if it was applied, else this file."""
    if wal_salts(path) is not None and note.wal is not None:
        return note  # its own log, applied: valid for the generations noted with it
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (CAMPAIGN_ID,)).fetchone()
    campaign = row[0] if row and isinstance(row[0], str) else None
    generation = int(conn.execute("PRAGMA user_version").fetchone()[0])
    return LogNote(None, campaign, frozenset({generation}))


def needs_seal(path: Path, note: LogNote) -> bool:
    """The log holds something, or the file has no identity or generation yet."""
    return log_bytes(path) > 0 or note.campaign is None or 0 in note.generations or not note.generations


def seal(conn: sqlite3.Connection, path: Path, lock: CampaignLock) -> bool:
    """gmtool's checkpoint: the log into the file under a new generation, the log emptied.

    True when done; False when it could not be (a full disk, another gmtool reading): the log then
    stays whole and still the campaign's own, and the next write or close tries again.
    """
    if conn.in_transaction:
        return False
    note = lock.note
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    campaign = note.campaign or _stored_id(conn) or new_campaign_id()
    generation = new_generation(current)
    if not lock.record(LogNote(note.wal, campaign, note.generations | {current, generation}), flush=True):
        return False
    try:
        _mark(conn, campaign, generation)
        lock.note_wal()  # the mark may have begun the log afresh
        busy = _checkpoint(conn)
    except sqlite3.Error:
        return False
    if busy or log_bytes(path) > 0:
        return False
    return lock.record(LogNote(None, campaign, frozenset({generation})))


def mark_new(conn: sqlite3.Connection) -> None:
    """A new campaign's identity and first generation (before its first checkpoint)."""
    _mark(conn, new_campaign_id(), new_generation())


def _stored_id(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (CAMPAIGN_ID,)).fetchone()
    return row[0] if row and isinstance(row[0], str) and row[0] else None


def _mark(conn: sqlite3.Connection, campaign: str, generation: int) -> None:
    """The identity (if the file had none) and the new generation, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (CAMPAIGN_ID, campaign))
        conn.execute(f"PRAGMA user_version = {int(generation)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _checkpoint(conn: sqlite3.Connection) -> bool:
    """Checkpoint and truncate the log, waiting at most SEAL_BUSY_MS for readers; True when blocked."""
    waited = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
    conn.execute(f"PRAGMA busy_timeout = {SEAL_BUSY_MS}")
    try:
        busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        conn.execute(f"PRAGMA busy_timeout = {waited}")
    return bool(busy)


def log_bytes(path: Path) -> int:
    """The size of the ``-wal`` beside ``path`` (0: none)."""
    try:
        return wal_path(path).stat().st_size
    except OSError:
        return 0
