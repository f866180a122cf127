"""The datacards' special rules (BR-20) in the window: ticked in the card editors (their effect as the
tooltip), shown on the sheet, their terms in the attack panel's plan and the move box, the off-road
roll and a Reliable reroll from the keyboard. Values by hand from the digest (データカード)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from gmtool.games.badlands_rally.gui.library_parts import GearCardEditor
from gmtool.games.badlands_rally.library.kind import LIBRARY

CHECKED = Qt.CheckState.Checked


def test_the_card_editor_ticks_special_rules_with_their_effect_as_tooltip(qtbot) -> None:
    editor = GearCardEditor(LIBRARY.blank("badlands_rally", "Hunter"))
    qtbot.addWidget(editor)
    saved = []
    editor.saved.connect(saved.append)
    reliable, train = editor.specials.item_for("reliable"), editor.specials.item_for("easy_to_train")
    assert reliable.toolTip() == "Once per lap, the gear may reroll one test."
    assert "Campaign only: no effect in a race." in train.toolTip()
    assert "no water" in editor.specials.item_for("hover").toolTip()
    reliable.setCheckState(CHECKED)
    train.setCheckState(CHECKED)
    editor.save()
    assert saved[0].specials == ("reliable", "easy_to_train")
    again = GearCardEditor(LIBRARY.document(saved[0]))  # opened again: still ticked
    qtbot.addWidget(again)
    assert again.specials.selected() == ("reliable", "easy_to_train")


def _join(qtbot, window, *keys: str) -> str:  # noqa: ANN001
    from gmtool.games.badlands_rally.gui.add_gear import AddGearDialog

    dialog = AddGearDialog(window.bridge.state, window)
    qtbot.addWidget(dialog)
    dialog.name.setText("Special")
    for key in keys:
        dialog.specials.item_for(key).setCheckState(CHECKED)
    assert dialog.command().specials == keys
    assert window.run(dialog.command())
    return next(g.id for g in window.bridge.state.gears.values() if g.name == "Special")


def test_specials_ticked_in_add_gear_show_on_the_sheet_and_in_the_attack_plan(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m

    window = rally_window
    joined = _join(qtbot, window, "exposed_movement", "shield")
    window.bridge.select(joined)
    window.docks["sheet"].raise_()  # the GM looks at the gear's card (a tab behind the log)
    field = window.parts.sheet.findChild(QLineEdit, "sheetField_specials")
    assert field is not None and field.text() == "Exposed Movement, Shield"
    # Sandhopper at 1317 facing north-east; the new gear at 1717 facing south-west: Sandhopper in its front
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g3", hex="1010", facing=0))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))
    window.run(m.PlaceGear(gear=joined, hex="1717", facing=4))
    panel = window.parts.attack_panel
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    panel.aim_at(joined)
    # range 4 beyond the autocannon's optimal 3: attack 2 − 1 = 1 die; defence 2 + Shield 1 = 3 dice, and
    # Exposed Movement's chance that all 3 show 2 or less: (2/6)³ = 1/27 = 3.7 %
    assert "defence 3D6" in panel.plan.text() and "Shield +1" in panel.plan.text()
    assert "Exposed movement: 3.7%" in panel.odds.text()


def test_the_move_box_adds_jump_jets_when_ticked_and_reliable_rerolls_from_the_keyboard(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m

    window = rally_window
    joined = _join(qtbot, window, "off_road_specialist", "jump_jets", "reliable")
    for gear in ("g1", "g2", "g3", "g4"):
        window.run(m.EndActivation(gear=gear))
    assert window.run(m.StartRound(first=joined))
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # cruising: MR 5, Defence 4+
    moves = window.parts.attack_panel.moves
    window.docks["br_attack"].raise_()  # the GM looks at the actions column …
    window.parts.attack_panel.show_page("moves")  # … its moves page in front (a page behind works out nothing)
    # Off-road: 2D6 at 4+, a success 1 − (1/2)² = 75 %; jump 2D6 until Jump Jets are ticked: 4D6, 1 − (1/2)⁴
    assert "Off-road: 2D6 at 4+, 75.0% of a success" in moves.odds.text() and "Jump 2D6 at 4+" in moves.odds.text()
    moves.faces.setText("4 5")
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.bridge.state.gears[joined].rough_free == 2
    assert "2 rough hexes to ignore now" in moves.odds.text()
    moves.special_dice.boxes["jump_jets"].setChecked(True)
    assert "Jump 4D6 at 4+: a success 93.8% with Jump jets +2D6" in moves.odds.text()
    moves.faces.setText("1 1 1 2")
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    made = window.bridge.encounter.undo_target.events[0]
    assert (made.dice, made.successes) == (4, 0)
    # Reliable: Undo, and the jump again with its 4 dice rolled anew; the first faces kept in the new event
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    again = window.bridge.encounter.undo_target.events[0]
    assert again.rerolled == (1, 1, 1, 2) and again.dice == 4 and again.terms == (("br.term.jump_jets", 2),)
    assert window.bridge.state.gears[joined].reliable_lap == 0
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "rerolled a test this lap already" in window.status.text()  # once per lap: refused, said why
    assert window.bridge.encounter.undo_target.events[0] == again


def test_a_library_card_joins_the_race_with_its_special_rules(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from gmtool.games.badlands_rally.gui.library_parts import LIBRARY_GUI
    from gmtool.games.badlands_rally.library.templates import GearCard

    parent = QWidget()
    qtbot.addWidget(parent)
    plan = LIBRARY_GUI.ask_to_add(GearCard(name="Mamba", specials=("high_tech", "shield")), parent)
    assert plan is not None and plan.commands[0].specials == ("high_tech", "shield")
