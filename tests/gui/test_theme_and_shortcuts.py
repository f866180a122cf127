"""Themes (light, dark, system) and the GM's own shortcuts: the preferences pages, the
main window's keys, the settings file, and the application applying them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QToolButton

from gmtool.core.i18n import set_language
from gmtool.storage.settings import Settings, load_settings, save_settings, settings_path
from gmtool.ui.actions import ACTION_SPECS, all_action_specs
from gmtool.ui.preferences import PreferencesDialog, ShortcutsPage, default_keys
from gmtool.ui.theme import apply_theme
from gmtool.viewmodels.game_view import view_for

WINDOW = QPalette.ColorRole.Window


@pytest.fixture
def app(qapp) -> Iterator[QApplication]:  # noqa: ANN001
    yield qapp
    apply_theme(qapp, "system")  # the next test starts on the platform's look


def test_dark_theme_darkens_the_window_and_system_gives_it_back(qtbot, app, window) -> None:
    before = app.palette().color(WINDOW)
    assert apply_theme(app, "dark") == "dark"
    assert app.palette().color(WINDOW).lightness() < 80
    assert app.palette().color(QPalette.ColorRole.Text).lightness() > 180  # light text on it
    qtbot.waitUntil(lambda: window.log_panel.view.palette().color(QPalette.ColorRole.Base).lightness() < 80)
    assert apply_theme(app, "light") == "light"
    assert app.palette().color(WINDOW).lightness() > 200
    assert apply_theme(app, "system") == "system"
    assert app.palette().color(WINDOW) == before
    assert apply_theme(app, "purple") == "system"


def test_undone_lines_are_muted_in_either_theme(qtbot, app, window) -> None:
    window.action("roll_initiative").trigger()
    window.action("undo").trigger()
    log = window.log_panel.model
    undo = log.index(log.rowCount() - 1, 0)
    for theme in ("light", "dark"):
        apply_theme(app, theme)
        muted = undo.data(Qt.ItemDataRole.ForegroundRole).color()
        text = app.palette().color(QPalette.ColorRole.Text)
        base = app.palette().color(QPalette.ColorRole.Base)
        assert muted != text  # not the ordinary text colour ...
        assert abs(muted.lightness() - base.lightness()) > 60  # ... yet readable on the background


@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_the_default_shortcuts_do_not_clash(game: str) -> None:
    specs = ACTION_SPECS + view_for(game).action_specs  # one window's actions: the shell's and its game's
    keys = Counter(key for spec in specs for key in default_keys(spec))
    assert len(keys) > 30 and not [key for key, count in keys.items() if count > 1]


def test_the_shortcuts_page_lists_each_action_once_across_the_games() -> None:
    names = [spec.name for spec in all_action_specs()]
    assert len(names) == len(set(names))
    assert {"undo", "seize", "go_first", "attack"} <= set(names)  # the shell's, SR5's, SR4's, shared


def test_every_action_is_listed_with_its_name_and_key(qtbot) -> None:
    set_language("ja")
    page = ShortcutsPage({})
    qtbot.addWidget(page)
    assert page.table.rowCount() == len(all_action_specs())
    names = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    assert "取り消し" in names and all(not n.startswith("action.") for n in names)
    assert page.edits["attack"].keySequence() == QKeySequence("Ctrl+K")
    assert page.edits["undo"].keySequence() == QKeySequence(QKeySequence.StandardKey.Undo)


def test_a_typed_shortcut_is_taken_and_a_clash_refused(qtbot) -> None:
    page = ShortcutsPage({})
    qtbot.addWidget(page)
    page.show()
    edit = page.edits["attack"]
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert page.keys("attack") == ("Ctrl+J",)
    assert page.shortcuts() == {"attack": "Ctrl+J"}
    qtbot.keyClick(edit, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # Add combatant's key
    assert page.keys("attack") == ("Ctrl+J",)
    assert edit.keySequence() == QKeySequence("Ctrl+J")
    assert "Add combatant" in page.message.text() and "Ctrl+N" in page.message.text()
    assert not page.bind("delay", "Ctrl+J")  # now Attack's
    assert page.bind("add_combatant", "")  # freeing a key ...
    assert page.bind("attack", "Ctrl+N")  # ... makes it available
    assert page.shortcuts() == {"attack": "Ctrl+N", "add_combatant": ""}
    assert not page.bind("quit", QKeySequence(QKeySequence.StandardKey.Redo).toString())  # each standard binding counts
    page.findChild(QToolButton, "clear_reload_weapon").click()  # the row's ✕ removes the key
    assert page.keys("reload_weapon") == () and page.edits["reload_weapon"].keySequence().isEmpty()
    reload = page.edits["reload_weapon"]
    reload.setFocus()
    qtbot.keyPress(reload, Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier)  # a lone modifier ...
    with qtbot.waitSignal(reload.editingFinished, timeout=3000):
        qtbot.keyRelease(reload, Qt.Key.Key_Control)
    assert page.keys("reload_weapon") == ()  # ... changes nothing
    page.reset_to_defaults()
    assert page.shortcuts() == {} and edit.keySequence() == QKeySequence("Ctrl+K")


def test_the_conflict_message_is_japanese(qtbot) -> None:
    set_language("ja")
    page = ShortcutsPage({})
    qtbot.addWidget(page)
    assert not page.bind("attack", "Ctrl+N")
    assert "「戦闘参加者を追加」" in page.message.text() or "すでに" in page.message.text()


def test_a_rebound_shortcut_triggers_its_action(qtbot, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace, shortcuts={"attack": "Ctrl+J", "delay": "", "unknown_action": "Ctrl+Q"})
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    attack = window.action("attack")
    assert attack.shortcut() == QKeySequence("Ctrl+J") and "Ctrl+J" in attack.toolTip()
    assert window.action("delay").shortcut().isEmpty() and "(" not in window.action("delay").toolTip()
    assert window.action("undo").shortcuts() == QKeySequence.keyBindings(QKeySequence.StandardKey.Undo)
    window.parts.initiative_panel.view.setFocus()
    with qtbot.wait_signal(attack.triggered, timeout=1000):
        qtbot.keyClick(window.parts.initiative_panel.view, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    fired: list[bool] = []
    attack.triggered.connect(lambda: fired.append(True))
    window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(window.parts.initiative_panel.view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert fired == []  # the old key no longer reaches it


def test_settings_keep_theme_and_shortcuts(qtbot) -> None:
    save_settings(Settings(theme="dark", shortcuts={"attack": "Ctrl+J"}, language="ja"))
    loaded, damaged = load_settings()
    assert not damaged
    assert (loaded.theme, loaded.shortcuts, loaded.language) == ("dark", {"attack": "Ctrl+J"}, "ja")
    settings_path().write_text('{"schema_version": 1, "language": "en", "theme": "neon"}', encoding="utf-8")
    loaded, damaged = load_settings()
    assert not damaged and loaded.theme == "system" and loaded.language == "en" and loaded.shortcuts == {}


def test_preferences_apply_the_theme_and_rebuild_the_window_with_new_keys(qtbot, monkeypatch, app, workspace) -> None:
    from gmtool import app as app_module
    from gmtool.ui import preferences as preferences_module

    gm = app_module.GmtoolApp(app, Settings(), False)
    gm.switch_to(workspace)
    qtbot.addWidget(gm.window)
    chosen = {}

    def fake_exec(dialog: PreferencesDialog) -> int:
        chosen["theme_before"] = dialog.chosen_theme()
        dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
        assert dialog.shortcut_page.bind("attack", "Ctrl+J")
        return 1

    monkeypatch.setattr(preferences_module.PreferencesDialog, "exec", fake_exec)
    old = gm.window
    gm.request_preferences()
    qtbot.addWidget(gm.window)
    assert chosen["theme_before"] == "system"
    assert gm.window is not old and gm.window.action("attack").shortcut() == QKeySequence("Ctrl+J")
    assert app.palette().color(WINDOW).lightness() < 80
    saved = load_settings()[0]
    assert saved.theme == "dark" and saved.shortcuts == {"attack": "Ctrl+J"}
    gm.window.close()


def test_a_key_may_serve_two_games_but_not_two_actions_of_one_window(qtbot) -> None:
    """The coin duel's Flip and Shadowrun's Next phase both default to Space (never in one window);
    a key of the shell's (Undo) is refused for a game's action, as two actions of one game are."""
    from importlib.metadata import EntryPoint

    from gmtool.core.registry import GROUP, GameRegistry, use_registry

    games = (EntryPoint("sr5", "gmtool.games.shadowrun.sr5.manifest:MANIFEST", GROUP),
             EntryPoint("coin", "tests.games.coin.manifest:MANIFEST", GROUP))
    with use_registry(GameRegistry(source=lambda: games)):
        set_language("en")
        page = ShortcutsPage({})
        qtbot.addWidget(page)
        assert page.keys("flip") == ("Space",) and page.keys("next_phase") == ("Space",)
        assert page.bind("flip", "Ctrl+T") is False  # the duel's own Start the round has it
        assert page.bind("start_round", "Ctrl+E")  # SR5's Seize the Initiative key: another game's
        assert page.bind("flip", "Ctrl+Z") is False  # Undo, in every window
        assert "Undo" in page.message.text()
