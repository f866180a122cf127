"""SR4-C8: the action list of the SR4 digest §3.2 as data (``resources/sr4/actions.json``).

Each action has a kind (free / simple / complex), labels in English and Japanese
and, where the source gives one, a book page. ``targeted`` is a hint for the GUI
(ask for a target); any action may name one. Besides the listed ids, the bare
kinds ``"free"``, ``"simple"`` and ``"complex"`` stand for an unlisted action of
that kind.

The phase budget (SR4-C2/C3), what an action costs: in one's own action phase, 1 complex
action, or 2 simple actions where either simple may be swapped for a free action. Besides,
one free action between the end of one's phase and one's next phase (SR4-C3); it may be
taken in anyone's phase, one's own included, and comes back when one's own phase ends (and
at a new turn). A free action taken when that one is used costs a simple slot, so only in
one's own phase.
"""

from __future__ import annotations

from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import PHASE_SIMPLE_SLOTS

Kind = Literal["free", "simple", "complex"]
KINDS: tuple[str, ...] = ("free", "simple", "complex")


class ActionInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Kind
    label: dict[str, str]
    page: int | None = Field(default=None, ge=1)
    targeted: bool = False

    @field_validator("label")
    @classmethod
    def _both_languages(cls, label: dict[str, str]) -> dict[str, str]:
        if not {"en", "ja"} <= set(label) or not all(text.strip() for text in label.values()):
            raise ValueError("a label needs non-empty 'en' and 'ja' texts")
        return label


class ActionList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    actions: tuple[ActionInfo, ...]

    @field_validator("actions")
    @classmethod
    def _unique(cls, actions: tuple[ActionInfo, ...]) -> tuple[ActionInfo, ...]:
        ids = [a.id for a in actions]
        if len(set(ids)) != len(ids) or set(ids) & set(KINDS):
            raise ValueError("action ids must be unique and not a bare kind")
        return actions


def action_list() -> ActionList:
    return cached_model(ActionList, "sr4", "actions.json")


def actions_of_kind(kind: str) -> tuple[ActionInfo, ...]:
    """The listed actions of one kind, in the list's order (what a phase can offer)."""
    return tuple(a for a in action_list().actions if a.kind == kind)


def action_kind(action: str) -> Kind:
    """The kind of a listed action id or a bare kind; RulesError for anything else."""
    if action in KINDS:
        return cast(Kind, action)
    for info in action_list().actions:
        if info.id == action:
            return info.kind
    raise RulesError("error.sr4_unknown_action", action=action)


def action_label(action: str, language: str) -> str:
    """The action's name in ``language`` (English if missing); a bare kind is its own key."""
    for info in action_list().actions:
        if info.id == action:
            return info.label.get(language, info.label["en"])
    return action


# -- the phase budget (SR4-C2/C3) ----------------------------------------------------------------------
def _own_phase(state: EncounterState, combatant: Combatant) -> bool:
    return state.actor == combatant.id


def _slot_free(combatant: Combatant) -> bool:
    return not combatant.complex_action and combatant.simple_slots < PHASE_SIMPLE_SLOTS


Paid = Literal["free", "slot", "simple", "complex"]


def payment(state: EncounterState, combatant: Combatant, kind: str) -> Paid:
    """How ``kind`` is paid now: "free", "slot", "simple" or "complex"; RulesError if it cannot be."""
    name = combatant.sheet.name
    own = _own_phase(state, combatant)
    if kind == "free":
        if not combatant.free_action:
            return "free"
        if not own:
            raise RulesError("error.free_action_used", name=name)
        if not _slot_free(combatant):
            raise RulesError("error.phase_budget_spent", name=name)
        return "slot"
    if not own:
        raise RulesError("error.not_your_phase", name=name)
    if kind == "simple" and _slot_free(combatant):
        return "simple"
    if kind == "complex" and not combatant.complex_action and combatant.simple_slots == 0:
        return "complex"
    raise RulesError("error.phase_budget_spent", name=name)


def can_pay(state: EncounterState, combatant: Combatant, kind: str) -> bool:
    """Whether ``kind`` can be paid now (what a GUI enables)."""
    try:
        payment(state, combatant, kind)
    except RulesError:
        return False
    return True


def can_take(state: EncounterState, combatant: Combatant, kind: str) -> bool:
    """Whether a ``take_action`` of ``kind`` would be accepted now (initiative rolled, budget pays)."""
    return state.turn > 0 and combatant.hits is not None and can_pay(state, combatant, kind)


def budget_left(combatant: Combatant) -> tuple[int, bool, bool]:
    """(simple actions left, complex still possible, free action between phases unused) in its phase."""
    simple = 0 if combatant.complex_action else PHASE_SIMPLE_SLOTS - combatant.simple_slots
    return simple, _slot_free(combatant) and combatant.simple_slots == 0, not combatant.free_action
