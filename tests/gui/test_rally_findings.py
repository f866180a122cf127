"""Issues 30 and 31 in the rally's window, each finding with a test that failed before its fix: the arrow
keys went to a combo box after an attack or a reaction offer; the race setup took "Aiko, BenAiko, Ben";
an attack on one's own side was made without a word; disabled actions said nothing; a roll's outcome
was only a log line cut with "…"; the map's line of fire ignored the attack's target; names were cut
at their end ("Demo Sandhopp…")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from gmtool.core.hex.coords import label
from gmtool.games.badlands_rally.gui.view import RALLY_SPECS
from gmtool.games.badlands_rally.rules import race_messages as m
from tests.gui.gm_sight import assert_fight_keys_act, assert_in_view, assert_whole

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def active(qtbot, rally_window):  # noqa: ANN001, ANN201
    """The rally's window, active (the keyboard's focus is the window's)."""
    rally_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is rally_window)
    return rally_window


def press(qtbot, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    """A key as a GM presses it: to whatever has the keyboard now."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def test_after_an_attack_the_arrow_keys_move_the_gear_again(qtbot, active) -> None:  # noqa: ANN001
    window, panel = active, active.parts.attack_panel
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))  # facing north-east: the Rustbucket (1717) ahead
    press(qtbot, Qt.Key.Key_K, CTRL)  # the attack page; the target list takes the keyboard
    panel.aim_at("g3")
    panel.faces["attack"].setText("1")  # a miss: nothing waits to spin out
    panel.faces["defence"].setText("6 6")
    press(qtbot, Qt.Key.Key_Return, CTRL)  # Aiko's own gear: asked once, in place
    press(qtbot, Qt.Key.Key_Return, CTRL)
    if window.bridge.state.reaction is not None:  # BR-18: the Rustbucket may react; it does not
        press(qtbot, Qt.Key.Key_K, CTRL | SHIFT)
    assert any(e.kind == "br_attack_made" for e in window.bridge.encounter.entries[-1].events)
    assert QApplication.focusWidget() is window.parts.map.view  # not the target's combo box
    assert_fight_keys_act(window)
    press(qtbot, Qt.Key.Key_Up)  # the gear steps ahead: north-east of 1317 (an odd column, 1-based) is 1416
    assert label(window.bridge.state.gears["g1"].hex) == "1416"


def test_after_a_reaction_offer_the_arrow_keys_still_move_the_gear(qtbot, active) -> None:  # noqa: ANN001
    window = active
    press(qtbot, Qt.Key.Key_1, CTRL)
    window.parts.map.view.setFocus()
    press(qtbot, Qt.Key.Key_Up)  # out of 1617, in the Rustbucket's front arc: a reaction is offered (BR-18)
    assert window.bridge.state.reaction is not None
    assert QApplication.focusWidget() is window.parts.map.view  # not the weapon's combo box
    press(qtbot, Qt.Key.Key_K, CTRL | SHIFT)  # no reaction: the held step is made
    assert label(window.bridge.state.gears["g1"].hex) == "1517"
    assert QApplication.focusWidget() is window.parts.map.view
    press(qtbot, Qt.Key.Key_Left)  # a free turn at cruising speed
    assert window.bridge.state.gears["g1"].facing == 4


@pytest.mark.rule("BR-4")
def test_the_race_setup_refuses_a_player_without_a_gear_in_place_in_both_languages(qtbot, rally_window) -> None:  # noqa: ANN001
    from gmtool.core.i18n import set_language

    window = rally_window
    window.action("undo").trigger()  # the demo has begun round 1: back before it
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL | SHIFT)
    dialog = window.parts.setup_dialog
    dialog.players.clear()
    qtbot.keyClicks(dialog.players, "Aiko, BenAiko, Ben")
    qtbot.keyClick(dialog.players, Qt.Key.Key_Return)
    assert window.bridge.state.players == ()  # nothing set
    assert dialog.message.text().startswith("BenAiko races no gear") and dialog.isVisible()
    assert dialog.players.text() == "Aiko, BenAiko, Ben"  # what was typed stays, to be mended
    dialog.set_button.click()  # the button takes the focus: the line keeps its text all the same
    assert dialog.players.text() == "Aiko, BenAiko, Ben" and window.bridge.state.players == ()
    try:
        set_language("ja")
        assert not dialog.set_players()
        assert dialog.message.text().startswith("BenAikoのギアがありません")
    finally:
        set_language("en")


def test_an_attack_on_ones_own_side_is_asked_once_and_enemies_come_first(qtbot, rally_window) -> None:  # noqa: ANN001
    window, panel = rally_window, rally_window.parts.attack_panel
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))
    window.action("br_attack").trigger()
    targets = [panel.target.itemData(i) for i in range(panel.target.count())]
    assert targets == ["g2", "g4", "g3"]  # Ben's gears first, then Aiko's own Rustbucket
    assert panel.target.itemText(2) == "Demo Rustbucket (own side)"
    panel.aim_at("g3")
    panel.faces["attack"].setText("1")
    panel.faces["defence"].setText("6 6")
    entries = len(window.bridge.encounter.entries)
    assert not panel.attack()  # asked, in place: nothing made
    assert len(window.bridge.encounter.entries) == entries
    assert panel.warning.text() == ("Demo Rustbucket races for Aiko, as Demo Sandhopper does: press Roll "
                                    "(Ctrl+Return) again to attack it all the same.")
    assert_in_view(window, [panel.warning])
    assert panel.attack()  # pressed again: made
    window.action("undo").trigger()  # taken back (the reaction window, then the attack)
    while window.bridge.state.gears["g1"].actions_used or window.bridge.state.reaction is not None:
        window.action("undo").trigger()
    panel.faces["attack"].setText("1")
    panel.faces["defence"].setText("6 6")
    assert panel.attack()  # the same pair is not asked again


def test_every_disabled_rally_action_says_why(rally_window) -> None:  # noqa: ANN001
    window = rally_window  # round 1 begun, the Sandhopper to declare its speed: most deeds are not possible yet
    disabled = [spec.name for spec in RALLY_SPECS if not window.action(spec.name).isEnabled()]
    assert len(disabled) >= 10
    silent = [name for name in disabled if "\n" not in window.action(name).toolTip()]
    assert not silent, silent
    assert "Demo Sandhopper declares cruising or top speed first." in window.action("map_ahead").toolTip()
    assert "No spin-out waits." in window.action("br_resolve_spin").toolTip()
    assert "the round is still running" in window.action("br_roll_initiative").toolTip().lower()
    panel = window.parts.attack_panel  # the actions column's buttons, off, say why too (or their box does)
    for page in ("moves", "push", "spin", "attack"):  # each page as the GM brings it to the front (a page behind is filled then)
        panel.show_page(page)
    off = [b for b in panel.findChildren(QPushButton) if not b.isEnabled()]
    assert len(off) >= 4
    unsaid = [b.objectName() or b.text() for b in off if not _reason(b, panel)]
    assert not unsaid, unsaid
    assert "declares cruising or top speed first" in panel.moves.buttons["burn_rubber"].toolTip()


def _reason(widget: QWidget, top: QWidget) -> str:
    """The tooltip saying why a widget is off: its own, or the box's it sits in."""
    while widget is not None and widget is not top:
        if widget.toolTip():
            return widget.toolTip()
        widget = widget.parentWidget()
    return ""


def test_the_last_roll_stays_whole_in_its_panel_until_undone(qtbot, rally_window) -> None:  # noqa: ANN001
    window, panel = rally_window, rally_window.parts.attack_panel
    window.action("br_cruising").trigger()
    moves = panel.moves
    moves.faces.setText("5 3")  # the Sandhopper's burn rubber at 3+: 2 successes, +2 MR
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    last = panel.last["moves"]
    assert panel.page() == "moves" and last.isVisible()
    assert any("Burn rubber" in line or "burns rubber" in line for line in last.lines)
    assert_in_view(window, [last])
    assert_whole([last])
    window.run(m.StepGear(gear="g1", step="left"))  # another deed: the roll stays
    assert last.isVisible() and last.lines
    window.action("undo").trigger()
    window.action("undo").trigger()  # the burn rubber taken back: its roll no longer shown
    assert not last.isVisible() and last.seq is None


def test_the_maps_line_of_fire_follows_the_attacks_target(rally_window) -> None:  # noqa: ANN001
    window, panel, dock = rally_window, rally_window.parts.attack_panel, rally_window.parts.map
    window.action("br_attack").trigger()
    panel.aim_at("g4")
    assert dock.target.currentData() == "g4" and dock.view.overlay  # the thread to the Scrapjack is drawn
    panel.aim_at("g2")
    assert dock.target.currentData() == "g2"


def test_a_name_cut_in_the_order_keeps_its_end() -> None:
    from gmtool.ui.order_delegate import shown_name

    metrics = QFontMetrics(QFont())
    one, other = (shown_name(metrics, name, metrics.horizontalAdvance("Demo Rally G")) for name in
                  ("Demo Rally Gear 1", "Demo Rally Gear 2"))
    assert "…" in one and one.endswith("1") and other.endswith("2")  # cut at the end they would read alike


def test_a_gear_card_behind_its_tab_never_writes_its_old_values_to_another_gear(qtbot, rally_window) -> None:  # noqa: ANN001
    """Found by the walkthrough: the card (a tab behind the log, not redrawn while behind) still showed the
    Sandhopper; a page switch passed the keyboard through its name field, and leaving it renamed the
    Scrapjack, then selected, "Demo Sandhopper"."""
    from PySide6.QtWidgets import QLineEdit

    window = rally_window
    window.docks["sheet"].raise_()
    window.bridge.select("g1")
    window.docks["log"].raise_()  # the card behind: it stops drawing
    window.bridge.select("g4")
    name = window.parts.sheet.findChild(QLineEdit, "sheetField_name")
    assert name.text() == "Demo Sandhopper"  # what the card behind still holds
    name.editingFinished.emit()  # the keyboard passing through it
    assert window.bridge.state.gears["g4"].name == "Demo Scrapjack"
    assert not any(e.kind == "br_gear_edited" for e in window.bridge.encounter.entries[-1].events)


def test_table_mode_geometry_typed_for_one_gear_is_not_the_next_gears(qtbot, rally_window) -> None:  # noqa: ANN001
    """Issue 31: table mode's range, side, cover and lock typed for one attacker carried over to the next."""
    window = rally_window
    window.run(m.SetTableMode(on=True))
    panel = window.parts.attack_panel
    first = window.bridge.state.current
    panel.range.setValue(7)
    panel.cover.setValue(2)
    panel.lock.setChecked(False)
    panel.in_front.setChecked(False)
    panel.side.setCurrentIndex(panel.side.count() - 1)
    window.run(m.DeclareSpeed(gear=first, speed="cruising"))
    assert panel.range.value() == 7  # the same attacker: what the GM typed stays
    window.run(m.EndActivation(gear=first))
    assert window.bridge.state.current not in (None, first)
    panel.fresh()
    assert (panel.range.value(), panel.cover.value(), panel.lock.isChecked(), panel.in_front.isChecked(),
            panel.side.currentIndex()) == (1, 0, True, True, 0)
