"""The rigging and chase tab of the SR4 panel (SR4-V1..V7): reached by Ctrl+Alt+V, one deed at a time
with only its inputs shown, its odds, its button and its last result in the footer; the demo's made-up
drone already registered and controlled. Issue 31: *Add vehicle* makes a new combatant (the selected
runner stays a runner), and the fleeing vehicle is never offered as its own pursuer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import assert_in_view, assert_whole

DRONE, RIGGER, GUARD, RUNNER = "c7", "c6", "c4", "c3"  # the demo's Rotor Drone, Security Rigger, Yard Guard 1, Patch


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.resize(1366, 728)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win


def rigging(window):  # noqa: ANN001, ANN201
    panel = window.parts.test_panel.rigging
    window.parts.test_panel.tabs.setCurrentWidget(panel)
    QApplication.processEvents()
    return panel


def deed(panel, key: str) -> None:  # noqa: ANN001
    panel.deed.setCurrentIndex(panel.deed.findData(key))


def pick(panel, name: str, data: object) -> None:  # noqa: ANN001
    box = panel.inputs[name]
    index = box.findData(data)
    assert index >= 0, (name, data)
    box.setCurrentIndex(index)


def go(panel, qtbot) -> None:  # noqa: ANN001
    assert panel.footer.button.isEnabled(), panel.footer.why.text()
    qtbot.mouseClick(panel.footer.button, Qt.MouseButton.LeftButton)


def kinds(window) -> list[str]:  # noqa: ANN001
    return [e.kind for entry in window.bridge.workspace.encounter.entries for e in entry.events]


def shown_inputs(panel) -> set[str]:  # noqa: ANN001
    return {name for name, widget in panel.inputs.items() if panel.form.isRowVisible(widget)}


def test_the_demo_drone_is_a_controlled_vehicle_and_ctrl_alt_v_shows_the_tab(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = sr4_window.parts.test_panel.rigging
    state = sr4_window.bridge.state
    assert state.vehicles[DRONE].control.rigger == RIGGER and state.vehicles[DRONE].control.mode == "remote"
    tabs = sr4_window.parts.test_panel.tabs
    sr4_window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(sr4_window.parts.initiative_panel.view, Qt.Key.Key_V,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    assert tabs.tabText(tabs.currentIndex()) == "Rigging"
    qtbot.waitUntil(lambda: panel.deed.hasFocus())  # the keyboard is at the deed
    assert "Demo Rotor Drone (made up)" in panel.vehicles.text()


@pytest.mark.rule("SR4-V3")
def test_a_sensor_test_shows_its_odds_first_and_its_result_after(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    sr4_window.bridge.select(DRONE)
    deed(panel, "sensor_test")
    assert shown_inputs(panel) == {"vehicle", "skill", "threshold", "hidden", "target", "target_skill"}
    panel.inputs["skill"].setValue(2)
    # §7.3 line 490: Sensor 3 + Perception 2 (remote: the rigger's skill) = 5 dice.
    assert "= 5 dice" in panel.footer.odds.text() and "Succeeds: " in panel.footer.odds.text()
    go(panel, qtbot)
    assert kinds(sr4_window)[-1] == "dice_test_rolled"
    assert "sensor test" in panel.footer.result.text()
    assert_in_view(sr4_window, [panel.footer.odds, panel.footer.button, panel.footer.result])
    assert_whole([panel.footer.result, panel.footer.button])
    deed(panel, "lock_passive")
    pick(panel, "target", GUARD)
    go(panel, qtbot)
    assert "locked_on" in kinds(sr4_window)
    assert any(e.key == "sensor_targeting" for e in sr4_window.bridge.state.effects.values())


@pytest.mark.rule("SR4-V5")
def test_a_hit_on_the_drone_calls_a_crash_test(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    deed(panel, "hit")
    assert panel.inputs["vehicle"].findData(GUARD) < 0  # only vehicles are offered
    pick(panel, "vehicle", DRONE)
    panel.inputs["boxes"].setValue(3)  # Body 3: a crash test follows
    panel.inputs["on_monitor"].setChecked(False)
    go(panel, qtbot)
    assert {"vehicle_hit_taken", "crash_tested"} <= set(kinds(sr4_window))
    assert sr4_window.bridge.state.combatants[DRONE].sheet.physical_damage == 3


def test_add_vehicle_makes_a_new_combatant_and_leaves_the_selected_runner_alone(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    sr4_window.bridge.select(RUNNER)
    before = set(sr4_window.bridge.state.combatants)
    deed(panel, "add_vehicle")
    assert not panel.footer.button.isEnabled() and panel.footer.why.isVisible()  # no name yet: says so
    panel.inputs["name"].setText("Demo getaway van")
    panel.inputs["body"].setValue(12)
    pick(panel, "weapon", "fn_har")
    go(panel, qtbot)
    state = sr4_window.bridge.state
    (van,) = set(state.combatants) - before
    assert state.combatants[van].sheet.name == "Demo getaway van" and state.vehicles[van].stats.body == 12
    assert RUNNER not in state.vehicles and state.combatants[RUNNER].sheet.metatype == "human"
    deed(panel, "change_vehicle")
    assert panel.inputs["vehicle"].findData(RUNNER) < 0  # a runner's attributes are never a vehicle's


def test_the_fleeing_vehicle_is_never_its_own_pursuer_and_a_chase_runs(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    deed(panel, "add_vehicle")
    panel.inputs["name"].setText("Demo getaway van")
    go(panel, qtbot)
    van = next(cid for cid, c in sr4_window.bridge.state.combatants.items() if c.sheet.name == "Demo getaway van")
    deed(panel, "start_chase")
    listing = panel.inputs["pursuers"]
    for lead in (van, DRONE):
        pick(panel, "lead", lead)
        offered = {listing.item(i).data(Qt.ItemDataRole.UserRole) for i in range(listing.count())}
        assert lead not in offered and offered == {van, DRONE} - {lead}
    pick(panel, "lead", van)
    listing.item(0).setCheckState(Qt.CheckState.Checked)
    go(panel, qtbot)
    assert sr4_window.bridge.state.chase.pursuers.keys() == {DRONE}
    deed(panel, "range")
    assert "The pursuer sets the band: " in panel.footer.odds.text()
    go(panel, qtbot)
    assert "range_set" in kinds(sr4_window) and "Demo Rotor Drone (made up):" in panel.chase.text()
    sr4_window.bridge.execute(cmd.StartTurn())
    while sr4_window.bridge.current_actor().id not in (van, DRONE):  # to the first vehicle's phase
        sr4_window.bridge.execute(cmd.NextPhase())
    deed(panel, "manoeuvre")
    pick(panel, "vehicle", sr4_window.bridge.current_actor().id)
    go(panel, qtbot)
    assert kinds(sr4_window)[-1] == "manoeuvre_made"
    deed(panel, "end_chase")
    go(panel, qtbot)
    assert sr4_window.bridge.state.chase is None
    sr4_window.action("undo").trigger()
    assert sr4_window.bridge.state.chase is not None
