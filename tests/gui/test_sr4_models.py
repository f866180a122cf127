"""The view models on an SR4 encounter pass qtmodeltester through a fight touching every
kind of change, and show the SR4 facts (ladder, flags, breakdown, the SR4 action list)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.initiative_model import (
    COL_FLAGS,
    COL_PASSES,
    COL_SCORE,
    CombatantsModel,
    PassOrderProxy,
)
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.demo import sr4_demo_definition
from gmtool.games.shadowrun.sr4.rules.turn import pass_order
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge


@pytest.fixture
def bridge(workspace: Workspace) -> EncounterBridge:
    sr4 = next(info.id for info in workspace.encounters() if info.ruleset == "sr4")
    return EncounterBridge(workspace.with_encounter(sr4))


def play(bridge: EncounterBridge) -> None:
    """Surprise, initiative, Edge, actions, movement, damage, a newcomer, undo/redo, a departure, passes."""
    entries = tuple(
        cmd.SurpriseEntry(combatant=cid, side="b" if c.sheet.is_npc else "a", awareness="ambush" if not c.sheet.is_npc else "none")
        for cid, c in bridge.state.combatants.items()
    )
    if bridge.state.turn == 0:  # before initiative (SR4-C9)
        assert bridge.execute(cmd.SurpriseTest(entries=entries))
    assert bridge.execute(cmd.StartTurn())
    assert bridge.execute(cmd.ExtraPass(combatant="c2"))
    assert bridge.execute(cmd.GoFirst(combatant=pass_order(bridge.state)[-1].id))
    actor = bridge.current_actor().id
    assert bridge.execute(cmd.TakeAction(combatant=actor, action="take_aim"))
    assert bridge.execute(cmd.Move(combatant=actor, mode="walk", metres=3))
    assert bridge.execute(cmd.ApplyDamage(combatant="c4", track="physical", boxes=6))
    late = sr4_demo_definition().combatants[0].model_copy(update={"name": "Late arrival"})
    assert bridge.execute(cmd.AddCombatant(sheet=late))
    assert bridge.undo() and bridge.redo()
    assert bridge.execute(cmd.RemoveCombatant(combatant="c5"))
    for _ in range(12):
        assert bridge.execute(cmd.NextPhase())
    assert bridge.undo()


def test_combatants_model_and_proxy_pass_the_model_tester(model_testers, bridge) -> None:
    model = CombatantsModel(bridge)
    proxy = PassOrderProxy()
    proxy.setSourceModel(model)
    model_testers(model)
    model_testers(proxy)
    play(bridge)
    assert model.rowCount() == len(bridge.state.combatants)
    shown = [proxy.index(r, 0).data(roles.COMBATANT_ID) for r in range(proxy.rowCount())]
    assert shown == [c.id for c in pass_order(bridge.state)]
    model_testers(model)
    model_testers(proxy)


@pytest.mark.rule("SR4-C1")
@pytest.mark.rule("SR4-E7")
def test_rows_show_the_ladder_flags_and_score_breakdown(bridge) -> None:
    model = CombatantsModel(bridge)
    assert model.headerData(COL_PASSES, Qt.Orientation.Horizontal) == "Passes"
    assert model.index(model.row_of("c1"), COL_PASSES).data(sr_roles.PASS_LADDER) is None  # not rolled yet
    bridge.execute(cmd.StartTurn())
    bridge.execute(cmd.ExtraPass(combatant="c2"))
    row = model.row_of("c2")
    current, ladder = model.index(row, COL_PASSES).data(sr_roles.PASS_LADDER)
    assert current == 1 and ladder[:2] != ("off", "off") and ladder[1] == "later"
    assert "extra pass" in model.index(row, COL_FLAGS).data()
    assert "Acts in passes 1, 2" in model.index(row, COL_PASSES).data(Qt.ItemDataRole.ToolTipRole)
    gravel = bridge.state.combatants["c2"]
    tooltip = model.index(row, COL_SCORE).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == f"Initiative +{gravel.sheet.initiative_attribute} Hits +{gravel.hits}"


def test_sheet_model_shows_and_edits_the_sr4_sheet(model_testers, qtbot, bridge) -> None:
    from gmtool.games.shadowrun.gui.sheet_model import SheetModel

    model = SheetModel(bridge)
    model_testers(model)
    bridge.select("c1")
    fields = [model.index(r, 0).data(roles.FIELD) for r in range(model.rowCount())]
    assert "initiative_passes" in fields and "initiative_dice" not in fields
    index = model.index(fields.index("initiative_passes"), 1)
    assert model.setData(index, 4) and bridge.state.combatants["c1"].sheet.initiative_passes == 4
    with qtbot.waitSignal(model.fieldRefused, timeout=1000) as blocker:
        assert not model.setData(index, 5)
    assert blocker.args[0] == "initiative_passes"
    assert model.allowed_range("initiative_passes") == (1, 4)
    assert model.allowed_range("physical_damage") == (0, bridge.state.combatants["c1"].sheet.physical_max)
    assert model.index(fields.index("metatype"), 1).data() == "Elf"
    play(bridge)


@pytest.mark.rule("SR4-C8")
def test_action_list_model_offers_the_sr4_list_with_the_budget(model_testers, bridge) -> None:
    from gmtool.games.shadowrun.gui.action_list_model import ActionListModel
    from gmtool.games.shadowrun.sr4.rules.actions import action_list

    model = ActionListModel(bridge)
    model_testers(model)
    keys = [model.index(r, 0).data(sr_roles.ACTION_KEY) for r in range(model.rowCount())]
    assert [k for k in keys if k] == [a.id for kind in ("free", "simple", "complex") for a in action_list().actions if a.kind == kind]
    assert model.is_targeted("fire_weapon") and not model.is_targeted("run")

    def enabled(key: str) -> bool:
        return bool(model.flags(model.index(keys.index(key), 0)) & Qt.ItemFlag.ItemIsEnabled)

    bridge.select("c1")
    assert not enabled("run")  # no initiative yet
    bridge.execute(cmd.StartTurn())
    bridge.select(bridge.current_actor().id)
    assert enabled("run") and enabled("melee_attack")
    bridge.execute(cmd.TakeAction(combatant=bridge.current_actor().id, action="melee_attack"))
    assert not enabled("take_aim") and enabled("run")
    assert "0 simple" in model.budget_text()
    play(bridge)


def test_log_model_renders_sr4_events(model_testers, bridge) -> None:
    from gmtool.viewmodels.log_model import LogModel

    model = LogModel(bridge, "SR4 demo")
    model_testers(model)
    play(bridge)
    text = "\n".join(model.index(r, 0).data() for r in range(model.rowCount()))
    assert "surprise test" in text and "initiative test" in text and "acts first" in text


def test_encounter_list_and_surprise_models(model_testers, workspace, bridge) -> None:
    from gmtool.games.shadowrun.gui.surprise_model import COL_AWARENESS, COL_FACES, COL_NAME, COL_POOL, COL_SIDE
    from gmtool.games.shadowrun.sr4.gui.actions import sr4_surprise_model
    from gmtool.viewmodels.encounter_list_model import EncounterListModel

    encounters = EncounterListModel(workspace.encounters(), bridge.workspace.encounter_id)
    model_testers(encounters)
    texts = [encounters.index(r, 0).data() for r in range(encounters.rowCount())]
    assert texts[1].startswith("▶ ") and "Shadowrun 4" in texts[1] and "Shadowrun 5" in texts[0]
    assert encounters.index(0, 0).data(roles.RULESET) == "sr5"
    surprise = sr4_surprise_model(bridge.state)
    model_testers(surprise)
    row = list(bridge.state.combatants).index("c4")
    assert surprise.index(row, COL_SIDE).data(Qt.ItemDataRole.EditRole) == "b"  # an NPC
    pool = int(surprise.index(row, COL_POOL).data())
    assert surprise.setData(surprise.index(row, COL_AWARENESS), "aware")
    assert int(surprise.index(row, COL_POOL).data()) == pool + 3
    assert "Aware of a possible ambush" in surprise.index(row, COL_POOL).data(Qt.ItemDataRole.ToolTipRole)
    assert surprise.setData(surprise.index(row, COL_NAME), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert surprise.setData(surprise.index(row, COL_FACES), "6 6")
    assert not surprise.setData(surprise.index(row, COL_SIDE), "c")
    command, message = surprise.command()
    assert message is None and "c4" not in [e.combatant for e in command.entries]
