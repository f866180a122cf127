"""What both Shadowrun editions' view adapters share: the queries the panels ask, the commands they
build, and the window parts (order, sheet, work panel, attack, grunt groups).

Each edition's adapter (``sr4/gui/view.py``, ``sr5/gui/view.py``) names its own rules (``queries``,
``commands``, ``group_command``, ``sheet_type``, ``sheet_rules``, ``effects``) and adds only what
differs between the editions. Nothing here decides: every answer is the edition's rules' own.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui import view_protocol as rv
from gmtool.games.shadowrun.gui.effects_model import combatant_badges, combatant_states
from gmtool.games.shadowrun.gui.state_badges import ACT_ON_EFFECTS
from gmtool.games.shadowrun.rules.condition import sheet_down
from gmtool.games.shadowrun.rules.display import EditionQueries
from gmtool.games.shadowrun.rules.shadowrun import ShadowrunSheet
from gmtool.games.shadowrun.rules.sheet_view import EditionSheet, field_range

NEW_EDGE = 2
ACT_ON = frozenset(ACT_ON_EFFECTS)


class EditionCommands(Protocol):
    """What the panels build from an edition's commands module: its command classes, which both editions name
    alike (a class's fields differ by edition, so each is a constructor taking its keywords)."""

    @property
    def StartTurn(self) -> Callable[..., Command]: ...
    @property
    def NextPhase(self) -> Callable[..., Command]: ...
    @property
    def DelayPhase(self) -> Callable[..., Command]: ...
    @property
    def ActNow(self) -> Callable[..., Command]: ...
    @property
    def AddCombatant(self) -> Callable[..., Command]: ...
    @property
    def RemoveCombatant(self) -> Callable[..., Command]: ...
    @property
    def EditSheet(self) -> Callable[..., Command]: ...
    @property
    def EnterInitiativeDice(self) -> Callable[..., Command]: ...
    @property
    def AdjustInitiative(self) -> Callable[..., Command]: ...
    @property
    def SetRuleOption(self) -> Callable[..., Command]: ...


class ShadowrunView:
    """The shared half of an edition's adapter (the shell asks it, never the game by name)."""

    key: str
    queries: EditionQueries  # the edition's pass order, current actor, scores, ladder
    commands: EditionCommands  # the edition's commands module
    group_command: Callable[..., Command]  # its AddGruntGroup (the edition's class: its sheet is its own)
    sheet_type: type  # its Sheet
    sheet_rules: ModuleType  # its sheet module (metatypes, attribute_range, ATTRIBUTES)
    effects: Callable[[], Any]  # its effect catalogue
    edition_flags: Callable[[Any, Any], tuple[str, ...]]  # its own flags (seized, extra pass …)
    sits_out: Callable[[Any, Any], bool]  # rolled, yet does not act in this pass
    terms: Callable[[Any, Any], rv.Terms]  # its initiative score, term by term
    budget_left: Callable[[Any], tuple[int, bool, bool]]  # simple actions left, complex ok, free ok
    edition_sheet: EditionSheet  # its sheet's fields and limits (the rules')

    initiative_fields: tuple[str, ...]  # the numbers of the initiative box, in order
    attributes: tuple[str, ...]  # set from the edition's sheet
    editable_fields: tuple[str, ...]  # sheet fields, in the sheet's order

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        sheet = cls.edition_sheet
        cls.attributes = sheet.attributes
        cls.initiative_fields = ("initiative_bonus", sheet.initiative_field, "edge_points")
        cls.editable_fields = sheet.fields()

    def __init__(self, ruleset: Any = None) -> None:
        self._ruleset = ruleset  # the encounter's: its rule readings decide the attacks

    # -- the pass ----------------------------------------------------------------
    def pass_order(self, state: Any) -> list[Any]:
        return self.queries.pass_order(state)

    def current_actor(self, state: Any) -> Any | None:
        return self.queries.current_actor(state)

    def score(self, state: Any, c: Any) -> int | None:
        return self.queries.score(state, c)

    def passes_left(self, state: Any, c: Any) -> int:
        return self.queries.passes_left(state, c)

    def ladder(self, state: Any, c: Any) -> tuple[str, ...] | None:
        return self.queries.ladder(state, c)

    def score_terms(self, state: Any, c: Any) -> rv.Terms:
        return self.terms(state, c)

    def flags(self, state: Any, c: Any, current_id: str | None) -> tuple[str, ...]:
        """The flag names shown for a combatant (keys into ``flag.*``): both editions' then its own."""
        shown = (("current", c.id == current_id), ("acted", c.acted), ("delayed", c.delayed),
                 ("out", self.sits_out(state, c)))
        common = tuple(name for name, on in shown if on)
        last = tuple(name for name, on in (("surprised", bool(c.surprised_by)), ("typed", c.typed)) if on)
        return common + self.edition_flags(state, c) + last

    def budget(self, c: Any) -> tuple[int, bool, bool]:
        return self.budget_left(c)

    def badges(self, state: Any) -> dict[str, tuple[str, ...]]:
        """Group and effect badges by combatant (effects with their time left), but for the effects a GM
        acts on: those are :meth:`states`."""
        return combatant_badges(state, ACT_ON)

    def states(self, state: Any) -> dict[str, tuple[tuple[str, str], ...]]:
        """The effects a GM acts on by holder (full defence, prone …): (key, badge with the time left)."""
        return combatant_states(state)

    def down(self, c: Any) -> str | None:
        """"dead", "dying" or "unconscious" by the sheet's condition monitors (None: conscious)."""
        return sheet_down(c.sheet)

    def condition(self, c: Any) -> rv.Condition:
        sheet = c.sheet
        return sheet.physical_damage, sheet.physical_boxes, sheet.stun_damage, sheet.stun_boxes

    def is_npc(self, c: Any) -> bool:
        sheet: ShadowrunSheet = c.sheet
        return sheet.is_npc

    # -- the sheet -------------------------------------------------------------------
    def metatype_labels(self) -> dict[str, dict[str, str]]:
        return {key: info.label for key, info in self.sheet_rules.metatypes().metatypes.items()}

    def attribute_range(self, metatype: str, attribute: str) -> tuple[int, int]:
        return self.edition_sheet.attribute_range(metatype, attribute)  # the sheet module's own

    def field_range(self, field: str, sheet: Any) -> tuple[int, int] | None:
        """What a sheet field may hold (the rules' limits: the damage tracks to their last box)."""
        return field_range(self.edition_sheet, field, sheet)

    def vehicle_rows(self, state: Any, cid: str) -> tuple[tuple[str, str], ...] | None:
        """No vehicles unless the edition has them (SR4's rigging)."""
        return None

    def new_sheet(self, name: str) -> Any:
        attributes = {a: 3 for a in self.sheet_rules.ATTRIBUTES} | {"EDG": NEW_EDGE}
        return self.sheet_type(name=name, metatype="human", is_npc=True, attributes=attributes, edge_points=NEW_EDGE)

    # -- commands ------------------------------------------------------------------------
    def start_turn(self) -> Command:
        return self.commands.StartTurn()

    def next_phase(self) -> Command:
        return self.commands.NextPhase()

    def delay(self, cid: str) -> Command:
        return self.commands.DelayPhase(combatant=cid)

    def act_now(self, cid: str) -> Command:
        return self.commands.ActNow(combatant=cid)

    def add(self, sheet: Any) -> Command:
        return self.commands.AddCombatant(sheet=sheet)

    def remove(self, cid: str) -> Command:
        return self.commands.RemoveCombatant(combatant=cid)

    def edit(self, cid: str, field: str, value: int | str | bool) -> Command:
        return self.commands.EditSheet(combatant=cid, field=field, value=value)

    def enter_dice(self, cid: str, faces: tuple[int, ...]) -> Command:
        return self.commands.EnterInitiativeDice(combatant=cid, faces=faces)

    def adjust(self, cid: str, delta: int) -> Command:
        return self.commands.AdjustInitiative(combatant=cid, delta=delta)

    def rule_option(self, option: str, value: bool) -> Command:
        return self.commands.SetRuleOption(option=option, value=value)

    def grunt_group(self, sheet: Any, count: int, rating: int, shared_monitor: bool) -> Command:
        return self.group_command(sheet=sheet, count=count, professional_rating=rating,
                                  shared_monitor=shared_monitor)

    # -- effects -----------------------------------------------------------------------------
    def effect_keys(self) -> tuple[str, ...]:
        return tuple(self.effects().effects)

    def effect_default(self, key: str) -> tuple[int, str | None]:
        """A catalogue entry's own modifier, and the attribute it comes from instead (or None)."""
        info = self.effects().effects[key]
        return info.modifier, info.modifier_from

    # -- the window's parts ---------------------------------------------------------------------
    def window_parts(self, window: Any) -> Any:
        """The order, sheet, work and attack docks with the edition's actions and menus."""
        from gmtool.games.shadowrun.gui.window import ShadowrunWindow

        return ShadowrunWindow(window, self)  # type: ignore[arg-type]  # self: an edition's view, which completes it

    def attack_panel(self, window: Any) -> Any:
        from gmtool.games.shadowrun.gui.attack_panel import AttackPanel

        return AttackPanel(window.bridge, window.action_map(), window)

    def sheet_extras(self, panel: Any) -> Any:
        """The effects in force on the selected combatant, under its sheet."""
        from gmtool.games.shadowrun.gui.effects_box import EffectsBox

        return EffectsBox(panel._bridge, panel)

    def group_actions(self, window: Any) -> Any:
        from gmtool.games.shadowrun.gui.group_actions import GroupActions

        return GroupActions(window)
