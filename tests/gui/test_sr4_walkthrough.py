"""A GM's round of the SR4 demo with the keys of docs/user/sr4.md, at 1366 × 728 and 1920 × 1040, in English and
Japanese (issue 30's "Checked by tests", issue 31's focus): initiative (`Ctrl+I`), phases (`Space`),
an attack with a modifier ticked (`Ctrl+K`, `Ctrl+Return`, `Ctrl+Shift+Return`), a spell
(`Ctrl+Shift+C`), a Matrix deed (`Ctrl+Shift+X`) and a chase manoeuvre (`Ctrl+Alt+V`), damage on the
sheet, undo (`Ctrl+Z`), rewind from the log, and the player view (`Ctrl+Shift+V`).

After each step it asks what a GM at the table asks (:mod:`tests.gui.gm_sight`): is what I need in
view and whole (the current actor, the inputs, odds, the button, the last result), does any panel
scroll sideways, where is the focus (Space and the arrows must reach the fight), and are the docks
this game's own layout (the same as a fresh SR4 window of the same size).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.core.i18n import set_language
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels import roles
from tests.gui.gm_sight import (
    SIZES,
    assert_fight_keys_act,
    assert_in_view,
    assert_same_docks,
    assert_whole,
    no_sideways_scroll,
    tabs_whole,
)

CTRL, SHIFT, ALT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.AltModifier
MAGE, HACKER, GRAVEL = "c8", "c3", "c2"  # the demo's Juniper Vale (Magic 5), Patch Kelvin (persona m1), Gravel


@pytest.fixture(params=["en", "ja"])
def language(request) -> Iterator[str]:  # noqa: ANN001
    set_language(request.param)
    yield request.param
    set_language("en")


def sr4_window(qtbot, workspace: Workspace, size: tuple[int, int]):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == "sr4"))
    window = MainWindow(sr4)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def key(qtbot, window, which: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    """A key as the GM presses it: to the widget that has the focus (the window's shortcuts catch it)."""
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, which, modifiers)
    QApplication.processEvents()


def sight(window, widgets: list[QWidget]) -> None:  # noqa: ANN001
    """In view, whole, and no panel scrolling sideways (once the layout has settled: a wrapped label's
    new height takes a round or two of layout requests, as on the GM's screen)."""
    for _ in range(3):
        QApplication.processEvents()
    assert_in_view(window, widgets)
    assert_whole(widgets)
    no_sideways_scroll(window)


def actor_row_in_view(window) -> bool:  # noqa: ANN001
    panel = window.parts.initiative_panel
    actor = window.bridge.current_actor()
    row = panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(actor.id), 0))
    return panel.view.viewport().rect().contains(panel.view.visualRect(row))


def log_lines(window) -> list[str]:  # noqa: ANN001
    model = window.log_panel.model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


@pytest.mark.parametrize("size", SIZES, ids=["1366x728", "1920x1040"])
def test_a_round_of_sr4_with_readmes_keys(qtbot, workspace, language, size) -> None:  # noqa: ANN001, C901
    window = sr4_window(qtbot, workspace, size)
    order = window.parts.initiative_panel
    order.view.setFocus()

    # -- initiative and phases: Ctrl+I, then Space ----------------------------------------------
    key(qtbot, window, Qt.Key.Key_I, CTRL)
    assert window.bridge.state.turn == 1 and actor_row_in_view(window)
    sight(window, [order.heading, order.current_label])
    assert_fight_keys_act(window)
    first = window.bridge.current_actor().id
    key(qtbot, window, Qt.Key.Key_Space)
    assert window.bridge.current_actor().id != first and actor_row_in_view(window)
    assert_fight_keys_act(window)
    tools = window.parts.test_panel
    assert tabs_whole(tools.tabs)  # Tests, Movement, Magic, Rigging, Matrix: none behind scroll arrows

    # -- a dice test of the acting one (the Tests tab): odds, Roll, the result ---------------------
    tools.show_tab(0)
    box = tools.tests
    box.skill.setValue(4)
    sight(window, [box.odds_label, box.roll_button])
    qtbot.mouseClick(box.roll_button, Qt.MouseButton.LeftButton)
    sight(window, [box.result_label, box.roll_button])
    assert box.result_label.text()

    # -- an attack with a modifier: Ctrl+K, tick a row, Ctrl+Return, Ctrl+Shift+Return ----------
    attacker = window.bridge.current_actor()
    target = GRAVEL if attacker.id != GRAVEL else MAGE
    window.bridge.select(target)
    key(qtbot, window, Qt.Key.Key_K, CTRL)
    panel = window.parts.attack_panel
    assert panel.model.attacker == attacker.id and panel.model.target == target
    sight(window, [panel.roll_button, panel.apply_button])
    assert panel.attack_tables.model.toggle("sr4.ranged/blind_fire") or panel.model.is_melee()
    key(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert panel.model.result is not None
    sight(window, [panel.result, panel.summary, panel.roll_button, panel.apply_button])
    entries = len(window.bridge.encounter.entries)
    key(qtbot, window, Qt.Key.Key_Return, CTRL | SHIFT)
    assert len(window.bridge.encounter.entries) == entries + 1
    assert any(attacker.sheet.name in line for line in log_lines(window)[-3:])
    assert_fight_keys_act(window)

    # -- a spell: Ctrl+Shift+C, a target ticked, Cast -------------------------------------------
    window.bridge.select(MAGE)
    key(qtbot, window, Qt.Key.Key_C, CTRL | SHIFT)
    casting = window.parts.test_panel.casting
    assert window.parts.test_panel.tabs.currentWidget() is casting
    for i in range(casting.targets.count()):
        item = casting.targets.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == GRAVEL:
            item.setCheckState(Qt.CheckState.Checked)
    casting.charge.setChecked(window.bridge.current_actor().id == MAGE)  # outside her phase: the GM's call
    sight(window, [casting.spell, casting.force, casting.footer.odds, casting.footer.button])
    qtbot.mouseClick(casting.footer.button, Qt.MouseButton.LeftButton)
    assert casting.footer.result.isVisible(), casting.footer.why.text()
    sight(window, [casting.footer.odds, casting.footer.button, casting.footer.result])
    assert_fight_keys_act(window)

    # -- a Matrix deed in the hacker's own phase: Ctrl+Shift+X -----------------------------------
    key(qtbot, window, Qt.Key.Key_X, CTRL | SHIFT)
    matrix = window.parts.test_panel.matrix
    assert window.parts.test_panel.tabs.currentWidget() is matrix and matrix.deed.hasFocus()
    window.bridge.select(HACKER)  # his persona acts
    assert matrix.icon.currentData() == "m1"
    matrix.deed.setCurrentIndex(matrix.deed.findData("perception"))
    if window.bridge.current_actor().id != HACKER:
        assert not matrix.go.isEnabled() and matrix.footer.why.isVisible()  # not his phase: it says so
        matrix.charge.setChecked(False)
    sight(window, [matrix.icon, matrix.deed, matrix.target, matrix.odds, matrix.go])
    assert matrix.do()
    sight(window, [matrix.odds, matrix.go, matrix.footer.result])

    # -- rigging: Ctrl+Alt+V, a sensor test of the demo drone ------------------------------------
    key(qtbot, window, Qt.Key.Key_V, CTRL | ALT)
    rigging = window.parts.test_panel.rigging
    assert rigging.deed.hasFocus()
    rigging.deed.setCurrentIndex(rigging.deed.findData("sensor_test"))
    sight(window, [rigging.deed, rigging.inputs["skill"], rigging.footer.odds, rigging.footer.button])
    assert rigging.go()
    sight(window, [rigging.footer.button, rigging.footer.result])

    # -- damage on the sheet, then Ctrl+Z ---------------------------------------------------------
    window.bridge.select(GRAVEL)
    sheet = window.parts.sheet_panel
    window.docks["sheet"].raise_()  # at 1366 the sheet is a tab beside the work panels: the GM clicks it
    QApplication.processEvents()
    sheet._scroll.ensureWidgetVisible(sheet.damage_buttons["physical_damage"])  # a troll's long sheet: scrolled to it
    QApplication.processEvents()
    before = window.bridge.state.combatants[GRAVEL].sheet.physical_damage
    qtbot.mouseClick(sheet.damage_buttons["physical_damage"], Qt.MouseButton.LeftButton)
    assert window.bridge.state.combatants[GRAVEL].sheet.physical_damage == before + 1
    assert_in_view(window, [sheet.editors["physical_damage"], sheet.damage_buttons["physical_damage"]])
    order.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.bridge.state.combatants[GRAVEL].sheet.physical_damage == before
    assert_fight_keys_act(window)

    # -- rewind from the log, back to now -----------------------------------------------------------
    model = window.log_panel.model
    phase_line = next(r for r in range(model.rowCount()) if model.index(r, 0).data(roles.EVENT_KIND) == "phase_started")
    index = model.index(phase_line, 0)  # the first actor's phase, before anyone acted
    window.log_panel.view.setCurrentIndex(index)
    window.log_panel.view.clicked.emit(index)
    assert window.bridge.past is not None and window.rewind_bar.isVisible()
    assert window.bridge.current_actor().id == first and actor_row_in_view(window)
    window.action("back_to_now").trigger()
    assert window.bridge.past is None

    # -- the player view: Ctrl+Shift+V (the application asks its settings, then shows it) ----------
    from gmtool.ui.player_view import PlayerView

    shown: list[PlayerView] = []
    window.playerViewRequested.connect(lambda: shown.append(PlayerView(window.bridge, parent=window)))
    order.view.setFocus()
    key(qtbot, window, Qt.Key.Key_V, CTRL | SHIFT)
    assert len(shown) == 1
    players = shown[0]
    players.resize(1280, 720)
    players.show()
    qtbot.waitExposed(players)
    actor = window.bridge.current_actor().sheet
    if actor.is_npc:  # NPC names are hidden from the players by default
        assert actor.name not in players.current_label.text() and "NPC" in players.current_label.text()
    else:
        assert actor.name in players.current_label.text()
    sight(players, [players.heading, players.current_label])
    players.close()

    # -- still this game's own layout -------------------------------------------------------------
    window.docks["test"].raise_()
    fresh = sr4_window(qtbot, workspace, size)
    QApplication.processEvents()
    assert_same_docks(window, fresh)
