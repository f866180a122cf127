"""The Shadowrun editions' actions: names, default keys, menus and the fight bar's groups.

Both editions share the turn, the combatants, grunt groups and the attack; SR5 adds Seize the
Initiative, Blitz, the six interrupts and refreshing Edge; SR4 adds going first, the extra pass
and movement. A window has its own edition's actions only (the shell adds its own: files,
undo, the log, the player view).
"""

from __future__ import annotations

from gmtool.ui.actions import ActionSpec

INTERRUPTS: tuple[str, ...] = ("full_defence", "block", "dodge", "parry", "hit_the_dirt", "intercept")
ASKS_FOR_SKILL = frozenset({"block", "dodge", "parry"})
# "-" separates groups; a tuple is one drop-down button of the fight bar (its first name keys its label).
INTERRUPT_GROUP: tuple[str, ...] = tuple(f"interrupt_{kind}" for kind in INTERRUPTS)
MOVEMENT_ACTIONS: tuple[str, ...] = ("walk", "run", "sprint")

SHARED_SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("next_phase", "Space"),
    ActionSpec("delay", "Ctrl+D"),
    ActionSpec("act_now", "Ctrl+Shift+D"),
    ActionSpec("free_action", "Ctrl+1"),
    ActionSpec("simple_action", "Ctrl+2"),
    ActionSpec("complex_action", "Ctrl+3"),
    ActionSpec("roll_initiative", "Ctrl+I"),
    ActionSpec("new_turn", "Ctrl+T"),
    ActionSpec("enter_initiative", "Ctrl+Shift+I"),
    ActionSpec("adjust_initiative", "Ctrl+Shift+J"),
    ActionSpec("add_combatant", "Ctrl+N"),
    ActionSpec("remove_combatant", "Ctrl+Delete"),
    ActionSpec("add_grunt_group", "Ctrl+G"),
    ActionSpec("leave_group", "Ctrl+Shift+G"),
    ActionSpec("split_group", None, checkable=True),
    ActionSpec("surprise_test", "Ctrl+U"),  # both editions (SR5 encounters use SR4-C9)
    ActionSpec("attack", "Ctrl+K", changes_fight=False),
    ActionSpec("roll_attack", "Ctrl+Return"),
    ActionSpec("apply_attack", "Ctrl+Shift+Return"),
    ActionSpec("reload_weapon", "Ctrl+L"),
    ActionSpec("wound_on_initiative", None, checkable=True),
)

SR5_SPECS: tuple[ActionSpec, ...] = SHARED_SPECS + (
    ActionSpec("seize", "Ctrl+E"),
    ActionSpec("blitz", "Ctrl+B"),
    ActionSpec("interrupt_full_defence", "Alt+1"),
    ActionSpec("interrupt_block", "Alt+2"),
    ActionSpec("interrupt_dodge", "Alt+3"),
    ActionSpec("interrupt_parry", "Alt+4"),
    ActionSpec("interrupt_hit_the_dirt", "Alt+5"),
    ActionSpec("interrupt_intercept", "Alt+6"),
    ActionSpec("ones_on_extras", None, checkable=True),
    ActionSpec("refresh_edge_all", "Ctrl+Shift+E"),
)

SR4_SPECS: tuple[ActionSpec, ...] = SHARED_SPECS + (
    ActionSpec("go_first", "Ctrl+F"),
    ActionSpec("extra_pass", "Ctrl+Shift+P"),
    ActionSpec("walk", "Ctrl+M"),
    ActionSpec("run", "Ctrl+R"),
    ActionSpec("sprint", "Ctrl+Shift+R"),
)


def edit_menu() -> tuple[str, ...]:
    """Added to the shell's Edit menu, after Undo and Redo."""
    return ("-", "add_combatant", "remove_combatant", "-", "add_grunt_group", "leave_group", "split_group")


def build_combat_menu(edge: tuple[str, ...], after_surprise: tuple[str, ...], after_attack: tuple[str, ...],
                options: tuple[str, ...]) -> tuple[str, ...]:
    """The Combat menu of an edition's window: the shared items with the edition's own in their places."""
    return (
        "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
        "roll_initiative", "new_turn", "enter_initiative", "adjust_initiative", "-",
        *edge, "-", "surprise_test", *after_surprise, "-", "attack", "roll_attack", "apply_attack", "reload_weapon",
        *after_attack, "-", *options,
    )
