"""SR5-T1: the action list as data, offered with the phase budget enforced."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.actions import action_list, budget_left
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.turn import current_actor


def fight() -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=5)
    for sheet in demo_definition().combatants:
        enc.commit(enc.prepare(cmd.AddCombatant(sheet=sheet)))
    enc.commit(enc.prepare(cmd.StartTurn()))
    return enc


@pytest.mark.rule("SR5-T1")
def test_the_list_holds_the_p162_actions_by_kind() -> None:
    table = action_list()
    kinds = {a.key: a.kind for a in table.actions}
    assert table.page == 162
    assert kinds["take_aim"] == "simple" and kinds["sprint"] == "complex" and kinds["drop_prone"] == "free"
    assert len({a.key for a in table.actions}) == len(table.actions)
    assert all(a.en and a.ja for a in table.actions)


@pytest.mark.rule("SR5-T1")
@pytest.mark.rule("SR5-I6")
def test_named_actions_spend_the_budget_and_say_why_they_cannot() -> None:
    enc = fight()
    actor = current_actor(enc.state)
    (event,) = enc.prepare(cmd.TakeAction(combatant=actor.id, action="simple", name="take_aim")).events
    enc.commit(enc.prepare(cmd.TakeAction(combatant=actor.id, action="simple", name="take_aim")))
    assert "Take Aim (simple action)" in enc.ruleset.describe(enc.entries[-1].events[0])
    assert budget_left(actor) == (1, False, True)
    with pytest.raises(RulesError) as info:
        enc.prepare(cmd.TakeAction(combatant=actor.id, action="complex", name="sprint"))
    assert info.value.key == "error.phase_budget_spent"
    with pytest.raises(RulesError) as info:
        enc.prepare(cmd.TakeAction(combatant=actor.id, action="simple", name="sprint"))
    assert info.value.key == "error.action_kind"
    with pytest.raises(RulesError) as info:
        enc.prepare(cmd.TakeAction(combatant=actor.id, action="free", name="teleport"))
    assert info.value.key == "error.unknown_action"
    assert event.listed == "take_aim"
