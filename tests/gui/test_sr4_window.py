"""SR4 encounters from the window as a GM runs them: create one, add combatants, initiative,
Space through phases, passes and turns, Edge to go first / for an extra pass, the action
list, the surprise test, movement, the SR4 sheet, and switching encounters."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QToolButton

from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.initiative_model import COL_FLAGS, COL_PASSES
from gmtool.games.shadowrun.sr4.gui.actions import sr4_surprise_model
from gmtool.games.shadowrun.sr4.rules.turn import pass_order
from gmtool.storage.workspace import Workspace
from gmtool.ui.condition_track import ConditionTrack
from gmtool.viewmodels import roles

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def encounter_id(workspace: Workspace, ruleset: str) -> int:
    return next(info.id for info in workspace.encounters() if info.ruleset == ruleset)


@pytest.fixture
def sr4_workspace(workspace: Workspace) -> Workspace:
    """The SR4 demo of the default campaign (the campaign is closed by ``workspace``)."""
    return workspace.with_encounter(encounter_id(workspace, "sr4"))


@pytest.fixture
def sr4_window(qtbot, sr4_workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    win = MainWindow(sr4_workspace)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    return win


@pytest.fixture
def gm(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    """The application controller on the default campaign (SR5 demo current)."""
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    controller = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    controller.switch_to(workspace)
    adopt(qtbot, controller.window)
    yield controller
    controller.window.close()


def adopt(qtbot, window):  # noqa: ANN001, ANN201
    """The window the application just built, shown and active (its keys work). Not registered
    with qtbot: the application deletes the windows it replaces; ``gm`` closes the last one."""
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def press(qtbot, window, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(window.parts.initiative_panel.view, key, modifiers)


def row_data(window, combatant: str, column: int, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: ANN001, ANN201
    model = window.parts.initiative_panel.model
    return model.index(model.row_of(combatant), column).data(role)


def last_log_line(window) -> str:  # noqa: ANN001
    log = window.log_panel.model
    return log.index(log.rowCount() - 1, 0).data()


# -- encounters ------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-C1")
def test_a_new_sr4_encounter_from_the_file_menu_takes_combatants_and_initiative(qtbot, monkeypatch, gm) -> None:
    from gmtool.ui.encounter_dialogs import NewEncounterDialog

    def fill(dialog: NewEncounterDialog) -> int:
        dialog.name.setText("Warehouse")
        dialog.game.setCurrentIndex(dialog.game.findData("sr4"))
        return 1

    monkeypatch.setattr(NewEncounterDialog, "exec", fill)
    old = gm.window
    gm.window.action("new_encounter").trigger()
    window = adopt(qtbot, gm.window)
    assert window is not old and window.view.key == "sr4"
    assert "Warehouse" in window.windowTitle() and "Shadowrun 4" in window.windowTitle()
    assert window.bridge.state.combatants == {}
    assert gm.workspace.campaign.current_encounter_id() == window.workspace.encounter_id
    for number in (1, 2, 3):
        press(qtbot, window, Qt.Key.Key_N, CTRL)
        assert window.bridge.state.combatants[window.bridge.selected].sheet.name == f"New combatant {number}"
    assert QApplication.focusWidget() is window.parts.sheet_panel.editors["name"]
    press(qtbot, window, Qt.Key.Key_I, CTRL)
    state = window.bridge.state
    assert (state.turn, state.pass_number) == (1, 1)
    assert all(c.hits is not None for c in state.combatants.values())
    assert window.parts.initiative_panel.heading.text() == "Turn 1 · Pass 1"
    assert "initiative test" in "\n".join(
        window.log_panel.model.index(r, 0).data() for r in range(window.log_panel.model.rowCount())
    )


def test_switching_to_the_sr5_encounter_and_back(qtbot, monkeypatch, gm) -> None:
    from gmtool.games.shadowrun.sr4.gui.panel import SR4Panel
    from gmtool.games.shadowrun.sr5.gui.dice_test_panel import TestPanel
    from gmtool.ui.encounter_dialogs import SwitchEncounterDialog

    campaign = gm.workspace.campaign
    sr5, sr4 = encounter_id(gm.workspace, "sr5"), encounter_id(gm.workspace, "sr4")
    wanted = [sr4]
    monkeypatch.setattr(SwitchEncounterDialog, "exec", lambda self: (self.choose(wanted[0]), 1)[-1])
    gm.window.action("switch_encounter").trigger()
    adopt(qtbot, gm.window)
    assert gm.window.view.key == "sr4" and isinstance(gm.window.parts.test_panel, SR4Panel)
    assert campaign.current_encounter_id() == sr4
    press(qtbot, gm.window, Qt.Key.Key_I, CTRL)
    press(qtbot, gm.window, Qt.Key.Key_Space)
    acted = {cid for cid, c in gm.window.bridge.state.combatants.items() if c.acted}
    wanted[0] = sr5
    gm.window.action("switch_encounter").trigger()
    adopt(qtbot, gm.window)
    assert gm.window.view.key == "sr5" and isinstance(gm.window.parts.test_panel, TestPanel)
    assert gm.window.bridge.state.turn == 0 and campaign.current_encounter_id() == sr5
    wanted[0] = sr4
    gm.window.action("switch_encounter").trigger()
    adopt(qtbot, gm.window)
    state = gm.window.bridge.state
    assert state.turn == 1 and {cid for cid, c in state.combatants.items() if c.acted} == acted


# -- the turn ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-C2")
@pytest.mark.rule("SR4-C4")
@pytest.mark.rule("SR4-C5")
def test_space_steps_through_phases_passes_and_turns(qtbot, sr4_window) -> None:
    window = sr4_window
    press(qtbot, window, Qt.Key.Key_I, CTRL)
    state = window.bridge.state
    proxy = window.parts.initiative_panel.proxy
    shown = [proxy.index(r, 0).data(roles.COMBATANT_ID) for r in range(proxy.rowCount())]
    assert shown == [c.id for c in pass_order(state)]
    actors: dict[int, set[str]] = {}
    headings = set()
    while state.turn == 1:
        actor = window.bridge.current_actor()
        actors.setdefault(state.pass_number, set()).add(actor.id)
        assert window.bridge.selected == actor.id  # the selection follows the actor
        ladder = row_data(window, actor.id, COL_PASSES, sr_roles.PASS_LADDER)
        assert ladder[0] == state.pass_number and ladder[1][state.pass_number - 1] == "acting"
        headings.add(window.parts.initiative_panel.heading.text())
        press(qtbot, window, Qt.Key.Key_Space)
    passes = {cid: c.sheet.initiative_passes for cid, c in state.combatants.items()}
    assert actors[1] == set(passes)
    for number in (2, 3):
        assert actors[number] == {cid for cid, n in passes.items() if n >= number}
    assert {"Turn 1 · Pass 2", "Turn 1 · Pass 3"} <= headings
    assert (state.turn, state.pass_number) == (2, 1)
    assert window.parts.initiative_panel.heading.text() == "Turn 2 · Pass 1"


@pytest.mark.rule("SR4-E6")
@pytest.mark.rule("SR4-E7")
def test_go_first_and_an_extra_pass_from_the_keyboard(qtbot, sr4_window) -> None:
    window = sr4_window
    press(qtbot, window, Qt.Key.Key_I, CTRL)
    state = window.bridge.state
    last = [c for c in pass_order(state) if c.id != "c2" and c.sheet.edge_points][-1]  # a drone has no Edge
    edge = last.sheet.edge_points
    window.bridge.select(last.id)
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    assert last.first_in_pass == 1 and last.sheet.edge_points == edge - 1
    assert window.bridge.current_actor().id == last.id  # nobody had acted yet: it takes the phase
    assert "first in pass" in row_data(window, last.id, COL_FLAGS)
    gravel = state.combatants["c2"]  # one pass
    assert row_data(window, "c2", COL_PASSES, sr_roles.PASS_LADDER)[1][1] == "off"
    window.bridge.select("c2")
    press(qtbot, window, Qt.Key.Key_P, CTRL | SHIFT)
    assert gravel.extra_pass and gravel.sheet.edge_points == 2
    assert row_data(window, "c2", COL_PASSES, sr_roles.PASS_LADDER)[1][1] == "later"
    assert "extra pass" in row_data(window, "c2", COL_FLAGS)
    press(qtbot, window, Qt.Key.Key_P, CTRL | SHIFT)
    assert "once per turn" in window.status.text() and gravel.sheet.edge_points == 2


@pytest.mark.rule("SR4-C8")
def test_a_listed_action_is_paid_from_the_phase_budget(qtbot, sr4_window) -> None:
    window = sr4_window
    window.action("roll_initiative").trigger()
    panel = window.parts.initiative_panel
    model = panel.action_model
    rows = {model.index(r, 0).data(sr_roles.ACTION_KEY): r for r in range(model.rowCount())}

    def enabled(key: str) -> bool:
        return bool(model.flags(model.index(rows[key], 0)) & Qt.ItemFlag.ItemIsEnabled)

    actor = window.bridge.current_actor()
    assert enabled("melee_attack") and enabled("take_aim")
    panel.action_combo.setCurrentIndex(rows["take_aim"])
    panel.target_combo.setCurrentIndex(panel.target_combo.findData("c4"))
    panel.take_button.click()
    assert actor.simple_slots == 1
    assert "Take aim" in last_log_line(window) and "Demo Yard Guard 1" in last_log_line(window)
    assert "1 simple" in panel.budget_label.text()
    assert not enabled("melee_attack") and enabled("fire_weapon")  # no complex action after a simple one
    panel.action_combo.setCurrentIndex(rows["fire_weapon"])
    panel.take_button.click()
    assert actor.simple_slots == 2 and not enabled("insert_clip")
    panel.action_combo.setCurrentIndex(rows["insert_clip"])
    panel.take_button.click()
    assert actor.simple_slots == 2 and window.status.text()


@pytest.mark.rule("SR4-C9")
def test_surprise_test_marks_the_surprised_and_refuses_actions_against_surprisers(qtbot, monkeypatch, sr4_window) -> None:
    from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog
    from gmtool.games.shadowrun.gui.surprise_model import COL_POOL

    window = sr4_window

    def ambush(dialog: SurpriseDialog) -> int:
        model = dialog.model
        for row in range(model.rowCount()):
            cid = model.index(row, 0).data(roles.COMBATANT_ID)
            runner = cid in ("c1", "c2", "c3")
            model.choose(cid, awareness="ambush" if runner else "none")
            pool = int(model.index(row, COL_POOL).data())
            model.choose(cid, faces=("6" if runner else "1") * pool)
        dialog._accept()
        return dialog.result()

    monkeypatch.setattr(SurpriseDialog, "exec", ambush)
    press(qtbot, window, Qt.Key.Key_U, CTRL)
    state = window.bridge.state
    for guard in ("c4", "c5", "c6"):
        assert state.combatants[guard].surprised_by == ("c1", "c2", "c3")
        assert "surprised" in row_data(window, guard, COL_FLAGS)
    assert "Demo Yard Guard 1 is surprised by Sable Wren" in window.parts.test_panel.surprise_label.text()
    window.action("roll_initiative").trigger()
    while window.bridge.current_actor().id not in ("c4", "c5", "c6"):
        press(qtbot, window, Qt.Key.Key_Space)
    assert state.pass_number == 1
    panel = window.parts.initiative_panel
    keys = [panel.action_model.index(r, 0).data(sr_roles.ACTION_KEY) for r in range(panel.action_model.rowCount())]
    panel.action_combo.setCurrentIndex(keys.index("fire_weapon"))
    panel.target_combo.setCurrentIndex(panel.target_combo.findData("c1"))
    panel.take_button.click()
    assert "was surprised by Sable Wren" in window.status.text()
    assert window.bridge.current_actor().simple_slots == 0


@pytest.mark.rule("SR4-C9")
def test_surprise_dialog_keeps_a_refusal_in_place(qtbot, sr4_window) -> None:
    from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog

    bridge = sr4_window.bridge
    dialog = SurpriseDialog(sr4_surprise_model(bridge.state), bridge.attempt, sr4_window)
    qtbot.addWidget(dialog)
    for cid in bridge.state.combatants:
        dialog.model.choose(cid, side="a")
    dialog._accept()
    assert "each side" in dialog.error.text() and not dialog.result()
    dialog.model.choose("c4", side="b")
    dialog.model.choose("c1", faces="9")
    dialog._accept()
    assert "1 to 6" in dialog.error.text() and not dialog.result()
    assert bridge.state.surprise_turn is None  # nothing was rolled


@pytest.mark.rule("SR4-C6")
def test_walk_run_and_sprint_for_the_current_actor(qtbot, monkeypatch, sr4_window) -> None:
    from PySide6.QtWidgets import QInputDialog

    window = sr4_window
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    answers = iter([(4, True), (4, True), (10, True), (3, True)])
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: next(answers))
    press(qtbot, window, Qt.Key.Key_M, CTRL)
    assert actor.moved == 4 and actor.walked and "walk" in last_log_line(window)
    press(qtbot, window, Qt.Key.Key_M, CTRL)
    assert "free walk" in window.status.text() and actor.moved == 4
    press(qtbot, window, Qt.Key.Key_R, CTRL)
    assert actor.running and actor.moved == 14
    press(qtbot, window, Qt.Key.Key_R, CTRL | SHIFT)
    assert actor.simple_slots == 1 and "sprints" in last_log_line(window)
    assert f"14 of {25 + actor.sprint_bonus} m" in window.parts.test_panel.movement_label.text()


# -- the sheet and what SR4 leaves out -----------------------------------------------------------
@pytest.mark.rule("SR4-MT8")
def test_the_sr4_sheet_edits_passes_and_takes_damage(qtbot, sr4_window) -> None:
    window = sr4_window
    panel = window.parts.sheet_panel
    window.bridge.select("c2")
    assert "initiative_dice" not in panel.editors
    spin = panel.editors["initiative_passes"]
    spin.setValue(2)
    assert window.bridge.state.combatants["c2"].sheet.initiative_passes == 2
    assert panel.initiative_label.text() == "7 · 2 passes"
    spin.setValue(6)
    assert panel.errors["initiative_passes"].isVisible() and spin.value() == 2
    track: ConditionTrack = panel.editors["physical_damage"]  # type: ignore[assignment]
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track._rect(2).center())
    assert window.bridge.encounter.entries[-1].events[0].kind == "damage_applied"
    assert window.bridge.state.combatants["c2"].sheet.wound_modifier == -1
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track._rect(2).center())  # clears the last box
    assert window.bridge.state.combatants["c2"].sheet.physical_damage == 2
    stun_boxes = window.bridge.state.combatants["c2"].sheet.stun_boxes
    panel.damage_boxes.setValue(stun_boxes + 3)
    panel.findChild(QPushButton, "damage_stun_damage").click()
    sheet = window.bridge.state.combatants["c2"].sheet
    assert sheet.stun_damage == stun_boxes and sheet.physical_damage == 5  # 3 boxes of stun overflow
    assert track.box_at(QPoint(-5, -5)) is None


def test_each_window_has_its_own_editions_actions_only(qtbot, sr4_window, window) -> None:
    from gmtool.games.shadowrun.sr4.gui.panel import SR4Panel

    for name in ("seize", "blitz", "interrupt_full_defence", "interrupt_block", "refresh_edge_all", "ones_on_extras"):
        assert not sr4_window.has_action(name), name  # SR5's own: not in an SR4 window, nor its menus
        assert window.has_action(name), name
    menu_names = {a.objectName() for menu in sr4_window.menuBar().findChildren(QMenu) for a in menu.actions()}
    assert "action_go_first" in menu_names and "action_seize" not in menu_names
    assert sr4_window.findChild(QToolButton, "button_interrupt_full_defence") is None
    assert sr4_window.parts.sheet_panel.effects_box is not None  # effects and grunt groups serve both games
    assert sr4_window.action("add_grunt_group").isEnabled()
    assert isinstance(sr4_window.parts.test_panel, SR4Panel)
    assert sr4_window.docks["test"].windowTitle() == "Tests and tools"
    assert not window.has_action("go_first")  # nor SR4-only ones in SR5
    assert window.has_action("surprise_test")  # the surprise test serves both games


def test_sr4_effects_box_adds_an_effect_with_a_badge_and_it_expires(qtbot, sr4_window) -> None:
    win = sr4_window
    win.action("roll_initiative").trigger()
    actor = win.bridge.current_actor()
    assert actor is not None
    win.bridge.select(actor.id)
    box = win.parts.sheet_panel.effects_box
    keys = [box.key.itemData(i) for i in range(box.key.count())]
    assert "astral_perception" in keys and "dirty_trick" not in keys  # the SR4 catalogue
    box.key.setCurrentIndex(box.key.findData("aimed"))
    box.add_button.click()
    assert box.error.text() == "" and box.model.rowCount() == 1
    model = win.parts.initiative_panel.model
    assert "Taking aim" in model.index(model.row_of(actor.id), 3).data()
    win.action("next_phase").trigger()  # the effect was added in the holder's own phase: it lasts one more
    win.bridge.select(actor.id)
    assert box.model.rowCount() == 1


def test_sr4_grunt_group_dialog_has_no_shared_monitor(qtbot, monkeypatch, sr4_window) -> None:
    from gmtool.games.shadowrun.gui import group_dialog

    seen = {}

    def accept(dialog) -> int:  # noqa: ANN001
        seen["shared_visible"] = not dialog.shared.isHidden()
        dialog.count.setValue(3)
        dialog.rating.setValue(3)
        return 1

    monkeypatch.setattr(group_dialog.GroupDialog, "exec", accept)
    sr4_window.bridge.select(None)
    before = len(sr4_window.bridge.state.combatants)
    sr4_window.action("add_grunt_group").trigger()
    state = sr4_window.bridge.state
    assert seen == {"shared_visible": False}
    assert len(state.combatants) == before + 3 and len(state.groups) == 1
    member = next(iter(state.groups.values())).members[0]
    sr4_window.bridge.select(member)
    assert sr4_window.action("leave_group").isEnabled()
    model = sr4_window.parts.initiative_panel.model
    assert "PR 3" in model.index(model.row_of(member), 3).data()


@pytest.mark.rule("SR4-C7")
def test_intercept_from_the_action_picker_names_the_mover(qtbot, sr4_window) -> None:
    win = sr4_window
    win.action("roll_initiative").trigger()
    state = win.bridge.state
    mover = win.bridge.current_actor()
    interceptor = next(cid for cid in state.combatants if cid != mover.id)
    win.bridge.select(interceptor)
    panel = win.parts.initiative_panel
    panel.action_combo.setCurrentIndex(panel.action_combo.findData("intercept", sr_roles.ACTION_KEY))
    panel.target_combo.setCurrentIndex(panel.target_combo.findData(None))
    with qtbot.wait_signal(win.bridge.refused) as refusal:
        panel.take_button.click()
    assert "choose the character who is moving past" in refusal.args[0]
    panel.target_combo.setCurrentIndex(panel.target_combo.findData(mover.id))
    panel.take_button.click()
    taken = [e for e in win.bridge.state.combatants.values() if e.id == interceptor][0]
    assert taken.free_action
