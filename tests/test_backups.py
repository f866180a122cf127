"""Rotated backups made on opening a campaign, listing them, and restoring one."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError, StorageError
from gmtool.core.i18n import catalogue, set_language
from gmtool.core.session import EncounterSession
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet
from gmtool.storage.backups import (
    DEFAULT_KEEP,
    KEEP_MAX,
    backup_folder,
    list_backups,
    make_backup,
    prune_backups,
    restore_backup,
)
from gmtool.storage.campaign import SCHEMA_VERSION, Campaign, inspect
from gmtool.storage.paths import data_dir

REPO = Path(__file__).resolve().parents[1]


def sheet(name: str) -> Sheet:
    return Sheet(name=name, attributes={a: 3 for a in ATTRIBUTES}, edge_points=1, initiative_dice=1)


def new_campaign(path: Path, fighters: tuple[str, ...] = ("Ayla",)) -> None:
    campaign = Campaign.create(path)
    try:
        encounter_id = campaign.create_encounter("Fight", "sr5", seed=5)
        add_fighters(campaign, encounter_id, fighters)
    finally:
        campaign.close()


def add_fighters(campaign: Campaign, encounter_id: int, fighters: tuple[str, ...]) -> None:
    session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)
    for name in fighters:
        session.execute(cmd.AddCombatant(sheet=sheet(name)))


def fighters_in(path: Path) -> list[str]:
    """The combatants of the first encounter, replayed from a copy opened without backups."""
    campaign = Campaign.open(path, keep_backups=0)
    try:
        encounter = campaign.load_encounter(campaign.encounters()[0].id)
        return [c.sheet.name for c in encounter.state.combatants.values()]
    finally:
        campaign.close()


def sidecars(path: Path) -> list[str]:
    return [s for s in ("-wal", "-shm", "-journal") if path.with_name(path.name + s).exists()]


# -- made on opening --------------------------------------------------------------------------
def test_opening_backs_up_into_the_data_folder(tmp_path: Path) -> None:
    path = tmp_path / "campaigns" / "My Campaign.gmtool"
    path.parent.mkdir()
    new_campaign(path, ("Ayla", "Bram"))
    campaign = Campaign.open(path)
    try:
        made = campaign.backup.path
        assert campaign.backup.error is None and made is not None
    finally:
        campaign.close()
    assert made.parent == data_dir() / "backups" == backup_folder()
    assert re.fullmatch(r"My Campaign\.[0-9a-f]{8}\.\d{8}T\d{12}Z\.gmtool", made.name)
    assert sidecars(made) == []  # one self-contained file
    assert inspect(made) == SCHEMA_VERSION
    assert fighters_in(made) == ["Ayla", "Bram"]
    (listed,) = list_backups(path)
    assert listed.path == made and listed.size_bytes == made.stat().st_size
    assert listed.created.tzinfo is not None


def test_a_backup_holds_commits_still_in_the_wal(tmp_path: Path) -> None:
    """The backup API reads through the WAL: every committed command is in the copy."""
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path, keep_backups=0)
    try:
        add_fighters(campaign, campaign.encounters()[0].id, ("Bram", "Cole"))
        assert path.with_name(path.name + "-wal").stat().st_size > 0  # not checkpointed yet
        outcome = campaign.make_backup(keep=3)
    finally:
        campaign.close()
    assert outcome.error is None and outcome.path is not None
    assert fighters_in(outcome.path) == ["Ayla", "Bram", "Cole"]


def test_only_the_last_n_backups_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    made = []
    for _ in range(DEFAULT_KEEP + 3):
        campaign = Campaign.open(path)
        made.append(campaign.backup.path)
        campaign.close()
    assert len(set(made)) == DEFAULT_KEEP + 3  # every open made its own
    listed = [info.path for info in list_backups(path)]
    assert listed == list(reversed(made))[:DEFAULT_KEEP]  # the newest first
    assert all(not p.exists() for p in made[:3] if p is not None)
    campaign = Campaign.open(path, keep_backups=2)
    campaign.close()
    assert len(list_backups(path)) == 2
    campaign = Campaign.open(path, keep_backups=0)  # none made, none pruned
    try:
        assert campaign.backup.path is None and campaign.backup.error is None
    finally:
        campaign.close()
    assert len(list_backups(path)) == 2


def test_campaigns_with_the_same_file_name_keep_their_own_backups(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "campaign.gmtool", tmp_path / "b" / "campaign.gmtool"
    for path, fighter in ((first, "Ayla"), (second, "Bram")):
        path.parent.mkdir()
        new_campaign(path, (fighter,))
    for _ in range(3):
        Campaign.open(first, keep_backups=2).close()
    Campaign.open(second, keep_backups=2).close()
    assert len(list_backups(first)) == 2 and len(list_backups(second)) == 1
    assert fighters_in(list_backups(second)[0].path) == ["Bram"]


def test_a_failed_backup_never_fails_the_open(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the backup folder should be", encoding="utf-8")
    campaign = Campaign.open(path, backup_folder=blocker)
    try:
        error = campaign.backup.error
        assert campaign.backup.path is None and error is not None
        assert error.key == "storage.error.backup_failed"
        for language in ("en", "ja"):
            assert error.key in catalogue(language).messages
        set_language("ja")
        assert "バックアップ" in error.message() and str(path) in error.message()
        add_fighters(campaign, campaign.encounters()[0].id, ("Bram",))  # the campaign works as usual
    finally:
        campaign.close()
    assert fighters_in(path) == ["Ayla", "Bram"]


def test_keep_out_of_range_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    conn = sqlite3.connect(path)
    try:
        for keep in (-1, KEEP_MAX + 1, True):
            with pytest.raises(StorageError) as info:
                make_backup(conn, path, keep)  # type: ignore[arg-type]
            assert info.value.key == "storage.error.keep_backups"
    finally:
        conn.close()
    campaign = Campaign.open(path, keep_backups=-1)  # reported, the open still succeeds
    try:
        assert campaign.backup.error is not None and campaign.backup.error.key == "storage.error.keep_backups"
    finally:
        campaign.close()


def test_listing_ignores_other_files_and_a_cut_short_backup_is_cleaned(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    folder = backup_folder()
    folder.mkdir(parents=True)
    first = Campaign.open(path).backup.path
    assert first is not None
    partial = folder / f".{first.name[:-7]}9.gmtool.partial"
    partial.write_bytes(b"half a copy")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "c.gmtool").write_text("not a backup name", encoding="utf-8")
    assert [info.path for info in list_backups(path)] == [first]
    Campaign.open(path).close()
    assert not partial.exists()
    assert (folder / "notes.txt").exists() and (folder / "c.gmtool").exists()
    assert prune_backups(path, 1) == [first]


# -- restoring ------------------------------------------------------------------------------------
def test_restore_brings_back_a_backup_and_keeps_the_current_file(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path)
    old = campaign.backup.path
    add_fighters(campaign, campaign.encounters()[0].id, ("Bram",))
    campaign.close()
    assert old is not None

    kept = restore_backup(old, path)
    assert fighters_in(path) == ["Ayla"]
    assert kept is not None and fighters_in(kept) == ["Ayla", "Bram"]  # the replaced file, as a backup
    assert [info.path for info in list_backups(path)] == [kept, old]
    assert sidecars(path) == []
    assert inspect(path) == SCHEMA_VERSION


def test_restoring_over_a_crashed_campaign_keeps_its_wal_commits(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path)
    old = campaign.backup.path
    campaign.close()
    assert old is not None
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from gmtool.storage.campaign import Campaign\n"
        "from tests.test_backups import add_fighters\n"
        "c = Campaign.open(Path(sys.argv[1]), keep_backups=0)\n"
        "add_fighters(c, c.encounters()[0].id, ('Bram', 'Cole'))\n"
        "os._exit(9)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60, check=False)
    assert done.returncode == 9, done.stderr
    assert "-wal" in sidecars(path)  # the crash left its commits in the WAL

    kept = restore_backup(old, path)
    assert kept is not None and fighters_in(kept) == ["Ayla", "Bram", "Cole"]
    assert sidecars(path) == []  # no stale WAL left to be replayed into the restored file
    assert fighters_in(path) == ["Ayla"]


def test_the_oldest_backup_can_be_restored_when_the_folder_is_full(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    first = Campaign.open(path, keep_backups=2)
    oldest = first.backup.path
    add_fighters(first, first.encounters()[0].id, ("Bram",))
    first.close()
    Campaign.open(path, keep_backups=2).close()
    assert oldest is not None and list_backups(path)[-1].path == oldest
    kept = restore_backup(oldest, path, keep=2)  # keeping the current file prunes the oldest…
    assert fighters_in(path) == ["Ayla"]  # …after it was staged beside the campaign
    assert kept is not None and fighters_in(kept) == ["Ayla", "Bram"]
    assert len(list_backups(path)) == 2


@pytest.mark.parametrize("kind", ["damaged", "newer", "text"])
def test_a_bad_backup_is_refused_and_nothing_changes(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path, ("Ayla", "Bram"))
    bad = tmp_path / "bad.gmtool"
    if kind == "text":
        bad.write_text("notes" * 100, encoding="utf-8")
    else:
        new_campaign(bad)
        conn = sqlite3.connect(bad)
        if kind == "newer":
            conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
            conn.commit()
            conn.close()
        else:
            conn.close()
            data = bytearray(bad.read_bytes())
            data[4096:] = bytes(len(data) - 4096)
            bad.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(FileFormatError):
        restore_backup(bad, path)
    assert path.read_bytes() == before
    assert list_backups(path) == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_restoring_over_a_damaged_campaign_keeps_its_raw_bytes(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    new_campaign(path)
    campaign = Campaign.open(path)
    good = campaign.backup.path
    campaign.close()
    assert good is not None
    path.write_bytes(b"SQLite format 3\x00" + bytes(200))  # a wrecked campaign
    wrecked = path.read_bytes()
    kept = restore_backup(good, path)
    assert kept is not None and kept.name.endswith(".damaged.gmtool")
    assert kept.read_bytes() == wrecked
    assert fighters_in(path) == ["Ayla"]
    assert [info.path for info in list_backups(path)] == [good]  # the raw copy is never pruned or listed
