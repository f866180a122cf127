"""Schema migrations: a campaign written by the first release opens, upgraded, with nothing lost.

``tests/data/campaign_schema1.gmtool`` was written once by the code of the first
commit that had ``gmtool/storage/campaign.py`` (see ``tests/data/make_v1_campaign.py``);
tests only ever open copies of it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from pydantic import BaseModel

from gmtool.core.dice import DiceSource
from gmtool.core.errors import FileFormatError, StorageError
from gmtool.core.i18n import catalogue, set_language
from gmtool.storage import campaign as campaign_module
from gmtool.storage.backups import list_backups
from gmtool.storage.campaign import SCHEMA_VERSION, Campaign, inspect
from gmtool.storage.migrations import MIGRATIONS, Migration, check_chain, migrate
from gmtool.storage.workspace import Workspace

DATA = Path(__file__).parent / "data" / "campaign_schema1.gmtool"
OLD_TIME_NS = 978_307_200_000_000_000


def canonical(state: object) -> str:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.dumps(dataclasses.asdict(state), default=default, sort_keys=True)  # type: ignore[call-overload]


def first_schema_copy(folder: Path) -> Path:
    path = folder / "old.gmtool"
    shutil.copyfile(DATA, path)
    return path


def raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def schema_of(path: Path) -> list[tuple[object, ...]]:
    return raw(path, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")


def no_dice(self: DiceSource, seq: int) -> random.Random:
    raise AssertionError("loading a campaign rolled dice")


# -- the first release's file -------------------------------------------------------------------
def test_the_committed_file_is_a_first_schema_campaign(tmp_path: Path) -> None:
    assert inspect(DATA) == 1  # read immutable: leaves nothing beside the committed file
    assert SCHEMA_VERSION > 1
    copy = first_schema_copy(tmp_path)  # a plain read-only connection would leave -wal/-shm files
    tables = {name for (name,) in raw(copy, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"schema_version", "meta", "encounters", "journal"}
    assert sorted(p.name for p in DATA.parent.iterdir() if p.name.startswith(DATA.name)) == [DATA.name]


def test_a_first_schema_campaign_migrates_and_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = first_schema_copy(tmp_path)
    journal_before = raw(path, "SELECT encounter_id, seq, record, created FROM journal ORDER BY encounter_id, seq")
    encounters_before = raw(path, "SELECT id, name, ruleset, seed, created FROM encounters ORDER BY id")
    assert len(journal_before) == 10 and len(encounters_before) == 2

    monkeypatch.setattr(DiceSource, "for_command", no_dice)
    campaign = Campaign.open(path)
    try:
        assert campaign.backup.error is None and campaign.backup.path is not None
        assert [(e.id, e.name, e.ruleset, e.seed) for e in campaign.encounters()] == [
            (1, "Warehouse raid", "sr5", 2024), (2, "Bar fight", "sr5", 77)
        ]
        assert campaign.current_encounter_id() == 1
        raid = campaign.load_encounter(1)
        assert len(raid.entries) == 8 and raid.can_undo
        assert [c.sheet.name for c in raid.state.combatants.values()] == ["アイラ", "Bram"]
        assert raid.state.combatants["c1"].sheet.attributes["REA"] == 5
        bar = campaign.load_encounter(2)
        assert [c.sheet.name for c in bar.state.combatants.values()] == ["Ganger", "Bouncer"]
        expected = canonical(raid.state)
        template_id = campaign.library.add("sr5", "Ganger", {"schema_version": 1}, tags=["gang"])
        assert [s.id for s in campaign.library.search("gang")] == [template_id]
    finally:
        campaign.close()

    assert inspect(path) == SCHEMA_VERSION
    assert raw(path, "SELECT encounter_id, seq, record, created FROM journal ORDER BY encounter_id, seq") == (
        journal_before
    )
    assert raw(path, "SELECT id, name, ruleset, seed, created FROM encounters ORDER BY id") == encounters_before
    # the backup made on opening is the file as it was: still the first schema
    (backup,) = list_backups(path)
    assert inspect(backup.path) == 1
    workspace = Workspace.open(path)  # the second open does not migrate again
    try:
        assert canonical(workspace.encounter.state) == expected
        workspace.session.undo()  # the undo history survived the upgrade
        assert workspace.encounter.state.combatants["c1"].sheet.name == "Ayla"
        assert workspace.campaign.library.get(template_id).tags == ("gang",)
    finally:
        workspace.close()


def test_a_migrated_campaign_has_the_schema_of_a_new_one(tmp_path: Path) -> None:
    path = first_schema_copy(tmp_path)
    Campaign.open(path, keep_backups=0).close()
    fresh = tmp_path / "fresh.gmtool"
    Campaign.create(fresh).close()
    assert schema_of(path) == schema_of(fresh)
    assert raw(path, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    assert raw(path, "PRAGMA application_id") == raw(fresh, "PRAGMA application_id")


def test_a_file_newer_than_the_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.gmtool"
    Campaign.create(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.commit()
    conn.close()
    os.utime(path, ns=(OLD_TIME_NS, OLD_TIME_NS))
    before = path.read_bytes()
    for opener in (inspect, Campaign.open, Workspace.open):
        with pytest.raises(FileFormatError) as info:
            opener(path)
        assert info.value.key == "error.campaign_newer"
        assert info.value.args_for_message == {
            "path": str(path), "version": SCHEMA_VERSION + 1, "supported": SCHEMA_VERSION
        }
    assert path.read_bytes() == before and path.stat().st_mtime_ns == OLD_TIME_NS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["future.gmtool"]
    assert list_backups(path) == []  # refused before any backup


# -- failures ------------------------------------------------------------------------------------
def library_then_fail(conn: sqlite3.Connection) -> None:
    MIGRATIONS[0].apply(conn)
    conn.execute("INSERT INTO npc_templates (game, name, tags, professional_rating, notes, document_version,"
                 " created, updated) VALUES ('sr5', 'x', '[]', NULL, '', 1, 'now', 'now')")
    conn.execute("SELECT * FROM no_such_table")  # fails after real changes


def failing(monkeypatch: pytest.MonkeyPatch, chain: tuple[Migration, ...]) -> None:
    monkeypatch.setattr(campaign_module, "migrate", lambda conn, path: migrate(conn, path, chain))


def test_a_failing_step_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = first_schema_copy(tmp_path)
    before = path.read_bytes()
    failing(monkeypatch, (Migration(2, "breaks halfway", library_then_fail),))
    with pytest.raises(StorageError) as info:
        Campaign.open(path)
    error = info.value
    assert error.key == "storage.error.migration_failed"
    assert error.args_for_message["version"] == 2 and "no_such_table" in error.args_for_message["detail"]
    for language in ("en", "ja"):
        assert error.key in catalogue(language).messages
        set_language(language)
        assert str(path) in error.message()
    assert path.read_bytes() == before
    assert not path.with_name(path.name + "-wal").exists()
    assert inspect(path) == 1
    monkeypatch.undo()
    campaign = Campaign.open(path)  # the real migration still works afterwards
    try:
        assert campaign.library.count() == 0 and len(campaign.encounters()) == 2
    finally:
        campaign.close()


def test_steps_done_before_a_failing_one_stay_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = first_schema_copy(tmp_path)

    def notes_then_fail(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE session_notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        raise sqlite3.OperationalError("disk I/O error (injected)")

    failing(monkeypatch, (MIGRATIONS[0], Migration(3, "notes", notes_then_fail)))
    with pytest.raises(StorageError) as info:
        Campaign.open(path, keep_backups=0)
    assert info.value.args_for_message["version"] == 3
    assert inspect(path) == 2  # step 2 committed with its version, step 3 not at all
    tables = {name for (name,) in raw(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "npc_templates" in tables and "session_notes" not in tables


def test_steps_run_in_order_and_only_once(tmp_path: Path) -> None:
    path = first_schema_copy(tmp_path)
    ran: list[int] = []

    def step(target: int) -> Migration:
        def apply(conn: sqlite3.Connection) -> None:
            ran.append(target)
            conn.execute(f"CREATE TABLE step_{target} (x INTEGER)")

        return Migration(target, f"step {target}", apply)

    chain = (step(2), step(3), step(4))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate(conn, path, chain) == 4
        assert migrate(conn, path, chain) == 4
    finally:
        conn.close()
    assert ran == [2, 3, 4]
    assert raw(path, "SELECT version FROM schema_version") == [(4,)]


@pytest.mark.parametrize("targets", [(3,), (2, 4), (2, 2), (1, 2)])
def test_a_chain_with_gaps_is_a_programming_error(targets: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        check_chain([Migration(t, "x", lambda conn: None) for t in targets])


def test_the_released_chain_is_consecutive() -> None:
    check_chain(MIGRATIONS)
    assert MIGRATIONS[-1].target == SCHEMA_VERSION
