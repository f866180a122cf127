"""The main window reaches the features built around it: the turn-log report (Ctrl+P), the
player view (View menu; it follows the window the application rebuilds), the attack panel (Ctrl+K)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from gmtool.storage.workspace import Workspace


@pytest.fixture
def gm(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool import app as app_module
    from gmtool.storage.settings import Settings

    controller = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    controller.switch_to(workspace)
    qtbot.waitExposed(controller.window)
    yield controller
    controller.shutdown()
    controller.window.close()


def test_print_opens_the_report_of_this_encounter(qtbot, monkeypatch, window) -> None:
    from gmtool.ui import report_dialog

    seen = {}

    def fake_exec(dialog) -> int:  # noqa: ANN001
        seen["rounds"] = [section.number for section in dialog.report().rounds]
        return 0

    monkeypatch.setattr(report_dialog.ReportDialog, "exec", fake_exec)
    window.action("roll_initiative").trigger()
    window.action("print_log").trigger()
    assert seen["rounds"] == [0, 1]  # before the first turn, then turn 1


def test_player_view_opens_and_follows_a_rebuilt_window(qtbot, monkeypatch, gm) -> None:
    from gmtool.ui import player_view
    from gmtool.ui.player_view import PlayerViewSettings

    monkeypatch.setattr(player_view, "choose_player_view_settings", lambda parent, saved: PlayerViewSettings())
    gm.window.action("player_view").trigger()
    view = gm.player_view
    assert view is not None and view.isVisible()
    assert gm.settings.player_view is not None and gm.settings.player_view["show_npc_names"] is False
    gm.window.action("roll_initiative").trigger()
    first_actor = view.model.current_name()
    assert first_actor
    gm.show_window()  # language change or encounter switch rebuild the window
    gm.window.action("next_phase").trigger()
    assert gm.player_view is view
    assert view.model.current_name() != first_actor  # the rebuilt window's key press reached it


def test_ctrl_k_shows_the_attack_panel_with_the_current_actor(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    window.action("attack").trigger()
    assert window.docks["attack"].isVisible()
    assert window.parts.attack_panel.attacker.currentData() == actor.id
