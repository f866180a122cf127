"""The main window's actions: names, labels, shortcuts, the game each belongs to.
One table, used by menus and buttons.

An action of one game only (``game``) exists in that game's windows; in the other
game's windows an SR5-only action is shown disabled with the reason, and an
SR4-only one is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QKeySequence

INTERRUPTS: tuple[str, ...] = ("full_defence", "block", "dodge", "parry", "hit_the_dirt", "intercept")
ASKS_FOR_SKILL = frozenset({"block", "dodge", "parry"})

# Games whose own actions other games' windows show disabled, with the reason (the others leave them out).
SHOWN_DISABLED_ELSEWHERE = frozenset({"sr5"})


@dataclass(frozen=True)
class ActionSpec:
    name: str
    shortcut: str | QKeySequence.StandardKey | None = None
    checkable: bool = False
    game: str | None = None  # "sr5" / "sr4": that game's encounters only


ACTION_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("next_phase", "Space"),
    ActionSpec("delay", "Ctrl+D"),
    ActionSpec("act_now", "Ctrl+Shift+D"),
    ActionSpec("seize", "Ctrl+E", game="sr5"),
    ActionSpec("blitz", "Ctrl+B", game="sr5"),
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
    ActionSpec("interrupt_full_defence", "Alt+1", game="sr5"),
    ActionSpec("interrupt_block", "Alt+2", game="sr5"),
    ActionSpec("interrupt_dodge", "Alt+3", game="sr5"),
    ActionSpec("interrupt_parry", "Alt+4", game="sr5"),
    ActionSpec("interrupt_hit_the_dirt", "Alt+5", game="sr5"),
    ActionSpec("interrupt_intercept", "Alt+6", game="sr5"),
    ActionSpec("go_first", "Ctrl+F", game="sr4"),
    ActionSpec("extra_pass", "Ctrl+Shift+P", game="sr4"),
    ActionSpec("surprise_test", "Ctrl+U"),  # both games (SR5 encounters use SR4-C9)
    ActionSpec("walk", "Ctrl+M", game="sr4"),
    ActionSpec("run", "Ctrl+R", game="sr4"),
    ActionSpec("sprint", "Ctrl+Shift+R", game="sr4"),
    ActionSpec("attack", "Ctrl+K"),
    ActionSpec("roll_attack", "Ctrl+Return"),
    ActionSpec("apply_attack", "Ctrl+Shift+Return"),
    ActionSpec("reload_weapon", "Ctrl+L"),
    ActionSpec("wound_on_initiative", None, checkable=True),
    ActionSpec("ones_on_extras", None, checkable=True, game="sr5"),
    ActionSpec("refresh_edge_all", "Ctrl+Shift+E", game="sr5"),
    ActionSpec("print_log", QKeySequence.StandardKey.Print),
    ActionSpec("back_to_now", "Ctrl+Shift+B"),
    ActionSpec("player_view", "Ctrl+Shift+V"),
    ActionSpec("new_campaign", "Ctrl+Shift+N"),
    ActionSpec("new_encounter", "Ctrl+Alt+N"),
    ActionSpec("switch_encounter", "Ctrl+Alt+O"),
    ActionSpec("open_campaign", QKeySequence.StandardKey.Open),
    ActionSpec("preferences", "Ctrl+,"),
    ActionSpec("reload_house_rules", None),
    ActionSpec("quit", QKeySequence.StandardKey.Quit),
    ActionSpec("about", None),
)

MENUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("menu.file", (
        "new_campaign", "open_campaign", "-", "new_encounter", "switch_encounter", "-", "print_log", "-",
        "preferences", "reload_house_rules", "-", "quit",
    )),
    ("menu.edit", ("undo", "redo", "-", "add_combatant", "remove_combatant", "-", "add_grunt_group", "leave_group", "split_group")),
    (
        "menu.combat",
        (
            "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
            "roll_initiative", "new_turn", "enter_initiative", "adjust_initiative", "-",
            "seize", "blitz", "refresh_edge_all", "-", "go_first", "extra_pass", "surprise_test", "-",
            "walk", "run", "sprint", "-", "attack", "roll_attack", "apply_attack", "reload_weapon", "-",
            "interrupt_full_defence", "interrupt_block", "interrupt_dodge", "interrupt_parry",
            "interrupt_hit_the_dirt", "interrupt_intercept", "-", "wound_on_initiative", "ones_on_extras",
        ),
    ),
    ("menu.view", ("-", "player_view", "back_to_now")),
    ("menu.help", ("about",)),
)

# The fight bar under the menus, by game: the actions a GM presses all fight long, one row.
# "-" separates groups; a tuple is one drop-down button (its first name keys its label).
INTERRUPT_GROUP: tuple[str, ...] = tuple(f"interrupt_{kind}" for kind in INTERRUPTS)
MOVEMENT_ACTIONS: tuple[str, ...] = ("walk", "run", "sprint")
