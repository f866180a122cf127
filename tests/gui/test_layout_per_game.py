"""Each game's own dock layout (issue 30): switching encounters through the application controller
never carries one game's docks into another's window, across a restart too; View → Reset layout
gives the game's default back; an old settings file with one shared layout still loads."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.storage.settings import Settings, load_settings, settings_path
from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import LAPTOP, assert_same_docks

pytestmark = pytest.mark.qt_log_ignore("does not support raise", extend=True)  # offscreen: a floated dock

ROUTE = ("sr5", "badlands_rally", "aura_battler", "sr4", "badlands_rally")


def _fresh(qtbot, workspace: Workspace, size):  # noqa: ANN001, ANN202
    """A new window of the workspace's game, never given a saved layout: the game's default."""
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(size)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def _encounter(workspace: Workspace, game: str) -> int:
    return next(e.id for e in workspace.encounters() if e.ruleset == game)


def _switch(controller, monkeypatch, game: str) -> None:  # noqa: ANN001
    """File → Switch encounter, choosing the demo of ``game``: the controller's own path."""
    from gmtool.ui import encounter_dialogs

    wanted = _encounter(controller.workspace, game)
    monkeypatch.setattr(encounter_dialogs.SwitchEncounterDialog, "exec", lambda _self: 1)
    monkeypatch.setattr(encounter_dialogs.SwitchEncounterDialog, "chosen", lambda _self: wanted)
    controller.window.action("switch_encounter").trigger()
    assert controller.workspace.ruleset_key == game


def _controller(qtbot, workspace: Workspace | None = None):  # noqa: ANN001, ANN202
    from gmtool import app as app_module

    settings, damaged = load_settings()
    controller = app_module.GmtoolApp(QApplication.instance(), settings, damaged)
    controller.switch_to(workspace or Workspace.open_default())
    qtbot.waitExposed(controller.window)
    return controller


def _checked_against_fresh(qtbot, controller) -> None:  # noqa: ANN001
    window = controller.window
    qtbot.waitExposed(window)
    QApplication.processEvents()
    reference = _fresh(qtbot, controller.workspace, window.size())
    assert_same_docks(window, reference)
    reference.close()


def _rearrange(window) -> None:  # noqa: ANN001
    """What a GM does to Shadowrun's window: the sheet wide, the log floated."""
    docks = window.docks
    window.resizeDocks([docks["sheet"]], [window.width() // 2], Qt.Orientation.Horizontal)
    docks["log"].setFloating(True)
    QApplication.processEvents()


def test_switching_games_gives_each_window_its_own_games_docks(qtbot, monkeypatch) -> None:
    controller = _controller(qtbot)
    controller.window.resize(*LAPTOP)
    _rearrange(controller.window)
    for game in ROUTE[1:]:
        _switch(controller, monkeypatch, game)
        _checked_against_fresh(qtbot, controller)
    controller.shutdown()
    saved = json.loads(settings_path().read_text(encoding="utf-8"))["window_layouts"]
    assert set(saved) == set(ROUTE)  # one layout per game
    controller.window.close()

    again = _controller(qtbot)  # a restart: the settings file read anew, on the last encounter (the rally)
    assert again.workspace.ruleset_key == "badlands_rally"
    _checked_against_fresh(qtbot, again)
    _switch(again, monkeypatch, "aura_battler")
    _checked_against_fresh(qtbot, again)
    _switch(again, monkeypatch, "sr5")
    assert again.window.docks["log"].isFloating()  # Shadowrun's own arrangement came back, and only to it
    again.window.close()


def test_reset_layout_gives_the_games_default_back(qtbot, window) -> None:
    _rearrange(window)
    window.docks["sheet"].close()
    action = window.action("reset_layout")
    assert action in window.findChild(type(window.menuBar().actions()[0].menu()), "menu_view").actions()
    action.trigger()
    QApplication.processEvents()
    reference = _fresh(qtbot, window.workspace, window.size())
    assert_same_docks(window, reference)


def test_reset_layout_is_translated(qtbot, workspace) -> None:
    from gmtool.core.i18n import set_language
    from gmtool.ui.main_window import MainWindow

    set_language("ja")
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    assert window.action("reset_layout").text() == "レイアウトを元に戻す"


@pytest.mark.parametrize("game", ["badlands_rally", "aura_battler"])
def test_an_old_settings_file_with_one_layout_loads_and_is_not_applied(qtbot, game: str) -> None:
    """Before issue 30 one ``window_state`` served every game (Shadowrun's made the duel's docks slivers)."""
    workspace = Workspace.open_default()
    sr5 = _fresh(qtbot, workspace, QApplication.primaryScreen().availableGeometry().size())
    _rearrange(sr5)
    old = {"schema_version": 1, "language": "en", "window_state": bytes(sr5.saveState(2).toBase64().data()).decode(),
           "window_geometry": bytes(sr5.saveGeometry().toBase64().data()).decode()}
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(old), encoding="utf-8")
    settings, damaged = load_settings()
    assert not damaged and settings.window_layouts == {} and settings.language == "en"
    controller = _controller(qtbot, workspace.with_encounter(_encounter(workspace, game)))
    _checked_against_fresh(qtbot, controller)
    controller.window.close()


def test_settings_keep_each_games_layout() -> None:
    settings = Settings(window_layouts={"sr5": "AAAA", "aura_battler": "BBBB"})
    assert Settings.model_validate_json(settings.model_dump_json()).window_layouts == settings.window_layouts
