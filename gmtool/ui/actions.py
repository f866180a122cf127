"""The main window's actions: names, labels, shortcuts. One table, used by menus and buttons."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QKeySequence

INTERRUPTS: tuple[str, ...] = ("full_defence", "block", "dodge", "parry", "hit_the_dirt", "intercept")
ASKS_FOR_SKILL = frozenset({"block", "dodge", "parry"})


@dataclass(frozen=True)
class ActionSpec:
    name: str
    shortcut: str | QKeySequence.StandardKey | None = None
    checkable: bool = False


ACTION_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("next_phase", "Space"),
    ActionSpec("delay", "Ctrl+D"),
    ActionSpec("act_now", "Ctrl+Shift+D"),
    ActionSpec("seize", "Ctrl+E"),
    ActionSpec("blitz", "Ctrl+B"),
    ActionSpec("free_action", "Ctrl+1"),
    ActionSpec("simple_action", "Ctrl+2"),
    ActionSpec("complex_action", "Ctrl+3"),
    ActionSpec("roll_initiative", "Ctrl+I"),
    ActionSpec("new_turn", "Ctrl+T"),
    ActionSpec("enter_initiative", "Ctrl+Shift+I"),
    ActionSpec("adjust_initiative", "Ctrl+Shift+J"),
    ActionSpec("undo", QKeySequence.StandardKey.Undo),
    ActionSpec("redo", QKeySequence.StandardKey.Redo),
    ActionSpec("add_combatant", "Ctrl+N"),
    ActionSpec("remove_combatant", "Ctrl+Delete"),
    ActionSpec("add_grunt_group", "Ctrl+G"),
    ActionSpec("leave_group", "Ctrl+Shift+G"),
    ActionSpec("split_group", None, checkable=True),
    ActionSpec("interrupt_full_defence", "Alt+1"),
    ActionSpec("interrupt_block", "Alt+2"),
    ActionSpec("interrupt_dodge", "Alt+3"),
    ActionSpec("interrupt_parry", "Alt+4"),
    ActionSpec("interrupt_hit_the_dirt", "Alt+5"),
    ActionSpec("interrupt_intercept", "Alt+6"),
    ActionSpec("wound_on_initiative", None, checkable=True),
    ActionSpec("ones_on_extras", None, checkable=True),
    ActionSpec("refresh_edge_all", "Ctrl+Shift+E"),
    ActionSpec("new_campaign", "Ctrl+Shift+N"),
    ActionSpec("open_campaign", QKeySequence.StandardKey.Open),
    ActionSpec("preferences", "Ctrl+,"),
    ActionSpec("quit", QKeySequence.StandardKey.Quit),
    ActionSpec("about", None),
)

MENUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("menu.file", ("new_campaign", "open_campaign", "-", "preferences", "-", "quit")),
    ("menu.edit", ("undo", "redo", "-", "add_combatant", "remove_combatant", "-", "add_grunt_group", "leave_group", "split_group")),
    (
        "menu.combat",
        (
            "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
            "roll_initiative", "new_turn", "enter_initiative", "adjust_initiative", "-",
            "seize", "blitz", "refresh_edge_all", "-",
            "interrupt_full_defence", "interrupt_block", "interrupt_dodge", "interrupt_parry",
            "interrupt_hit_the_dirt", "interrupt_intercept", "-", "wound_on_initiative", "ones_on_extras",
        ),
    ),
    ("menu.view", ()),
    ("menu.help", ("about",)),
)
