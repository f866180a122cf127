"""What the Shadowrun panels ask of an edition: one protocol, one adapter per edition.

The adapters (``sr5/gui/view.py``, ``sr4/gui/view.py``) only forward to their ruleset's
queries and build its commands; they decide nothing. The shell sees them as a
:class:`~gmtool.viewmodels.game_view.GameView` (named in the edition's manifest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from gmtool.core.messages import Command

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.attack.plan import EditionAttack

Terms = tuple[tuple[str, int], ...]
Condition = tuple[int, int, int, int]  # physical, physical boxes, stun, stun boxes

# Features an edition's GUI may offer; the panels are built by them (each edition lists its
# own actions in gmtool.games.shadowrun.gui.actions).
EFFECTS = "effects"  # effects with durations
SHARED_MONITOR = "shared_monitor"  # a grunt group may share one condition monitor (SR5)
INTERRUPTS = "interrupts"  # SR5-N1 to N6
DICE_TESTS = "dice_tests"  # the modifiers-and-test box (SR5)
PASS_LADDER = "pass_ladder"  # passes 1-4 drawn per combatant (SR4)
MOVEMENT = "movement"  # walk / run / sprint (SR4-C6)
SURPRISE = "surprise"  # the surprise test (SR4-C9)
DAMAGE = "damage"  # a damage command (boxes added, stun overflow into physical: SR4-MT8)


class ActionRow(NamedTuple):
    """One entry of a game's action list."""

    key: str
    kind: str  # free, simple or complex
    label: dict[str, str]  # by language
    targeted: bool = False


class RulesetView(Protocol):
    """The queries and commands the GUI needs from one game."""

    key: str
    features: frozenset[str]
    edge_actions: tuple[str, ...]  # window action names for Edge on initiative
    rule_options: dict[str, str]  # window action name → rule option
    attributes: tuple[str, ...]
    editable_fields: tuple[str, ...]  # sheet fields, in the sheet's order
    initiative_fields: tuple[str, ...]  # the numbers of the initiative box

    # -- the pass ----------------------------------------------------------------
    def pass_order(self, state: Any) -> list[Any]: ...
    def current_actor(self, state: Any) -> Any | None: ...
    def score(self, state: Any, c: Any) -> int | None: ...
    def score_terms(self, state: Any, c: Any) -> Terms: ...
    def passes_left(self, state: Any, c: Any) -> int: ...
    def flags(self, state: Any, c: Any, current_id: str | None) -> tuple[str, ...]: ...
    def badges(self, state: Any) -> dict[str, tuple[str, ...]]: ...
    def states(self, state: Any) -> dict[str, tuple[tuple[str, str], ...]]: ...  # effects acted on, by holder
    def down(self, c: Any) -> str | None: ...  # dead, dying, unconscious (None: conscious)
    def ladder(self, state: Any, c: Any) -> tuple[str, ...] | None: ...
    def condition(self, c: Any) -> Condition: ...
    def is_npc(self, c: Any) -> bool: ...

    # -- the sheet -----------------------------------------------------------------
    def metatype_labels(self) -> dict[str, dict[str, str]]: ...
    def attribute_range(self, metatype: str, attribute: str) -> tuple[int, int]: ...
    def field_range(self, field: str, sheet: Any) -> tuple[int, int] | None: ...
    def initiative_text(self, sheet: Any) -> str: ...
    def tracks(self, sheet: Any) -> tuple[int, int, int]: ...  # physical boxes, overflow, stun boxes
    def new_sheet(self, name: str) -> Any: ...
    # A vehicle's own figures as (label, value) rows, for a sheet that shows vehicle fields only (no
    # metatype, attributes or stun monitor); None for a combatant that is not a vehicle.
    def vehicle_rows(self, state: Any, cid: str) -> tuple[tuple[str, str], ...] | None: ...

    # -- actions ---------------------------------------------------------------------
    def actions(self) -> tuple[ActionRow, ...]: ...
    def can_take(self, state: Any, c: Any, kind: str) -> bool: ...
    def budget(self, c: Any) -> tuple[int, bool, bool]: ...  # simple left, complex ok, free ok

    # -- commands ----------------------------------------------------------------------
    def start_turn(self) -> Command: ...
    def next_phase(self) -> Command: ...
    def delay(self, cid: str) -> Command: ...
    def act_now(self, cid: str) -> Command: ...
    def add(self, sheet: Any) -> Command: ...
    def remove(self, cid: str) -> Command: ...
    def edit(self, cid: str, field: str, value: int | str | bool) -> Command: ...
    def damage(self, cid: str, field: str, before: int, wanted: int) -> Command: ...
    def take_action(self, cid: str, kind: str, key: str = "", target: str | None = None) -> Command: ...
    def edge_on_initiative(self, action: str, cid: str) -> Command: ...
    def enter_dice(self, cid: str, faces: tuple[int, ...]) -> Command: ...
    def adjust(self, cid: str, delta: int) -> Command: ...
    def rule_option(self, option: str, value: bool) -> Command: ...
    def grunt_group(self, sheet: Any, count: int, rating: int, shared_monitor: bool) -> Command: ...

    # -- the window's game parts (built by the game: the shell names no game) ---------------------
    action_specs: tuple[Any, ...]  # gmtool.ui.actions.ActionSpec: the edition's actions
    combat_menu: tuple[str, ...]  # the Combat menu, in order ("-": a separator)
    def window_parts(self, window: Any) -> Any: ...  # gmtool.games.shadowrun.gui.window.ShadowrunWindow
    fight_bar: tuple[str | tuple[str, ...], ...]  # the bar's actions in order ("-": a separator, a tuple: a drop-down)
    dock_widths: tuple[int, int, int]  # order, sheet and work panel widths on a 1366-px screen
    work_title: str  # the message key of the panel beside the order
    def work_panel(self, window: Any) -> Any: ...  # that panel (the SR5 test box, the SR4 tools)
    def game_actions(self, window: Any) -> Any: ...  # the game's own actions, kept up to date by .update()
    def attack_panel(self, window: Any) -> Any: ...  # the attack, resolved in place (a tab behind the work panel)
    def group_actions(self, window: Any) -> Any: ...  # grunt groups (add, leave, split)
    def sheet_extras(self, panel: Any) -> Any: ...  # the game's own box under the sheet (None: none)

    # -- effects and attacks ---------------------------------------------------------------
    def effect_keys(self) -> tuple[str, ...]: ...  # the game's effect catalogue
    def effect_default(self, key: str) -> tuple[int, str | None]: ...  # its modifier, or the attribute giving it
    def attack_adapter(self) -> EditionAttack: ...  # the edition's side of the attack flow
