"""Every refused or disabled action says why (issue 31): a disabled action's tooltip gives the reason,
its key pressed anyway puts the reason in the status line (Qt drops such a key silently), and the
status line never keeps a stale refusal: the next change or selection clears it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from gmtool.core.i18n import set_language, tr
from gmtool.storage.workspace import Workspace

GAMES = ("sr5", "sr4", "badlands_rally", "aura_battler")


def _window(qtbot, workspace: Workspace, game: str):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    found = next(e.id for e in workspace.encounters() if e.ruleset == game)
    window = MainWindow(workspace.with_encounter(found))
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    qtbot.waitExposed(window)
    return window


def _silent(window) -> list[str]:  # noqa: ANN001
    """The disabled actions whose tooltip gives no reason under the name and key."""
    return [action.objectName() for action in window.findChildren(QAction)
            if action.objectName().startswith("action_") and not action.isEnabled()
            and len(action.toolTip().split("\n")) < 2]


def _second_state(window, game: str) -> None:  # noqa: ANN001
    """A moment later in the fight: the round under way, nobody selected (other actions greyed)."""
    start = {"sr5": "roll_initiative", "sr4": "roll_initiative", "badlands_rally": "br_roll_initiative",
             "aura_battler": "ab_allocate"}[game]
    window.action(start).trigger()
    window.bridge.select(None)
    QApplication.processEvents()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_disabled_action_says_why_in_its_tooltip(qtbot, workspace, game: str, language: str) -> None:
    set_language(language)
    window = _window(qtbot, workspace, game)
    assert [a for a in window.findChildren(QAction) if a.objectName().startswith("action_") and not a.isEnabled()]
    assert _silent(window) == []
    _second_state(window, game)
    assert _silent(window) == []


def test_space_before_the_first_roll_says_why_on_the_status_line(qtbot, window) -> None:
    order = window.parts.fight_widget()
    order.setFocus()
    assert not window.action("next_phase").isEnabled()
    qtbot.keyClick(order, Qt.Key.Key_Space)
    text = window.status.text()
    assert tr("action.next_phase") in text and tr("reason.roll_initiative_first") in text
    assert window.bridge.state.turn == 0
    qtbot.keyClick(order, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)  # Roll initiative: done
    assert window.bridge.state.turn == 1
    assert window.status.text() == ""  # the refusal went with the change


def test_a_disabled_key_in_the_duel_says_why(qtbot, duel_window) -> None:
    window = duel_window
    window.bridge.select(None)
    window.parts.fight_widget().setFocus()
    qtbot.keyClick(window.parts.fight_widget(), Qt.Key.Key_BracketRight, Qt.KeyboardModifier.ControlModifier)
    assert tr("ab.tip.select_machine") in window.status.text()  # the rules' reason (duel_actions.why_not)


def test_a_refusal_goes_at_the_next_selection(qtbot, window) -> None:
    window.show_refusal("Demo refusal")
    ids = list(window.bridge.state.combatants)
    window.bridge.select(ids[1] if window.bridge.selected == ids[0] else ids[0])
    assert window.status.text() == ""


def test_a_refusal_goes_at_the_next_command_a_panel_runs(qtbot, window) -> None:
    window.show_refusal("Demo refusal")
    assert window.bridge.execute(window.view.start_turn())  # through the bridge, as a panel does
    assert window.status.text() == ""


def test_a_notice_stays_until_replaced(qtbot, window) -> None:
    window.show_status("Exported to demo.pdf")
    ids = list(window.bridge.state.combatants)
    window.bridge.select(ids[1])
    assert window.status.text() == "Exported to demo.pdf"
