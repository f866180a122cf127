"""A drone's or vehicle's sheet shows vehicle fields only (issue 31: the demo drone's sheet had a
metatype, a person's attributes and a stun monitor). Its one condition monitor is 8 + Body ÷ 2
(the digest's drone takes damage on it, §7.2; no stun, no overflow: full is destroyed)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import assert_in_view

DRONE, RUNNER = "c7", "c1"  # the demo's Rotor Drone (Body 3, Armor 6, Pilot 3) and Sable Wren


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.resize(1366, 728)
    win.show()
    qtbot.waitExposed(win)
    return win


def row_shown(panel, field: str) -> bool:  # noqa: ANN001
    form, holder = panel._rows[field]
    return form.isRowVisible(holder)


def test_a_drones_sheet_shows_its_vehicle_fields_only(sr4_window) -> None:  # noqa: ANN001
    panel = sr4_window.parts.sheet_panel
    sr4_window.docks["sheet"].raise_()  # on a laptop the sheet is a tab beside the work panels: the GM clicks it
    sr4_window.bridge.select(DRONE)
    QApplication.processEvents()
    assert panel.vehicle_box.isVisible() and not panel.attributes_box.isVisible()
    for field in ("metatype", "stun_damage", "edge_points", "initiative_bonus"):
        assert not row_shown(panel, field), field
    assert not panel.damage_buttons["stun_damage"].isVisible()
    texts = [panel.vehicle_form.itemAt(i).widget().text() for i in range(panel.vehicle_form.count())
             if panel.vehicle_form.itemAt(i).widget() is not None]
    assert "Pilot" in texts and "Armor" in texts and "remote (AR), Demo Security Rigger" in texts
    # 8 + 3 ÷ 2 rounded up; nothing beyond it (a person's track has Body overflow boxes and the box of death)
    assert (panel.model.value("physical_boxes"), panel.model.value("physical_overflow")) == (10, 0)
    assert_in_view(sr4_window, [panel.vehicle_box])
    sr4_window.bridge.select(RUNNER)  # a runner's sheet is a person's again
    QApplication.processEvents()
    assert not panel.vehicle_box.isVisible() and panel.attributes_box.isVisible()
    assert row_shown(panel, "metatype") and row_shown(panel, "stun_damage")
    combo = panel.editors["metatype"]
    assert combo.findData("vehicle") < 0  # a person's metatypes only
