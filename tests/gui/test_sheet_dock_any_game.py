"""Issue 14: the shell's generic sheet dock draws a Shadowrun combatant from the rules' SheetView and
Offers alone (both editions), and its edits and offers reach the journal as the edition's commands."""

from __future__ import annotations

import pytest

from gmtool.storage.workspace import Workspace
from gmtool.ui.sheet_dock import SheetDock


def _dock(qtbot, window) -> SheetDock:  # noqa: ANN001
    dock = SheetDock(window.bridge, window.run)
    qtbot.addWidget(dock)
    return dock


def test_an_sr5_sheet_is_drawn_edited_and_acted_from_display_types(qtbot, window) -> None:  # noqa: ANN001
    dock = _dock(qtbot, window)
    window.bridge.select("c1")  # the demo's Kestrel, an elf
    assert dock.title.text() == "Kestrel (demo runner)"
    agility = dock.editors["attr.AGI"]
    # SR5 metatype table: an elf's Agility runs 2 to 7, augmented up to +4 more (resources/sr5/metatypes.json).
    assert (agility.minimum(), agility.maximum()) == (2, 11)
    assert dock.editors["metatype"].currentData() == "elf" and dock.editors["metatype"].count() == 5
    assert "Physical" in dock.tracks.text()
    body = dock.editors["attr.BOD"]
    body.setValue(body.value() + 1)
    body.editingFinished.emit()
    assert window.bridge.state.combatants["c1"].sheet.attributes["BOD"] == 4  # an EditSheet, journaled
    aim = dock.offer_buttons["take_aim"]
    assert not aim.isEnabled() and aim.toolTip() == "Roll initiative first."
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    window.bridge.select(actor.id)
    assert dock.offer_buttons["take_aim"].isEnabled()
    before = len(window.bridge.encounter.entries)
    assert dock.take("take_aim")
    assert window.bridge.encounter.entries[before].events[0].kind == "action_taken"


@pytest.fixture
def sr4(workspace: Workspace):  # noqa: ANN201
    encounter = next(e for e in workspace.campaign.encounters() if e.ruleset == "sr4")
    return workspace.with_encounter(encounter.id)


def test_an_sr4_sheet_shows_passes_and_refuses_an_unpaid_action(qtbot, sr4: Workspace) -> None:  # noqa: ANN001
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(sr4)
    qtbot.addWidget(window)
    dock = _dock(qtbot, window)
    window.bridge.select("c1")
    passes = dock.editors["initiative_passes"]
    assert (passes.minimum(), passes.maximum()) == (1, 4)  # SR4-C4: at most four initiative passes
    assert "initiative_dice" not in dock.editors
    assert not dock.take("call_shot")  # before initiative: refused, said in the status line
    assert window.status.text() == "Roll initiative first."
