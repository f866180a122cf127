"""The view models are faithful QAbstractItemModel adapters (qtmodeltester) with exact roles."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.initiative_model import CombatantsModel, PassOrderProxy
from gmtool.games.shadowrun.gui.sheet_model import SheetModel
from gmtool.games.shadowrun.sr5.gui.dice_test_model import DiceTestModel
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.turn import pass_order
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.faces import parse_faces
from gmtool.viewmodels.log_model import LogModel


def _play(bridge: EncounterBridge) -> None:
    """A short fight touching every kind of change: rows added/removed, resets, passes."""
    assert bridge.execute(cmd.StartTurn())
    for _ in range(4):
        assert bridge.execute(cmd.NextPhase())
    sheet = demo_definition().combatants[0].model_copy(update={"name": "Late arrival"})
    assert bridge.execute(cmd.AddCombatant(sheet=sheet))
    assert bridge.execute(cmd.EditSheet(combatant="c1", field="physical_damage", value=6))
    assert bridge.undo()
    assert bridge.redo()
    assert bridge.execute(cmd.RemoveCombatant(combatant="c2"))
    for _ in range(6):
        assert bridge.execute(cmd.NextPhase())
    assert bridge.undo()


def test_combatants_model_and_proxy_pass_the_model_tester(model_testers, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = CombatantsModel(bridge)
    proxy = PassOrderProxy()
    proxy.setSourceModel(model)
    model_testers(model)  # the testers keep checking every change _play makes
    model_testers(proxy)
    _play(bridge)
    assert model.rowCount() == len(bridge.state.combatants)
    model_testers(model)
    model_testers(proxy)


@pytest.mark.rule("SR5-I2")
def test_proxy_rows_follow_the_core_pass_order(workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = CombatantsModel(bridge)
    proxy = PassOrderProxy()
    proxy.setSourceModel(model)
    bridge.execute(cmd.StartTurn())
    bridge.execute(cmd.NextPhase())
    shown = [proxy.index(r, 0).data(roles.COMBATANT_ID) for r in range(proxy.rowCount())]
    assert shown == [c.id for c in pass_order(bridge.state)]
    current = [proxy.index(r, 0).data(roles.IS_CURRENT) for r in range(proxy.rowCount())]
    assert current.count(True) == 1
    assert current[shown.index(bridge.current_actor().id)] is True


def test_next_phase_emits_data_changed_with_exact_roles(qtbot, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = CombatantsModel(bridge)
    bridge.execute(cmd.StartTurn())
    actor = bridge.current_actor().id
    seen: list[tuple[int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, r: seen.append((tl.row(), list(r))))
    with qtbot.waitSignal(model.dataChanged, timeout=1000):
        bridge.execute(cmd.NextPhase())
    rows = {row: r for row, r in seen}
    actor_roles = rows[model.row_of(actor)]
    assert roles.IS_CURRENT in actor_roles and sr_roles.FLAGS in actor_roles
    assert sr_roles.CONDITION not in actor_roles  # nothing about damage changed
    assert all(r for _, r in seen), "every dataChanged names its roles"
    assert len(seen) <= 3  # the old actor, the new actor, nobody else


def test_log_model_appends_rows_and_marks_undo(model_testers, qtbot, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = LogModel(bridge, workspace.encounter_name)
    model_testers(model)
    header = model.index(0, 0).data()
    assert str(workspace.encounter.seed) in header
    rows = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted, timeout=1000):
        bridge.execute(cmd.StartTurn())
    assert model.rowCount() > rows + len(bridge.state.combatants)
    bridge.undo()
    last = model.index(model.rowCount() - 1, 0)
    assert last.data(roles.EVENT_KIND) == "undo"
    assert "Undone" in last.data()


def test_sheet_model_edits_through_the_core(model_testers, qtbot, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = SheetModel(bridge)
    assert model.rowCount() == 0
    model_testers(model)
    bridge.select("c1")
    row = [model.index(r, 0).data(roles.FIELD) for r in range(model.rowCount())].index("attr.AGI")
    index = model.index(row, 1)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, 5)
    assert bridge.state.combatants["c1"].sheet.attributes["AGI"] == 5
    with qtbot.waitSignal(model.fieldRefused, timeout=1000) as blocker:
        assert not model.setData(index, 40)
    assert blocker.args[0] == "attr.AGI" and "between" in blocker.args[1]
    assert bridge.state.combatants["c1"].sheet.attributes["AGI"] == 5
    bridge.undo()
    assert model.index(row, 1).data(Qt.ItemDataRole.EditRole) == bridge.state.combatants["c1"].sheet.attributes["AGI"]


@pytest.mark.rule("SR4-D8")
def test_dice_test_model_breakdown_and_odds(model_testers, workspace) -> None:
    bridge = EncounterBridge(workspace)
    model = DiceTestModel(bridge)
    model_testers(model)
    bridge.select("c2")
    model.set_inputs(attribute="AGI", skill=0, modifier=-1, threshold=1)
    terms = [(model.index(r, 0).data(), model.index(r, 0).data(roles.TERM_VALUE)) for r in range(model.rowCount())]
    agility = bridge.state.combatants["c2"].sheet.attributes["AGI"]
    assert terms[0][1] == agility and terms[1] == ("Defaulting (no skill)", -1)
    assert model.pool == agility - 2
    assert model.odds is not None and 0 < model.odds.success < 1


def test_parse_faces_accepts_common_ways_of_typing_dice() -> None:
    assert parse_faces("6 4 4 4 3 2") == (6, 4, 4, 4, 3, 2)
    assert parse_faces("6,4,1") == (6, 4, 1)
    assert parse_faces("6443") == (6, 4, 4, 3)
    with pytest.raises(Exception, match="digits"):
        parse_faces("six")


@pytest.mark.rule("SR5-T1")
def test_action_list_model_enables_what_the_budget_can_pay(model_testers, workspace) -> None:
    from gmtool.games.shadowrun.gui.action_list_model import ActionListModel

    bridge = EncounterBridge(workspace)
    model = ActionListModel(bridge)
    model_testers(model)
    def enabled(kind: str) -> bool:
        rows = [model.index(r, 0) for r in range(model.rowCount())]
        return any(i.data(sr_roles.ACTION_KIND) == kind and bool(model.flags(i) & Qt.ItemFlag.ItemIsEnabled) for i in rows)
    assert not enabled("simple")  # no turn yet
    bridge.execute(cmd.StartTurn())
    bridge.select(bridge.current_actor().id)
    assert enabled("simple") and enabled("complex") and enabled("free")
    bridge.execute(cmd.TakeAction(combatant=bridge.current_actor().id, action="complex", name="sprint"))
    assert not enabled("simple") and not enabled("complex") and enabled("free")
    assert "0 simple" in model.budget_text()


@pytest.mark.parametrize("steps", [40])
def test_rows_read_again_only_where_needed_equal_a_fresh_read(qtbot, window, steps: int) -> None:  # noqa: ANN001
    """The pass view re-reads only the rows an event concerns; the result must equal reading all."""
    import random

    from gmtool.games.shadowrun.gui.initiative_model import CombatantsModel
    from gmtool.games.shadowrun.rules.attack.messages import Attack
    from gmtool.games.shadowrun.rules.effect_messages import AddEffect

    draw = random.Random(7)
    window.action("roll_initiative").trigger()
    for _ in range(steps):
        actor = window.bridge.current_actor()
        choice = draw.random()
        if actor is not None and choice < 0.3:
            target = draw.choice([c for c in window.bridge.state.combatants if c != actor.id])
            window.bridge.attempt(Attack(attacker=actor.id, target=target, weapon=0, mode="SA", distance=10.0))
        elif choice < 0.4:
            cid = draw.choice(list(window.bridge.state.combatants))
            window.bridge.attempt(AddEffect(combatant=cid, key="custom", label="x", modifier=-1))
        else:
            window.action("next_phase").trigger()
    live = window.parts.initiative_panel.model
    fresh = CombatantsModel(window.bridge)
    assert fresh._rows == live._rows  # noqa: SLF001 - the rows each model read
