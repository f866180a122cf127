"""A set-aside journal read back: the file it was written to and that journal, made one new campaign.

When a campaign file is replaced by an older copy while gmtool's journal of later commands is
still beside it, gmtool sets the journal aside (:mod:`own_log`): it belongs to the replaced file.
With that file at hand (a sync tool's history, the trash), :func:`join` makes a new campaign of the
two, never touching either: both are copied into a private folder, SQLite folds the journal into
the copy, the result must pass gmtool's checks (:func:`~gmtool.storage.inspection.inspect`) and
only then gets its name. Run as::

    python -m gmtool.storage.kept_log REPLACED_FILE KEPT_JOURNAL NEW_CAMPAIGN
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from gmtool.core.errors import FileFormatError, GmtoolError
from gmtool.core.user_files import read_head
from gmtool.storage.inspection import check_header, inspect
from gmtool.storage.lock import CAMPAIGN_LOG, log_salts, read_note
from gmtool.storage.own_log import file_mark, is_own_log, kept_beside, new_generation


def join(file: Path, journal: Path, target: Path) -> Path:
    """A new campaign at ``target``: ``file`` with ``journal`` folded in (FileFormatError if they do not make one)."""
    if target.exists():
        raise FileFormatError("error.file_exists", path=str(target))
    check_header(file)
    _check_pair(file, journal)
    with tempfile.TemporaryDirectory(prefix=".gmtool-join-", dir=target.parent) as folder:
        work = Path(folder) / "joined.gmtool"
        shutil.copyfile(file, work)
        shutil.copyfile(journal, work.with_name(work.name + "-wal"))
        try:
            conn = sqlite3.connect(str(work), isolation_level=None)
            try:
                if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    raise FileFormatError("error.campaign_damaged", path=str(journal), detail="quick_check")
                conn.execute(f"PRAGMA user_version = {new_generation()}")  # a state of its own
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
        except sqlite3.Error as exc:
            raise FileFormatError("error.campaign_damaged", path=str(journal), detail=str(exc)) from exc
        inspect(work)
        os.replace(work, target)
    return target


NOTE_MAX = 4096  # bytes of a kept log's note read (gmtool writes a few lines)


def _check_pair(file: Path, journal: Path) -> None:
    """With the note kept beside the journal: the file must be the one the journal was written to."""
    note_file = kept_beside(journal, "-note") if journal.name.endswith("-wal") else None
    if note_file is None or not note_file.exists():
        return  # nothing noted of it (another program's journal): SQLite's and gmtool's checks decide
    note = read_note(read_head(note_file, CAMPAIGN_LOG, NOTE_MAX).decode("utf-8", "replace"))
    salts = log_salts(journal)
    if salts is None or not is_own_log(note, salts, file_mark(file)):
        raise FileFormatError("error.kept_log_other_file", path=str(file), journal=journal.name)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        sys.stderr.write("python -m gmtool.storage.kept_log REPLACED_FILE KEPT_JOURNAL NEW_CAMPAIGN\n")
        return 2
    try:
        made = join(Path(argv[0]), Path(argv[1]), Path(argv[2]))
    except (GmtoolError, OSError) as exc:
        sys.stderr.write(f"{exc}\n")
        return 1
    sys.stdout.write(f"{made}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
