"""The opening backup after the first paint (issue 19): ``backup_later`` moves the copy, which grows
with the file, out of the program's start, yet it always holds the file as it was opened."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from gmtool.storage.backups import list_backups
from gmtool.storage.campaign import Campaign
from tests.test_backups import fighters_in, new_campaign
from tests.test_storage_migrations import first_schema_copy


def _meta(path: Path, key: str) -> str | None:
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def test_the_backup_waits_until_asked(tmp_path: Path) -> None:
    path = tmp_path / "Later.gmtool"
    new_campaign(path, ("Ayla", "Bram"))
    campaign = Campaign.open(path, backup_later=True)
    try:
        assert campaign.backup_pending and list_backups(path) == []
        outcome = campaign.finish_backup()
        assert not campaign.backup_pending and outcome.error is None and outcome.path is not None
        assert [b.path for b in list_backups(path)] == [outcome.path]
        assert campaign.finish_backup() is outcome and len(list_backups(path)) == 1  # once
    finally:
        campaign.close()
    assert fighters_in(outcome.path) == ["Ayla", "Bram"]


def test_the_first_write_backs_up_the_file_as_it_was_opened_first(tmp_path: Path) -> None:
    path = tmp_path / "Written.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path, backup_later=True)
    try:
        campaign.set_meta("note", "written after opening")
        assert not campaign.backup_pending
        made = campaign.backup.path
    finally:
        campaign.close()
    assert made is not None
    assert _meta(made, "note") is None  # the copy is of the file before the write
    assert _meta(path, "note") == "written after opening"


def test_a_file_to_migrate_is_backed_up_at_once(tmp_path: Path) -> None:
    path = first_schema_copy(tmp_path)
    campaign = Campaign.open(path, backup_later=True)
    try:
        assert not campaign.backup_pending  # the migration writes: the backup cannot wait
        assert campaign.backup.path is not None
    finally:
        campaign.close()


def test_without_backup_later_it_is_made_on_opening_as_before(tmp_path: Path) -> None:
    path = tmp_path / "Now.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path)
    try:
        assert not campaign.backup_pending and campaign.backup.path is not None
    finally:
        campaign.close()
