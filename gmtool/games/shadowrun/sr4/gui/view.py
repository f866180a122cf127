"""The SR4 adapter of :class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`: forwards to the SR4 ruleset."""

from __future__ import annotations

from typing import Any

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import view_protocol as rv
from gmtool.games.shadowrun.gui.actions import MOVEMENT_ACTIONS, SR4_SPECS, build_combat_menu
from gmtool.games.shadowrun.gui.effects_model import combatant_badges
from gmtool.games.shadowrun.gui.window_parts import ShadowrunWindowParts
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.actions import action_list
from gmtool.games.shadowrun.sr4.rules.budget import budget_left, can_take
from gmtool.games.shadowrun.sr4.rules.effects_groups import AddGruntGroup, effect_table
from gmtool.games.shadowrun.sr4.rules.initiative import MAX_PASSES
from gmtool.games.shadowrun.sr4.rules.sheet import (
    ATTRIBUTES,
    INITIATIVE_BONUS_MAX,
    Sheet,
    attribute_range,
    metatypes,
)
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import (
    acts_in_pass,
    current_actor,
    effective_score,
    pass_ladder,
    pass_order,
    passes_left,
    score_breakdown,
)

NEW_ATTRIBUTES = {a: 3 for a in ATTRIBUTES} | {"EDG": 2}
TRACK_FIELDS = {"physical_damage": "physical", "stun_damage": "stun"}


def combatant_flags(state: EncounterState, c: Combatant, current_id: str | None) -> tuple[str, ...]:
    """The flag names shown for an SR4 combatant (keys into ``flag.*``)."""
    flags = []
    if c.id == current_id:
        flags.append("current")
    if c.acted:
        flags.append("acted")
    if c.delayed:
        flags.append("delayed")
    if c.hits is not None and state.turn and not acts_in_pass(c, state.pass_number):
        flags.append("out")
    if c.first_in_pass is not None and c.first_in_pass == state.pass_number:
        flags.append("first_in_pass")
    if c.extra_pass:
        flags.append("extra_pass")
    if c.surprised_by:
        flags.append("surprised")
    if c.typed:
        flags.append("typed")
    return tuple(flags)


class SR4View(ShadowrunWindowParts):
    key = "sr4"
    game_key = "game.sr4"
    features = frozenset({rv.EFFECTS, rv.PASS_LADDER, rv.MOVEMENT, rv.SURPRISE, rv.DAMAGE})
    edge_actions = ("go_first", "extra_pass")
    rule_options = {"wound_on_initiative": "wound_modifier_on_initiative"}
    fight_bar = (
        "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
        "roll_initiative", "new_turn", "-", "go_first", "extra_pass", "surprise_test", "-", "attack", "-",
        "undo", "redo",
    )
    action_specs = SR4_SPECS
    combat_menu = build_combat_menu(("go_first", "extra_pass"), ("-", *MOVEMENT_ACTIONS), (), ("wound_on_initiative",))
    dock_widths = (470, 400, 490)  # the pass ladder needs more than the movement panel
    work_title = "dock.sr4_tools"

    def work_panel(self, window: Any) -> Any:
        """Movement and surprise beside the order."""
        from gmtool.games.shadowrun.sr4.gui.panel import SR4Panel

        return SR4Panel(window.bridge, window.action_map(), window)

    def game_actions(self, window: Any) -> Any:
        """Surprise and movement."""
        from gmtool.games.shadowrun.sr4.gui.actions import SR4Actions

        return SR4Actions(window)
    attributes = ATTRIBUTES
    initiative_fields = ("initiative_bonus", "initiative_passes", "edge_points")
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
        return score_breakdown(state, c)

    def passes_left(self, state: EncounterState, c: Combatant) -> int:
        return passes_left(state, c)

    def flags(self, state: EncounterState, c: Combatant, current_id: str | None) -> tuple[str, ...]:
        return combatant_flags(state, c, current_id)

    def badges(self, state: EncounterState) -> dict[str, tuple[str, ...]]:
        """Group and effect badges by combatant (who surprised whom: the SR4 panel)."""
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
            "initiative_passes": (1, MAX_PASSES),
            "edge_points": (0, sheet.attributes["EDG"]),
            "physical_damage": (0, sheet.physical_max),
            "stun_damage": (0, sheet.stun_boxes),
        }
        return limits.get(field)

    def initiative_text(self, sheet: Sheet) -> str:
        return tr("sheet.sr4_initiative", attribute=sheet.initiative_attribute, passes=sheet.initiative_passes)

    def tracks(self, sheet: Sheet) -> tuple[int, int, int]:
        """The physical track shows Body overflow boxes and the box of death after them."""
        return sheet.physical_boxes, sheet.physical_max - sheet.physical_boxes, sheet.stun_boxes

    def new_sheet(self, name: str) -> Sheet:
        return Sheet(name=name, metatype="human", is_npc=True, attributes=NEW_ATTRIBUTES, edge_points=2)

    # -- actions ---------------------------------------------------------------------
    def actions(self) -> tuple[rv.ActionRow, ...]:
        return tuple(rv.ActionRow(a.id, a.kind, dict(a.label), a.targeted) for a in action_list().actions)

    def can_take(self, state: EncounterState, c: Combatant, kind: str) -> bool:
        return can_take(state, c, kind)

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
        """More boxes: the damage command (SR4-MT8); fewer: a correction of the sheet."""
        if field in TRACK_FIELDS and wanted > before:
            return cmd.ApplyDamage(combatant=cid, track=TRACK_FIELDS[field], boxes=wanted - before)  # type: ignore[arg-type]
        return cmd.EditSheet(combatant=cid, field=field, value=wanted)

    def take_action(self, cid: str, kind: str, key: str = "", target: str | None = None) -> Command:
        return cmd.TakeAction(combatant=cid, action=key or kind, target=target)

    def edge_on_initiative(self, action: str, cid: str) -> Command:
        return cmd.ExtraPass(combatant=cid) if action == "extra_pass" else cmd.GoFirst(combatant=cid)

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
        self._ruleset = ruleset  # the encounter's (no rule reading concerns SR4 attacks yet)

    def attack_adapter(self) -> Any:
        from gmtool.games.shadowrun.sr4.rules.attack import ADAPTER

        return ADAPTER
