"""What a game adds to the main window: its docks, its actions' handlers, its menus and the fight bar.

A game's view adapter builds one :class:`WindowParts` for each window (``window_parts(window)``).
The window has made every action first (the shell's and the game's ``action_specs``); ``build``
adds the game's docks with :meth:`MainWindow.add_dock` (the first one added takes the keyboard)
and connects its actions; the shell adds the log dock, then ``arrange`` places the game's docks
around it; ``first_layout`` sizes them on first show unless a saved layout was restored; ``update`` runs
after every change and selection, then the shell disables what a rewind forbids. ``fight_widget``
names where the keyboard goes while the fight goes on (the order list, the map): the shell gives it
the focus after a dialog, and a panel gives it back after its roll, attack or reaction offer with
:func:`gmtool.ui.fight_focus.return_focus_to_fight` (the focus rule: :mod:`gmtool.ui.fight_focus`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

MenuItems = tuple[str, ...]  # action names in order, "-" a separator
BarItems = tuple[str | tuple[str, ...], ...]  # "-" a separator, a tuple one drop-down button


class WindowParts(Protocol):
    """A game's part of one main window."""

    layout_version: int  # raised when the game's docks change: its saved layouts are then not restored
    menus: tuple[tuple[str, MenuItems], ...]  # "menu.edit"/"menu.view": items added; any other key: a menu of its own
    fight_bar: BarItems

    def build(self) -> None: ...  # its docks (window.add_dock) and its actions connected

    def arrange(self) -> None: ...  # its docks split and tabbed around the shell's ("log" is there now)

    def first_layout(self) -> None: ...  # the docks' proportions on first show (no saved layout)

    def update(self) -> None: ...  # its actions enabled or disabled (with the reason) by the state now

    def fight_widget(self) -> QWidget | None: ...  # where Space and the arrows act: the order list, the map
