"""One writer per campaign: an operating-system lock held while a campaign is open.

The lock is taken on a small file beside the campaign (``.<name>.lock``) with ``flock``
(``msvcrt.locking`` on Windows). The operating system releases it when the process ends,
however it ends, so a lock left by a killed gmtool is simply taken over. The file holds the
holder's process id and host, for the message the second gmtool shows; a clean close removes
it (while still holding the lock; a taker checks it locked the file still at that path).

Within one process the same campaign may be opened twice (switching encounters opens the
new workspace before closing the old one): the lock is counted, not taken again.

The lock file also names the campaign's write-ahead log as last written (the two salt values of
the ``-wal`` header, which SQLite renews each time it starts the log afresh): a ``-wal`` found
beside the campaign whose salts are not those is not the campaign's own — copied in, or left by
another file of that name — and is set aside, never applied (:mod:`campaign`). The file is kept,
not removed, when a clean close leaves a ``-wal`` behind (another process still reading it).
"""

from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

from gmtool.core.errors import StorageError

WAL_HEADER = 32  # bytes of a -wal file's header
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")


@dataclass
class _Held:
    fd: int
    count: int  # holders in this process
    wal: bytes | None  # the salts of the campaign's -wal as last written (None: no log seen)


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
    try:
        with wal_path(campaign).open("rb") as handle:
            header = handle.read(WAL_HEADER)
    except OSError:
        return None
    if len(header) < WAL_HEADER or header[:4] not in WAL_MAGIC:
        return None  # SQLite starts such a log afresh: nothing in it is applied
    return header[16:24]


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
                wal = _read_holder(fd)[1]  # what the last writer (maybe killed) noted
                _HELD[path] = _Held(fd, 1, wal)
                _write_holder(fd, wal)
                return cls(path, campaign)
            os.close(fd)  # the holder closed and removed it meanwhile: lock the file now at the path
        raise StorageError("error.lock_unavailable", path=str(campaign), reason="lock file keeps changing")

    @property
    def noted_wal(self) -> bytes | None:
        """The salts of the campaign's own ``-wal`` as its last writer noted them."""
        held = _HELD.get(self.path)
        return held.wal if held is not None else None

    def note_wal(self) -> None:
        """After a write: remember the ``-wal``'s salts if SQLite started it afresh (rare; flushed then)."""
        held = _HELD.get(self.path)
        if held is None:
            return
        salts = wal_salts(self.campaign)
        if salts is not None and salts != held.wal:
            held.wal = salts
            _write_holder(held.fd, salts, flush=True)

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


def _write_holder(fd: int, wal: bytes | None, flush: bool = False) -> None:
    text = f"{os.getpid()} {platform.node()}\n"  # the host name (socket costs the start ~2 ms)
    if wal is not None:
        text += f"wal {wal.hex()}\n"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, text.encode(), 0) if hasattr(os, "pwrite") else os.write(fd, text.encode())
        if flush:
            os.fsync(fd)
    except OSError:
        pass  # a log not noted is set aside (kept) at the next open, never applied blindly


def _read_holder(fd: int) -> tuple[str, bytes | None]:
    """(``pid host`` of the holder, the salts of the -wal it noted)."""
    try:
        raw = os.pread(fd, 200, 0) if hasattr(os, "pread") else os.read(fd, 200)
    except OSError:
        return "?", None
    lines = raw.decode("utf-8", "replace").splitlines()
    holder = " ".join(lines[0].split()[:2]) if lines and lines[0].strip() else "?"
    wal = None
    for line in lines[1:]:
        words = line.split()
        if len(words) == 2 and words[0] == "wal":
            try:
                wal = bytes.fromhex(words[1])
            except ValueError:
                wal = None
    return holder, wal
