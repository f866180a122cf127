"""Reliable (BR-20), from the window: the last deed in the journal is taken back with Undo and made
again as the reliable gear's reroll (the game says which command; both entries stay in the journal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules.race_specials import reroll_command

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow


def reliable_reroll(window: MainWindow) -> bool:
    """Ctrl+Shift+Y: reroll the last test of a reliable gear (the selected gear's, when both are)."""
    bridge = window.bridge
    entry = bridge.encounter.undo_target
    try:
        command = reroll_command(bridge.state, entry.command if entry else None, entry.events if entry else (),
                                 bridge.selected)
    except RulesError as exc:
        window.show_refusal(exc.message())
        return False
    if not bridge.undo():
        return False
    if window.run(command):
        return True
    bridge.redo()  # refused after all: the first roll stands
    return False
