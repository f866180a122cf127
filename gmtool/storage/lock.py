"""One writer per campaign: an operating-system lock held while a campaign is open.

The lock is taken on a small file beside the campaign (``.<name>.lock``) with ``flock``
(``msvcrt.locking`` on Windows). The operating system releases it when the process ends,
however it ends, so a lock left by a killed gmtool is simply taken over. The file holds the
holder's process id and host, for the message the second gmtool shows; a clean close removes
it (while still holding the lock; a taker checks it locked the file still at that path).

Within one process the same campaign may be opened twice (switching encounters opens the
new workspace before closing the old one): the lock is counted, not taken again.

The lock file also holds a :class:`LogNote`, what the log beside the campaign must be to be its
own: the two salt values of the ``-wal`` header as last written (SQLite renews them each time it
starts the log afresh), the campaign's identity and the generations of the main file the log was
written against (:mod:`own_log`). A ``-wal`` that does not match is set aside, never applied. The
note is written in one ``pwrite`` of a fixed-size record, so a kill never leaves half of it. The
file is kept, not removed, when a clean close leaves a ``-wal`` behind (another process still
reading it).
"""

from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from gmtool.core.errors import FileFormatError, StorageError
from gmtool.core.user_files import file_kind, read_head

WAL_HEADER = 32  # bytes of a -wal file's header
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
RECORD_BYTES = 256  # the lock file's record is padded to this (one pwrite, never shorter than before)
READ_BYTES = 1024


@dataclass(frozen=True)
class LogNote:
    """What the campaign's own ``-wal`` is, as its last writer noted it.

    ``wal``: the log's salts (None: no log written since gmtool last emptied it); ``campaign``: the
    campaign's identity; ``generations``: the main file's generations the log may be applied to
    (the one it was begun against, and the one a checkpoint under way was writing). A lock file
    of an older gmtool notes the salts only."""

    wal: bytes | None = None
    campaign: str | None = None
    generations: frozenset[int] = frozenset()


@dataclass
class _Held:
    fd: int
    count: int  # holders in this process
    note: LogNote  # what the campaign's own -wal is


_HELD: dict[Path, _Held] = {}  # resolved lock path -> what this process holds


class NotWritableError(StorageError):
    """The campaign can be read but not written here (another gmtool has it, or the file or its
    folder is read-only): it may still be opened read-only."""


class CampaignInUseError(NotWritableError):
    """Another gmtool process has this campaign open."""


def wal_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.name + "-wal")


def wal_salts(campaign: Path) -> bytes | None:
    """The salts of the ``-wal`` beside ``campaign``; None when there is no log to apply."""
    return log_salts(wal_path(campaign))


CAMPAIGN_LOG = file_kind("campaign_log", 0)  # only its header is read here: SQLite reads the rest


def log_salts(log: Path) -> bytes | None:
    """The salts of a write-ahead log file (whatever its name); None when it holds no log. Read by the
    guarded reader: a pipe or a device there is never opened (:func:`irregular` says it is there)."""
    try:
        header = read_head(log, CAMPAIGN_LOG, WAL_HEADER)
    except FileFormatError:
        return None
    if len(header) < WAL_HEADER or header[:4] not in WAL_MAGIC:
        return None  # SQLite starts such a log afresh: nothing in it is applied
    return header[16:24]


def irregular(path: Path) -> bool:
    """Something other than a regular file is at ``path`` (a pipe, a folder, a device, a link to
    nothing or to one of those): SQLite must never open it as a campaign's ``-wal`` or ``-shm``."""
    return os.path.lexists(path) and not os.path.isfile(path)


def lock_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock")


@dataclass
class CampaignLock:
    """The lock of one open campaign; :meth:`release` once (closing the campaign does)."""

    path: Path
    campaign: Path
    released: bool = False

    @classmethod
    def acquire(cls, campaign: Path) -> CampaignLock:
        """Take the campaign's lock, or raise :class:`CampaignInUseError` naming the holder."""
        path = lock_path(campaign).resolve()
        if path in _HELD:
            _HELD[path].count += 1
            return cls(path, campaign)
        for _attempt in range(5):
            fd = _open(path, campaign)
            if not _try_lock(fd):
                holder = _read_holder(fd)[0]
                os.close(fd)
                raise CampaignInUseError("error.campaign_in_use", path=str(campaign), holder=holder)
            if _still_there(fd, path):
                note = _read_holder(fd)[1]  # what the last writer (maybe killed) noted
                _HELD[path] = _Held(fd, 1, note)
                _write_holder(fd, note)
                return cls(path, campaign)
            os.close(fd)  # the holder closed and removed it meanwhile: lock the file now at the path
        raise StorageError("error.lock_unavailable", path=str(campaign), reason="lock file keeps changing")

    @property
    def note(self) -> LogNote:
        """What the campaign's own ``-wal`` is, as its last writer noted it."""
        held = _HELD.get(self.path)
        return held.note if held is not None else LogNote()

    def record(self, note: LogNote, flush: bool = False) -> bool:
        """Note ``note`` in the lock file (``flush``: on the disk when this returns). False when it
        could not be written (the note in the file is then the one before)."""
        held = _HELD.get(self.path)
        if held is None or not _write_holder(held.fd, note, flush):
            return False
        held.note = note
        return True

    def note_wal(self) -> None:
        """After a write: remember the ``-wal``'s salts if SQLite started it afresh (rare; flushed then)."""
        held = _HELD.get(self.path)
        if held is None:
            return
        salts = wal_salts(self.campaign)
        if salts is not None and salts != held.note.wal:
            self.record(replace(held.note, wal=salts), flush=True)

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        held = _HELD.pop(self.path, None)
        if held is None:
            return
        if held.count > 1:
            held.count -= 1
            _HELD[self.path] = held
            return
        if sys.platform != "win32" and wal_salts(self.campaign) is None:
            self.path.unlink(missing_ok=True)  # still locked: a waiting taker finds it gone and retries
        os.close(held.fd)  # closing the descriptor releases the lock


def held_here(campaign: Path) -> bool:
    """True when this process holds the campaign's lock."""
    return lock_path(campaign).resolve() in _HELD


def _open(path: Path, campaign: Path) -> int:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StorageError("error.lock_unavailable", path=str(campaign), reason=exc.strerror or str(exc)) from exc


def _still_there(fd: int, path: Path) -> bool:
    """The locked file is the one at the path (not one a closing holder just removed)."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def note_text(note: LogNote) -> str:
    """The note as the lock file holds it (after the holder's line); :func:`read_note` reads it back."""
    text = ""
    if note.wal is not None:
        text += f"wal {note.wal.hex()}\n"
    if note.campaign is not None:
        text += f"campaign {note.campaign}\n"
    if note.generations:
        text += "generation " + " ".join(str(g) for g in sorted(note.generations)) + "\n"
    return text


def read_note(text: str) -> LogNote:
    return _parse_note(text.splitlines())


def _record_text(note: LogNote) -> bytes:
    text = f"{os.getpid()} {platform.node()}\n" + note_text(note)  # the host name (socket costs the start ~2 ms)
    return text.encode().ljust(RECORD_BYTES, b" ")


def _write_holder(fd: int, note: LogNote, flush: bool = False) -> bool:
    """One pwrite of the whole record over the old one (a kill leaves the old or the new); True when written."""
    data = _record_text(note)
    try:
        if hasattr(os, "pwrite"):
            written = os.pwrite(fd, data, 0)
        else:  # pragma: no cover - Windows
            os.lseek(fd, 0, os.SEEK_SET)
            written = os.write(fd, data)
        if written != len(data):
            return False
        os.ftruncate(fd, len(data))
        if flush:
            os.fsync(fd)
    except OSError:
        return False  # a log not noted is set aside (kept) at the next open, never applied blindly
    return True


def _read_holder(fd: int) -> tuple[str, LogNote]:
    """(``pid host`` of the holder, the log it noted)."""
    try:
        raw = os.pread(fd, READ_BYTES, 0) if hasattr(os, "pread") else os.read(fd, READ_BYTES)
    except OSError:
        return "?", LogNote()
    lines = raw.decode("utf-8", "replace").splitlines()
    holder = " ".join(lines[0].split()[:2]) if lines and lines[0].strip() else "?"
    return holder, _parse_note(lines[1:])


def _parse_note(lines: list[str]) -> LogNote:
    wal, campaign, generations = None, None, frozenset[int]()
    for line in lines:
        word, _, rest = line.strip().partition(" ")
        try:
            if word == "wal":
                wal = bytes.fromhex(rest.strip())
            elif word == "campaign" and rest.strip():
                campaign = rest.strip()
            elif word == "generation":
                generations = frozenset(int(g) for g in rest.split())
        except ValueError:
            continue  # a damaged line notes nothing: the log it named is set aside, never applied
    return LogNote(wal, campaign, generations)
