"""No English left in the Japanese window (issue 12's scan after an attack), extended by issue 30 to every
game, every dock and tab, the player view and the dialogs — the demo's made-up data included.

The program is set to Japanese before the campaign is made, as on a Japanese GM's first start, so every
demo is made in Japanese. Each game's window is driven through a round; after each step every text a
GM can read is scanned (``gm_sight.texts_behind_every_tab``: every dock and every tab brought to the
front in turn, labels, buttons, tooltips, group titles, list items, headers and cells, the words on the
map, the legends, menus and actions), and so is the player view. A run of two or more Latin letters is
English unless ``gm_sight.KEPT_LATIN`` (program, file formats, key names) or the game's own list
(``japanese_kept``) keeps it: the abbreviations its digest writes in Latin letters, each with its source. No name is
excused: the demo's runners, gears, machines, weapons, sides, pilots, maps and icons are scanned too.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QWidget

from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import LAPTOP, LATIN_WORD, english_left, shown_texts, texts_behind_every_tab
from tests.gui.japanese_kept import AURA_BATTLER, BADLANDS_RALLY, JAPANESE_TRPG, SHADOWRUN


def _window(qtbot, workspace: Workspace, game: str):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == game)))
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    return window


def _no_english(window: QWidget, kept: set[str], step: str) -> None:
    """Nothing English anywhere in ``window`` (every tab in turn) after ``step``."""
    QApplication.processEvents()
    file_name = set(LATIN_WORD.findall(window.workspace.campaign.path.name))  # the GM's own file: "campaign.gmtool"
    left = english_left(texts_behind_every_tab(window), kept | file_name)
    assert left == set(), step


def _no_english_for_the_players(qtbot, window, kept: set[str]) -> None:  # noqa: ANN001
    from gmtool.ui.player_view import PlayerView

    players = PlayerView(window.bridge)
    qtbot.addWidget(players)
    players.resize(*LAPTOP)
    players.show()
    qtbot.waitExposed(players)
    assert english_left(shown_texts(players), kept) == set()


def test_sr5_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    window = _window(qtbot, japanese_workspace, "sr5")
    _no_english(window, SHADOWRUN, "the demo as made")
    panel = window.parts.attack_panel
    window.action("attack").trigger()
    panel.attacker.setCurrentIndex(panel.attacker.findData("c1"))  # the demo's Kestrel, Strength 2
    weapons = [panel.weapon.itemText(i) for i in range(panel.weapon.count())]
    # the knife's (STR+2)P worked out for Strength 2, then as the digest writes it (seeds/001: 筋力, 肉体)
    assert any(text.startswith("コンバットナイフ――4肉体 = (筋力+2)肉体、") for text in weapons), weapons
    assert any(text.startswith("アレス・プレデターV――8肉体、AP -1、") for text in weapons), weapons
    _shadowrun_round(window)
    _no_english_for_the_players(qtbot, window, SHADOWRUN)


def _shadowrun_round(window) -> None:  # noqa: ANN001
    """Initiative; the actor attacks someone at 30 m (a range row) and the damage is applied; each
    combatant's sheet; someone going down (Edge when going down shows); the next phase."""
    window.action("roll_initiative").trigger()
    _no_english(window, SHADOWRUN, "initiative")
    actor = window.bridge.current_actor()
    window.bridge.select(next(cid for cid in window.bridge.state.combatants if cid != actor.id))
    window.action("attack").trigger()
    window.parts.attack_panel.distance.setValue(30)
    window.action("roll_attack").trigger()
    assert window.parts.attack_panel.result.text()
    _no_english(window, SHADOWRUN, "an attack rolled")
    if window.action("apply_attack").isEnabled():
        window.action("apply_attack").trigger()
    for cid in window.bridge.state.combatants:
        window.bridge.select(cid)
        QApplication.processEvents()
        assert english_left(shown_texts(window), SHADOWRUN | {"campaign", "gmtool"}) == set(), cid
    window.bridge.select("c4")
    window.parts.sheet_panel.findChild(QWidget)  # the sheet is built for the selection
    window.action("next_phase").trigger()
    _no_english(window, SHADOWRUN, "the next phase")


def test_sr4_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    window = _window(qtbot, japanese_workspace, "sr4")
    _no_english(window, SHADOWRUN, "the demo as made")
    _shadowrun_round(window)
    _sr4_magic_matrix_and_rigging(qtbot, window)
    _no_english_for_the_players(qtbot, window, SHADOWRUN)


def _kinds(window) -> set[str]:  # noqa: ANN001
    return {e.kind for entry in window.bridge.workspace.encounter.entries for e in entry.events}


def _choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def _sr4_magic_matrix_and_rigging(qtbot, window) -> None:  # noqa: ANN001
    """The demo's mage casts a manabolt and summons a spirit; the hacker's persona attacks the black IC;
    the rigger's drone rolls a sensor test (each tab of the SR4 panel with something in it)."""
    mage, guard, drone = "c8", "c4", "c7"
    panel = window.parts.test_panel
    casting = panel.casting
    window.bridge.select(mage)
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    casting.charge.setChecked(False)  # cast outside the mage's phase
    _choose(casting.spell, "manabolt")
    casting.force.setValue(4)
    for i in range(casting.targets.count()):
        item = casting.targets.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == guard:
            item.setCheckState(Qt.CheckState.Checked)
    qtbot.mouseClick(casting.findChild(QPushButton, "castButton"), Qt.MouseButton.LeftButton)
    _choose(casting.spirit, "air")
    casting.spirit_force.setValue(1)
    casting.summoning.setValue(12)
    for _ in range(10):  # 17 dice against 1: summoned almost at once
        casting.summon()
        if casting.spirits.count():
            break
    assert casting.spirits.count() == 1 and {"spell_resolved", "spirit_summoned"} <= _kinds(window)
    _no_english(window, SHADOWRUN, "a spell cast and a spirit summoned")
    matrix = panel.matrix
    qtbot.keyClick(window, Qt.Key.Key_X, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    _choose(matrix.icon, "m1")  # the acting icon first: its deeds follow
    _choose(matrix.deed, "cybercombat")
    _choose(matrix.target, "m3")
    matrix.charge.setChecked(False)  # not the hacker's phase: taken without his action
    assert matrix.do()
    _no_english(window, SHADOWRUN, "a cybercombat attack")
    rigging = panel.rigging
    window.bridge.select(drone)
    rigging.deed.setCurrentIndex(rigging.deed.findData("sensor_test"))
    assert rigging.go()
    assert "dice_test_rolled" in _kinds(window)
    _no_english(window, SHADOWRUN, "a sensor test")


def test_the_rally_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    from gmtool.games.badlands_rally.rules import race_messages as m
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r

    window = _window(qtbot, japanese_workspace, "badlands_rally")
    _no_english(window, BADLANDS_RALLY, "the demo as made")
    panel = window.parts.attack_panel
    window.run(m.DeclareSpeed(gear="g1", speed="cruising"))
    window.run(m.PlaceGear(gear="g1", hex="1317", facing=1))
    window.run(m.PlaceGear(gear="g3", hex="1416", facing=1))  # the Rustbucket right ahead, its back to it
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    panel.push.faces["attack"].setText("5 4 2 1")
    panel.push.faces["defence"].setText("4 3")
    assert panel.push.target.currentData() == "g3" and "MOS" in panel.push.odds.text()
    _no_english(window, BADLANDS_RALLY, "a push typed")
    window.run(m.PlaceGear(gear="g3", hex="1717", facing=5))  # back where it started, 4 hexes ahead
    window.action("br_attack").trigger()
    panel.aim_at("g3")
    _no_english(window, BADLANDS_RALLY, "an attack aimed")
    assert window.run(m.AttackGear(attacker="g1", target="g3", weapon=0, attack_faces=(6,), defence_faces=(1, 1),
                                   damage_faces=(6, 6, 6, 6, 6, 6, 1)))
    _no_english(window, BADLANDS_RALLY, "a reaction offered")
    assert window.run(r.DeclineReaction(gear="g3"))
    _no_english(window, BADLANDS_RALLY, "a spin-out waiting")
    panel.spins.dice["spin"].setText("6")
    window.action("br_resolve_spin").trigger()
    window.action("br_table_mode").trigger()
    _no_english(window, BADLANDS_RALLY, "table mode")
    window.action("br_table_mode").trigger()
    _no_english_for_the_players(qtbot, window, BADLANDS_RALLY)


def test_the_duel_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    window = _window(qtbot, japanese_workspace, "aura_battler")
    _no_english(window, AURA_BATTLER, "the demo as made")
    allocation = window.parts.allocation
    for unit, split in {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}.items():
        window.bridge.select(unit)
        window.action("ab_allocate").trigger()
        for spin, value in zip(allocation.spins.values(), split, strict=True):
            spin.setValue(value)
        allocation.allocate.click()
    allocation.reveal.click()
    _no_english(window, AURA_BATTLER, "PP allocated and revealed")
    panel = window.parts.attack_panel
    window.bridge.select("u1")
    window.action("ab_attack").trigger()
    panel.aura["aura_attack"].setValue(1)
    panel.defence.setCurrentIndex(panel.defence.findData("evade"))
    panel.faces["hit"].setText("12")
    panel.faces["damage"].setText("3")
    _no_english(window, AURA_BATTLER, "an attack ready")
    window.action("ab_roll_attack").trigger()
    assert window.bridge.state.units["u2"].damage > 0
    _no_english(window, AURA_BATTLER, "an attack rolled")
    window.action("ab_table_mode").trigger()
    _no_english(window, AURA_BATTLER, "table mode")
    window.action("ab_table_mode").trigger()
    _no_english_for_the_players(qtbot, window, AURA_BATTLER)


def _no_english_in(qtbot, dialog: QWidget, kept: set[str]) -> None:  # noqa: ANN001
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert english_left(texts_behind_every_tab(dialog), kept) == set(), type(dialog).__name__
    dialog.close()


def test_the_shells_dialogs_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    """New and Switch encounter (the demos' names), Preferences (every page), the printed log's dialog,
    the player view's settings and the library. (About is left out: it lists the components and their
    licences by their own names.)"""
    from gmtool.ui.encounter_dialogs import NewEncounterDialog, SwitchEncounterDialog
    from gmtool.ui.library_window import LibraryWindow
    from gmtool.ui.player_view import PlayerViewDialog
    from gmtool.ui.preferences import PreferencesDialog
    from gmtool.ui.report_dialog import ReportDialog
    from gmtool.viewmodels.encounter_list_model import EncounterListModel

    window = _window(qtbot, japanese_workspace, "sr5")
    here = japanese_workspace.encounter_id
    _no_english_in(qtbot, NewEncounterDialog("遭遇 5", window), set())
    _no_english_in(qtbot, SwitchEncounterDialog(EncounterListModel(japanese_workspace.encounters(), here), here, window), SHADOWRUN)
    languages = {"English"}  # the language list names each language in itself (English, 日本語)
    every_game = SHADOWRUN | BADLANDS_RALLY | AURA_BATTLER  # the keys and rule readings of every game are listed
    _no_english_in(qtbot, PreferencesDialog("ja", window, readings=japanese_workspace.campaign.rule_readings()), languages | every_game)
    _no_english_in(qtbot, ReportDialog(window.workspace.encounter, window.workspace.encounter_name, window), JAPANESE_TRPG)
    _no_english_in(qtbot, PlayerViewDialog(None, window), JAPANESE_TRPG)
    file_name = set(LATIN_WORD.findall(japanese_workspace.campaign.path.name))  # the GM's own file: "campaign.gmtool"
    _no_english_in(qtbot, LibraryWindow(japanese_workspace.campaign, window.bridge), JAPANESE_TRPG | file_name)


def test_the_rallys_dialogs_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    """Add gear (every special with its effect as a tooltip), the race setup, the table's dice and the map
    editor on the demo course (its name, the terrain, the tools)."""
    from gmtool.core.i18n import active_language
    from gmtool.games.badlands_rally.gui.add_gear import AddGearDialog
    from gmtool.games.badlands_rally.gui.setup_dialog import RaceSetupDialog
    from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog
    from gmtool.games.badlands_rally.rules.terrain import board_kinds
    from gmtool.ui.map_editor import MapEditorDialog

    window = _window(qtbot, japanese_workspace, "badlands_rally")
    state = window.bridge.state
    _no_english_in(qtbot, AddGearDialog(state, window), BADLANDS_RALLY)
    _no_english_in(qtbot, RaceSetupDialog(lambda: state, lambda: window.parts.rules.readings, window.run, window),
                   BADLANDS_RALLY)
    _no_english_in(qtbot, TableDiceDialog(state, False, window), BADLANDS_RALLY)
    assert state.course is not None
    editor = MapEditorDialog(state.course, board_kinds(active_language()), window)
    assert editor.panel.name.text() == "デモ：ダストボウル周回コース（架空）"  # the course as the demo made it
    _no_english_in(qtbot, editor, BADLANDS_RALLY)


@pytest.mark.parametrize(("game", "english"), [
    ("sr5", "Kestrel (demo runner)"), ("sr4", "Patch's commlink (demo persona)"),
    ("badlands_rally", "Demo Sandhopper"), ("aura_battler", "Demo Lark"),
])
def test_the_scan_sees_english(qtbot, workspace: Workspace, game: str, english: str) -> None:
    """The scan is not vacuous: in a campaign made in English, shown in English, it finds the demo's names
    and the interface's words, every game."""
    window = _window(qtbot, workspace, game)
    left = {text for _where, text in english_left(texts_behind_every_tab(window))}
    assert any(english in text for text in left)
    assert any("Undo" in text for text in left)  # the Edit menu's words
