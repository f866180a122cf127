"""The rigging and chase tab of the SR4 panel (SR4-V1..V7): reached by Ctrl+Alt+V, every form a
command through the journal, the demo's made-up drone already registered and controlled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.storage.workspace import Workspace

DRONE, RIGGER, GUARD = "c7", "c6", "c4"  # the demo's Rotor Drone, Security Rigger, Yard Guard 1


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win


def rigging(window):  # noqa: ANN001, ANN201
    return window.parts.test_panel.rigging


def click(panel, name: str, qtbot) -> None:  # noqa: ANN001
    qtbot.mouseClick(panel.findChild(QPushButton, f"rig_{name}"), Qt.MouseButton.LeftButton)


def pick(panel, name: str, data: object) -> None:  # noqa: ANN001
    box = panel.findChild(QComboBox, f"rig_{name}")
    box.setCurrentIndex(box.findData(data))


def kinds(window) -> list[str]:  # noqa: ANN001
    return [e.kind for entry in window.bridge.workspace.encounter.entries for e in entry.events]


@pytest.mark.rule("SR4-V1")
def test_the_demo_drone_is_a_controlled_vehicle_and_ctrl_alt_v_shows_the_tab(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    state = sr4_window.bridge.state
    assert state.vehicles[DRONE].control.rigger == RIGGER and state.vehicles[DRONE].control.mode == "remote"
    assert "Demo Rotor Drone (made up)" in panel.vehicles.text()
    tabs = sr4_window.parts.test_panel.tabs
    sr4_window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(sr4_window.parts.initiative_panel.view, Qt.Key.Key_V,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    assert tabs.tabText(tabs.currentIndex()) == "Rigging and chase"
    qtbot.waitUntil(lambda: panel.accel.hasFocus())  # the keyboard is in the forms


@pytest.mark.rule("SR4-V3")
@pytest.mark.rule("SR4-V4")
def test_the_tab_rolls_a_sensor_test_and_locks_on(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    sr4_window.bridge.select(DRONE)
    pick(panel, "test", "sensor")
    click(panel, "roll", qtbot)
    assert kinds(sr4_window)[-1] == "dice_test_rolled" and panel.error.text() == ""
    pick(panel, "target", GUARD)
    click(panel, "lock_passive", qtbot)
    assert "locked_on" in kinds(sr4_window)
    assert any(e.key == "sensor_targeting" for e in sr4_window.bridge.state.effects.values())


@pytest.mark.rule("SR4-V2")
@pytest.mark.rule("SR4-V5")
def test_a_hit_on_the_drone_and_a_refusal_in_the_error_line(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    sr4_window.bridge.select(GUARD)
    click(panel, "hit", qtbot)
    assert "not a vehicle" in panel.error.text()
    sr4_window.bridge.select(DRONE)
    panel.findChild(QSpinBox, "rig_boxes").setValue(3)  # Body 3: a crash test follows
    panel.on_monitor.setChecked(False)
    click(panel, "hit", qtbot)
    assert {"vehicle_hit_taken", "crash_tested"} <= set(kinds(sr4_window))
    assert sr4_window.bridge.state.combatants[DRONE].sheet.physical_damage == 3


@pytest.mark.rule("SR4-V1")
@pytest.mark.rule("SR4-V6")
@pytest.mark.rule("SR4-V7")
def test_register_a_car_start_a_chase_roll_the_range_and_control(sr4_window, qtbot) -> None:  # noqa: ANN001
    panel = rigging(sr4_window)
    car = "c3"
    sr4_window.bridge.select(car)
    panel.stat_boxes["body"].setValue(10)
    click(panel, "register", qtbot)
    assert car in sr4_window.bridge.state.vehicles
    pick(panel, "lead", car)
    for i in range(panel.pursuers.count()):
        item = panel.pursuers.item(i)
        item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == DRONE
                           else Qt.CheckState.Unchecked)
    click(panel, "start_chase", qtbot)
    assert sr4_window.bridge.state.chase is not None
    click(panel, "range", qtbot)
    assert panel.error.text() == ""
    assert "range_set" in kinds(sr4_window) and "Demo Rotor Drone (made up):" in panel.chase.text()
    sr4_window.bridge.execute(cmd.StartTurn())
    while sr4_window.bridge.current_actor().id not in (car, DRONE):  # to the first vehicle's phase
        sr4_window.bridge.execute(cmd.NextPhase())
    sr4_window.bridge.select(sr4_window.bridge.current_actor().id)
    pick(panel, "manoeuvre", "control")
    click(panel, "manoeuvre_go", qtbot)
    assert kinds(sr4_window)[-1] == "manoeuvre_made"
    click(panel, "end_chase", qtbot)
    assert sr4_window.bridge.state.chase is None
    sr4_window.action("undo").trigger()
    assert sr4_window.bridge.state.chase is not None
