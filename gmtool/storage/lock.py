"""One writer per campaign: an operating-system lock held while a campaign is open.

The lock is taken on a small file beside the campaign (``.<name>.lock``) with ``flock``
(``msvcrt.locking`` on Windows). The operating system releases it when the process ends,
however it ends, so a lock left by a killed gmtool is simply taken over. The file holds the
holder's process id and host, for the message the second gmtool shows; a clean close removes
it (while still holding the lock; a taker checks it locked the file still at that path).

Within one process the same campaign may be opened twice (switching encounters opens the
new workspace before closing the old one): the lock is counted, not taken again.
"""

from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from gmtool.core.errors import StorageError

_HELD: dict[Path, tuple[int, int]] = {}  # resolved lock path -> (file descriptor, holders in this process)


class CampaignInUseError(StorageError):
    """Another gmtool process has this campaign open."""


def lock_path(campaign: Path) -> Path:
    return campaign.with_name(f".{campaign.name}.lock")


@dataclass
class CampaignLock:
    """The lock of one open campaign; :meth:`release` once (closing the campaign does)."""

    path: Path
    released: bool = False

    @classmethod
    def acquire(cls, campaign: Path) -> CampaignLock:
        """Take the campaign's lock, or raise :class:`CampaignInUseError` naming the holder."""
        path = lock_path(campaign).resolve()
        if path in _HELD:
            fd, count = _HELD[path]
            _HELD[path] = (fd, count + 1)
            return cls(path)
        for _attempt in range(5):
            fd = _open(path, campaign)
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise CampaignInUseError("error.campaign_in_use", path=str(campaign), holder=holder)
            if _still_there(fd, path):
                _write_holder(fd)
                _HELD[path] = (fd, 1)
                return cls(path)
            os.close(fd)  # the holder closed and removed it meanwhile: lock the file now at the path
        raise StorageError("error.lock_unavailable", path=str(campaign), reason="lock file keeps changing")

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        fd, count = _HELD.pop(self.path, (-1, 0))
        if count > 1:
            _HELD[self.path] = (fd, count - 1)
        elif fd >= 0:
            if sys.platform != "win32":
                self.path.unlink(missing_ok=True)  # still locked: a waiting taker finds it gone and retries
            os.close(fd)  # closing the descriptor releases the lock


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


def _write_holder(fd: int) -> None:
    text = f"{os.getpid()} {socket.gethostname()}\n".encode()
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, text, 0) if hasattr(os, "pwrite") else os.write(fd, text)
    except OSError:
        pass  # who holds it is only for the message; the lock itself is what counts


def _read_holder(fd: int) -> str:
    try:
        raw = os.pread(fd, 200, 0) if hasattr(os, "pread") else os.read(fd, 200)
    except OSError:
        return "?"
    words = raw.decode("utf-8", "replace").split()
    return " ".join(words[:2]) if words else "?"
