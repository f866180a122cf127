"""An SR5 round as a GM plays it, with the keys docs/user/sr5.md documents (issue 30, "Checked by tests").

At 1366 × 728 (a laptop) and 1920 × 1040, in English and Japanese: roll initiative (Ctrl+I), next
phases (Space), an attack (Ctrl+K) with modifiers ticked, rolled (Ctrl+Return) and applied
(Ctrl+Shift+Return), undo (Ctrl+Z), rewind from a log line and back (Ctrl+Shift+B), the player view
(Ctrl+Shift+V). After each step, what the GM needs is on the screen: the acting combatant's row
in the order; the attack's inputs, odds, Roll, last result and Apply in view and whole; at least
eight rows of the modifier table; nothing scrolls sideways; and the keyboard focus lets the fight
keys act after a roll. The docks are the ones a fresh window of this size has (the per-game
layout of the shell compares with the same helper).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.core.i18n import set_language, tr
from gmtool.storage.workspace import Workspace
from gmtool.ui.main_window import MainWindow
from tests.gui.gm_sight import (
    SIZES,
    assert_fight_keys_act,
    assert_in_view,
    assert_same_docks,
    assert_whole,
    no_sideways_scroll,
    rows_in_view,
)

TABLE_ROWS = 8
GUARD_NAMES = ("Demo Corp Guard Lieutenant 7", "Demo Corp Guard Lieutenant 8")  # two grunts more: 8 in the fight


def _window(qtbot, workspace: Workspace, size: tuple[int, int]) -> MainWindow:  # noqa: ANN001
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    QApplication.processEvents()
    return window


def _key(window: MainWindow, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """The key pressed where the keyboard focus is (the window when nothing has it), as at the table."""
    target: QWidget = QApplication.focusWidget() or window
    QTest.keyClick(target, key, modifiers)
    QApplication.processEvents()


def _acting_row_in_view(window: MainWindow) -> None:
    panel = window.parts.initiative_panel
    actor = window.bridge.current_actor()
    assert actor is not None
    row = panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(actor.id), 0))
    rect = panel.view.visualRect(row)
    assert panel.view.viewport().rect().contains(rect), actor.sheet.name
    assert_in_view(window, [panel.view])
    assert row.data(Qt.ItemDataRole.ToolTipRole) == actor.sheet.name  # whole where the column elides it


def _attack_in_sight(window: MainWindow, rolled: bool, spent: bool = False) -> None:
    """The attack's inputs, odds, buttons (and result) in view and whole; ``spent``: the attacker has
    attacked in this phase, so the panel says why it plans nothing (no odds, no tables) instead."""
    panel = window.parts.attack_panel
    inputs = [panel.attacker, panel.target, panel.weapon, panel.mode, panel.distance, panel.called_shot]
    said = [panel.error] if spent else [panel.summary, panel.chart]
    assert_in_view(window, [panel.heading, *inputs, *said, panel.roll_button, panel.apply_button])
    assert_whole([panel.heading, panel.attacker, panel.target, *said[:1], panel.roll_button, panel.apply_button])
    if spent:
        assert panel.error.text() and not panel.roll_button.isEnabled()
    else:
        assert rows_in_view(panel.attack_tables.tree) >= TABLE_ROWS
    if rolled:
        assert panel.result.text()
        assert_in_view(window, [panel.result])
        assert_whole([panel.result])
    no_sideways_scroll(window)


def _tick(panel, key: str) -> None:  # noqa: ANN001
    """Tick a modifier row as a click on its box does (the model's check state)."""
    from gmtool.games.shadowrun.gui.modifier_table_model import ROW_KEY

    model = panel.model
    for t in range(model.rowCount()):
        table = model.index(t, 0)
        for r in range(model.rowCount(table)):
            index = model.index(r, 0, table)
            if model.data(index, ROW_KEY) == key:
                assert model.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
                return
    raise AssertionError(key)


@pytest.fixture(params=["en", "ja"])
def language(request):  # noqa: ANN001, ANN201
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=["1366x728", "1920x1040"])
def test_a_round_with_the_documented_keys_keeps_what_the_gm_needs_in_sight(
    qtbot, workspace, language, size, monkeypatch  # noqa: ANN001
) -> None:
    window = _window(qtbot, workspace, size)
    guard = next(c.sheet for c in window.bridge.state.combatants.values() if c.sheet.name == "Demo Corp Guard Lt.")
    for name in GUARD_NAMES:  # armed as the demo's guard, named as grunts are: the same but for the number
        assert window.bridge.execute(window.view.add(guard.model_copy(update={"name": name})))
    fresh = _window(qtbot, workspace, size)  # the layout a new window of this size has
    assert_same_docks(window, fresh)
    fresh.close()
    window.activateWindow()  # the GM's window has the keyboard again
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)

    _key(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)  # roll initiative
    assert window.bridge.state.turn == 1
    _acting_row_in_view(window)
    assert_fight_keys_act(window)
    for _ in range(2):
        before = window.bridge.current_actor().id
        _key(window, Qt.Key.Key_Space)  # next phase
        assert window.bridge.current_actor().id != before
        _acting_row_in_view(window)
    no_sideways_scroll(window)

    attacker = window.bridge.current_actor()
    target = next(c for c in window.bridge.state.combatants.values() if c.sheet.is_npc != attacker.sheet.is_npc)
    window.bridge.select(target.id)  # the GM clicks the target in the order
    _key(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)  # the attack, in front
    panel = window.parts.attack_panel
    assert window.docks["attack"].isVisible() and panel.model.attacker == attacker.id and panel.model.target == target.id
    _attack_in_sight(window, rolled=False)
    _tick(panel.attack_tables, "sr5.environment/light_dim")
    _tick(panel.attack_tables, "sr5.attacker/attacker_running")
    ticked = set(panel.model.command().attack_choices.ticked)
    assert {"sr5.environment/light_dim", "sr5.attacker/attacker_running"} <= ticked

    _key(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # roll
    assert panel.model.result is not None and panel.model.result.attacker_name == attacker.sheet.name
    _attack_in_sight(window, rolled=True)
    assert_fight_keys_act(window)  # Space and the arrows reach the fight after a roll

    entries = len(window.bridge.encounter.entries)
    shown = panel.model.result
    _key(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # apply
    assert len(window.bridge.encounter.entries) == entries + 1
    after = window.bridge.state.combatants[target.id].sheet
    assert (after.physical_damage, after.stun_damage) == (shown.physical_after, shown.stun_after)
    _acting_row_in_view(window)
    applied = panel.result.text()
    assert applied.startswith(tr("attack.applied_result", line="")) and attacker.sheet.name in applied
    _attack_in_sight(window, rolled=True, spent=True)  # the last result stays, whole, until the next roll

    _key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo: the attack taken back
    assert len(window.bridge.encounter.done) == entries
    back = window.bridge.state.combatants[target.id].sheet
    assert (back.physical_damage, back.stun_damage) == (target.sheet.physical_damage, target.sheet.stun_damage)
    assert not panel.result.text()  # undone: no longer what happened
    _attack_in_sight(window, rolled=False)

    log = window.log_panel.view
    first = log.model().index(1, 0)
    log.clicked.emit(first)  # rewind: the fight as it was after that line
    assert window.bridge.past is not None and window.rewind_bar.isVisible()
    _acting_row_in_view(window) if window.bridge.current_actor() is not None else None
    _key(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # back to now
    assert window.bridge.past is None and not window.rewind_bar.isVisible()
    assert panel.model.attacker == attacker.id  # the draft of the present, as it was
    _attack_in_sight(window, rolled=False)

    opened: list[QWidget] = []
    window.playerViewRequested.connect(lambda: opened.append(_player_view(window)))
    _key(window, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert opened and opened[0].isVisible()
    shown = opened[0].current_label.text()
    assert shown and (attacker.sheet.name in shown) == (not attacker.sheet.is_npc)  # an NPC's name hidden from players
    opened[0].close()
    assert_same_docks(window, _reference(qtbot, workspace, size, window))


def _player_view(window: MainWindow) -> QWidget:
    """What the application does on the request (gmtool.app), with the view's default settings."""
    from gmtool.ui.player_view import PlayerView, PlayerViewSettings

    view = PlayerView(window.bridge, PlayerViewSettings())
    view.show_on_screen()
    return view


def _reference(qtbot, workspace: Workspace, size: tuple[int, int], window: MainWindow) -> MainWindow:  # noqa: ANN001
    """A fresh window of the same size with the same panel in front (the layout the GM started from)."""
    fresh = _window(qtbot, workspace, size)
    fresh.parts.raise_attack()
    QApplication.processEvents()
    return fresh
