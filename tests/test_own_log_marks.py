"""Issue 29: the marks that tell a campaign's own log (identity and generation), the lock file's
note of them, and gmtool's own checkpoint (the seal) at close, after a backup and past a size."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage import own_log
from gmtool.storage.backups import list_backups
from gmtool.storage.campaign import Campaign
from gmtool.storage.lock import RECORD_BYTES, LogNote, lock_path, wal_path, wal_salts
from gmtool.storage.own_log import CAMPAIGN_ID, file_mark, header_generation, is_own_log
from gmtool.storage.workspace import Workspace

DATA = Path(__file__).parent / "data"


def step(workspace: Workspace) -> None:
    """One more journal entry (the next phase, or a new turn when the turn is over)."""
    try:
        workspace.session.execute(cmd.NextPhase())
    except RulesError:
        workspace.session.execute(cmd.StartTurn())


def stored_id(path: Path) -> str | None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (CAMPAIGN_ID,)).fetchone()
        return row[0] if row else None
    finally:
        conn.close()


def lock_text(path: Path) -> str:
    return lock_path(path).read_text()


def as_killed(path: Path) -> dict[Path, bytes]:
    """The campaign's file, log and lock file as they are now (what a kill would leave)."""
    return {p: p.read_bytes() for p in (path, wal_path(path), lock_path(path)) if p.exists()}


def put_back(files: dict[Path, bytes]) -> None:
    for path, data in files.items():
        path.write_bytes(data)


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.gmtool"
    Workspace.create(path).close()
    return path


def test_a_new_campaign_has_an_identity_and_a_generation_in_its_file(campaign_file: Path, tmp_path: Path) -> None:
    mark = file_mark(campaign_file)
    assert mark.campaign is not None and len(mark.campaign) == 32 and mark.generation != 0
    other = tmp_path / "other.gmtool"
    Workspace.create(other).close()
    assert file_mark(other).campaign != mark.campaign and file_mark(other).generation != mark.generation


def test_the_lock_file_notes_the_identity_the_generation_and_the_logs_salts(campaign_file: Path) -> None:
    workspace = Workspace.open(campaign_file, backup_later=True)
    try:
        mark = file_mark(campaign_file)
        step(workspace)
        text = lock_text(campaign_file)
        salts = wal_salts(campaign_file)
        assert salts is not None
        assert f"wal {salts.hex()}\n" in text and f"campaign {mark.campaign}\n" in text
        assert f"generation {mark.generation}\n" in text
        assert len(text.encode()) == RECORD_BYTES  # one pwrite of a fixed size: a kill leaves the old or the new
    finally:
        workspace.close()


def test_a_seal_gives_a_new_generation_keeps_the_identity_and_empties_the_log(campaign_file: Path) -> None:
    before = file_mark(campaign_file)
    campaign = Campaign.open(campaign_file, keep_backups=0)
    try:
        campaign.set_meta("something", "written")
        assert wal_path(campaign_file).stat().st_size > 0
        campaign.make_backup(keep=0)  # "after a backup": sealed even when no backup is kept
        assert wal_path(campaign_file).stat().st_size == 0
        after = file_mark(campaign_file)
        assert after.campaign == before.campaign and after.generation not in (0, before.generation)
        assert campaign.meta("something") == "written"
    finally:
        campaign.close()
    assert not wal_path(campaign_file).exists() and not lock_path(campaign_file).exists()


def test_close_seals_the_log_into_the_file(campaign_file: Path) -> None:
    campaign = Campaign.open(campaign_file, keep_backups=0)
    campaign.set_meta("something", "written")
    generation = header_generation(campaign_file)
    campaign.close()
    assert not wal_path(campaign_file).exists()
    assert header_generation(campaign_file) != generation  # the log's pages went in under a new generation
    conn = sqlite3.connect(f"{campaign_file.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'something'").fetchone() == ("written",)
    finally:
        conn.close()


def test_past_the_size_the_log_is_sealed_and_stays_small(campaign_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(own_log, "SEAL_WAL_BYTES", 64 * 1024)
    monkeypatch.setattr("gmtool.storage.campaign.SEAL_WAL_BYTES", 64 * 1024)
    workspace = Workspace.open(campaign_file, backup_later=True)
    generations = set()
    try:
        largest = 0
        for _ in range(60):
            step(workspace)
            largest = max(largest, wal_path(campaign_file).stat().st_size)
            generations.add(header_generation(campaign_file))
        assert largest < 64 * 1024 + 32 * 1024  # one command's pages past the size at most
        assert len(generations) >= 3  # sealed several times on the way
        length = workspace.campaign.journal_length(workspace.encounter_id)
    finally:
        workspace.close()
    again = Workspace.open(campaign_file, read_only=True)
    try:
        assert again.campaign.journal_length(again.encounter_id) == length
    finally:
        again.close()


def test_a_seal_a_reader_blocks_leaves_the_log_whole_and_still_the_campaigns_own(campaign_file: Path) -> None:
    campaign = Campaign.open(campaign_file, keep_backups=0)
    reader = sqlite3.connect(f"{campaign_file.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        campaign.set_meta("first", "1")
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM journal").fetchone()  # holds its snapshot: the log may not be emptied
        campaign.set_meta("second", "2")
        old = header_generation(campaign_file)
        campaign.make_backup(keep=0)
        assert wal_path(campaign_file).stat().st_size > 0  # not emptied
        note = campaign._lock.note if campaign._lock else LogNote()
        assert old in note.generations and len(note.generations) == 2  # the old and the one being written
        salts = wal_salts(campaign_file)
        assert salts is not None and is_own_log(note, salts, file_mark(campaign_file))
        killed = as_killed(campaign_file)  # killed now: the log not emptied
        reader.execute("COMMIT")
    finally:
        reader.close()
        campaign.close()
    put_back(killed)
    again = Campaign.open(campaign_file, keep_backups=0)
    try:
        assert again.set_aside is None
        assert (again.meta("first"), again.meta("second")) == ("1", "2")
    finally:
        again.close()


def test_a_backup_keeps_the_identity_and_gets_a_generation_of_its_own(campaign_file: Path, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    Campaign.open(campaign_file, backup_folder=folder).close()
    (backup,) = list_backups(campaign_file, folder)
    assert stored_id(backup.path) == stored_id(campaign_file) is not None
    assert header_generation(backup.path) not in (0, header_generation(campaign_file))


def test_a_campaign_of_today_gets_its_identity_and_generation_on_its_next_writable_open(tmp_path: Path) -> None:
    path = tmp_path / "today.gmtool"
    shutil.copyfile(DATA / "campaign_issue14.gmtool", path)
    assert file_mark(path) == own_log.FileMark(None, 0)
    looking = Workspace.open(path, read_only=True)
    looking.close()
    assert file_mark(path) == own_log.FileMark(None, 0)  # read-only: nothing written
    workspace = Workspace.open(path, backup_later=True)
    try:
        workspace.campaign.finish_backup()  # after the first paint
        mark = file_mark(path)
        assert mark.campaign is not None and mark.generation != 0
    finally:
        workspace.close()
    assert file_mark(path).campaign == mark.campaign


def test_a_first_schema_campaign_gets_them_with_its_migration(tmp_path: Path) -> None:
    path = tmp_path / "first.gmtool"
    shutil.copyfile(DATA / "campaign_schema1.gmtool", path)
    Campaign.open(path, backup_folder=tmp_path / "backups").close()
    mark = file_mark(path)
    assert mark.campaign is not None and mark.generation != 0


def test_a_log_noted_by_an_older_gmtool_on_its_file_is_still_applied(tmp_path: Path) -> None:
    """An older gmtool noted the salts only, and its files have no identity: its own log after a kill applies."""
    path = tmp_path / "today.gmtool"
    shutil.copyfile(DATA / "campaign_issue14.gmtool", path)
    older = sqlite3.connect(str(path), isolation_level=None)  # as the older gmtool wrote: WAL, no marks
    older.execute("PRAGMA journal_mode=WAL")
    older.execute("PRAGMA wal_autocheckpoint=0")
    older.execute("INSERT INTO meta (key, value) VALUES ('older', 'written')")
    salts = wal_salts(path)
    assert salts is not None
    lock_path(path).write_text(f"{os.getpid()} elsewhere\nwal {salts.hex()}\n")
    kept = {suffix: path.with_name(path.name + suffix).read_bytes() for suffix in ("", "-wal")}
    older.close()  # (closing would fold the log in: put the killed state back)
    for suffix, data in kept.items():
        path.with_name(path.name + suffix).write_bytes(data)
    campaign = Campaign.open(path, keep_backups=0)
    try:
        assert campaign.set_aside is None and campaign.meta("older") == "written"
    finally:
        campaign.close()


@pytest.mark.parametrize(("lines", "applied"), [
    (["wal", "campaign", "generation"], True),  # the note as gmtool writes it
    ([], False),
    (["wal zz"], False),
    (["wal", "campaign", "generation x"], False),
    (["wal", "campaign"], False),
    (["wal", "generation"], False),  # the file has an identity the note does not name
    (["wal", "campaign 0123", "generation"], False),
])
def test_a_log_is_applied_only_with_a_whole_note(campaign_file: Path, lines: list[str], applied: bool) -> None:
    """A note gmtool cannot read is not a note: the log is set aside (kept), never applied blindly."""
    campaign = Campaign.open(campaign_file, keep_backups=0)
    campaign.set_meta("after", "x")
    killed = as_killed(campaign_file)
    campaign.close()
    put_back(killed)
    salts, mark = wal_salts(campaign_file), file_mark(campaign_file)
    assert salts is not None
    whole = {"wal": f"wal {salts.hex()}", "campaign": f"campaign {mark.campaign}",
             "generation": f"generation {mark.generation}"}
    lock_path(campaign_file).write_text("1 host\n" + "".join(whole.get(line, line) + "\n" for line in lines))
    again = Campaign.open(campaign_file, keep_backups=0)
    try:
        assert (again.set_aside is None) == applied
        assert again.meta("after") == ("x" if applied else None)
        if not applied:
            assert again.set_aside is not None and again.set_aside.read_bytes() == killed[wal_path(campaign_file)]
    finally:
        again.close()
