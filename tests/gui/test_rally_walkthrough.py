"""A GM's round of the rally with the keys of docs/user/badlands-rally.md, at 1366 × 728 and 1920 × 1040, in English and Japanese
(issues 30 and 31): the initiative (Ctrl+Z takes the demo's start back, Ctrl+T rolls it), speed
(Ctrl+1), turns with the arrow keys on the map (Ctrl+M), an attack with its modifiers (Ctrl+K,
Ctrl+Return, the reaction declined with Ctrl+Shift+K) whose damage spins the target out, the spin-out
(Ctrl+Shift+Return), undo and redo, a step on the map, rewind from a log line and back, the player view
(Ctrl+Shift+V) with the standings, the end of the activation (Space).

After each step it asks what a GM asks of the screen (``tests/gui/gm_sight.py``): the current gear, the
inputs, the odds, the button and the last roll of the panel in front lie in their viewport and are
whole; nothing scrolls sideways; no text field holds the keyboard; the arrow keys still turn the gear
(a turn and back, both then undone); the docks are where a fresh window of the rally puts them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from gmtool.core.i18n import set_language
from gmtool.viewmodels import roles
from tests.gui.gm_sight import (
    SIZES,
    assert_fight_keys_act,
    assert_in_view,
    assert_same_docks,
    assert_whole,
    no_sideways_scroll,
)

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
MAP_SHARE = 0.55  # the map's least share of the window's width


def _window(qtbot, workspace, size: tuple[int, int]):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture(params=[(size, lang) for size in SIZES for lang in ("en", "ja")],
                ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
def walk(request, qtbot, rally) -> Iterator[tuple]:  # noqa: ANN001
    """The rally's window and a fresh one to compare its docks with, at a size, in a language."""
    size, language = request.param
    set_language(language)
    try:
        window = _window(qtbot, rally, size)
        reference = _window(qtbot, rally, size)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        yield window, reference, language
    finally:
        set_language("en")


def press(qtbot, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    """A key as a GM presses it: to whatever has the keyboard."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def needs(window) -> list[QWidget]:  # noqa: ANN001
    """What the GM needs in view now: whose turn it is, and the page in front's inputs, odds, button, last roll."""
    panel = window.parts.attack_panel
    page = panel.page()
    found: list[QWidget] = [panel.whose, panel.pages.tabBar()]
    if page == "attack":
        found += [panel.target, panel.weapon, panel.plan, panel.odds, *panel.faces.values(), panel.roll]
        found += [panel.reaction.gear, panel.reaction.decline] if panel.reaction.isVisibleTo(panel) else []
    elif page == "spin" and window.bridge.state.pending:
        found += [panel.spins.gear, panel.spins.stake, *panel.spins.dice.values(), panel.spins.resolve]
    elif page == "moves":
        found += [panel.moves.odds, panel.moves.faces, *panel.moves.buttons.values()]
    last = panel.last.get(page)
    return found + ([last] if last is not None and last.isVisibleTo(panel) else []) + \
        ([panel.cause] if page == "spin" and panel.cause.isVisibleTo(panel) else [])


def seen(qtbot, window, reference, turns: bool = True) -> None:  # noqa: ANN001
    """What the GM sees after a step (module docstring)."""
    QApplication.processEvents()
    widgets = needs(window)
    assert_in_view(window, widgets)
    assert_whole([w for w in widgets if w is not window.parts.attack_panel.pages.tabBar()])
    no_sideways_scroll(window)
    order = window.parts.order_panel
    current = next((n for n in range(order.model.rowCount()) if order.model.row(n).current), None)
    if current is not None:
        rect = order.view.visualRect(order.model.index(current, 0))
        assert order.view.viewport().rect().contains(rect)  # the gear activating, in the order's view
    assert window.docks["map"].width() >= MAP_SHARE * window.width()
    outside = [name for name, dock in window.docks.items()  # a tab behind another is off screen: not counted
               if dock.isVisible() and not dock.visibleRegion().isEmpty() and not window.rect().contains(dock.geometry())]
    assert not outside, outside  # no dock pushed past the window's edge (its least width too wide)
    assert_same_docks(window, reference)
    assert_fight_keys_act(window)
    state = window.bridge.state
    if turns and state.current is not None and state.gears[state.current].speed == "cruising" \
            and not state.pending and state.reaction is None:
        gear = state.current
        facing = state.gears[gear].facing
        focus_map(window)
        press(qtbot, Qt.Key.Key_Left)  # a free turn at cruising speed, and back
        assert window.bridge.state.gears[gear].facing == (facing - 1) % 6
        press(qtbot, Qt.Key.Key_Right)
        assert window.bridge.state.gears[gear].facing == facing
        press(qtbot, Qt.Key.Key_Z, CTRL)  # both turns taken back: the check leaves the race as it was
        press(qtbot, Qt.Key.Key_Z, CTRL)
        assert QApplication.focusWidget() is window.parts.map.view


def focus_map(window) -> None:  # noqa: ANN001
    """Where the keyboard is after a deed: the map (checked, then Ctrl+M as the docs say if it were not)."""
    assert QApplication.focusWidget() is window.parts.map.view


def test_a_round_of_the_rally_with_readmes_keys(qtbot, walk) -> None:  # noqa: ANN001
    window, reference, language = walk
    state = lambda: window.bridge.state  # noqa: E731
    # the initiative: the demo's round 1 taken back, then rolled (seed 16: the Scrapjack first)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    press(qtbot, Qt.Key.Key_T, CTRL)
    assert state().round == 1 and state().current == "g4"
    press(qtbot, Qt.Key.Key_M, CTRL)  # the map takes the keyboard
    seen(qtbot, window, reference, turns=False)
    press(qtbot, Qt.Key.Key_1, CTRL)  # cruising speed
    assert state().gears["g4"].speed == "cruising"
    seen(qtbot, window, reference)
    _attack(qtbot, window, reference)
    _spin_out(qtbot, window, reference)
    _undo_redo(qtbot, window, reference)
    _step(qtbot, window, reference)
    _rewind(qtbot, window, reference)
    _player_view(qtbot, window, language)
    press(qtbot, Qt.Key.Key_Space)  # the end of the Scrapjack's activation: the Sandhopper's next
    assert state().current == "g1"
    seen(qtbot, window, reference)


def _attack(qtbot, window, reference) -> None:  # noqa: ANN001
    """Ctrl+K: the Sandhopper (Aiko's, an enemy of Ben's Scrapjack) offered first; dice typed so that the
    damage empties its hull and structure; the reaction declined; the roll in the attack page, whole."""
    panel = window.parts.attack_panel
    press(qtbot, Qt.Key.Key_K, CTRL)
    assert panel.page() == "attack" and panel.target.currentData() == "g1"
    assert window.parts.map.target.currentData() == "g1"  # the map's line of fire follows the attack
    seen(qtbot, window, reference, turns=False)
    preview = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft())
    assert preview.attack_terms  # the plan term by term (base dice, the side hit, the weapon's burst …)
    panel.faces["attack"].setText(" ".join("6" * preview.attack_dice))
    panel.faces["defence"].setText(" ".join("2" * preview.defence_dice))
    damage = window.bridge.ruleset.attack_preview(window.bridge.state, panel.draft()).damage_dice
    panel.faces["damage"].setText(" ".join("6" * damage))
    seen(qtbot, window, reference, turns=False)
    press(qtbot, Qt.Key.Key_Return, CTRL)
    if window.bridge.state.reaction is not None:  # BR-18: the Sandhopper may react; it does not
        seen(qtbot, window, reference)
        press(qtbot, Qt.Key.Key_K, CTRL | SHIFT)
    sandhopper = window.bridge.state.gears["g1"]
    lines = [window.bridge.ruleset.describe(e) for e in window.bridge.encounter.entries[-1].events]
    assert (sandhopper.hull, sandhopper.structure) == (0, 0), lines
    assert panel.last["attack"].lines  # the roll, kept in the attack page
    seen(qtbot, window, reference)


def _spin_out(qtbot, window, reference) -> None:  # noqa: ANN001
    """The spin-out waits (BR-15): its page in front with the attack that caused it; resolved with Ctrl+Shift+Return."""
    panel = window.parts.attack_panel
    lines = [window.bridge.ruleset.describe(e) for e in window.bridge.encounter.entries[-1].events]
    assert window.bridge.state.pending, (lines, window.status.text())
    assert panel.page() == "spin" and panel.cause.isVisible()
    seen(qtbot, window, reference)
    panel.spins.dice["spin"].setText("6")  # all the way round: no skid (a rally token)
    press(qtbot, Qt.Key.Key_Return, CTRL | SHIFT)
    assert not window.bridge.state.pending and window.bridge.state.gears["g1"].rally_tokens == 1
    assert panel.last["spin"].isVisible()
    seen(qtbot, window, reference)


def _undo_redo(qtbot, window, reference) -> None:  # noqa: ANN001
    panel = window.parts.attack_panel
    press(qtbot, Qt.Key.Key_Z, CTRL)  # the spin-out taken back: it waits again, its roll gone
    assert window.bridge.state.pending and not panel.last["spin"].isVisible()
    seen(qtbot, window, reference)
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)  # and brought back
    assert not window.bridge.state.pending and panel.last["spin"].isVisible()
    seen(qtbot, window, reference)


def _step(qtbot, window, reference) -> None:  # noqa: ANN001
    """A step ahead with the arrow key on the map: the Scrapjack turns (Right, free at cruising speed) until
    the hex ahead is free — a step into another gear's hex is refused, saying what is true — then steps."""
    before = window.bridge.state.gears["g4"].hex
    for _turn in range(6):
        press(qtbot, Qt.Key.Key_Right)
        press(qtbot, Qt.Key.Key_Up)
        while window.bridge.state.reaction is not None:  # BR-18: no gear reacts
            press(qtbot, Qt.Key.Key_K, CTRL | SHIFT)
        if window.bridge.state.gears["g4"].hex != before:
            break
        assert window.status.text()  # refused: the reason in the status line
    assert window.bridge.state.gears["g4"].hex != before
    seen(qtbot, window, reference)


def _rewind(qtbot, window, reference) -> None:  # noqa: ANN001
    """A log line clicked: the race as it was then (read-only), "Back to now" in view; then back."""
    log = window.log_panel.view
    row = next(r for r in range(3, log.model().rowCount()) if log.model().index(r, 0).data(roles.EVENT_NUMBER) == 0)
    log.clicked.emit(log.model().index(row, 0))
    assert window.bridge.past is not None and window.rewind_bar.isVisible()
    back = window.findChild(QWidget, "backToNow")
    assert_in_view(window, [back, window.findChild(QWidget, "continueFromHere")])
    back.click()
    assert window.bridge.past is None
    window.parts.back_to_map()
    seen(qtbot, window, reference)


def _player_view(qtbot, window, language: str) -> None:  # noqa: ANN001
    """Ctrl+Shift+V asks for the player view; it shows the standings and names every gear at 14 pt or more."""
    from gmtool.ui.player_view import PlayerView
    from gmtool.viewmodels import player_view_model as pvm

    with qtbot.waitSignal(window.playerViewRequested):
        press(qtbot, Qt.Key.Key_V, CTRL | SHIFT)
    player = PlayerView(window.bridge)
    qtbot.addWidget(player)
    player.resize(1920, 1080)
    player.show()
    qtbot.waitExposed(player)
    notes = [player.model.index(r, 0).data(pvm.NOTE) for r in range(player.model.rowCount())]
    lap = "Lap 1/2" if language == "en" else "ラップ1/2"  # the digest's ラップ
    assert all(lap in note for note in notes), notes
    for item in player.map.view.tokens.values():
        assert item.plate.isVisible() and item.plate.childItems()[0].font().pointSizeF() >= 14
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.parts.back_to_map()
