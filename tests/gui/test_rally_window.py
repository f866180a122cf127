"""The rally in the main window (issues 15 and 16): the order, the course map and the gear's card;
speed, steps on the map by key and by drag, undo, the next activation, arcs and the line of fire —
every move a journal command, the map redrawing the units only."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import hex_of
from gmtool.games.badlands_rally.rules import race_messages as m


def gear(window, gear_id: str):  # noqa: ANN001, ANN201
    return window.bridge.state.gears[gear_id]


def terrain_of(window):  # noqa: ANN001, ANN202
    return window.parts.map.view.terrain


def test_the_rally_window_has_its_docks_and_the_order_passes_the_model_tester(rally_window, model_testers) -> None:
    window = rally_window
    assert {"order", "map", "sheet", "log"} <= set(window.docks)
    model_testers(window.parts.order_panel.model)
    dock = window.parts.map
    assert set(dock.view.tokens) == {"g1", "g2", "g3", "g4"}
    assert len(terrain_of(window).colours) == 32 * 20  # the demo course, every hex drawn
    assert window.bridge.selected == "g1"  # the gear whose activation it is
    assert dock.view.tokens["g1"].isSelected() and dock.view.tints  # its arcs are shown


def test_keys_declare_speed_step_on_the_map_and_undo_takes_a_step_back(qtbot, rally_window) -> None:
    window = rally_window
    dock = window.parts.map
    terrain = terrain_of(window)
    assert not window.action("map_ahead").isEnabled()  # no speed declared yet
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # top speed
    assert gear(window, "g1").speed == "top" and gear(window, "g1").mr_left == 9
    dock.view.setFocus()
    qtbot.keyClick(dock.view, Qt.Key.Key_Up)
    # BR-18: 1617 lies in the front arc of the Rustbucket (1717, facing north-west, a vibro-axe): it may react first
    assert window.bridge.state.reaction is not None and label(gear(window, "g1").hex) == "1617"
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    # 1617 facing north-west: column 16 is an even column (1-based), half a hex lower than column 15,
    # so its north-west neighbour is 1517, a hard-pack hex: 1 MR.
    assert label(gear(window, "g1").hex) == "1517" and gear(window, "g1").mr_left == 8
    qtbot.keyClick(dock.view, Qt.Key.Key_Left)  # at top speed a turn costs 1 MR (BR-8)
    assert gear(window, "g1").facing == 4 and gear(window, "g1").mr_left == 7
    qtbot.keyClick(dock.view, Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier)  # the GM's free turn
    assert gear(window, "g1").facing == 3 and gear(window, "g1").mr_left == 7
    assert terrain_of(window) is terrain  # only the units were drawn again
    assert dock.view.tokens["g1"].isSelected()
    window.action("undo").trigger()
    window.action("undo").trigger()
    assert gear(window, "g1").facing == 5 and gear(window, "g1").mr_left == 8
    lines = window.bridge.encounter.entries
    assert any("1617 → 1517" in window.bridge.ruleset.describe(e) for entry in lines for e in entry.events)


def test_a_refused_step_says_why_and_moves_nothing(qtbot, rally_window) -> None:
    window = rally_window
    dock = window.parts.map
    window.bridge.select("g2")  # not its activation
    dock.view.setFocus()
    qtbot.keyClick(dock.view, Qt.Key.Key_Up)
    assert label(gear(window, "g2").hex) == "1618"
    assert "not Demo Dune Pig's activation" in window.status.text()


def test_a_drag_is_the_gms_own_move_and_space_ends_the_activation(qtbot, rally_window) -> None:
    window = rally_window
    dock = window.parts.map
    dock.view.tokenDropped.emit("g3", hex_of("2010"))
    assert label(gear(window, "g3").hex) == "2010" and gear(window, "g3").mr_left == 0
    assert window.parts.sheet.sheet() is not None
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # cruising speed
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.bridge.state.current == "g2" and window.bridge.selected == "g2"
    assert dock.view.tokens["g2"].isSelected()


def test_the_line_of_fire_shows_its_verdict_and_reasons(rally_window) -> None:
    window = rally_window
    dock = window.parts.map
    dock.target.setCurrentIndex(dock.target.findData("g3"))
    assert dock.view.overlay  # the thread is drawn
    line = window.bridge.ruleset.fire_line(window.bridge.state, "g1", "g3")
    assert dock.verdict.text() == f"<b>{line.verdict}</b>"
    assert "range 1" in dock.reasons.text()  # 1617 and 1717 are neighbours
    dock.target.setCurrentIndex(0)
    assert not dock.view.overlay and dock.reasons.text() == ""
    assert [dock.overlay.itemText(i) for i in range(dock.overlay.count())] == [
        "No overlay", "Arcs", "Range: Demo autocannon", "Range: Demo vibro-axe"]
    assert dock.overlay.currentText() == "Arcs"  # each gear's arcs first
    dock.overlay.setCurrentIndex(2)  # the autocannon's bands: 3 hexes optimal, to 6 at −1D6, in the front arc
    bands = window.bridge.ruleset.overlay(window.bridge.state, "g1", "range:0")
    assert dock.view.tints and {n for n in bands.tints.values()} == {1, 4}
    assert [text for _n, text in bands.legend] == ["Optimal range (to 3)", "Beyond optimal, −1D6 (to 6)"]
    dock.overlay.setCurrentIndex(0)
    assert not dock.view.tints


def test_table_mode_switches_the_map_off_and_back(qtbot, rally_window) -> None:
    window = rally_window
    dock = window.parts.map
    window.action("br_table_mode").trigger()
    assert window.bridge.state.table_mode and window.action("br_table_mode").isChecked()
    assert dock.panel.isHidden() and "Table mode" in dock.no_map.text()
    assert not window.action("map_ahead").isEnabled()
    window.run(window.bridge.ruleset.step(window.bridge.state, "g1", "ahead"))
    assert "Table mode" in window.status.text()  # refused: positions are on the table
    window.action("undo").trigger()  # a journal command like any other
    assert not window.bridge.state.table_mode and not dock.panel.isHidden()
    assert set(dock.view.tokens) == {"g1", "g2", "g3", "g4"}


def test_a_course_is_imported_kept_in_the_library_and_a_bad_file_changes_nothing(rally_window, tmp_path) -> None:
    from gmtool.core.hex.map_file import write_map
    from gmtool.games.badlands_rally.rules.demo import demo_course

    window = rally_window
    actions = window.parts.course
    smaller = demo_course().model_copy(update={"name": "Test loop", "columns": 30})
    smaller = smaller.model_copy(update={"terrain": {k: v for k, v in smaller.terrain.items() if int(k[:2]) <= 30}})
    path = tmp_path / "loop.json"
    path.write_text(write_map(smaller), encoding="utf-8")
    assert actions.import_course(path)
    assert window.bridge.state.course.name == "Test loop"
    assert len(window.parts.map.view.terrain.colours) == 30 * 20  # the map drawn anew
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gmtool-hex-map", "game": "badlands_rally", "name": "x"}', encoding="utf-8")
    assert not actions.import_course(bad)
    assert window.bridge.state.course.name == "Test loop" and window.status.text()  # told, nothing changed
    template_id = actions.keep_course()
    assert template_id is not None
    record = window.workspace.campaign.library.get(template_id)
    assert record.game == "badlands_rally" and record.name == "Test loop"
    window.action("undo").trigger()  # the course before the import
    assert "Dust Bowl" in window.bridge.state.course.name


def test_the_attack_panel_shows_the_plan_and_odds_then_attacks_with_typed_dice(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m

    window = rally_window
    panel = window.parts.attack_panel
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))  # facing north-east: Rustbucket (1717) ahead
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    panel.aim_at("g3")
    assert panel.attacker.text() == "Demo Sandhopper" and panel.weapon.currentText() == "Demo autocannon"
    # range 4 from 1317 to 1717, beyond the autocannon's optimal 3: 2 − 1 = 1 attack die, 2 defence dice.
    assert "Attack 1D6" in panel.plan.text() and "defence 2D6" in panel.plan.text()
    assert panel.odds.text().startswith("Before the roll: success ")
    panel.faces["attack"].setText("5 4")  # one too many
    assert panel.warning.isVisibleTo(panel) and "2 typed, 1 needed" in panel.warning.text()
    panel.faces["attack"].setText("6")
    panel.faces["defence"].setText("3 2")
    # attack 6 → 6; defence (Rustbucket 4+) none reach → 0; MOS 6; damage 6 + (7 − 6) = 7 dice
    assert "7 dice" in panel.faces["damage"].placeholderText()
    panel.faces["damage"].setText("6 5 4 1 1 1 1")
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Aiko's own gear: asked once
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.bridge.state.reaction is not None  # BR-18: the Rustbucket may react first; it does not
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    rustbucket = window.bridge.state.gears["g3"]
    # 6 5 4 → 3 hits on hull 2, structure 3: hull 0 (rattled), structure 2
    assert (rustbucket.hull, rustbucket.structure) == (0, 2) and rustbucket.rattle.token
    assert panel.faces["attack"].text() == ""  # cleared for the next attack
    assert "Before the roll" not in panel.odds.text() or not panel.roll.isEnabled()  # its one action is spent
    window.action("undo").trigger()
    assert window.bridge.state.gears["g3"].hull == 2


def test_the_next_round_shows_the_initiative_odds_and_ctrl_t_rolls_it(qtbot, rally_window) -> None:
    window = rally_window
    for _ in range(4):
        qtbot.keyClick(window, Qt.Key.Key_Space)  # each ends its activation
    assert window.bridge.state.current is None
    heading = window.bridge.ruleset.heading(window.bridge.state)
    assert heading.detail.startswith("Initiative before the roll: Demo Sandhopper ")
    assert window.action("br_roll_initiative").isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    state = window.bridge.state
    assert state.round == 2 and state.current == state.order[0] and window.bridge.selected == state.current
    last = window.bridge.encounter.entries[-1].events
    assert any(e.kind == "br_initiative_rolled" for e in last)


def test_edit_course_paints_in_the_map_editor_and_sets_the_course(qtbot, rally_window, monkeypatch) -> None:

    from gmtool.ui.map_editor import MapEditorDialog
    from tests.gui.test_map_editor import stroke

    window = rally_window

    def paint_and_accept(dialog: MapEditorDialog) -> int:
        dialog.show()
        qtbot.keyClick(dialog, Qt.Key.Key_5)  # the fifth kind: level 2
        stroke(dialog, "0903")  # a normal hex of the course becomes a level-2 rock
        assert dialog.document().terrain["0903"] == "level2"
        dialog.accept()
        return 1

    monkeypatch.setattr(MapEditorDialog, "exec", paint_and_accept)
    before = window.bridge.state.course
    window.action("br_edit_course").trigger()
    assert window.bridge.state.course.terrain["0903"] == "level2" and before.terrain.get("0903") != "level2"
    window.action("undo").trigger()
    assert window.bridge.state.course.terrain.get("0903") == before.terrain.get("0903")


def test_add_gear_types_a_card_with_a_weapon_and_places_it_on_the_start_zone(qtbot, rally_window) -> None:
    from PySide6.QtWidgets import QTableWidgetItem

    from gmtool.games.badlands_rally.gui.add_gear import AddGearDialog

    window = rally_window
    dialog = AddGearDialog(window.bridge.state, window)
    qtbot.addWidget(dialog)
    dialog.name.setText("Newcomer")
    dialog.weapons.add_row()
    for column, text in enumerate(["Spike gun", "2", "5", "6", "0", "0", "Melee"]):
        dialog.weapons.table.setItem(0, column, QTableWidgetItem(text))
    command = dialog.command()
    assert command.hex is None and command.weapons[0].traits == ("melee",)
    assert window.run(command)
    joined = next(g for g in window.bridge.state.gears.values() if g.name == "Newcomer")
    assert label(joined.hex) == "1517"  # the demo's start zone: 1517 is the first hex no gear stands on
    dialog.weapons.table.setItem(0, 1, QTableWidgetItem("x"))
    dialog._accept_checked()  # a bad weapon row: said, and the dialog stays open
    assert "whole number" in dialog.message.text()


def test_a_wrecked_gear_waits_to_spin_out_and_the_gm_resolves_it_from_the_attack_panel(qtbot, rally_window) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r

    window = rally_window
    panel = window.parts.attack_panel
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))
    # Rustbucket (hull 2, structure 3): 7 damage dice of which 6 hit → both 0, 1 beyond
    assert window.run(m.AttackGear(attacker="g1", target="g3", weapon=0, attack_faces=(6,), defence_faces=(1, 1),
                                   damage_faces=(6, 6, 6, 6, 6, 6, 1)))
    assert window.run(r.DeclineReaction(gear="g3"))  # BR-18: the Rustbucket may react first; it does not
    assert panel.spins.isVisibleTo(panel) and panel.spins.gear.currentText() == "Demo Rustbucket"
    assert "1D6 + 1 hex" in panel.spins.stake.text()
    assert window.docks["br_attack"].isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Space)  # ending the activation waits for the spin-out
    assert window.bridge.state.current == "g1" and "Spin-outs wait first" in window.status.text()
    panel.spins.dice["spin"].setText("6")  # all the way round: no skid
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.bridge.state.pending == () and not panel.spins.isVisibleTo(panel)
    assert window.bridge.state.gears["g3"].rally_tokens == 1


def test_burn_rubber_from_the_keyboard_with_typed_dice_and_its_odds_shown_first(qtbot, rally_window) -> None:
    window = rally_window
    moves = window.parts.attack_panel.moves
    window.docks["br_attack"].raise_()  # the GM looks at the actions column …
    window.parts.attack_panel.show_page("moves")  # … its moves page in front (a page behind works out nothing)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # top speed: 9 MR, 3 dice
    # Sandhopper's Defence 3+: P(a success with 3 dice) = 1 − (2/6)³ = 96.3 %
    assert "Burn rubber 3D6 at 3+: a success 96.3%" in moves.odds.text()
    moves.faces.setText("5 3 2")  # the digest's example: 2 successes
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert window.bridge.state.gears["g1"].mr_left == 11 and moves.faces.text() == ""
    assert not window.action("br_jump").isEnabled()  # its one action is spent


def test_the_initiative_with_the_tables_dice_typed_per_gear(qtbot, rally_window, monkeypatch) -> None:
    from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog

    window = rally_window
    for _ in range(4):
        qtbot.keyClick(window, Qt.Key.Key_Space)

    def typed(dialog: TableDiceDialog) -> int:
        assert dialog.faces["g1"].placeholderText() == "2D6 at 4+"  # Sandhopper: Initiative 4+ (the card's)
        for gid, text in {"g1": "6 5", "g2": "1 1", "g3": "4 1", "g4": "2 2"}.items():
            dialog.faces[gid].setText(text)
        return 1

    monkeypatch.setattr(TableDiceDialog, "exec", typed)
    window.action("br_table_initiative").trigger()
    # 6 5 at 4+ → 6 + 1 = 7; 1 1 → 0; 4 1 → 4; 2 2 → 0: Sandhopper begins round 2
    assert window.bridge.state.round == 2 and window.bridge.state.current == "g1"


def test_the_order_columns_follow_their_contents_after_a_change(rally_window) -> None:  # noqa: ANN001
    view = rally_window.parts.order_panel.view
    before = view.columnWidth(0)
    rally_window.run(m.EditGear(gear="g2", field="name", value="Demo Dune Pig the Magnificent"))
    assert view.columnWidth(0) > before  # a name typed longer widens its column at once (it was cut: "10/…")
    assert view.horizontalHeader().stretchLastSection()  # the state's badges take what is left


def test_a_move_key_with_the_attack_tab_behind_acts_for_the_gear_active_now(qtbot, rally_window) -> None:  # noqa: ANN001
    """The attack dock draws nothing while its tab is behind the gear's card (a tab behind is only moved off
    screen); a key for one of its deeds fills it first, so the deed is the active gear's, never a stale one's."""
    window = rally_window
    window.docks["sheet"].raise_()
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Space)  # the Sandhopper ends its activation: the next gear's turn
    current = window.bridge.state.current
    assert current not in (None, "g1")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # rally the crowd: its one action
    state = window.bridge.state
    assert state.gears[current].rally_tokens == 1 and state.gears[current].actions_used == 1


def test_the_gear_card_behind_the_attack_tab_catches_up_when_brought_to_the_front(rally_window) -> None:  # noqa: ANN001
    window = rally_window
    sheet = window.parts.sheet
    window.docks["br_attack"].raise_()
    window.run(m.EditGear(gear="g1", field="name", value="Sandhopper Mk II"))
    assert sheet.title.text() == "Demo Sandhopper"  # behind the attack tab: not drawn
    window.docks["sheet"].raise_()
    assert sheet.title.text() == "Sandhopper Mk II"  # in front again: the card as the race stands
