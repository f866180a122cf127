"""The SR4 test box from the GM's side, in the SR4 window's first tab: inputs, exact odds, typed
faces, Edge before and after the roll, burning and refreshing, Edge when going down, undo and log.

The demo's first runner, Sable Wren: Agility 6, Body 3 (physical monitor 8 + 2 = 10), Edge 4.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.storage.workspace import Workspace

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _box(window):  # noqa: ANN001, ANN202
    window.bridge.select("c1")
    return window.parts.test_panel.tests


def _choose(combo, data) -> None:  # noqa: ANN001
    combo.setCurrentIndex(combo.findData(data))


def _log(window) -> str:  # noqa: ANN001
    model = window.log_panel.model
    return "\n".join(model.index(r, 0).data() for r in range(model.rowCount()))


@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("SR4-D2")
def test_the_box_forms_the_pool_shows_odds_and_rolls_typed_faces(qtbot, sr4_window) -> None:
    window = sr4_window
    box = _box(window)
    assert window.parts.test_panel.tabs.currentIndex() == 0  # the test box is the first tab
    assert not box.limit.isVisible()  # SR4 has no limits
    assert [box.edge_use.itemText(i) for i in range(box.edge_use.count())] == [
        "No Edge", "Edge dice (rule of six)", "Burn Edge: critical success",
    ]
    box.skill.setValue(3)
    box.threshold.setValue(2)
    assert box.model.pool == 9  # Agility 6 + skill 3 (000 §1.2)
    assert "Success (≥ 2 hits)" in box.odds_label.text()
    # 4 ones of 9 dice is less than half; 5 would be a glitch (000 §1.1: 半分以上).
    box.faces_edit.setText("5 6 1 1 1 1 2 3 4")
    box.enter_button.click()
    assert "2 hits" in box.result_label.text() and "glitch" not in box.result_label.text()
    box.faces_edit.setText("5 6 1 1 1 1 1 3 4")
    box.enter_button.click()
    assert "glitch" in box.result_label.text()
    assert "Sable Wren" in _log(window)


@pytest.mark.rule("SR4-E2")
@pytest.mark.rule("SR4-E3")
@pytest.mark.rule("SR4-E4")
@pytest.mark.rule("SR4-E8")
def test_edge_before_and_after_the_roll_from_the_box(qtbot, sr4_window) -> None:
    window = sr4_window
    box = _box(window)
    box.skill.setValue(3)
    box.faces_edit.setText("5 2 2 2 2 2 2 2 2")
    box.enter_button.click()
    assert box.after_buttons[EdgeUse.ADD_AFTER].text() == "+ Edge dice"
    # After the roll, Edge 4 dice; the six among them adds one (000 §2): 5 + (6 5 2 2) + (3) = 3 hits.
    box.faces_edit.setText("6 5 2 2 3")
    box.after_buttons[EdgeUse.ADD_AFTER].click()
    last = window.bridge.state.combatants["c1"].last_test
    assert last.edge_used and "3 hits" in box.result_label.text()
    assert window.bridge.state.combatants["c1"].sheet.edge_points == 3
    assert not box.after_buttons[EdgeUse.REROLL_FAILURES].isEnabled()  # one point per action
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # undo: the Edge after the roll is taken back
    assert window.bridge.state.combatants["c1"].sheet.edge_points == 4
    assert box.after_buttons[EdgeUse.REROLL_FAILURES].isEnabled()
    box.faces_edit.setText("5 5 5 5 5 5 5 1")  # the 8 misses rerolled: 1 + 7 = 8 hits
    box.after_buttons[EdgeUse.REROLL_FAILURES].click()
    assert "8 hits" in box.result_label.text()
    box.faces_edit.setText("1 1 1 1 1 2 2 2 2")  # a glitch (5 ones of 9), then negated
    box.enter_button.click()
    box.after_buttons[EdgeUse.NEGATE_GLITCH].click()
    assert "glitch negated (Edge)" in box.result_label.text()
    _choose(box.edge_use, EdgeUse.ADD_BEFORE)
    assert box.model.odds.spec.edge == 4 and box.model.pool == 9  # the Edge attribute gives the dice, not the points
    assert "rerolling the dice that missed" in _log(window) and "(glitch negated by Edge)" in _log(window)


@pytest.mark.rule("SR4-E10")
@pytest.mark.rule("SR4-E1")
def test_burning_from_the_box(qtbot, sr4_window) -> None:
    window = sr4_window
    box = _box(window)
    box.skill.setValue(3)
    box.threshold.setValue(4)
    _choose(box.edge_use, EdgeUse.CRITICAL_SUCCESS)
    assert box.model.odds.critical_success == 1  # an achievable test: certain (000 §2)
    box.roll_button.click()
    sheet = window.bridge.state.combatants["c1"].sheet
    assert sheet.attributes["EDG"] == 3 and "critical success" in box.result_label.text()
    box.burn_button.click()
    assert window.bridge.state.combatants["c1"].sheet.attributes["EDG"] == 2
    box.refresh_button.click()
    assert box.error_label.text() == "Edge points are already full."


@pytest.mark.rule("SR4-D5")
@pytest.mark.rule("SR4-D6")
def test_opposed_and_extended_tests_from_the_box(qtbot, sr4_window) -> None:
    window = sr4_window
    box = _box(window)
    box.skill.setValue(3)
    _choose(box.test_type, "opposed")
    assert box.test_type.currentText() == "Opposed test"
    box.opponent_dice.setValue(4)
    assert 0 < box.model.opposed.actor_wins < 1
    box.roll_button.click()
    assert window.bridge.state.combatants["c1"].last_test is not None
    _choose(box.test_type, "extended")
    box.threshold.setValue(6)
    box.roll_button.click()  # starts it; the roll limit is the starting pool, 9 (004)
    (test,) = window.bridge.state.extended_tests.values()
    assert test.roll_limit == 9
    box.faces_edit.setText("5 5 5 2 2 2 2 2 2")
    box.extended_roll.click()
    assert window.bridge.state.extended_tests[test.id].accumulated == 3


@pytest.mark.rule("SR4-E9")
@pytest.mark.rule("SR4-E11")
def test_edge_when_going_down_from_the_panel(qtbot, sr4_window) -> None:
    window = sr4_window
    window.bridge.select("c1")
    down = window.parts.test_panel.edge_down
    trigger, cheat = down.buttons["trigger"], down.buttons["cheat"]
    assert not trigger.isEnabled() and "not going down" in trigger.toolTip()
    assert not down.isVisibleTo(window)  # shown only while the selected combatant goes down
    assert window.bridge.execute(cmd.ApplyDamage(combatant="c1", track="physical", boxes=10))
    assert down.isVisibleTo(window)
    assert trigger.isEnabled() and not cheat.isEnabled()
    trigger.click()
    assert window.bridge.state.combatants["c1"].last_action and "dead man's trigger" in _log(window)
    assert window.bridge.execute(cmd.ApplyDamage(combatant="c1", track="physical", boxes=4))  # 14 > 10 + Body 3
    assert cheat.isEnabled()
    cheat.click()
    sheet = window.bridge.state.combatants["c1"].sheet
    assert sheet.physical_damage == 13 and sheet.attributes["EDG"] == 3 and "cheats death" in _log(window)
    unhurt = next(cid for cid, c in window.bridge.state.combatants.items() if c.sheet.physical_damage == 0)
    window.bridge.select(unhurt)
    assert not down.isVisibleTo(window)  # another combatant, not going down: the box goes again
