"""An SR4 encounter lives in a campaign beside SR5 ones: create, play, reopen, replay."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from pydantic import BaseModel

from gmtool.core.dice import DiceSource
from gmtool.core.session import EncounterSession
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.turn import current_actor
from gmtool.storage.campaign import Campaign


def canonical(state: object) -> str:
    def default(value: object) -> object:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        raise TypeError(type(value))

    return json.dumps(dataclasses.asdict(state), default=default, sort_keys=True)  # type: ignore[call-overload]


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update(attributes)
    return Sheet(name=name, attributes=values, edge_points=2, initiative_passes=2)


def play(session: EncounterSession) -> None:
    session.execute(cmd.AddCombatant(sheet=sheet("Ayla", REA=5)))
    session.execute(cmd.AddCombatant(sheet=sheet("Bram")))
    session.execute(cmd.SurpriseTest(entries=(
        cmd.SurpriseEntry(combatant="c1", side="a", awareness="ambush"),
        cmd.SurpriseEntry(combatant="c2", side="b"),
    )))
    session.execute(cmd.StartTurn())
    session.execute(cmd.GoFirst(combatant="c2"))
    actor = current_actor(session.encounter.state)
    assert actor is not None
    session.execute(cmd.Move(combatant=actor.id, mode="run", metres=5))
    session.execute(cmd.Sprint(combatant=actor.id, running_skill=2))
    session.execute(cmd.NextPhase())
    session.undo()
    session.redo()
    session.execute(cmd.ApplyDamage(combatant="c1", track="physical", boxes=3))
    session.execute(cmd.EditSheet(combatant="c1", field="name", value="アイラ"))


def test_an_sr4_encounter_is_created_played_and_replayed_from_the_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fight.gmtool"
    campaign = Campaign.create(path)
    sr5_id = campaign.create_encounter("SR5 fight", "sr5", seed=1)
    encounter_id = campaign.create_encounter("SR4 ambush", "sr4", seed=4321)
    encounter = campaign.load_encounter(encounter_id)
    assert isinstance(encounter.ruleset, SR4Ruleset)
    session = EncounterSession(encounter, campaign, encounter_id)
    play(session)
    expected = canonical(session.encounter.state)
    records = [e.to_record() for e in session.encounter.entries]
    campaign.close()

    def no_dice(self: DiceSource, seq: int) -> random.Random:
        raise AssertionError("loading a campaign rolled dice")

    monkeypatch.setattr(DiceSource, "for_command", no_dice)
    reopened = Campaign.open(path)
    try:
        infos = {info.name: info.ruleset for info in reopened.encounters()}
        assert infos == {"SR5 fight": "sr5", "SR4 ambush": "sr4"}
        loaded = reopened.load_encounter(encounter_id)
        assert canonical(loaded.state) == expected
        assert [e.to_record() for e in loaded.entries] == records
        assert loaded.seed == 4321 and loaded.can_undo
        assert loaded.state.combatants["c1"].sheet.name == "アイラ"
        assert reopened.load_encounter(sr5_id).ruleset.key == "sr5"
    finally:
        reopened.close()
