"""The SR4 adapter (:class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`): what SR4 adds to the shared one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import view_protocol as rv
from gmtool.games.shadowrun.gui.actions import MOVEMENT_ACTIONS, SR4_SPECS, build_combat_menu
from gmtool.games.shadowrun.gui.view_base import ShadowrunView
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import sheet as sheet_rules
from gmtool.games.shadowrun.sr4.rules.actions import action_list, budget_left, can_take
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.game import QUERIES, SHEET
from gmtool.games.shadowrun.sr4.rules.groups import AddGruntGroup
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import acts_in_pass, score_terms

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.attack.plan import EditionAttack

TRACK_FIELDS = {"physical_damage": "physical", "stun_damage": "stun"}


def sits_out(state: EncounterState, c: Combatant) -> bool:
    return c.hits is not None and bool(state.turn) and not acts_in_pass(c, state.pass_number)


def edition_flags(state: EncounterState, c: Combatant) -> tuple[str, ...]:
    """SR4's own flags: going first in this pass (SR4-E6), the extra pass (SR4-E7)."""
    first = c.first_in_pass is not None and c.first_in_pass == state.pass_number
    return tuple(name for name, on in (("first_in_pass", first), ("extra_pass", c.extra_pass)) if on)


class SR4View(ShadowrunView):
    """SR4: passes, movement, the damage command, going first and the extra pass."""

    key = "sr4"
    # The edition's own rules, which the shared adapter asks:
    queries, commands, group_command, sheet_type, sheet_rules = QUERIES, cmd, AddGruntGroup, Sheet, sheet_rules
    effects, edition_flags, terms = staticmethod(effect_table), staticmethod(edition_flags), staticmethod(score_terms)
    budget_left, sits_out, edition_sheet = staticmethod(budget_left), staticmethod(sits_out), SHEET
    features = frozenset({rv.EFFECTS, rv.PASS_LADDER, rv.MOVEMENT, rv.SURPRISE, rv.DAMAGE, rv.DICE_TESTS})
    edge_actions = ("go_first", "extra_pass")
    rule_options = {"wound_on_initiative": "wound_modifier_on_initiative"}
    fight_bar = (
        "next_phase", "delay", "act_now", "-", "free_action", "simple_action", "complex_action", "-",
        "roll_initiative", "new_turn", "-", "go_first", "extra_pass", "surprise_test", "-", "attack", "-",
        "undo", "redo",
    )
    action_specs = SR4_SPECS
    combat_menu = build_combat_menu(("go_first", "extra_pass"), ("-", *MOVEMENT_ACTIONS), (), ("wound_on_initiative",))
    dock_widths = (425, 420, 510)  # the work panel as wide as the attack tab needs (it never jumps wider)
    work_title = "dock.sr4_work"

    def work_panel(self, window: Any) -> Any:
        """The test box, movement and surprise beside the order."""
        from gmtool.games.shadowrun.sr4.gui.panel import SR4Panel

        return SR4Panel(window.bridge, window.action_map(), window)

    def game_actions(self, window: Any) -> Any:
        """Surprise and movement."""
        from gmtool.games.shadowrun.sr4.gui.actions import SR4Actions

        return SR4Actions(window)


    # -- the sheet -------------------------------------------------------------------
    def initiative_text(self, sheet: Sheet) -> str:
        return tr("sheet.sr4_initiative", attribute=sheet.initiative_attribute, passes=sheet.initiative_passes)

    def vehicle_rows(self, state: EncounterState, cid: str) -> tuple[tuple[str, str], ...] | None:
        """A vehicle's attributes, autosofts and control (SR4-V1): its sheet shows these, not a person's."""
        from gmtool.games.shadowrun.sr4.rules.vehicle_view import vehicle_sheet_rows

        return vehicle_sheet_rows(state, cid)

    def metatype_labels(self) -> dict[str, dict[str, str]]:
        """A person's metatypes: a vehicle is added as one (Rigging → Add vehicle), never chosen."""
        return {key: label for key, label in super().metatype_labels().items() if key != "vehicle"}

    def tracks(self, sheet: Sheet) -> tuple[int, int, int]:
        """The physical track shows Body overflow boxes and the box of death after them (a vehicle: its
        monitor alone, destroyed when full)."""
        if sheet.metatype == "vehicle":
            return sheet.physical_boxes, 0, sheet.stun_boxes
        return sheet.physical_boxes, sheet.physical_max - sheet.physical_boxes, sheet.stun_boxes

    # -- actions ---------------------------------------------------------------------
    def actions(self) -> tuple[rv.ActionRow, ...]:
        return tuple(rv.ActionRow(a.id, a.kind, dict(a.label), a.targeted) for a in action_list().actions)

    def can_take(self, state: EncounterState, c: Combatant, kind: str) -> bool:
        return can_take(state, c, kind)

    # -- commands ------------------------------------------------------------------------
    def damage(self, cid: str, field: str, before: int, wanted: int) -> Command:
        """More boxes: the damage command (SR4-MT8); fewer: a correction of the sheet."""
        if field in TRACK_FIELDS and wanted > before:
            return cmd.ApplyDamage(combatant=cid, track=TRACK_FIELDS[field], boxes=wanted - before)
        return cmd.EditSheet(combatant=cid, field=field, value=wanted)

    def take_action(self, cid: str, kind: str, key: str = "", target: str | None = None) -> Command:
        return cmd.TakeAction(combatant=cid, action=key or kind, target=target)

    def edge_on_initiative(self, action: str, cid: str) -> Command:
        return cmd.ExtraPass(combatant=cid) if action == "extra_pass" else cmd.GoFirst(combatant=cid)

    def attack_adapter(self) -> EditionAttack:
        from gmtool.games.shadowrun.sr4.rules.attack import ADAPTER

        return ADAPTER
