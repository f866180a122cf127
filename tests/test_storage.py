"""The campaign file: round trip, refusal of foreign or broken files, durability per command.

A refused file must be left exactly as it was: same bytes, same mtime, and no
``-wal``/``-shm`` files created beside it (product.md, Persistence).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import BaseModel

from gmtool.core.dice import DiceSource
from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import catalogue, set_language
from gmtool.core.journal import JournalEntry
from gmtool.core.session import EncounterSession
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet
from gmtool.storage.campaign import SCHEMA_VERSION, Campaign, inspect
from gmtool.storage.paths import DEFAULT_CAMPAIGN, data_dir, default_campaign_path
from gmtool.storage.workspace import Workspace

OLD_TIME_NS = 978_307_200_000_000_000  # 2001-01-01: any write would move the mtime to now


def canonical(state: object) -> str:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.dumps(dataclasses.asdict(state), default=default, sort_keys=True)  # type: ignore[call-overload]


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update(attributes)
    return Sheet(name=name, attributes=values, edge_points=2, initiative_dice=2)


def play(session: EncounterSession) -> None:
    """A short fight with dice, undo and redo."""
    session.execute(cmd.AddCombatant(sheet=sheet("Ayla", REA=5)))
    session.execute(cmd.AddCombatant(sheet=sheet("Bram")))
    session.execute(cmd.StartTurn())
    session.execute(cmd.SeizeInitiative(combatant="c2"))
    session.execute(cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=3, modifier=0, threshold=2))
    session.execute(cmd.NextPhase())
    session.undo()
    session.redo()
    session.execute(cmd.EditSheet(combatant="c1", field="name", value="アイラ"))


def new_campaign(path: Path) -> tuple[Campaign, EncounterSession]:
    campaign = Campaign.create(path)
    encounter_id = campaign.create_encounter("Test fight", "sr5", seed=1234)
    return campaign, EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)


def sidecars(path: Path) -> list[Path]:
    return [p for p in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")) if p.exists()]


# -- round trip ----------------------------------------------------------------------------
def test_state_is_identical_after_reopening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fight.gmtool"
    campaign, session = new_campaign(path)
    play(session)
    expected = canonical(session.encounter.state)
    entries = [e.to_record() for e in session.encounter.entries]
    encounter_id = session.encounter_id
    campaign.close()
    assert sidecars(path) == []  # closing checkpoints the WAL

    assert inspect(path) == SCHEMA_VERSION

    def no_dice(self: DiceSource, seq: int) -> random.Random:
        raise AssertionError("loading a campaign rolled dice")

    monkeypatch.setattr(DiceSource, "for_command", no_dice)
    reopened = Campaign.open(path)
    try:
        assert [info.name for info in reopened.encounters()] == ["Test fight"]
        assert reopened.current_encounter_id() == encounter_id
        assert reopened.journal_length(encounter_id) == len(entries)
        encounter = reopened.load_encounter(encounter_id)
        assert canonical(encounter.state) == expected
        assert [e.to_record() for e in encounter.entries] == entries
        assert encounter.seed == 1234
        assert encounter.state.combatants["c1"].sheet.name == "アイラ"
    finally:
        reopened.close()


def test_workspace_reopens_where_it_left_off(tmp_path: Path) -> None:
    path = tmp_path / "fight.gmtool"
    campaign, session = new_campaign(path)
    play(session)
    expected = canonical(session.encounter.state)
    campaign.close()
    workspace = Workspace.open(path)
    try:
        assert workspace.encounter_name == "Test fight"
        assert canonical(workspace.encounter.state) == expected
        workspace.session.undo()  # the undo history survived
        assert workspace.encounter.state.combatants["c1"].sheet.name == "Ayla"
    finally:
        workspace.close()


# -- refusing files ------------------------------------------------------------------------------
def _text_file(path: Path) -> None:
    path.write_text("These are my session notes, not a campaign.\n" * 20, encoding="utf-8")


def _random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(42).randbytes(20_000))


def _full_campaign(path: Path) -> None:
    campaign, session = new_campaign(path)
    play(session)
    for i in range(40):
        campaign.set_meta(f"filler{i}", "x" * 500)
    campaign.close()


def _truncated_campaign(path: Path) -> None:
    _full_campaign(path)
    data = path.read_bytes()
    assert len(data) > 4 * 4096
    path.write_bytes(data[: len(data) // 2])


def _damaged_campaign(path: Path) -> None:
    """Every page after the first overwritten: the header is fine, the tables are not."""
    _full_campaign(path)
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size:] = random.Random(7).randbytes(len(data) - page_size)
    path.write_bytes(bytes(data))


def _foreign_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (1)")
    conn.commit()
    conn.close()


def _newer_campaign(path: Path) -> None:
    Campaign.create(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "text file": (_text_file, "error.not_a_campaign"),
    "random bytes": (_random_bytes, "error.not_a_campaign"),
    "truncated campaign": (_truncated_campaign, "error.campaign_truncated"),
    "damaged campaign": (_damaged_campaign, "error.campaign_damaged"),
    "SQLite file that is not ours": (_foreign_sqlite, "error.not_a_campaign"),
    "campaign from a newer gmtool": (_newer_campaign, "error.campaign_newer"),
}


@pytest.mark.parametrize("opener", ["inspect", "Campaign.open", "Workspace.open"])
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_files_are_refused_and_left_untouched(tmp_path: Path, case: str, opener: str) -> None:
    make, key = BAD_FILES[case]
    path = tmp_path / "suspect.gmtool"
    make(path)
    assert sidecars(path) == []
    os.utime(path, ns=(OLD_TIME_NS, OLD_TIME_NS))
    before_bytes = path.read_bytes()
    before_listing = sorted(p.name for p in tmp_path.iterdir())

    open_it: Callable[[Path], object] = {
        "inspect": inspect,
        "Campaign.open": Campaign.open,
        "Workspace.open": Workspace.open,
    }[opener]
    with pytest.raises(FileFormatError) as info:
        open_it(path)

    error = info.value
    assert error.key == key
    for language in ("en", "ja"):
        assert key in catalogue(language).messages
    assert error.message() != key
    assert path.read_bytes() == before_bytes
    assert path.stat().st_mtime_ns == OLD_TIME_NS
    assert sidecars(path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == before_listing


def test_newer_schema_message_names_both_versions(tmp_path: Path) -> None:
    path = tmp_path / "future.gmtool"
    _newer_campaign(path)
    with pytest.raises(FileFormatError) as info:
        inspect(path)
    assert info.value.args_for_message["version"] == 99
    assert info.value.args_for_message["supported"] == SCHEMA_VERSION


def test_missing_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError) as info:
        inspect(tmp_path / "nowhere.gmtool")
    assert info.value.key == "userfile.missing"
    assert info.value.message() == "nowhere.gmtool (campaign) was not read: it does not exist."
    assert not (tmp_path / "nowhere.gmtool").exists()


@pytest.mark.parametrize("existing", ["campaign", "other file"])
def test_create_refuses_an_existing_path(tmp_path: Path, existing: str) -> None:
    path = tmp_path / "taken.gmtool"
    if existing == "campaign":
        Campaign.create(path).close()
    else:
        _text_file(path)
    before = path.read_bytes()
    with pytest.raises(FileFormatError) as info:
        Campaign.create(path)
    assert info.value.key == "error.file_exists"
    assert path.read_bytes() == before


def test_unknown_ruleset_is_refused(tmp_path: Path) -> None:
    campaign = Campaign.create(tmp_path / "c.gmtool")
    try:
        with pytest.raises(FileFormatError) as info:
            campaign.create_encounter("Rally", "no_such_game", seed=1)
        assert info.value.key == "error.unknown_ruleset"
        assert campaign.encounters() == []
    finally:
        campaign.close()


def test_a_damaged_journal_record_is_refused_on_load(tmp_path: Path) -> None:
    path = tmp_path / "c.gmtool"
    campaign, session = new_campaign(path)
    session.execute(cmd.AddCombatant(sheet=sheet("Ayla")))
    other = sqlite3.connect(path)
    try:
        other.execute("UPDATE journal SET record = '{not json' WHERE seq = 1")
        other.commit()
    finally:
        other.close()
    try:
        with pytest.raises(FileFormatError) as info:
            campaign.load_encounter(session.encounter_id)
        assert info.value.key == "error.journal_bad_message"
    finally:
        campaign.close()


# -- the default campaign and the demo ------------------------------------------------------------
def test_open_default_creates_the_demo_under_the_data_dir(tmp_path: Path) -> None:
    assert os.environ["GMTOOL_DATA_DIR"] == str(tmp_path / "data")
    assert default_campaign_path() == tmp_path / "data" / DEFAULT_CAMPAIGN
    workspace = Workspace.open_default()
    try:
        assert workspace.campaign.path == data_dir() / DEFAULT_CAMPAIGN
        assert workspace.campaign.path.exists()
        combatants = workspace.encounter.state.combatants
        assert 4 <= len(combatants) <= 6
        demo = demo_definition()
        assert [c.sheet for c in combatants.values()] == demo.combatants
        assert workspace.encounter_name == demo.name
        assert workspace.encounter.seed == demo.seed
        assert any(c.sheet.is_npc for c in combatants.values())
        assert any(not c.sheet.is_npc for c in combatants.values())
        expected = canonical(workspace.encounter.state)
    finally:
        workspace.close()
    again = Workspace.open_default()  # the second start opens the same file, no second demo
    try:
        assert [info.ruleset for info in again.campaign.encounters()] == ["sr5", "sr4", "badlands_rally", "aura_battler"]  # every game's demo
        assert canonical(again.encounter.state) == expected
    finally:
        again.close()


def test_demo_name_follows_the_language() -> None:
    set_language("ja")
    workspace = Workspace.open_default()
    try:
        assert workspace.encounter_name == demo_definition("ja").name == "デモ：レドモンド搬入口の待ち伏せ"
    finally:
        workspace.close()


# -- durability -----------------------------------------------------------------------------------
def test_every_append_is_visible_to_another_connection_when_it_returns(tmp_path: Path) -> None:
    path = tmp_path / "durable.gmtool"
    campaign, session = new_campaign(path)
    other = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    ruleset = session.encounter.ruleset

    def check() -> None:
        rows = other.execute(
            "SELECT seq, record FROM journal WHERE encounter_id = ? ORDER BY seq", (session.encounter_id,)
        ).fetchall()
        assert [seq for seq, _ in rows] == list(range(1, len(session.encounter.entries) + 1))
        last = session.encounter.entries[-1]
        stored = JournalEntry.from_record(json.loads(rows[-1][1]), ruleset.commands, ruleset.events)
        assert stored == last

    try:
        steps: list[Callable[[], object]] = [
            lambda: session.execute(cmd.AddCombatant(sheet=sheet("Ayla"))),
            lambda: session.execute(cmd.AddCombatant(sheet=sheet("Bram"))),
            lambda: session.execute(cmd.StartTurn()),
            lambda: session.execute(cmd.TakeAction(combatant="c1", action="free")),
            session.undo,
            session.redo,
            lambda: session.execute(cmd.NextPhase()),
        ]
        for step in steps:
            step()
            check()
    finally:
        other.close()
        campaign.close()


def test_a_new_campaign_appears_only_complete_with_its_demo(tmp_path: Path) -> None:
    """The demo is written before the file gets its name: no half-made campaign ever exists."""
    from gmtool.storage.campaign import Campaign

    path = tmp_path / "new.gmtool"
    seen_during_populate: list[bool] = []

    def populate(campaign: Campaign) -> None:
        seen_during_populate.append(path.exists())
        campaign.create_encounter("x", "sr5", 1)

    Campaign.create(path, populate=populate).close()
    assert seen_during_populate == [False]
    reopened = Campaign.open(path)
    try:
        assert [e.name for e in reopened.encounters()] == ["x"]
    finally:
        reopened.close()
    ws = Workspace.create(tmp_path / "demo.gmtool")
    try:
        assert 4 <= len(ws.encounter.state.combatants) <= 6
    finally:
        ws.close()
