"""What a failed write of a campaign is called: a full disk and a read-only file by their names."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

from gmtool.core.errors import StorageError
from gmtool.storage.lock import NotWritableError

SQLITE_FULL = 13
SQLITE_READONLY = 8


def storage_error(exc: sqlite3.Error | OSError, path: Path, key: str = "error.save_failed") -> StorageError:
    """The translated error for a failed write: a full disk and a read-only file are named as such."""
    code = getattr(exc, "sqlite_errorcode", None)
    errno_ = getattr(exc, "errno", None)
    if (code is not None and code & 0xFF == SQLITE_FULL) or errno_ in (errno.ENOSPC, errno.EDQUOT):
        return StorageError("error.disk_full", path=str(path))
    if (code is not None and code & 0xFF == SQLITE_READONLY) or errno_ == errno.EROFS:
        return NotWritableError("error.campaign_not_writable", path=str(path), reason=str(exc))
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return StorageError(key, path=str(path), detail=detail)
