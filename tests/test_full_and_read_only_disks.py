"""Issue 13: a full disk or a read-only campaign/data folder, at first start or during a command:
a clear translated message, nothing half-written left behind, nothing the GM saved lost."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gmtool.core.errors import StorageError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage.lock import NotWritableError
from gmtool.storage.paths import default_campaign_path
from gmtool.storage.workspace import Workspace
from tests.disk_limits import fill, read_only_disk, small_disk


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".creating", ".tmp", ".restoring"))
                  or ".creating-" in p.name or ".restoring-" in p.name)


def _fill_journal(workspace: Workspace) -> None:
    """The campaign's file may not grow by one page more: SQLite's "database or disk is full"."""
    conn = workspace.campaign._conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(200):  # use up the free room of the last pages
        try:
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (os.urandom(8).hex(), "x" * 200))
        except Exception:  # noqa: BLE001 - full: that is the point
            break


def test_a_command_on_a_full_disk_is_refused_by_name_and_changes_nothing(tmp_path: Path) -> None:
    workspace = Workspace.create(tmp_path / "table.gmtool")
    try:
        _fill_journal(workspace)
        with pytest.raises(StorageError) as full:
            for _ in range(500):  # the journal's last page may hold a few more: until the file says no
                workspace.session.execute(cmd.StartTurn())
        assert full.value.key == "error.disk_full"
        before = workspace.campaign.journal_length(workspace.encounter_id)
        turn = workspace.encounter.state.turn
        assert "full" in full.value.message() and "nothing" in full.value.message()
        set_language("ja")
        assert "いっぱい" in full.value.message()
        set_language("en")
        assert workspace.encounter.state.turn == turn  # not shown as done
        assert len(workspace.encounter.entries) == before
        workspace.campaign._conn.execute("PRAGMA max_page_count = 1073741823")  # space freed
        workspace.session.execute(cmd.StartTurn())  # the same command now goes through
        assert workspace.encounter.state.turn == turn + 1
    finally:
        workspace.close()
    again = Workspace.open(tmp_path / "table.gmtool")
    try:
        assert again.campaign.journal_length(again.encounter_id) == before + 1
    finally:
        again.close()


def test_first_start_on_a_full_disk_says_so_and_leaves_nothing_half_made(tmp_path: Path) -> None:
    data = Path(os.environ["GMTOOL_DATA_DIR"])
    with small_disk(data, 256):
        fill(data, leave_bytes=8192)  # room for the lock file, not for a campaign
        with pytest.raises(StorageError) as refused:
            Workspace.open_default()
        assert refused.value.key in ("error.disk_full", "error.create_failed"), refused.value.key
        assert default_campaign_path().name in refused.value.message()
        assert not default_campaign_path().exists()
        assert _leftovers(data) == [] and not list(data.glob(".campaign.gmtool.creating*"))


def test_a_command_on_a_really_full_disk_is_refused_and_the_campaign_opens_after(tmp_path: Path) -> None:
    folder = tmp_path / "disk"
    with small_disk(folder, 1024):
        path = folder / "table.gmtool"
        workspace = Workspace.create(path)
        before = workspace.campaign.journal_length(workspace.encounter_id)
        fill(folder)
        refusals = []
        for _ in range(20):  # the WAL may hold a little room: keep going until the disk says no
            try:
                workspace.session.execute(cmd.StartTurn())
            except StorageError as exc:
                refusals.append(exc.key)
                break
        assert refusals == ["error.disk_full"]
        done = len(workspace.encounter.entries)
        workspace.close()
        (folder / "filler").unlink()
        again = Workspace.open(path, )
        try:
            assert again.campaign.journal_length(again.encounter_id) == done >= before
        finally:
            again.close()


def test_a_read_only_data_folder_at_first_start_gives_a_message(tmp_path: Path) -> None:
    data = Path(os.environ["GMTOOL_DATA_DIR"])
    with read_only_disk(data):
        with pytest.raises(StorageError) as refused:
            Workspace.open_default()
        assert refused.value.key == "error.lock_unavailable"
        assert "folder can be written" in refused.value.message()


def test_a_campaign_on_a_read_only_disk_opens_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "usb"
    folder.mkdir()
    Workspace.create(folder / "table.gmtool").close()
    with read_only_disk(folder):
        path = folder / "table.gmtool"
        with pytest.raises(NotWritableError) as refused:
            Workspace.open(path)
        assert "read-only" in refused.value.message()
        looking = Workspace.open(path, read_only=True)
        try:
            assert looking.read_only and looking.encounter.state.combatants  # the demo, readable
            with pytest.raises(StorageError, match="read-only"):
                looking.session.execute(cmd.StartTurn())
        finally:
            looking.close()


def test_a_campaign_file_without_write_permission_is_not_writable(tmp_path: Path, monkeypatch) -> None:
    """As a user other than root: a file mode 0444 is refused for writing, offered read-only."""
    path = tmp_path / "table.gmtool"
    Workspace.create(path).close()
    real_open = os.open

    def no_write(file, flags, *args):  # noqa: ANN001, ANN202 - what the OS answers a user without the right
        if str(file) == str(path) and flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args)

    monkeypatch.setattr(os, "open", no_write)
    with pytest.raises(NotWritableError, match="Permission denied"):
        Workspace.open(path)
    monkeypatch.undo()
    assert not list(tmp_path.glob(".table.gmtool.lock"))  # the refusal let go of the lock
    shutil.rmtree(tmp_path / "data", ignore_errors=True)


def test_a_full_disk_while_a_new_campaign_gets_its_schema_says_full_not_upgrade(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: a full disk during a campaign's creation said it "could not be upgraded"."""
    import sqlite3

    from gmtool.storage import migrations

    def full(_conn: object, _step: object) -> None:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = 13  # SQLITE_FULL, as SQLite sets it
        raise error

    monkeypatch.setattr(migrations, "_run_step", full)
    with pytest.raises(StorageError) as refused:
        Workspace.create(tmp_path / "new.gmtool")
    assert refused.value.key == "error.disk_full"
    assert "upgraded" not in refused.value.message() and "new.gmtool" in refused.value.message()
    assert not (tmp_path / "new.gmtool").exists() and _leftovers(tmp_path) == []
