"""The campaign: one SQLite file holding encounters, their journals and the NPC library.

Every journal entry is written in its own transaction (WAL, synchronous=FULL),
so a command is durable when ``append`` returns. A file is checked before it is
opened for writing: not SQLite, not ours, truncated or damaged, or made by a
newer gmtool → :class:`FileFormatError`, and the file is left untouched.

Opening a valid file first backs it up (:mod:`backups`; a failed backup never
fails the open, it is reported in :attr:`Campaign.backup`), then migrates an
older schema step by step (:mod:`migrations`). Opened with ``backup_later`` (the program's
start, so that the backup, which grows with the file, comes after the first paint), a file
that needs no migration is backed up by :meth:`Campaign.finish_backup`, and in any case
before the first write: the backup always holds the file as it was opened. A new file is made with the first
schema and the same migrations, so new and upgraded campaigns are alike.

One writer per campaign (:mod:`lock`): a campaign another gmtool holds, or whose file or folder
cannot be written, raises :class:`~gmtool.storage.lock.NotWritableError`; it may then be opened
``read_only`` (no lock, no backup, every write refused with a translated message). A ``-wal``
beside the campaign that is not its own (another campaign's, or written against another state of
this one: :mod:`own_log`) is set aside (kept beside it as ``.<name>.set-aside-<time>-wal``,
:attr:`Campaign.set_aside`), never applied. The log is checkpointed and emptied by gmtool itself
(:func:`~gmtool.storage.own_log.seal`) at close, after a backup and past
:data:`~gmtool.storage.own_log.SEAL_WAL_BYTES`. A full disk is ``error.disk_full``; a command that
could not be written is not shown.

Campaign settings live in the ``meta`` table (there since the first schema, so no
migration): ``rule_readings`` holds the rule readings the GM chose in Preferences
(:mod:`gmtool.core.readings`; each game lists its own) as JSON; a file without it, or with an entry gmtool
cannot read, uses the digest's readings. The encounters loaded decide with them.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from gmtool.core.encounter import Encounter
from gmtool.core.errors import FileFormatError, StorageError
from gmtool.core.journal import JournalEntry
from gmtool.core.readings import RuleReadings
from gmtool.core.registry import get_ruleset, registry
from gmtool.core.steps import Steps
from gmtool.storage.atomic import fsync_folder
from gmtool.storage.backups import DEFAULT_KEEP, BackupOutcome, backup_quietly
from gmtool.storage.failures import storage_error
from gmtool.storage.inspection import APPLICATION_ID, check_header, inspect
from gmtool.storage.lock import CampaignLock, LogNote, NotWritableError, wal_path
from gmtool.storage.migrations import FIRST_VERSION, LATEST_VERSION, migrate
from gmtool.storage.own_log import (
    SEAL_WAL_BYTES,
    log_bytes,
    mark_new,
    needs_seal,
    opening_note,
    seal,
    set_aside_foreign_log,
)
from gmtool.storage.transaction import immediate

if TYPE_CHECKING:
    from gmtool.storage.library_store import LibraryStore
    from gmtool.storage.party_store import PartyStore

SCHEMA_VERSION = LATEST_VERSION
RULE_READINGS = "rule_readings"  # meta key: the campaign's rule readings (JSON)

# The first schema (version 1), frozen; later versions come from migrations.py.
SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE encounters (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE journal (
    encounter_id INTEGER NOT NULL REFERENCES encounters(id),
    seq INTEGER NOT NULL,
    record TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (encounter_id, seq)
);
"""


@dataclass(frozen=True)
class EncounterInfo:
    id: int
    name: str
    ruleset: str
    seed: int


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _check_writable(path: Path) -> None:
    """Refuse (may open read-only) a campaign whose file cannot be opened for writing here."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        raise NotWritableError("error.campaign_not_writable", path=str(path), reason=exc.strerror or str(exc)) from exc
    os.close(fd)


def _lock_for_writing(path: Path) -> CampaignLock:
    """The campaign's lock; a folder where it cannot be made (read-only) may still be read."""
    try:
        return CampaignLock.acquire(path)
    except NotWritableError:
        raise
    except StorageError as exc:
        raise NotWritableError("error.campaign_not_writable", path=str(path), reason=exc.args_for_message.get("reason", "")) from exc


LEFTOVERS = (".creating", ".restoring")  # a campaign being made or restored when a gmtool was killed


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the half-made files a killed gmtool left beside this campaign (with their -wal/-shm)."""
    removed = []
    for suffix in LEFTOVERS:
        stem = path.with_name(f".{path.name}{suffix}")
        for leftover in (stem, stem.with_name(stem.name + "-wal"), stem.with_name(stem.name + "-shm")):
            try:
                leftover.unlink()
            except FileNotFoundError:
                continue
            except OSError:
                continue  # a read-only folder: nothing to tidy, nothing lost
            removed.append(leftover)
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):  # an atomic write cut short
        try:
            leftover.unlink()
            removed.append(leftover)
        except OSError:
            continue
    return removed


class Campaign:
    """An open campaign file; also the journal store of its encounters' sessions."""

    def __init__(self, path: Path, conn: sqlite3.Connection, read_only: bool = False) -> None:
        self.path = path
        self._conn = conn
        self.read_only = read_only  # opened for reading only: every write is refused, saying why
        self.backup = BackupOutcome()  # what opening backed up (or the error to report)
        self.set_aside: Path | None = None  # a -wal not the campaign's own, moved aside on opening
        self.set_aside_same_campaign = False  # it was this campaign's, written to the copy the file replaced
        self._lock: CampaignLock | None = None  # one writer per campaign (storage/lock.py)
        self._backup_due: tuple[int, Path | None] | None = None  # opened with backup_later, not yet backed up
        self._seal_at = SEAL_WAL_BYTES  # the log's size past which the next write seals it
        self.closed = False  # closed: nothing is read or written any more (a window closing after it asks nothing)

    @cached_property
    def library(self) -> LibraryStore:
        """The campaign's NPC library (loaded with its first use: the first screen shows none of it)."""
        from gmtool.storage.library_store import LibraryStore

        return LibraryStore(self._conn, self.path, self._before_write, self._after_write,
                            connect=lambda: self._connect(self.path))

    @cached_property
    def party(self) -> PartyStore:
        """The campaign's party of each game (loaded with its first use)."""
        from gmtool.storage.party_store import PartyStore

        return PartyStore(self._conn, self.path, self._before_write, self._after_write)

    def _before_write(self) -> None:
        if self.read_only:
            raise StorageError("error.campaign_read_only", path=str(self.path))
        self.finish_backup()  # the file as it was opened, before anything changes it

    @property
    def backup_pending(self) -> bool:
        """Opened with ``backup_later`` and not backed up yet."""
        return self._backup_due is not None

    def finish_backup(self) -> BackupOutcome:
        """The opening backup, if it waits (``backup_later``): made now. What opening backed up."""
        due, self._backup_due = self._backup_due, None
        if due is not None:
            self.backup = backup_quietly(self._conn, self.path, *due)
            self._seal_if_needed()
        return self.backup

    def _after_write(self, seal: bool = True) -> None:
        """After a commit: note the log's salts; ``seal``: past its size, seal the log too."""
        if self._lock is None:
            return
        self._lock.note_wal()
        if seal:
            self.tidy_log()

    def tidy_log_stepwise(self) -> Steps[None]:
        """:meth:`tidy_log` on a connection of its own in a thread, yielding while the disk works (after
        a long import: the log of megabytes is sealed into the file without freezing the window)."""
        from gmtool.storage.background import in_background  # loaded with the first long import

        lock, path = self._lock, self.path
        if lock is None or self.read_only or log_bytes(path) < self._seal_at or self._conn.in_transaction:
            return
        sealed = yield from in_background(lambda: self._connect(path), lambda conn, _stop: seal(conn, path, lock))
        self._seal_at = SEAL_WAL_BYTES if sealed else log_bytes(path) + SEAL_WAL_BYTES // 4

    def tidy_log(self) -> None:
        """Seal the log if it is past its size (after each write; a long import calls it as a step of its own)."""
        size = log_bytes(self.path)
        if self._lock is not None and size >= self._seal_at and not self._conn.in_transaction:
            # a reader or a full disk may keep the log from being emptied: try again a little later
            self._seal_at = SEAL_WAL_BYTES if self._seal() else size + SEAL_WAL_BYTES // 4

    def _seal(self) -> bool:
        """gmtool's checkpoint (:func:`~gmtool.storage.own_log.seal`); False when it could not be done."""
        if self._lock is None or self.read_only:
            return False
        return seal(self._conn, self.path, self._lock)

    def _seal_if_needed(self) -> None:
        if self._lock is not None and needs_seal(self.path, self._lock.note):
            self._seal()

    # -- opening -----------------------------------------------------------
    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")  # gmtool checkpoints itself (own_log.seal)
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    @classmethod
    def open(
        cls, path: Path, keep_backups: int = DEFAULT_KEEP, backup_folder: Path | None = None, read_only: bool = False,
        backup_later: bool = False,
    ) -> Campaign:
        """Open an existing campaign: validate, back up (keeping ``keep_backups``), migrate.

        ``backup_later``: a file that needs no migration is backed up by :meth:`finish_backup`
        (or before the first write), not now.

        A newer or broken file raises :class:`FileFormatError` untouched; a failed
        migration raises :class:`StorageError` with the file as it was before the
        failing step. ``backup_folder`` defaults to ``<data folder>/backups``.
        """
        if read_only:
            return cls._open_read_only(path)
        check_header(path)  # the header only: a file not ours is refused before any lock
        lock = _lock_for_writing(path)  # before anything reads or writes it: one writer per campaign
        try:
            aside = set_aside_foreign_log(path, lock)  # ours alone now: a log not its own never applies
            version = inspect(path)
            _check_writable(path)
            remove_leftovers(path)  # what a killed gmtool left half-made goes
            conn = cls._connect(path)
        except BaseException:
            lock.release()
            raise
        campaign = cls(path, conn)
        campaign._lock = lock
        if aside is not None:
            campaign.set_aside, campaign.set_aside_same_campaign = aside.kept, aside.same_campaign
        try:
            lock.record(opening_note(conn, path, lock.note))
            if backup_later and version == SCHEMA_VERSION:
                campaign._backup_due = (keep_backups, backup_folder)
                return campaign
            campaign.backup = backup_quietly(conn, path, keep_backups, backup_folder)
            if version < SCHEMA_VERSION:
                migrate(conn, path)
                lock.note_wal()
            campaign._seal_if_needed()  # an older campaign gets its identity and generation here
        except BaseException:
            campaign._close(seal=False)  # a failed open leaves the file as it was
            raise
        return campaign

    @classmethod
    def _open_read_only(cls, path: Path) -> Campaign:
        """Open for reading only: no lock, no backup, no migration; every write is refused."""
        version = inspect(path)
        if version < SCHEMA_VERSION:
            raise FileFormatError("error.campaign_read_only_old", path=str(path))
        base = path.resolve().as_uri()
        try:
            conn = sqlite3.connect(f"{base}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            if wal_path(path).exists():
                raise FileFormatError("error.file_unreadable", path=str(path), detail=str(exc)) from exc
            # a read-only folder where SQLite cannot make its shared index: the file alone holds all
            conn = sqlite3.connect(f"{base}?mode=ro&immutable=1", uri=True, isolation_level=None,
                                   check_same_thread=False)
        return cls(path, conn, read_only=True)

    def make_backup(self, keep: int = DEFAULT_KEEP, folder: Path | None = None) -> BackupOutcome:
        """Back up the open campaign now (never raises; the outcome holds any error), then seal its log."""
        outcome = backup_quietly(self._conn, self.path, keep, folder)
        self._seal_if_needed()
        return outcome

    @classmethod
    def create(cls, path: Path, populate: Callable[[Campaign], object] | None = None) -> Campaign:
        """Create a new campaign file; refuses to overwrite anything.

        ``populate`` fills the campaign (the demo encounter) before it gets its
        real name, so a crash leaves either no campaign or a complete one.
        """
        if path.exists():
            raise FileFormatError("error.file_exists", path=str(path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise storage_error(exc, path, "error.create_failed") from exc
        lock = CampaignLock.acquire(path)  # a folder that cannot be written: "cannot be locked", its reason
        try:
            campaign = cls._build(path, populate)
        except (OSError, sqlite3.Error) as exc:
            lock.release()
            raise storage_error(exc, path, "error.create_failed") from exc
        except StorageError as exc:  # a schema step of the new file failed: not an upgrade, its creation
            lock.release()
            cause = exc.__cause__
            if isinstance(cause, (OSError, sqlite3.Error)):  # a full disk is called a full disk
                raise storage_error(cause, path, "error.create_failed") from exc
            raise
        except BaseException:
            lock.release()
            raise
        campaign._lock = lock
        lock.record(opening_note(campaign._conn, path, LogNote()))
        lock.note_wal()
        return campaign

    @classmethod
    def _build(cls, path: Path, populate: Callable[[Campaign], object] | None) -> Campaign:
        # Built under a temporary name and checkpointed, then renamed: a crash
        # never leaves a half-made campaign, and the header (application id)
        # is in the main file, which check_header reads without the WAL.
        tmp = path.with_name(f".{path.name}.creating")
        half_made = (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm"))
        for leftover in half_made:
            leftover.unlink(missing_ok=True)
        try:
            conn = cls._connect(tmp)
            try:
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.executescript(
                    f"BEGIN; {SCHEMA} INSERT INTO schema_version (version) VALUES ({FIRST_VERSION}); COMMIT;"
                )
                migrate(conn, tmp)
                if populate is not None:
                    populate(cls(tmp, conn))
                mark_new(conn)  # its identity and first generation, in the main file
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            os.replace(tmp, path)
        except BaseException:
            for leftover in half_made:  # a full disk or a failure: no half-made file stays
                try:
                    leftover.unlink(missing_ok=True)
                except OSError:
                    pass
            raise
        fsync_folder(path.parent)
        return cls(path, cls._connect(path))

    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
        """Everything written inside is one transaction: kept whole, or (an error, a kill) not at all.

        Inside another one it is part of that one (the outer one commits)."""
        self._before_write()
        if self._conn.in_transaction:
            yield
            return
        with immediate(self._conn, self.path):
            yield
        self._after_write()

    def close(self) -> None:
        self._close(seal=True)

    def _close(self, seal: bool) -> None:
        self.closed = True
        if seal and self._lock is not None and not self._conn.in_transaction:
            self._seal_if_needed()  # the log into the file, emptied: nothing left to judge at the next open
        try:
            self._conn.close()
        except sqlite3.Error:
            pass  # the last checkpoint failed (a full disk): the -wal stays, noted in the lock file
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # -- encounters ----------------------------------------------------------
    def encounters(self) -> list[EncounterInfo]:
        rows = self._conn.execute("SELECT id, name, ruleset, seed FROM encounters ORDER BY id")
        return [EncounterInfo(*row) for row in rows]

    def create_encounter(self, name: str, ruleset: str, seed: int) -> int:
        get_ruleset(ruleset)  # refuse unknown games now, not at load
        with self.all_or_nothing():
            cur = self._conn.execute(
                "INSERT INTO encounters (name, ruleset, seed, created) VALUES (?, ?, ?, ?)",
                (name, ruleset, seed, _now()),
            )
            self.set_meta("current_encounter", str(cur.lastrowid))
        return int(cur.lastrowid or 0)

    def encounter_info(self, encounter_id: int) -> EncounterInfo:
        row = self._conn.execute(
            "SELECT id, name, ruleset, seed FROM encounters WHERE id = ?", (encounter_id,)
        ).fetchone()
        if row is None:
            raise FileFormatError("error.no_such_encounter", encounter=encounter_id)
        return EncounterInfo(*row)

    def load_encounter(self, encounter_id: int) -> Encounter:
        """Replay an encounter's journal (never rolls dice); new commands decide with the campaign's readings."""
        info = self.encounter_info(encounter_id)
        ruleset = get_ruleset(info.ruleset, self.rule_readings())
        rows = self._conn.execute(
            "SELECT record FROM journal WHERE encounter_id = ? ORDER BY seq", (encounter_id,)
        )
        entries = []
        for (record,) in rows:
            try:
                data = json.loads(record)
            except json.JSONDecodeError as exc:
                raise FileFormatError("error.journal_bad_message", detail=str(exc)) from exc
            entries.append(JournalEntry.from_record(data, ruleset.commands, ruleset.events))
        return Encounter(ruleset, info.seed, entries)

    def current_encounter_id(self) -> int | None:
        value = self.meta("current_encounter")
        if value is not None and value.isdigit():
            return int(value)
        encounters = self.encounters()
        return encounters[-1].id if encounters else None

    # -- the journal store ---------------------------------------------------
    def append(self, encounter_id: int, entry: JournalEntry) -> None:
        """One entry, one transaction: durable when this returns."""
        self._before_write()
        record = json.dumps(entry.to_record(), ensure_ascii=False, separators=(",", ":"))
        try:
            self._conn.execute(
                "INSERT INTO journal (encounter_id, seq, record, created) VALUES (?, ?, ?, ?)",
                (encounter_id, entry.seq, record, _now()),
            )
        except sqlite3.Error as exc:  # nothing was written; the command is not shown
            raise storage_error(exc, self.path) from exc
        self._after_write()

    def journal_length(self, encounter_id: int) -> int:
        row = self._conn.execute("SELECT count(*) FROM journal WHERE encounter_id = ?", (encounter_id,))
        return int(row.fetchone()[0])

    # -- campaign settings ---------------------------------------------------
    def rule_readings(self) -> RuleReadings:
        """The rule readings chosen for this campaign (the digest's where none was chosen, or where
        the stored entry cannot be read); only the registered games' options count."""
        text = self.meta(RULE_READINGS)
        known = [option.key for _game, option in registry().reading_options()]
        if not text:
            return RuleReadings()
        try:
            return RuleReadings.from_data(json.loads(text), known)
        except (json.JSONDecodeError, RecursionError):
            return RuleReadings()

    def set_rule_readings(self, readings: RuleReadings) -> None:
        """Keep the campaign's rule readings (only the book's, where chosen, are written)."""
        self.set_meta(RULE_READINGS, json.dumps(readings.to_data(), sort_keys=True))

    # -- meta ----------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self._before_write()
        try:
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path) from exc
        if not self._conn.in_transaction:
            self._after_write()
