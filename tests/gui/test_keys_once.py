"""Keys never surprise (issue 31): no key is bound twice in one window, the shell's and the game's
together, enabled or not; every key the docs' key tables list (docs/user/) is in the right game's
window and reaches the action the table names, and every Ctrl or Alt key a page names is bound in a
window of that page's game (issue 32); the GM's own keys are refused when they clash."""

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
ROOT = Path(__file__).parents[2]
GUIDE = ROOT / "docs" / "user"
# The guide's pages with key tables, and the game windows each page's tables are about.
PAGES = {
    "sr5.md": ("sr5", "sr4"),  # a row naming SR5 is about SR5 only
    "sr4.md": ("sr4",),
    "badlands-rally.md": ("badlands_rally",),
    "aura-battler.md": ("aura_battler",),
    "keys.md": GAMES,  # the shell's keys, in every window
}
# The pages about one game (their keys are that game's); every other page is about any game.
PAGE_GAMES = {**PAGES, "shadowrun-attacks.md": ("sr5", "sr4"), "keys.md": GAMES,
              "sr4.md": ("sr4", "sr5")}  # the SR4 page names the SR5 keys an SR4 window lacks (Alt+1…6)
NAMED_KEY = re.compile(r"(?<![\w+])((?:Ctrl|Alt)\+(?:(?:Ctrl|Alt|Shift)\+)*"
                       r"(?:Return|Enter|Delete|Del|Space|Backspace|Up|Down|Left|Right|F\d{1,2}|[A-Z0-9]|[\[\],]))(?!\w)")
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


# -- the docs' key tables ----------------------------------------------------------------------------
def doc_keys(pages: dict[str, tuple[str, ...]] = PAGES) -> list[tuple[str, str, str]]:
    """(page, key, the row's text) for every key of every key table in the guide's pages; a key the
    focused map takes itself has "(map focused)" at the start of its text."""
    rows = []
    for page in pages:
        rows += [(page, key, text) for key, text in table_keys((GUIDE / page).read_text(encoding="utf-8"))]
    return rows


def table_keys(markdown: str) -> list[tuple[str, str]]:
    """(key, the row's text) for every key of the page's key tables (a table headed "| Key |")."""
    rows, in_table = [], False
    for line in markdown.splitlines():
        if line.startswith("| Key |"):
            in_table = True
        elif in_table and line.startswith("| `"):
            keys_cell, text = line.split(" | ", 1)
            focused = f"{MAP_FOCUSED} " if MAP_FOCUSED in keys_cell else ""
            for key in _keys(keys_cell):
                rows.append((key, focused + text.rstrip(" |")))
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


def named_keys(markdown: str) -> set[str]:
    """Every Ctrl or Alt key a page names, in a table or in its text ("`Ctrl+Shift+X`", "(Ctrl+T)")."""
    return set(NAMED_KEY.findall(markdown))


def _plain(text: str) -> str:
    """An action's label as the docs may write it: no mnemonic, no "…", no bracketed part, lower case."""
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


def test_the_docs_list_keys_for_every_game() -> None:
    found = {page for page, _key, _text in doc_keys()}
    assert set(PAGES) <= found, found


@pytest.mark.parametrize("game", GAMES)
def test_each_key_the_docs_list_reaches_the_action_it_names(qtbot, workspace, game: str) -> None:
    window = _window(qtbot, workspace, game)
    bound = {}
    for key, name, _scope in key_bindings(window):
        bound.setdefault(key, []).append(name)
    actions = {action.objectName(): action for action in window.findChildren(QAction) if action.objectName()}
    rows = [(key, text) for page, key, text in doc_keys() if game in PAGES[page]
            and (game == "sr5" or "SR5" not in text)]
    assert rows
    catch, wrong = _Catch(), []
    for key, text in rows:
        portable = QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)
        if text.startswith(MAP_FOCUSED):
            if portable in bound:  # the focused map takes it itself: no window shortcut may
                wrong.append(f"{key} (map focused) is bound to {bound[portable]}")
            continue
        if len(set(bound.get(portable, []))) != 1:  # one action (a platform's standard key may repeat it)
            wrong.append(f"{key}: bound to {bound.get(portable, [])}")
            continue
        name = bound[portable][0]
        action = actions[name]
        label = _plain(action.iconText() or action.text())
        if label not in text.lower():
            wrong.append(f"The docs say {key} is “{text[:70]}”; it is “{label}”")
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


def test_every_key_a_page_names_is_bound_in_a_window_of_its_game(qtbot, workspace) -> None:
    """Not only the tables: a Ctrl or Alt key named anywhere in the guide, the README or the
    architecture page is bound in the window of a game the page is about (any game for the pages
    about what the games share)."""
    bound = {}
    for game in GAMES:
        window = _window(qtbot, workspace, game)
        bound[game] = {key for key, _name, _scope in key_bindings(window)}
        window.close()
    pages = {page: PAGE_GAMES.get(page.name, GAMES) for page in sorted(GUIDE.glob("*.md"))}
    pages.update({ROOT / "README.md": GAMES, ROOT / "ARCHITECTURE.md": GAMES})
    unbound = []
    for page, games in pages.items():
        for key in sorted(named_keys(page.read_text(encoding="utf-8"))):
            portable = QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)
            if not any(portable in bound[game] for game in games):
                unbound.append(f"{page.name}: {key} is bound in no window of {', '.join(games)}")
    assert len(unbound) == 0, "\n".join(unbound)


def test_keys_named_in_text_are_found_whole() -> None:
    text = "(Ctrl+T) `Ctrl+Shift+Return`, `Alt+Shift+Left` / Right, Ctrl+] and `Ctrl+,`; `Alt`+arrows, Shift+Left"
    assert named_keys(text) == {"Ctrl+T", "Ctrl+Shift+Return", "Alt+Shift+Left", "Ctrl+]", "Ctrl+,"}


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
