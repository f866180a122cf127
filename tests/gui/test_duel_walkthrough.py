"""Issue 30's walkthrough of the Aura Battler duel, as a GM at a 1366 × 768 laptop (window 1366 × 728)
and at 1920 × 1040, in English and Japanese: the keys of docs/user/aura-battler.md drive a turn — PP allocation (Ctrl+L),
the reveal, moves (Ctrl+M, the arrows, Alt+arrows), an attack with its modifiers and aura power
(Ctrl+K, Ctrl+Return) against a defence, damage, table mode, undo (Ctrl+Z), rewind from the log and
back (Ctrl+Shift+B), the player view. After each step it asks what the GM needs: the panel in front
and its inputs, odds, Roll and last result wholly in view and not cut, no panel scrolling sideways,
the keyboard focus where the fight goes on, and the map in the middle (≥ 55 % of the width)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from gmtool.core.i18n import set_language
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels import roles
from tests.gui.gm_sight import (
    DESKTOP,
    LAPTOP,
    assert_fight_keys_act,
    assert_in_view,
    assert_same_docks,
    assert_whole,
    no_sideways_scroll,
)

CTRL, ALT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier
SPLITS = {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}
WORDS = {"en": ("Demo Lark → Demo Hornet: hit", "No attack rolled yet."),
         "ja": ("Demo Lark→Demo Hornet：命中", "まだ攻撃していません。")}


@pytest.fixture(params=["en", "ja"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def _open(qtbot, workspace: Workspace, size: tuple[int, int]):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    found = next(e.id for e in workspace.encounters() if e.ruleset == "aura_battler")
    window = MainWindow(workspace.with_encounter(found))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def _sight(window, needed: Iterable[QWidget]) -> None:  # noqa: ANN001
    """What the GM needs is on the screen, whole; nothing scrolls sideways; the map keeps the middle."""
    QApplication.processEvents()
    needed = list(needed)
    assert_in_view(window, needed)
    assert_whole(needed)
    no_sideways_scroll(window)
    assert window.docks["map"].width() >= 0.55 * window.width()


def _press(qtbot, window, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifiers)


def _allocation(qtbot, window) -> None:  # noqa: ANN001
    """Ctrl+L on each machine: the panel in front on it, the six typed, Allocate; then the reveal."""
    panel = window.parts.allocation
    for unit, split in SPLITS.items():
        window.bridge.select(unit)
        _press(qtbot, window, Qt.Key.Key_L, CTRL)
        assert panel.unit.currentData() == unit and QApplication.focusWidget() is panel.unit
        for spin, value in zip(panel.spins.values(), split, strict=True):
            spin.selectAll()
            qtbot.keyClicks(spin, str(value))
        _sight(window, [panel.unit, *panel.spins.values(), panel.left, panel.allocate, panel.status, panel.reveal])
        panel.allocate.click()
    assert not window.bridge.state.allocating
    _sight(window, [panel.reveal, panel.status])
    panel.reveal.click()  # the docs: also Ctrl+Shift+L, which File → NPC library holds too (g-shell's fix)
    assert window.bridge.state.revealed


def _moves(qtbot, window) -> None:  # noqa: ANN001
    """Ctrl+M gives the map the keys: Up steps the selected machine ahead; Alt+Right turns it."""
    state, view = window.bridge.state, window.parts.map.view
    window.bridge.select("u3")
    _press(qtbot, window, Qt.Key.Key_M, CTRL)
    assert QApplication.focusWidget() is view
    before = state.units["u3"].hex
    _press(qtbot, window, Qt.Key.Key_Up)
    assert state.units["u3"].hex != before
    facing = state.units["u3"].facing
    _press(qtbot, window, Qt.Key.Key_Right, ALT)
    assert state.units["u3"].facing == (facing + 1) % 6
    assert_fight_keys_act(window)
    _sight(window, [window.parts.map.view, window.parts.map.verdict])


def _attack(qtbot, window, language: str) -> None:  # noqa: ANN001
    """Ctrl+K on the Lark: the panel on the Lark and its enemy; aura power, a defence, dice typed,
    Ctrl+Return; the result whole in the panel, the focus back on the map."""
    panel, state = window.parts.attack_panel, window.bridge.state
    window.bridge.select("u1")
    _press(qtbot, window, Qt.Key.Key_K, CTRL)
    assert (panel.attacker.currentData(), panel.target.currentData()) == ("u1", "u2")
    assert QApplication.focusWidget() is panel.target
    panel.aura["aura_attack"].setValue(1)  # the attacker's aura power first (AB-20)
    panel.aura["aura_defence"].setValue(1)
    panel.defence.setCurrentIndex(panel.defence.findData("evade"))
    qtbot.keyClicks(panel.faces["hit"], "12")
    qtbot.keyClicks(panel.faces["damage"], "3")
    inputs = [panel.attacker, panel.target, panel.arm, panel.defence, *panel.aura.values(), panel.response,
              panel.response_turn, panel.faces["hit"], panel.faces["damage"]]
    _sight(window, [*inputs, panel.breakdown, panel.odds, panel.roll, panel.result])
    _press(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert state.units["u2"].damage == 6  # the wing cannon 6 + 3 − armour 3 (17.2)
    assert WORDS[language][0] in panel.result.text()
    assert_fight_keys_act(window)
    assert QApplication.focusWidget() is window.parts.map.view
    _sight(window, [panel.result, panel.roll, panel.odds, panel.breakdown])


def _table_mode(window) -> None:  # noqa: ANN001
    """Table mode: the sector, range and front-row shot typed in the panel, in view with the Roll."""
    panel = window.parts.attack_panel
    window.action("ab_table_mode").trigger()
    table = panel.table
    _sight(window, [table.sector, table.range, table.front_row, panel.breakdown, panel.odds, panel.roll, panel.result])
    window.action("ab_table_mode").trigger()


def _undo_and_rewind(qtbot, window, language: str) -> None:  # noqa: ANN001
    """Ctrl+Z takes the table mode's and the attack's entries back; a log line shows the past; back to now."""
    panel, state = window.parts.attack_panel, window.bridge.state
    for _ in range(3):  # table mode off, on, the attack
        _press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.bridge.state.units["u2"].damage == 0 and WORDS[language][1] in panel.result.text()
    model = window.log_panel.model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(roles.EVENT_KIND) == "ab_pp_allocated")
    window.log_panel.view.clicked.emit(model.index(row, 0))
    assert window.bridge.past is not None
    buttons = [window.rewind_bar.findChild(QPushButton, name) for name in ("continueFromHere", "backToNow")]
    QApplication.processEvents()
    assert all(button.isVisible() for button in buttons)
    _sight(window, [window.parts.order_panel.heading])
    _press(qtbot, window, Qt.Key.Key_B, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.bridge.past is None and state.revealed


def _player_view(qtbot, window, size: tuple[int, int]) -> None:  # noqa: ANN001
    from gmtool.ui.player_view import PlayerView

    players = PlayerView(window.bridge)
    qtbot.addWidget(players)
    players.resize(*size)
    players.show()
    qtbot.waitExposed(players)
    QApplication.processEvents()
    assert players.map is not None
    assert_in_view(players, [players.map.view, players.current_label])
    no_sideways_scroll(players)


def _same_docks_as_a_fresh_window(qtbot, window, workspace: Workspace, size: tuple[int, int], front: str) -> None:  # noqa: ANN001
    """The window's docks are the duel's own layout: those of a new duel window of the same size, with
    the same tab in front (the reference is closed again: the keys go to the walkthrough's window)."""
    fresh = _open(qtbot, workspace, size)
    fresh.docks[front].raise_()
    QApplication.processEvents()
    assert_same_docks(window, fresh)
    fresh.close()
    window.activateWindow()
    QApplication.processEvents()


@pytest.mark.parametrize("size", [LAPTOP, DESKTOP], ids=["1366x728", "1920x1040"])
def test_a_duel_turn_with_the_documented_keys(qtbot, workspace, language, size) -> None:  # noqa: ANN001
    window = _open(qtbot, workspace, size)
    _same_docks_as_a_fresh_window(qtbot, window, workspace, size, "ab_allocation")
    _sight(window, [window.parts.order_panel.heading, window.parts.allocation.allocate, window.parts.allocation.reveal])
    _allocation(qtbot, window)
    _moves(qtbot, window)
    _attack(qtbot, window, language)
    _table_mode(window)
    _undo_and_rewind(qtbot, window, language)
    _same_docks_as_a_fresh_window(qtbot, window, workspace, size, "ab_attack")
    _player_view(qtbot, window, size)
