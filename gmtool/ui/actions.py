"""The shell's actions (files, the library, undo, the log, the player view) and how any game's actions are described.

One table of :class:`ActionSpec`, used by the menus, the fight bar, the shortcuts page and the
window. A game lists its own actions (its window parts' ``action_specs``); the shell names none
of them. :func:`all_action_specs` is every action a GM can bind a key to: the shell's, then each
registered game's (a name two games share is listed once), loaded when the shortcuts page opens;
:func:`scoped_action_specs` adds which games' windows have each (a key may serve two games).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QKeySequence


@dataclass(frozen=True)
class ActionSpec:
    """An action: its name (``action.<name>`` is its label), default key, and whether it changes the fight."""

    name: str
    shortcut: str | QKeySequence.StandardKey | None = None
    checkable: bool = False
    changes_fight: bool = True  # False: usable while the fight is shown as it was (rewind)
    label: str = ""  # the label's message key, when not ``action.<name>``

    @property
    def label_key(self) -> str:
        return self.label or f"action.{self.name}"


def keys_for(spec: ActionSpec, overrides: dict[str, str]) -> list[QKeySequence]:
    """The keys an action gets in a window: the GM's own ("" none), else its default (a platform's
    standard key may be several: Redo is Ctrl+Y and Ctrl+Shift+Z)."""
    if spec.name in overrides:
        return [QKeySequence(overrides[spec.name])] if overrides[spec.name] else []
    if isinstance(spec.shortcut, QKeySequence.StandardKey):
        return [key for key in QKeySequence.keyBindings(spec.shortcut) if not key.isEmpty()]
    return [QKeySequence(spec.shortcut)] if spec.shortcut else []


ACTION_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("undo", QKeySequence.StandardKey.Undo),
    ActionSpec("redo", QKeySequence.StandardKey.Redo),
    ActionSpec("print_log", QKeySequence.StandardKey.Print, changes_fight=False),
    ActionSpec("back_to_now", "Ctrl+Shift+B", changes_fight=False),
    ActionSpec("player_view", "Ctrl+Shift+V", changes_fight=False),
    ActionSpec("share_players", "Ctrl+Alt+W", changes_fight=False),
    ActionSpec("reset_layout", None, changes_fight=False),
    ActionSpec("new_campaign", "Ctrl+Shift+N", changes_fight=False),
    ActionSpec("new_encounter", "Ctrl+Alt+N", changes_fight=False),
    ActionSpec("switch_encounter", "Ctrl+Alt+O", changes_fight=False),
    ActionSpec("open_campaign", QKeySequence.StandardKey.Open, changes_fight=False),
    ActionSpec("preferences", "Ctrl+,", changes_fight=False),
    ActionSpec("reload_house_rules", None, changes_fight=False),
    ActionSpec("quit", QKeySequence.StandardKey.Quit, changes_fight=False),
    ActionSpec("about", None, changes_fight=False),
)

# The library's File-menu actions (gmtool.ui.library_actions makes and connects them), in every window.
LIBRARY_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("library", "Ctrl+Shift+L", changes_fight=False, label="libui.action.library"),
    ActionSpec("import", "Ctrl+Shift+O", changes_fight=False, label="libui.action.import"),
    ActionSpec("import_folder", None, changes_fight=False, label="libui.action.import_folder"),
    ActionSpec("export", None, changes_fight=False, label="libui.action.export"),
    ActionSpec("build_encounter", None, changes_fight=False, label="libui.action.build_encounter"),
    ActionSpec("restore_backup", None, changes_fight=False, label="libui.action.restore_backup"),
)

# The hex map's own keys: a step of the selected unit, the keyboard to the map. A game played on a map lists
# them among its actions and its "menu.map" (gmtool.ui.map_window.MapWindowParts connects them).
MAP_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("map_ahead", "Alt+Up"),
    ActionSpec("map_back", "Alt+Down"),
    ActionSpec("map_left", "Alt+Left"),
    ActionSpec("map_right", "Alt+Right"),
    ActionSpec("map_focus", "Ctrl+M", changes_fight=False),
)
MAP_MENU = ("map_focus", "-", "map_ahead", "map_back", "map_left", "map_right")
# The party's File-menu actions (gmtool.ui.party_actions makes and connects them), in every window.
PARTY_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("party", "Ctrl+Alt+P", changes_fight=False, label="party.action.party"),
    ActionSpec("add_party", "Ctrl+Alt+A", label="party.action.add"),
    ActionSpec("carry_back", "Ctrl+Alt+B", changes_fight=False, label="party.action.carry_back"),
)

# The shell's menus. A game adds its own menus after Edit, and items to Edit and View
# (its window parts' ``menus``); "-" is a separator.
FILE_MENU = (
    "new_campaign", "open_campaign", "-", "new_encounter", "switch_encounter", "-", "print_log", "-",
    "preferences", "reload_house_rules", "-", "quit",
)
EDIT_MENU = ("undo", "redo")
VIEW_MENU = ("-", "reset_layout", "-", "player_view", "share_players", "back_to_now")
HELP_MENU = ("about",)
SHELL_MENUS = ("menu.file", "menu.edit", "menu.view", "menu.help")


def all_action_specs() -> tuple[ActionSpec, ...]:
    """The shell's actions, then every registered game's own (each name once)."""
    return tuple(spec for spec, _games in scoped_action_specs())


def scoped_action_specs() -> tuple[tuple[ActionSpec, frozenset[str] | None], ...]:
    """Every action with the games whose windows have it (None: every window, the shell's own).

    Two actions may share a key only when no window has both (a key of one game is free in another)."""
    from gmtool.viewmodels.game_view import game_view_classes

    shell = (*ACTION_SPECS, *LIBRARY_SPECS, *PARTY_SPECS)
    scopes: dict[str, frozenset[str] | None] = {spec.name: None for spec in shell}
    specs = {spec.name: spec for spec in shell}
    for game, view in game_view_classes():
        for spec in view.action_specs:
            specs.setdefault(spec.name, spec)
            if spec.name not in scopes or scopes[spec.name] is not None:
                scopes[spec.name] = (scopes.get(spec.name) or frozenset()) | {game}
    return tuple((spec, scopes[name]) for name, spec in specs.items())
