"""The main window as a GM uses it: keys, panels, refusals in place, restart, languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu, QToolButton

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules.turn import pass_order
from gmtool.storage.workspace import Workspace
from gmtool.ui.condition_track import ConditionTrack


def _press(qtbot, window, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(window.parts.initiative_panel.view, key, modifiers)


@pytest.mark.rule("SR5-I3")
def test_space_steps_through_phases_passes_and_turns(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    state = window.bridge.state
    assert state.turn == 1 and state.pass_number == 1
    heading = window.parts.initiative_panel.heading
    assert heading.text() == "Turn 1 · Pass 1"
    first = window.bridge.current_actor().id
    _press(qtbot, window, Qt.Key.Key_Space)
    assert state.combatants[first].acted
    assert window.bridge.selected == window.bridge.current_actor().id  # selection follows the actor
    for _ in range(60):
        _press(qtbot, window, Qt.Key.Key_Space)
        if state.turn == 2:
            break
    assert state.turn == 2 and state.pass_number == 1
    assert heading.text() == "Turn 2 · Pass 1"


def test_undo_and_redo_keys(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    _press(qtbot, window, Qt.Key.Key_Space)
    acted = [c.id for c in window.bridge.state.combatants.values() if c.acted]
    assert len(acted) == 1
    _press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not any(c.acted for c in window.bridge.state.combatants.values())
    _press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert [c.id for c in window.bridge.state.combatants.values() if c.acted] == acted


def test_add_combatant_key_selects_it_and_focuses_its_name(qtbot, window) -> None:
    before = len(window.bridge.state.combatants)
    _press(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert len(window.bridge.state.combatants) == before + 1
    new_id = window.bridge.selected
    assert window.bridge.state.combatants[new_id].sheet.name == f"New combatant {before + 1}"
    name_edit = window.parts.sheet_panel.editors["name"]
    assert QApplication.focusWidget() is name_edit
    name_edit.setText("Razor")
    qtbot.keyClick(name_edit, Qt.Key.Key_Return)  # editingFinished → EditSheet
    assert window.bridge.state.combatants[new_id].sheet.name == "Razor"
    assert window.parts.initiative_panel.model.index(window.parts.initiative_panel.model.row_of(new_id), 0).data() == "Razor"


def test_sheet_refuses_an_impossible_attribute_in_place(qtbot, window) -> None:
    window.bridge.select("c3")  # a human
    spin = window.parts.sheet_panel.editors["attr.AGI"]
    before = window.bridge.state.combatants["c3"].sheet.attributes["AGI"]
    spin.setValue(14)
    error = window.parts.sheet_panel.errors["attr.AGI"]
    assert error.isVisible() and "between 1 and 10" in error.text()
    assert spin.value() == before
    assert window.bridge.state.combatants["c3"].sheet.attributes["AGI"] == before
    spin.setValue(before + 1)
    assert not error.isVisible()
    assert window.bridge.state.combatants["c3"].sheet.attributes["AGI"] == before + 1


def test_empty_name_is_refused_and_put_back(qtbot, window) -> None:
    window.bridge.select("c1")
    name_edit = window.parts.sheet_panel.editors["name"]
    name_edit.setText("   ")
    name_edit.editingFinished.emit()
    assert window.parts.sheet_panel.errors["name"].isVisible()
    assert name_edit.text() == window.bridge.state.combatants["c1"].sheet.name != ""


def test_clicking_condition_boxes_marks_damage_and_wound_modifier(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    window.bridge.select("c2")
    track: ConditionTrack = window.parts.sheet_panel.editors["physical_damage"]  # type: ignore[assignment]
    score_before = window.bridge.state.combatants["c2"].score
    rect = track._rect(5)  # the sixth box
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=rect.center())
    sheet = window.bridge.state.combatants["c2"].sheet
    assert sheet.physical_damage == 6 and sheet.wound_modifier == -2
    assert window.parts.sheet_panel.wound_label.text() == "-2"
    score_text = window.parts.sheet_panel.score_label.text()
    assert score_text.startswith(f"{score_before - 2} ") and "Wound modifier -2" in score_text  # in the breakdown
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=rect.center())  # the last marked box clears
    assert window.bridge.state.combatants["c2"].sheet.physical_damage == 5
    assert track.box_at(QPoint(-5, -5)) is None


def test_typed_faces_resolve_the_simple_test_and_bad_faces_are_refused(qtbot, window) -> None:
    window.bridge.select("c1")
    panel = window.parts.test_panel
    panel.skill.setValue(3)
    panel.threshold.setValue(2)
    pool = panel.model.pool
    assert "Success" in panel.odds_label.text()
    panel.faces_edit.setText("7")
    panel.enter_button.click()
    assert "digits" in panel.error_label.text() or "1 to 6" in panel.error_label.text()
    faces = " ".join(["5", "1"] + ["3"] * (pool - 2))
    panel.faces_edit.setText(faces)
    panel.enter_button.click()
    assert panel.error_label.text() == ""
    assert "(typed)" in panel.result_label.text() and "1 hit</b>" in panel.result_label.text()
    log = window.log_panel.model
    lines = [log.index(r, 0).data() for r in range(log.rowCount() - 2, log.rowCount())]
    assert "(typed)" in lines[0] and "the next retry takes −2" in lines[1]  # 1 hit of 2 failed: counted (SR4-D11)


@pytest.mark.rule("SR5-I4")
@pytest.mark.rule("SR5-I5")
def test_seize_and_blitz_from_the_panel_spend_edge_or_say_why_not(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    state = window.bridge.state
    last = pass_order(state)[-1]
    window.bridge.select(last.id)
    edge = last.sheet.edge_points
    seize_button = window.fight_bar.findChild(QToolButton, "button_seize")
    qtbot.mouseClick(seize_button, Qt.MouseButton.LeftButton)
    assert state.combatants[last.id].seized
    assert state.combatants[last.id].sheet.edge_points == edge - 1
    assert pass_order(state)[0].id == last.id
    window.action("seize").trigger()
    assert "already seized" in window.status.text()
    window.parts.sheet_panel.editors["edge_points"].setValue(0)
    blitz = window.action("blitz")
    assert not blitz.isEnabled() and "no Edge points" in blitz.toolTip()
    assert state.combatants[last.id].sheet.edge_points == 0
    window.parts.sheet_panel.editors["edge_points"].setValue(1)
    assert blitz.isEnabled() and "before an initiative roll" in blitz.toolTip()
    faces = state.combatants[last.id].faces
    blitz.trigger()  # this turn's roll was seen: Blitz is for the next one
    state = window.bridge.state
    assert state.combatants[last.id].faces == faces and state.combatants[last.id].blitz_declared
    assert not blitz.isEnabled() and "already declared Blitz" in blitz.toolTip()
    window.action("new_turn").trigger()
    state = window.bridge.state
    assert state.combatants[last.id].blitzed and len(state.combatants[last.id].faces) == 5
    assert window.status.text() == ""


@pytest.mark.rule("SR5-I5")
def test_blitz_declared_before_the_first_roll_from_the_fight_bar(qtbot, window) -> None:
    """001 digest 電撃戦: 5D6 for the turn's roll, so the GM declares it before Ctrl+I."""
    first = next(iter(window.bridge.state.combatants.values()))
    window.bridge.select(first.id)
    blitz = window.action("blitz")
    assert window.bridge.state.turn == 0 and blitz.isEnabled()
    blitz.trigger()
    rows = window.parts.initiative_panel.model
    row = rows.row_of(first.id)
    assert "blitz next roll" in rows.index(row, rows.columnCount() - 2).data()
    window.action("roll_initiative").trigger()
    c = window.bridge.state.combatants[first.id]
    assert c.blitzed and len(c.faces) == 5


def test_every_action_has_a_menu_entry_and_a_translated_label(window) -> None:
    in_menus = {a for menu in window.menuBar().findChildren(QMenu) for a in menu.actions()}
    for name in ("next_phase", "undo", "redo", "add_combatant", "roll_initiative", "delay", "seize", "blitz", "new_turn"):
        act = window.action(name)
        assert act in in_menus, name
        assert not act.text().startswith("action."), name
    for name in ("next_phase", "undo", "redo", "add_combatant", "roll_initiative"):
        assert not window.action(name).shortcut().isEmpty(), name


def test_main_window_in_japanese(qtbot, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    set_language("ja")
    win = MainWindow(workspace)
    qtbot.addWidget(win)
    assert win.action("next_phase").text() == "次の行動フェイズ"
    assert win.docks["log"].windowTitle() == "ターンログ"
    win.action("roll_initiative").trigger()
    assert win.parts.initiative_panel.heading.text() == "ターン 1 · パス 1"
    header = win.parts.initiative_panel.model.headerData(1, Qt.Orientation.Horizontal)
    assert header == "イニシアティブ値"


def test_everything_is_as_it_was_after_a_restart(qtbot, window, workspace) -> None:
    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    window.bridge.select("c4")
    window.parts.sheet_panel.editors["attr.BOD"].setValue(6)
    order = [c.id for c in pass_order(window.bridge.state)]
    scores = {c.id: c.score for c in window.bridge.state.combatants.values()}
    path = workspace.campaign.path
    reopened = Workspace.open(path)  # a second process would see exactly this
    try:
        state = reopened.encounter.state
        assert (state.turn, state.pass_number) == (window.bridge.state.turn, window.bridge.state.pass_number)
        assert [c.id for c in pass_order(state)] == order
        assert {c.id: c.score for c in state.combatants.values()} == scores
        assert state.combatants["c4"].sheet.attributes["BOD"] == 6
    finally:
        reopened.close()


def test_a_bad_campaign_at_start_offers_a_new_one_and_leaves_the_file_alone(qtbot, monkeypatch, tmp_path) -> None:
    from gmtool import app as app_module
    from gmtool.storage.paths import default_campaign_path
    from gmtool.storage.settings import Settings

    bad = default_campaign_path()
    bad.write_bytes(b"this is not a campaign" * 10)
    before = bad.read_bytes()
    asked: list[str] = []
    new_path = tmp_path / "fresh.gmtool"
    monkeypatch.setattr("gmtool.ui.campaign_dialogs.ask_after_bad_file", lambda parent, message, **_: asked.append(message) or "new")
    monkeypatch.setattr("gmtool.ui.campaign_dialogs.choose_new_campaign", lambda parent: new_path)
    gm = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    workspace = gm.open_first(None)
    try:
        assert asked and "is not a gmtool campaign" in asked[0]
        assert bad.read_bytes() == before
        assert not Path(str(bad) + "-wal").exists()
        assert workspace is not None and workspace.campaign.path == new_path
        assert len(workspace.encounter.state.combatants) >= 4
    finally:
        workspace.close()


def test_choosing_japanese_in_preferences_rebuilds_the_window(qtbot, monkeypatch, workspace) -> None:
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings, load_settings
    from gmtool.ui import preferences as preferences_module

    gm = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    gm.switch_to(workspace)
    qtbot.addWidget(gm.window)
    monkeypatch.setattr(preferences_module.PreferencesDialog, "exec", lambda self: 1)
    monkeypatch.setattr(preferences_module.PreferencesDialog, "chosen_language", lambda self: "ja")
    old = gm.window
    gm.request_preferences()
    qtbot.addWidget(gm.window)
    assert gm.window is not old
    assert gm.window.action("undo").text().startswith("取り消し: ")  # named: 「取り消し: …の追加」
    assert load_settings()[0].language == "ja"
    gm.window.close()


@pytest.mark.rule("SR5-I1")
def test_typed_initiative_dice_and_score_adjustment_from_the_menu(qtbot, monkeypatch, window) -> None:
    from gmtool.games.shadowrun.gui import window as mw

    window.action("roll_initiative").trigger()
    window.bridge.select("c2")
    brick = window.bridge.state.combatants["c2"]
    monkeypatch.setattr(mw.QInputDialog, "getText", lambda *a, **k: ("9", True))
    window.action("enter_initiative").trigger()
    assert "1 to 6" in window.status.text() and brick.faces != (9,)
    monkeypatch.setattr(mw.QInputDialog, "getText", lambda *a, **k: ("6", True))
    window.action("enter_initiative").trigger()
    assert brick.faces == (6,) and brick.typed
    assert brick.score == brick.sheet.initiative_attribute + 6
    monkeypatch.setattr(mw.QInputDialog, "getInt", lambda *a, **k: (-4, True))
    window.action("adjust_initiative").trigger()
    assert brick.score == brick.sheet.initiative_attribute + 2
    window.bridge.select(None)
    assert not window.action("adjust_initiative").isEnabled()
    assert not window.action("enter_initiative").isEnabled()


@pytest.mark.rule("SR5-T1")
def test_taking_a_listed_action_from_the_panel(qtbot, window) -> None:
    from gmtool.games.shadowrun.gui import sr_roles

    window.action("roll_initiative").trigger()
    panel = window.parts.initiative_panel
    keys = [panel.action_model.index(r, 0).data(sr_roles.ACTION_KEY) for r in range(panel.action_model.rowCount())]
    panel.action_combo.setCurrentIndex(keys.index("take_aim"))
    panel.take_button.click()
    actor = window.bridge.current_actor()
    assert actor.simple_actions == 1
    log = window.log_panel.model
    assert "Take Aim" in log.index(log.rowCount() - 1, 0).data()
    assert "1 simple" in panel.budget_label.text()


def test_adding_a_grunt_group_from_the_selected_sheet(qtbot, monkeypatch, window) -> None:
    from gmtool.games.shadowrun.gui.group_dialog import GroupDialog

    window.bridge.select("c4")
    monkeypatch.setattr(GroupDialog, "exec", lambda self: (self.count.setValue(3), self.shared.setChecked(True), 1)[-1])
    before = len(window.bridge.state.combatants)
    window.action("add_grunt_group").trigger()
    state = window.bridge.state
    assert len(state.combatants) == before + 3
    (group,) = state.groups.values()
    model = window.parts.initiative_panel.model
    flags = model.index(model.row_of(group.members[0]), 3).data()
    assert "PR 2" in flags and "shared monitor" in flags
    window.bridge.select(group.members[0])
    assert window.action("leave_group").isEnabled()
    window.action("leave_group").trigger()
    assert group.members[0:1] != [window.bridge.selected]
