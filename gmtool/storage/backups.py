"""Rotated backups of a campaign in ``<data folder>/backups/``, and restoring one.

A backup is a consistent copy made with SQLite's online backup API from the open
connection (a plain file copy of a WAL database could miss committed pages or
catch half a checkpoint). It is written under a temporary name without a journal
(nobody else sees that file), flushed to disk, then renamed: a crash leaves either
no backup or a whole one. The copy keeps the campaign's WAL flag in its header but
has no ``-wal`` beside it, so the one file holds everything. It keeps the campaign's identity (the
same campaign) but gets a generation of its own (:mod:`own_log`): put back by hand over the
campaign, it is never taken for the file a ``-wal`` beside it was written against. Names are ``<stem>.<key>.<UTC time>.gmtool`` where ``key``
is a short hash of the campaign's full path, so two campaigns that share a file
name do not share (or prune) each other's backups. The last ``keep`` backups of a
campaign are kept (default :data:`DEFAULT_KEEP`, 0 makes none and prunes none).

Restoring replaces the campaign (which must be closed) by a backup; the current
file is first kept as a backup too (if it is too damaged for the backup API, its
raw bytes are kept as ``… .damaged.gmtool``, never pruned).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gmtool.core.errors import FileFormatError, StorageError
from gmtool.storage.inspection import inspect
from gmtool.storage.lock import CampaignLock
from gmtool.storage.own_log import new_generation, set_aside_foreign_log
from gmtool.storage.paths import data_dir

DEFAULT_KEEP = 5
KEEP_MAX = 100
BACKUP_FOLDER = "backups"
SUFFIX = ".gmtool"
PARTIAL = ".partial"
STAMP_FORMAT = "%Y%m%dT%H%M%S%fZ"
_NAME = re.compile(r"^(?P<stem>.+)\.(?P<key>[0-9a-f]{8})\.(?P<stamp>\d{8}T\d{12}Z)(?P<n>-\d+)?\.gmtool$")


@dataclass(frozen=True)
class BackupInfo:
    """One backup file of a campaign."""

    path: Path
    created: datetime  # UTC, from the file name
    size_bytes: int


@dataclass(frozen=True)
class BackupOutcome:
    """What the backup made on opening did: a new file, nothing (``keep`` 0), or an error to show."""

    path: Path | None = None
    error: StorageError | None = None


def backup_folder() -> Path:
    """``<data folder>/backups`` (created on first use)."""
    return data_dir() / BACKUP_FOLDER


def campaign_key(campaign_path: Path) -> str:
    """Eight hex digits naming the campaign's full path."""
    return hashlib.sha256(str(campaign_path.resolve()).encode("utf-8")).hexdigest()[:8]


def _prefix(campaign_path: Path) -> str:
    return f"{campaign_path.stem}.{campaign_key(campaign_path)}."


def check_keep(keep: int) -> int:
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= KEEP_MAX:
        raise StorageError("storage.error.keep_backups", low=0, high=KEEP_MAX)
    return keep


def _fsync_path(path: Path, directory: bool = False) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        if directory:
            return  # folders cannot be opened everywhere (Windows)
        raise
    try:
        os.fsync(fd)
    except OSError:
        if not directory:
            raise
    finally:
        os.close(fd)


def list_backups(campaign_path: Path, folder: Path | None = None) -> list[BackupInfo]:
    """The campaign's backups, newest first."""
    folder = backup_folder() if folder is None else folder
    if not folder.is_dir():
        return []
    prefix = _prefix(campaign_path)
    found: list[BackupInfo] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match is None or not entry.name.startswith(prefix) or not entry.is_file():
            continue
        created = datetime.strptime(match["stamp"], STAMP_FORMAT).replace(tzinfo=UTC)
        found.append(BackupInfo(entry, created, entry.stat().st_size))
    return sorted(found, key=lambda info: info.path.name, reverse=True)


def prune_backups(campaign_path: Path, keep: int, folder: Path | None = None) -> list[Path]:
    """Delete all but the newest ``keep`` backups (nothing when ``keep`` is 0); return what went."""
    if check_keep(keep) == 0:
        return []
    removed = []
    for info in list_backups(campaign_path, folder)[keep:]:
        info.path.unlink(missing_ok=True)
        removed.append(info.path)
    return removed


def _new_name(folder: Path, campaign_path: Path, now: datetime) -> Path:
    base = f"{_prefix(campaign_path)}{now.astimezone(UTC).strftime(STAMP_FORMAT)}"
    candidate, n = folder / f"{base}{SUFFIX}", 1
    while candidate.exists():
        candidate, n = folder / f"{base}-{n}{SUFFIX}", n + 1
    return candidate


def _copy_database(source: sqlite3.Connection, target: Path) -> None:
    """A consistent copy of ``source`` at ``target``, flushed to disk.

    ``target`` is a private temporary file: no journal and no syncing while the
    pages are copied (a crash leaves a partial file that never gets a backup's
    name), one fsync at the end. About 1 ms instead of 30 for a small campaign.
    """
    dest = sqlite3.connect(str(target), isolation_level=None)
    try:
        dest.execute("PRAGMA journal_mode=OFF")
        dest.execute("PRAGMA synchronous=OFF")
        source.backup(dest)
        copied = int(dest.execute("PRAGMA user_version").fetchone()[0])
        dest.execute(f"PRAGMA user_version = {new_generation(copied)}")
    finally:
        dest.close()
    _fsync_path(target)


def _write_backup(source: sqlite3.Connection, campaign_path: Path, folder: Path, now: datetime) -> Path:
    """One new backup file (no pruning); a partial copy never gets a backup's name."""
    folder.mkdir(parents=True, exist_ok=True)
    hidden_prefix = f".{_prefix(campaign_path)}"
    for leftover in folder.iterdir():
        if leftover.name.startswith(hidden_prefix) and PARTIAL in leftover.name:
            leftover.unlink(missing_ok=True)  # from a backup cut short by a crash
    final = _new_name(folder, campaign_path, now)
    partial = folder / f".{final.name}{PARTIAL}"
    try:
        _copy_database(source, partial)
        os.replace(partial, final)
    finally:
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            leftover.unlink(missing_ok=True)
    _fsync_path(folder, directory=True)
    return final


def make_backup(
    source: sqlite3.Connection,
    campaign_path: Path,
    keep: int = DEFAULT_KEEP,
    folder: Path | None = None,
    now: datetime | None = None,
) -> Path | None:
    """Back up the campaign open on ``source``, then prune to ``keep``. None when ``keep`` is 0.

    Raises :class:`StorageError` (``storage.error.backup_failed``) if the copy
    cannot be made.
    """
    if check_keep(keep) == 0:
        return None
    folder = backup_folder() if folder is None else folder
    try:
        final = _write_backup(source, campaign_path, folder, now or datetime.now(UTC))
        prune_backups(campaign_path, keep, folder)
    except (OSError, sqlite3.Error) as exc:
        raise StorageError("storage.error.backup_failed", path=str(campaign_path), detail=str(exc)) from exc
    return final


def backup_quietly(
    source: sqlite3.Connection, campaign_path: Path, keep: int = DEFAULT_KEEP, folder: Path | None = None
) -> BackupOutcome:
    """:func:`make_backup` that never raises: a failure comes back as the outcome's error."""
    try:
        return BackupOutcome(path=make_backup(source, campaign_path, keep, folder))
    except StorageError as exc:
        return BackupOutcome(error=exc)


def _keep_damaged(campaign_path: Path, folder: Path) -> Path:
    """Raw copies of a file the backup API cannot read (and of its WAL), never pruned."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime(STAMP_FORMAT)
    kept = folder / f"{_prefix(campaign_path)}{stamp}.damaged{SUFFIX}"
    shutil.copyfile(campaign_path, kept)
    wal = campaign_path.with_name(campaign_path.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, kept.with_name(kept.name + "-wal"))
    _fsync_path(kept)
    return kept


def _keep_current(campaign_path: Path, keep: int, folder: Path) -> Path | None:
    """Keep the campaign about to be replaced: a normal backup if it reads, else its raw bytes."""
    if not campaign_path.exists():
        return None
    try:
        inspect(campaign_path)
    except FileFormatError:
        return _keep_damaged(campaign_path, folder)
    conn = sqlite3.connect(str(campaign_path), isolation_level=None)
    try:
        kept = _write_backup(conn, campaign_path, folder, datetime.now(UTC))
    finally:
        conn.close()
    prune_backups(campaign_path, keep, folder)  # keeps ``kept``, the newest; none pruned when keep is 0
    return kept


def restore_backup(
    backup: Path, campaign_path: Path, keep: int = DEFAULT_KEEP, folder: Path | None = None
) -> Path | None:
    """Replace the (closed) campaign by ``backup``; return where the replaced file was kept.

    The backup is checked first (a damaged, foreign or newer file raises
    :class:`FileFormatError` and nothing changes). It is copied next to the
    campaign before anything else, so pruning cannot remove it midway; then the
    current file is kept, its stale ``-wal``/``-shm`` removed, and the copy
    renamed over it. Reopen the campaign afterwards (older backups migrate then).

    The campaign's lock is held throughout: while another gmtool has it open the restore is
    refused (:class:`~gmtool.storage.lock.CampaignInUseError`), so no command of theirs is lost.
    A ``-wal`` beside the campaign that is not its own is set aside first (kept, not applied).
    """
    check_keep(keep)
    folder = backup_folder() if folder is None else folder
    inspect(backup)
    lock = CampaignLock.acquire(campaign_path)
    try:
        if campaign_path.exists():
            set_aside_foreign_log(campaign_path, lock)
        return _replace_by(backup, campaign_path, keep, folder)
    finally:
        lock.release()


def _replace_by(backup: Path, campaign_path: Path, keep: int, folder: Path) -> Path | None:
    staged = campaign_path.with_name(f".{campaign_path.name}.restoring")
    try:
        campaign_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(backup, staged)
        _fsync_path(staged)
        kept = _keep_current(campaign_path, keep, folder)
        for sidecar in ("-wal", "-shm"):
            campaign_path.with_name(campaign_path.name + sidecar).unlink(missing_ok=True)
        os.replace(staged, campaign_path)
        _fsync_path(campaign_path.parent, directory=True)
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(
            "storage.error.restore_failed", backup=str(backup), path=str(campaign_path), detail=str(exc)
        ) from exc
    finally:
        staged.unlink(missing_ok=True)
    return kept
