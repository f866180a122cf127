"""The one focus rule (gmtool.ui.fight_focus), with real key presses on the real window: Space ticks
a focused check box or checkable row and leaves the phase alone; elsewhere it ends the phase; after
a dialog or a panel's roll the keyboard goes back to the fight."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QInputDialog

from gmtool.ui.fight_focus import return_focus_to_fight
from tests.gui.gm_sight import assert_fight_keys_act

SPACE = Qt.Key.Key_Space


def _current(window) -> str:  # noqa: ANN001
    return window.bridge.current_actor().id


def _modifier_row(window):  # noqa: ANN001, ANN202
    """The attack panel in front (the current actor at another combatant), its modifier tree focused
    on the first tickable row."""
    actor = _current(window)
    window.bridge.select(next(c for c in window.bridge.state.combatants if c != actor))
    window.action("attack").trigger()
    tree = window.parts.attack_panel.attack_tables.tree
    model = tree.model()
    rows = [(model.index(r, 0, model.index(t, 0)), t) for t in range(model.rowCount())
            for r in range(model.rowCount(model.index(t, 0)))]
    cell = next(i for i, _t in rows if i.flags() & Qt.ItemFlag.ItemIsUserCheckable and i.flags() & Qt.ItemFlag.ItemIsEnabled)
    tree.setFocus()
    tree.setCurrentIndex(cell)
    return tree, cell


def test_space_on_a_modifier_row_ticks_it_and_does_not_end_the_phase(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    actor = _current(window)
    tree, cell = _modifier_row(window)
    assert QApplication.focusWidget() is tree
    before = cell.data(Qt.ItemDataRole.CheckStateRole)
    qtbot.keyClick(tree, SPACE)
    assert _current(window) == actor  # the phase did not end
    after = cell.data(Qt.ItemDataRole.CheckStateRole)
    assert Qt.CheckState(after) != Qt.CheckState(before)  # the box was ticked
    qtbot.keyClick(tree, SPACE)
    assert Qt.CheckState(cell.data(Qt.ItemDataRole.CheckStateRole)) == Qt.CheckState(before)  # and unticked
    assert _current(window) == actor


def test_space_on_another_cell_of_a_modifier_row_ticks_the_rows_box(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    actor = _current(window)
    tree, cell = _modifier_row(window)
    tree.setCurrentIndex(cell.siblingAtColumn(1))
    before = Qt.CheckState(cell.data(Qt.ItemDataRole.CheckStateRole))
    qtbot.keyClick(tree, SPACE)
    assert Qt.CheckState(cell.data(Qt.ItemDataRole.CheckStateRole)) != before
    assert _current(window) == actor


def test_space_on_a_focused_check_box_ticks_it(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    actor = _current(window)
    window.action("attack").trigger()
    boxes = [b for b in window.parts.attack_panel.findChildren(QCheckBox) if b.isVisible() and b.isEnabled()]
    box = boxes[0]
    box.setFocus()
    before = box.isChecked()
    qtbot.keyClick(box, SPACE)
    assert box.isChecked() != before
    assert _current(window) == actor


def test_space_with_the_order_list_focused_ends_the_phase(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    actor = _current(window)
    order = window.parts.initiative_panel.view
    order.setFocus()
    qtbot.keyClick(order, SPACE)
    assert window.bridge.state.combatants[actor].acted
    assert _current(window) != actor


def test_a_panel_gives_the_keyboard_back_to_the_fight(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    tree, _cell = _modifier_row(window)
    assert QApplication.focusWidget() is tree
    assert return_focus_to_fight(window.parts.attack_panel)
    assert QApplication.focusWidget() is window.parts.initiative_panel.view
    assert_fight_keys_act(window)
    actor = _current(window)
    qtbot.keyClick(QApplication.focusWidget(), SPACE)
    assert _current(window) != actor


def test_after_a_dialog_the_keyboard_is_back_in_the_fight(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    name = window.parts.sheet_panel.editors["name"]
    name.setFocus()
    assert QApplication.focusWidget() is name

    def answer() -> None:  # as a GM does: in the dialog (the keyboard in it), then OK
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        focus = QApplication.focusWidget()
        if focus is None or focus.window() is not dialog:
            QTimer.singleShot(20, answer)
            return
        dialog.accept()

    QTimer.singleShot(20, answer)
    window.action("adjust_initiative").trigger()  # asks the change in a dialog
    window.activateWindow()  # the desktop does it as the dialog closes (the offscreen platform does not)
    qtbot.wait(300)
    assert QApplication.focusWidget() is window.parts.initiative_panel.view, (QApplication.focusWidget(), QApplication.activeWindow())
    assert_fight_keys_act(window)


def test_after_a_new_combatants_name_and_enter_space_ends_the_phase(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    order = window.parts.initiative_panel.view
    order.setFocus()
    qtbot.keyClick(order, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    name = window.parts.sheet_panel.editors["name"]
    assert QApplication.focusWidget() is name  # the name is ready to type
    qtbot.keyClicks(name, "Razor Two")  # a space in a name is typed, not a phase ended
    actor = _current(window)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert window.bridge.state.combatants[window.bridge.selected].sheet.name == "Razor Two"
    assert QApplication.focusWidget() is order
    qtbot.keyClick(order, SPACE)
    assert window.bridge.state.combatants[actor].acted


def test_an_offer_taken_in_the_sheet_gives_the_map_the_keyboard(qtbot, rally_window) -> None:
    """The rally: the active gear's Cruising speed from its card; the arrows then move it on the map."""
    window = rally_window
    window.action("br_roll_initiative").trigger()
    gear = window.bridge.state.current
    window.docks["sheet"].raise_()
    QApplication.processEvents()
    button = window.parts.sheet.offer_buttons["cruising"]
    button.setFocus()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.bridge.state.gears[gear].speed == "cruising"
    assert QApplication.focusWidget() is window.parts.map.view
    assert_fight_keys_act(window)


def test_a_spin_box_keeps_space_and_a_closed_list_lets_the_fight_have_it(qtbot, window) -> None:
    from PySide6.QtWidgets import QComboBox, QSpinBox

    window.action("roll_initiative").trigger()
    actor = _current(window)
    panel = window.parts.test_panel
    spin = next(s for s in panel.findChildren(QSpinBox) if s.isVisible() and s.isEnabled())
    spin.setFocus()
    qtbot.keyClick(spin, SPACE)
    assert _current(window) == actor  # typing in a field never ends the phase
    combo = next(c for c in panel.findChildren(QComboBox) if c.isVisible() and c.isEnabled() and not c.isEditable())
    combo.setFocus()
    qtbot.keyClick(combo, SPACE)
    assert _current(window) != actor  # a closed list is no typing field: Space is the fight's


def test_an_applied_attack_gives_the_order_list_the_keyboard(qtbot, window) -> None:
    """Issue 31: after an attack the keyboard is back in the fight (before: it stayed in the attack's
    attacker list, whose arrows would change the attacker)."""
    window.action("roll_initiative").trigger()
    tree, _cell = _modifier_row(window)  # the attack panel in front, a modifier row focused
    panel = window.parts.attack_panel
    panel.attacker.setFocus()
    qtbot.waitUntil(panel.attacker.hasFocus)
    qtbot.keyClick(panel.attacker, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Roll
    assert panel.model.result is not None
    qtbot.keyClick(panel.attacker, Qt.Key.Key_Return,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # Apply
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.parts.fight_widget())
    assert_fight_keys_act(window)
