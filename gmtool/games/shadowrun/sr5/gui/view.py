"""The SR5 adapter of :class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`: forwards to the SR5 ruleset."""

from __future__ import annotations

from typing import Any

from gmtool.core.errors import GmtoolError
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import view_protocol as rv
from gmtool.games.shadowrun.gui.actions import INTERRUPT_GROUP, SR5_SPECS, build_combat_menu
from gmtool.games.shadowrun.gui.effects_model import combatant_badges
from gmtool.games.shadowrun.gui.window_parts import ShadowrunWindowParts
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.actions import action_list, budget_left, check_action
from gmtool.games.shadowrun.sr5.rules.effects import effect_table
from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup
from gmtool.games.shadowrun.sr5.rules.initiative import (
    current_actor,
    effective_score,
    in_pass,
    pass_ladder,
    pass_order,
    passes_left,
)
from gmtool.games.shadowrun.sr5.rules.score import score_terms
from gmtool.games.shadowrun.sr5.rules.sheet import (
    ATTRIBUTES,
    INITIATIVE_BONUS_MAX,
    INITIATIVE_DICE_MAX,
    Sheet,
    attribute_range,
    metatypes,
)
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState

NEW_ATTRIBUTES = {a: 3 for a in ATTRIBUTES} | {"EDG": 2}


def combatant_flags(state: EncounterState, c: Combatant, current_id: str | None) -> tuple[str, ...]:
    """The flag names shown for a combatant (keys into ``flag.*``)."""
    flags = []
    if c.id == current_id:
        flags.append("current")
    if c.acted:
        flags.append("acted")
    if c.delayed:
        flags.append("delayed")
    if c.score is not None and not in_pass(state, c):
        flags.append("out")
    if c.seized:
        flags.append("seized")
    if c.blitzed:
        flags.append("blitzed")
    if c.blitz_declared:
        flags.append("blitz_declared")
    if c.typed:
        flags.append("typed")
    if c.surprised_by:
        flags.append("surprised")
    return tuple(flags)


class SR5View(ShadowrunWindowParts):
    key = "sr5"
    game_key = "game.sr5"
    features = frozenset({rv.EFFECTS, rv.SHARED_MONITOR, rv.INTERRUPTS, rv.DICE_TESTS, rv.SURPRISE, rv.PASS_LADDER})
    edge_actions = ("seize", "blitz")
    rule_options = {"wound_on_initiative": "wound_modifier_on_initiative", "ones_on_extras": "ones_on_extras_count"}
    fight_bar = (
        "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
        "roll_initiative", "new_turn", "-", "seize", "blitz", INTERRUPT_GROUP, "-", "attack", "-", "undo", "redo",
    )
    action_specs = SR5_SPECS
    combat_menu = build_combat_menu(("seize", "blitz", "refresh_edge_all"), (), ("-", *INTERRUPT_GROUP),
                                    ("wound_on_initiative", "ones_on_extras"))
    dock_widths = (440, 400, 520)  # the test box needs room
    work_title = "dock.test"

    def work_panel(self, window: Any) -> Any:
        """The dice-test box beside the order."""
        from gmtool.games.shadowrun.sr5.gui.dice_test_panel import TestPanel

        return TestPanel(window.bridge, window)

    def game_actions(self, window: Any) -> Any:
        """Interrupts, surprise and refreshing Edge."""
        from gmtool.games.shadowrun.sr5.gui.actions import SR5Actions

        return SR5Actions(window)
    attributes = ATTRIBUTES
    initiative_fields = ("initiative_bonus", "initiative_dice", "edge_points")
    editable_fields = (
        "name", "metatype", "is_npc", *(f"attr.{a}" for a in ATTRIBUTES), *initiative_fields,
        "physical_damage", "stun_damage",
    )

    # -- the pass ----------------------------------------------------------------
    def pass_order(self, state: EncounterState) -> list[Combatant]:
        return pass_order(state)

    def current_actor(self, state: EncounterState) -> Combatant | None:
        return current_actor(state)

    def score(self, state: EncounterState, c: Combatant) -> int | None:
        return effective_score(state, c)

    def score_terms(self, state: EncounterState, c: Combatant) -> rv.Terms:
        return score_terms(state, c)

    def passes_left(self, state: EncounterState, c: Combatant) -> int:
        return passes_left(state, c)

    def flags(self, state: EncounterState, c: Combatant, current_id: str | None) -> tuple[str, ...]:
        return combatant_flags(state, c, current_id)

    def badges(self, state: EncounterState) -> dict[str, tuple[str, ...]]:
        """Group and effect badges by combatant (effects with their time left)."""
        return combatant_badges(state)

    def ladder(self, state: EncounterState, c: Combatant) -> tuple[str, ...] | None:
        return pass_ladder(state, c)

    def condition(self, c: Combatant) -> rv.Condition:
        sheet = c.sheet
        return sheet.physical_damage, sheet.physical_boxes, sheet.stun_damage, sheet.stun_boxes

    def is_npc(self, c: Combatant) -> bool:
        return c.sheet.is_npc

    # -- the sheet -------------------------------------------------------------------
    def metatype_labels(self) -> dict[str, dict[str, str]]:
        return {key: info.label for key, info in metatypes().metatypes.items()}

    def attribute_range(self, metatype: str, attribute: str) -> tuple[int, int]:
        return attribute_range(metatype, attribute)

    def field_range(self, field: str, sheet: Sheet) -> tuple[int, int] | None:
        if field.startswith("attr."):
            return attribute_range(sheet.metatype, field[5:])
        limits = {
            "initiative_bonus": (0, INITIATIVE_BONUS_MAX),
            "initiative_dice": (1, INITIATIVE_DICE_MAX),
            "edge_points": (0, sheet.attributes["EDG"]),
            "physical_damage": (0, sheet.physical_boxes + sheet.physical_overflow + 1),
            "stun_damage": (0, sheet.stun_boxes),
        }
        return limits.get(field)

    def initiative_text(self, sheet: Sheet) -> str:
        return f"{sheet.initiative_attribute} + {sheet.initiative_dice}D6"

    def tracks(self, sheet: Sheet) -> tuple[int, int, int]:
        return sheet.physical_boxes, sheet.physical_overflow + 1, sheet.stun_boxes  # overflow, then the box of death

    def new_sheet(self, name: str) -> Sheet:
        return Sheet(name=name, metatype="human", is_npc=True, attributes=NEW_ATTRIBUTES, edge_points=2)

    # -- actions ---------------------------------------------------------------------
    def actions(self) -> tuple[rv.ActionRow, ...]:
        return tuple(rv.ActionRow(a.key, a.kind, {"en": a.en, "ja": a.ja}) for a in action_list().actions)

    def can_take(self, state: EncounterState, c: Combatant, kind: str) -> bool:
        try:
            check_action(state, c, kind)
        except GmtoolError:
            return False
        return True

    def budget(self, c: Combatant) -> tuple[int, bool, bool]:
        return budget_left(c)

    # -- commands ------------------------------------------------------------------------
    def start_turn(self) -> Command:
        return cmd.StartTurn()

    def next_phase(self) -> Command:
        return cmd.NextPhase()

    def delay(self, cid: str) -> Command:
        return cmd.DelayPhase(combatant=cid)

    def act_now(self, cid: str) -> Command:
        return cmd.ActNow(combatant=cid)

    def add(self, sheet: Any) -> Command:
        return cmd.AddCombatant(sheet=sheet)

    def remove(self, cid: str) -> Command:
        return cmd.RemoveCombatant(combatant=cid)

    def edit(self, cid: str, field: str, value: int | str | bool) -> Command:
        return cmd.EditSheet(combatant=cid, field=field, value=value)

    def damage(self, cid: str, field: str, before: int, wanted: int) -> Command:
        return cmd.EditSheet(combatant=cid, field=field, value=wanted)

    def take_action(self, cid: str, kind: str, key: str = "", target: str | None = None) -> Command:
        return cmd.TakeAction(combatant=cid, action=kind, name=key)  # type: ignore[arg-type]

    def edge_on_initiative(self, action: str, cid: str) -> Command:
        return cmd.Blitz(combatant=cid) if action == "blitz" else cmd.SeizeInitiative(combatant=cid)

    def enter_dice(self, cid: str, faces: tuple[int, ...]) -> Command:
        return cmd.EnterInitiativeDice(combatant=cid, faces=faces)

    def adjust(self, cid: str, delta: int) -> Command:
        return cmd.AdjustInitiative(combatant=cid, delta=delta)

    def rule_option(self, option: str, value: bool) -> Command:
        return cmd.SetRuleOption(option=option, value=value)

    def grunt_group(self, sheet: Any, count: int, rating: int, shared_monitor: bool) -> Command:
        return AddGruntGroup(sheet=sheet, count=count, professional_rating=rating, shared_monitor=shared_monitor)

    def effect_keys(self) -> tuple[str, ...]:
        return tuple(effect_table().effects)

    def effect_default(self, key: str) -> tuple[int, str | None]:
        """A catalogue entry's own modifier, and the attribute it comes from instead (or None)."""
        info = effect_table().effects[key]
        return info.modifier, info.modifier_from

    def __init__(self, ruleset: Any = None) -> None:
        self._ruleset = ruleset  # the encounter's: its rule readings decide the attacks

    def attack_adapter(self) -> Any:
        from gmtool.games.shadowrun.rules.readings import DIGEST
        from gmtool.games.shadowrun.sr5.rules.attack import adapter_for

        return adapter_for(getattr(self._ruleset, "readings", DIGEST))
