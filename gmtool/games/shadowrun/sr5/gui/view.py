"""The SR5 adapter (:class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`): what SR5 adds to the shared one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.core.errors import GmtoolError
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import view_protocol as rv
from gmtool.games.shadowrun.gui.actions import INTERRUPT_GROUP, SR5_SPECS, build_combat_menu
from gmtool.games.shadowrun.gui.view_base import ShadowrunView
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import sheet as sheet_rules
from gmtool.games.shadowrun.sr5.rules.actions import action_list, budget_left, check_action
from gmtool.games.shadowrun.sr5.rules.effects import effect_table
from gmtool.games.shadowrun.sr5.rules.game import QUERIES, SHEET
from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup
from gmtool.games.shadowrun.sr5.rules.score import score_terms
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import in_pass

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.attack.plan import EditionAttack


def sits_out(state: EncounterState, c: Combatant) -> bool:
    return c.score is not None and not in_pass(state, c)


def edition_flags(state: EncounterState, c: Combatant) -> tuple[str, ...]:
    """SR5's own flags: Seize the Initiative, Blitz (rolled or declared)."""
    return tuple(name for name, on in (("seized", c.seized), ("blitzed", c.blitzed),
                                       ("blitz_declared", c.blitz_declared)) if on)


class SR5View(ShadowrunView):
    """SR5: initiative dice, the dice-test box, interrupts, Seize the Initiative and Blitz."""

    key = "sr5"
    # The edition's own rules, which the shared adapter asks:
    queries, commands, group_command, sheet_type, sheet_rules = QUERIES, cmd, AddGruntGroup, Sheet, sheet_rules
    effects, edition_flags, terms = staticmethod(effect_table), staticmethod(edition_flags), staticmethod(score_terms)
    budget_left, sits_out, edition_sheet = staticmethod(budget_left), staticmethod(sits_out), SHEET
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
    dock_widths = (470, 400, 520)  # the order with room for its state badges; the rest for the work
    work_title = "dock.test"

    def work_panel(self, window: Any) -> Any:
        """The dice-test box beside the order."""
        from gmtool.games.shadowrun.sr5.gui.dice_test_panel import TestPanel

        return TestPanel(window.bridge, window)

    def game_actions(self, window: Any) -> Any:
        """Interrupts, surprise and refreshing Edge."""
        from gmtool.games.shadowrun.sr5.gui.actions import SR5Actions

        return SR5Actions(window)


    # -- the sheet -------------------------------------------------------------------
    def initiative_text(self, sheet: Sheet) -> str:
        return f"{sheet.initiative_attribute} + {sheet.initiative_dice}D6"

    def tracks(self, sheet: Sheet) -> tuple[int, int, int]:
        return sheet.physical_boxes, sheet.physical_overflow + 1, sheet.stun_boxes  # overflow, then the box of death

    # -- actions ---------------------------------------------------------------------
    def actions(self) -> tuple[rv.ActionRow, ...]:
        return tuple(rv.ActionRow(a.key, a.kind, {"en": a.en, "ja": a.ja}) for a in action_list().actions)

    def can_take(self, state: EncounterState, c: Combatant, kind: str) -> bool:
        try:
            check_action(state, c, kind)
        except GmtoolError:
            return False
        return True

    # -- commands ------------------------------------------------------------------------
    def damage(self, cid: str, field: str, before: int, wanted: int) -> Command:
        return cmd.EditSheet(combatant=cid, field=field, value=wanted)

    def take_action(self, cid: str, kind: str, key: str = "", target: str | None = None) -> Command:
        return cmd.TakeAction(combatant=cid, action=kind, name=key)

    def edge_on_initiative(self, action: str, cid: str) -> Command:
        return cmd.Blitz(combatant=cid) if action == "blitz" else cmd.SeizeInitiative(combatant=cid)

    def attack_adapter(self) -> EditionAttack:
        from gmtool.games.shadowrun.rules.readings import DIGEST
        from gmtool.games.shadowrun.sr5.rules.attack import adapter_for

        return adapter_for(getattr(self._ruleset, "readings", DIGEST))
