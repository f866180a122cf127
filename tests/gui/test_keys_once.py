"""Keys never surprise (issue 31): no key is bound twice in one window, the shell's and the game's
together, enabled or not; every key README's key tables list is in the right game's window and
reaches the action README names; the GM's own keys are refused when they clash."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from gmtool.core.i18n import tr
from gmtool.storage.workspace import Workspace
from gmtool.ui.preferences import ShortcutsPage
from tests.gui.gm_sight import key_bindings, key_clashes

GAMES = ("sr5", "sr4", "badlands_rally", "aura_battler")
README = Path(__file__).parents[2] / "README.md"
# README's sections with key tables, and the game windows each table is about.
SECTIONS = {
    "Running a fight": ("sr5", "sr4"),  # a row naming SR5 is about SR5 only
    "SR4 encounters": ("sr4",),
    "Badlands Rally on the hex map": ("badlands_rally",),
    "Aura Battler hex duel": ("aura_battler",),
}
MAP_FOCUSED = "(map focused)"  # keys the focused map takes itself: they must be no window shortcut


def _window(qtbot, workspace: Workspace, game: str):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    found = next(e.id for e in workspace.encounters() if e.ruleset == game)
    window = MainWindow(workspace.with_encounter(found))
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("game", GAMES)
def test_no_key_is_bound_twice_in_a_window(qtbot, workspace, game: str) -> None:
    window = _window(qtbot, workspace, game)
    assert len(key_bindings(window)) > 20
    assert key_clashes(window) == []


def test_the_npc_library_and_the_duels_reveal_have_keys_of_their_own(qtbot, workspace) -> None:
    """Both were Ctrl+Shift+L: in the duel's window neither fired (Qt's "ambiguous shortcut")."""
    window = _window(qtbot, workspace, "aura_battler")
    keys = {name: key for key, name, _scope in key_bindings(window)}
    assert keys["action_library"] == "Ctrl+Shift+L"
    assert keys["action_ab_reveal"] == "Ctrl+Shift+R"


# -- README's key tables -----------------------------------------------------------------------------
def readme_keys() -> list[tuple[str, str, str]]:
    """(section, key, the row's text) for every key of every key table in README; a key the focused
    map takes itself has "(map focused)" at the start of its text."""
    rows, section, in_table = [], "", False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section, in_table = line[3:].split(" (")[0].strip(), False
        elif line.startswith("| Key |"):
            in_table = True
        elif in_table and line.startswith("| `"):
            keys_cell, text = line.split(" | ", 1)
            focused = f"{MAP_FOCUSED} " if MAP_FOCUSED in keys_cell else ""
            for key in _keys(keys_cell):
                rows.append((section, key, focused + text.rstrip(" |")))
        elif not line.startswith("|"):
            in_table = False
    return rows


def _keys(cell: str) -> list[str]:
    """The keys of a table cell: each in backticks; "`Alt+1` … `Alt+6`" is Alt+1 to Alt+6."""
    keys = re.findall(r"`([^`]+)`", cell)
    span = re.search(r"`([^`]*?)(\d)` … `\1(\d)`", cell)
    if span:
        keys += [f"{span.group(1)}{n}" for n in range(int(span.group(2)) + 1, int(span.group(3)))]
    return keys


def _plain(text: str) -> str:
    """An action's label as README may write it: no mnemonic, no "…", no bracketed part, lower case."""
    text = re.sub(r"\s*[(（][^)）]*[)）]", "", text.replace("&", "").replace("…", ""))
    return text.strip().lower()


class _Catch(QObject):
    """Takes the shortcut event an action gets (its handler does not run) and remembers it."""

    def __init__(self) -> None:
        super().__init__()
        self.caught: list[tuple[str, bool]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Shortcut and isinstance(watched, QAction):
            self.caught.append((watched.objectName(), event.isAmbiguous()))
            return True
        return False


def _press(qtbot, window, key: str) -> None:  # noqa: ANN001
    """The key pressed with the keyboard where the fight goes on (the order list, the map)."""
    focus = window.parts.fight_widget()
    focus.setFocus()
    QApplication.processEvents()
    combo = QKeySequence(key)[0]
    qtbot.keyClick(focus, combo.key(), combo.keyboardModifiers())


def test_readme_lists_keys_for_every_game() -> None:
    found = {section for section, _key, _text in readme_keys()}
    assert set(SECTIONS) <= found, found


@pytest.mark.parametrize("game", GAMES)
def test_each_key_readme_lists_reaches_the_action_it_names(qtbot, workspace, game: str) -> None:
    window = _window(qtbot, workspace, game)
    bound = {}
    for key, name, _scope in key_bindings(window):
        bound.setdefault(key, []).append(name)
    actions = {action.objectName(): action for action in window.findChildren(QAction) if action.objectName()}
    rows = [(key, text) for section, key, text in readme_keys() if game in SECTIONS.get(section, ())
            and (game == "sr5" or "SR5" not in text)]
    assert rows
    catch, wrong = _Catch(), []
    for key, text in rows:
        portable = QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)
        if text.startswith(MAP_FOCUSED):
            if portable in bound:  # the focused map takes it itself: no window shortcut may
                wrong.append(f"{key} (map focused) is bound to {bound[portable]}")
            continue
        if len(bound.get(portable, [])) != 1:
            wrong.append(f"{key}: bound to {bound.get(portable, [])}")
            continue
        (name,) = bound[portable]
        action = actions[name]
        label = _plain(action.iconText() or action.text())
        if label not in text.lower():
            wrong.append(f"README says {key} is “{text[:70]}”; it is “{label}”")
        enabled = action.isEnabled()
        action.setEnabled(True)  # a disabled action takes no key (the status line says why instead)
        action.installEventFilter(catch)
        _press(qtbot, window, key)
        action.removeEventFilter(catch)
        action.setEnabled(enabled)
        if catch.caught[-1:] != [(name, False)]:
            wrong.append(f"{key} did not reach {name}: {catch.caught[-1:]}")
    assert wrong == [], "\n".join(wrong)


# -- the GM's own keys -------------------------------------------------------------------------------
def test_a_gms_key_clashing_with_the_library_is_refused_naming_it(qtbot) -> None:
    page = ShortcutsPage({})
    qtbot.addWidget(page)
    assert not page.bind("ab_reveal", "Ctrl+Shift+L")
    assert tr("libui.action.library") in page.message.text()
    assert page.keys("ab_reveal") == ("Ctrl+Shift+R",)
    assert not page.bind("attack", "Ctrl+Shift+O")  # Import…, in every window
    assert page.bind("library", "Ctrl+Alt+L")  # the library's own key can be changed
    assert page.bind("ab_reveal", "Ctrl+Shift+L")  # and then it is free


def test_a_gms_key_clashing_with_a_standard_key_is_refused(qtbot) -> None:
    page = ShortcutsPage({})
    qtbot.addWidget(page)
    redo = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)[-1].toString()
    assert not page.bind("attack", redo)
    assert tr("action.redo") in page.message.text()


def test_the_library_takes_the_gms_own_key(qtbot, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace, shortcuts={"library": "Ctrl+Alt+L"})
    qtbot.addWidget(window)
    assert window.library_actions.actions["library"].shortcut() == QKeySequence("Ctrl+Alt+L")


def test_readme_key_cells_are_read_whole() -> None:
    assert _keys("`Alt+1` … `Alt+6`") == ["Alt+1", "Alt+6", "Alt+2", "Alt+3", "Alt+4", "Alt+5"]
    assert _keys("`Ctrl+Z` / `Ctrl+Shift+Z` or `Ctrl+Y`") == ["Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y"]
    assert _plain("&Enter initiative dice… (Ctrl+Shift+I)") == "enter initiative dice"


def test_an_old_settings_key_clashing_in_the_window_is_taken_off_the_gms_action(qtbot, workspace) -> None:
    """Preferences refuses such a key; an older settings file (the library's keys were not listed)
    could still hold one: the window binds no key twice and says which key it took off."""
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace, shortcuts={"attack": "Ctrl+Shift+O", "delay": "Ctrl+Alt+D"})
    qtbot.addWidget(window)
    assert key_clashes(window) == []
    assert window.action("attack").shortcuts() == []
    assert window.library_actions.actions["import"].shortcut() == QKeySequence("Ctrl+Shift+O")
    assert window.action("delay").shortcut() == QKeySequence("Ctrl+Alt+D")  # a GM's key that clashes with nothing
    assert QKeySequence("Ctrl+Shift+O").toString(QKeySequence.SequenceFormat.NativeText) in window.status.text()
