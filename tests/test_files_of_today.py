"""Issue 14: a campaign written by today's code (after the games became plug-ins) opens and replays
to the very states that code folded, rolling no dice; its templates read back through their games.

``tests/data/campaign_issue14.gmtool`` and ``campaign_issue14.json`` were written once by
``tests/data/make_issue14_campaign.py``; tests only open copies. (The first release's file is
``tests/test_storage_migrations.py``'s.)
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from gmtool.core.dice import DiceSource
from gmtool.storage.campaign import Campaign
from gmtool.storage.templates import load_template
from gmtool.storage.workspace import Workspace
from tests.data.make_issue14_campaign import canonical

DATA = Path(__file__).parent / "data"


def no_dice(self: DiceSource, seq: int) -> random.Random:
    raise AssertionError("opening a campaign rolled dice")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    path = tmp_path / "today.gmtool"
    shutil.copyfile(DATA / "campaign_issue14.gmtool", path)
    return path


EMPTY = (None, False, 0, 1, {}, [], "hermetic")  # how a field added since the file was written starts
# (1: a next id; "hermetic": the SR4 sheet's tradition); a dict of such values (the SR4 magic state) too


def starting(value: object) -> bool:
    return value in EMPTY or (isinstance(value, dict) and all(starting(v) for v in value.values()))


def as_written(now: dict, written: dict) -> dict:
    """Today's state without the fields added since the file was written (the state and each combatant);
    those must still hold their starting value, since the file's commands never touched them."""
    def known(fields: dict, golden: dict) -> dict:
        added = {k: v for k, v in fields.items() if k not in golden}
        assert all(starting(v) for v in added.values()), added
        return {k: v for k, v in fields.items() if k in golden}

    state = known(now, written)
    if isinstance(state.get("combatants"), dict):
        state["combatants"] = {cid: known(c, written["combatants"].get(cid, c)) for cid, c in state["combatants"].items()}
        for cid, c in state["combatants"].items():  # the sheet's new fields (SR4: magic, tradition) too
            if isinstance(c.get("sheet"), dict) and cid in written["combatants"]:
                c["sheet"] = known(c["sheet"], written["combatants"][cid]["sheet"])
    return state


def test_todays_campaign_replays_to_the_states_it_was_written_with(copy: Path, monkeypatch) -> None:  # noqa: ANN001
    golden = json.loads((DATA / "campaign_issue14.json").read_text(encoding="utf-8"))
    monkeypatch.setattr(DiceSource, "for_command", no_dice)
    campaign = Campaign.open(copy)
    try:
        encounters = campaign.encounters()
        assert [(e.ruleset, e.name) for e in encounters] == [
            ("sr5", "Demo: ambush at the Redmond loading dock"), ("sr4", "Demo (SR4): the Tacoma freight yard")]
        assert campaign.current_encounter_id() == encounters[0].id
        for encounter in encounters:
            written = golden[str(encounter.id)]
            assert as_written(canonical(campaign.load_encounter(encounter.id).state), written) == written
        templates = [load_template(campaign.library, s.id) for s in campaign.library.search()]
        assert sorted((library.game_of(t), library.columns(t).name) for library, t in templates) == [
            ("sr4", "Yard guard"), ("sr5", "Halloweener")]
    finally:
        campaign.close()


def test_its_undo_history_survives(copy: Path) -> None:
    workspace = Workspace.open(copy)
    try:
        before = len(workspace.encounter.state.combatants)
        assert workspace.session.undo()  # the grunt group, redone when the file was written
        assert len(workspace.encounter.state.combatants) == before - 3
    finally:
        workspace.close()
