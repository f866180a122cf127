"""The race setup dialog (BR-4, BR-20) in the rally's window: players and seats, the gear choice order,
the upgrades and the pole position, from the keyboard (Ctrl+Shift+S) and its buttons; the special
moves' equipment die (BR-9) in the attack panel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton

from gmtool.core.hex.coords import label

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def open_setup(qtbot, window):  # noqa: ANN001, ANN201
    window.action("undo").trigger()  # the demo has begun round 1: back before it
    assert window.bridge.state.round == 0
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL_SHIFT)
    dialog = window.parts.setup_dialog
    assert dialog.isVisible()
    return dialog


def button(dialog, name: str) -> QPushButton:  # noqa: ANN001
    found = dialog.findChild(QPushButton, name)
    assert found is not None
    return found


@pytest.mark.rule("BR-4")
@pytest.mark.rule("BR-20")
def test_the_setup_dialog_seats_the_players_rolls_their_order_gives_an_upgrade_and_rolls_the_pole(
        qtbot, rally_window) -> None:
    window = rally_window
    dialog = open_setup(qtbot, window)
    state = window.bridge.state
    dialog.players.clear()
    qtbot.keyClicks(dialog.players, "Aiko, Ben")
    qtbot.keyClick(dialog.players, Qt.Key.Key_Return)
    assert window.bridge.state.players == ("Aiko", "Ben")
    button(dialog, "brSetupRollOrder").click()
    assert set(window.bridge.state.choice_order) == {"Aiko", "Ben"}
    seat = dialog.findChild(QComboBox, "brSetupSeat_g1")
    assert seat is not None and seat.currentText() == "Aiko"
    dialog.mode.setCurrentIndex(2)  # chosen
    dialog.mode.activated.emit(2)
    assert window.bridge.state.upgrade_mode == "chosen"
    choice = dialog.findChild(QComboBox, "brSetupUpgrade_g1")
    assert choice is not None
    choice.setCurrentIndex(choice.findData(4))  # Sponsorship Paint
    button(dialog, "brSetupGive_g1").click()
    state = window.bridge.state
    assert state.gears["g1"].upgrades == ("sponsorship_paint",)
    assert not button(dialog, "brSetupGive_g1").isEnabled()  # one per gear
    button(dialog, "brSetupGive_g1").setEnabled(True)
    button(dialog, "brSetupGive_g1").click()  # refused: the reason is shown in the dialog
    assert "one per gear" in dialog.message.text()
    assert "Demo Sandhopper" in dialog.pole_odds.text() and "%" in dialog.pole_odds.text()
    button(dialog, "brSetupPole").click()
    state = window.bridge.state
    assert state.round == 1 and state.pole in state.gears and state.current == state.pole
    assert label(state.gears[state.pole].hex) == "1517"  # the start zone's first hex
    lines = [window.bridge.ruleset.describe(e) for entry in window.bridge.encounter.entries for e in entry.events]
    assert any(line.startswith("Pole position:") for line in lines)
    assert any("Demo Sandhopper chooses its upgrade: 4 Sponsorship Paint." == line for line in lines)
    assert not dialog.pole.isEnabled() and not dialog.players.isEnabled()  # the race has begun
    row = next(r for r in window.bridge.ruleset.order(state) if r.id == "g1")
    assert {(b.text, b.tooltip) for b in row.badges if b.key == "seat"} == {("Aiko", "Player: Aiko")}
    assert "Sponsorship Paint" in {b.text for b in row.badges}


@pytest.mark.rule("BR-9")
def test_the_equipment_box_adds_a_die_to_a_special_move_and_its_odds(qtbot, rally_window) -> None:
    window = rally_window
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # cruising
    moves = window.parts.attack_panel.moves
    window.docks["br_attack"].raise_()  # the GM looks at the actions column …
    window.parts.attack_panel.show_page("moves")  # … its moves page in front (a page behind works out nothing)
    # Demo Sandhopper, Defence 3+, cruising: 2D6 → 1 − (2/6)² = 88.9 %; with equipment 3D6 → 26/27 = 96.3 %
    assert "2D6 at 3+: a success 88.9%" in moves.odds.text()
    moves.equipment.setChecked(True)
    assert "3D6 at 3+: a success 96.3%" in moves.odds.text()
    moves.faces.setText("1 1 5")
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # burn rubber
    made = window.bridge.encounter.entries[-1].events[0]
    assert made.dice == 3 and made.equipment and made.successes == 1
    assert not moves.equipment.isChecked()  # ticked for one move only


@pytest.mark.rule("BR-4")
def test_the_pole_position_with_the_tables_dice_typed_per_gear(qtbot, rally_window, monkeypatch) -> None:
    from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog

    dialog = open_setup(qtbot, rally_window)

    def typed(table: TableDiceDialog) -> int:
        for gid, text in {"g1": "2 2", "g2": "1 1", "g3": "6 5", "g4": "4 1"}.items():
            table.faces[gid].setText(text)
        return 1

    monkeypatch.setattr(TableDiceDialog, "exec", typed)
    button(dialog, "brSetupPoleTyped").click()
    # At 4+: 2 2 → 0; 1 1 → 0; 6 5 → 6 + 1 = 7; 4 1 → 4. Demo Rustbucket (g3) takes the pole, then clockwise
    # g4, g1, g2 on the start zone's next hexes (1517, 1518, 1617, 1618).
    state = rally_window.bridge.state
    assert state.pole == "g3" and state.order == ("g3", "g4", "g1", "g2")
    assert [label(state.gears[g].hex) for g in ("g3", "g4", "g1", "g2")] == ["1517", "1518", "1617", "1618"]


@pytest.mark.rule("BR-20")
def test_the_move_and_the_twins_chosen_in_the_setup_work_in_the_race(qtbot, rally_window, monkeypatch) -> None:
    from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog

    window = rally_window
    dialog = open_setup(qtbot, window)
    dialog.mode.setCurrentIndex(2)  # chosen
    dialog.mode.activated.emit(2)
    for gear, die in (("g1", 1), ("g2", 6)):  # The Move for the Sandhopper, the Twins for the Dune Pig
        choice = dialog.findChild(QComboBox, f"brSetupUpgrade_{gear}")
        choice.setCurrentIndex(choice.findData(die))
        button(dialog, f"brSetupGive_{gear}").click()
    assert button(dialog, "brSetupTwinsChoose_g2").isEnabled() and not button(dialog, "brSetupTwinsChoose_g1").isEnabled()
    button(dialog, "brSetupTwinsChoose_g2").click()  # its only weapon, the rocket pod (ranged): 2-4 / 8
    rockets = window.bridge.state.gears["g2"].weapons[0]
    assert (rockets.name, rockets.optimal, rockets.maximum) == ("Demo rocket pod ×2", 4, 8)

    def typed(table: TableDiceDialog) -> int:
        for gid, text in {"g1": "6 6", "g2": "1 1", "g3": "1 1", "g4": "1 1"}.items():
            table.faces[gid].setText(text)
        return 1

    monkeypatch.setattr(TableDiceDialog, "exec", typed)
    button(dialog, "brSetupPoleTyped").click()
    assert window.bridge.state.current == "g1"
    dialog.close()
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # cruising
    moves = window.parts.attack_panel.moves
    moves.faces.setText("1 1")  # every die a 1: it spins out (BR-9)
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    spins = window.parts.attack_panel.spins
    assert window.bridge.state.pending and "The Move" in spins.stake.text()
    spins.dice["spin"].setText("2 6")  # a 6 on the second die: no skid, the activation goes on, a token
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL_SHIFT)
    state = window.bridge.state
    assert not state.pending and state.current == "g1" and state.gears["g1"].rally_tokens == 1


def test_once_the_race_has_begun_the_setup_is_shut_and_says_how_to_set_up_again(qtbot, rally_window) -> None:  # noqa: ANN001
    window = rally_window  # the demo has begun round 1 without a pole position check
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL_SHIFT)
    dialog = window.parts.setup_dialog
    assert dialog.players.text() == "Aiko, Ben"  # the demo gears' seats, offered as the players
    assert not any(button(dialog, name).isEnabled()
                   for name in ("brSetupSetPlayers", "brSetupRollOrder", "brSetupPole", "brSetupPoleTyped"))
    assert dialog.pole_odds.text() == ("The race has begun without a pole position check "
                                       "(undo to the start to set it up).")
    close = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Close")
    close.click()
    assert not dialog.isVisible()
