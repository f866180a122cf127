"""SR5 effects and interrupt actions as data (resources/sr5/effects.json), and their queries.

Effects feed pools while they last: scope ``all`` every test of the holder,
``defence`` its defence tests (the opponent side of an opposed test), ``attack``
its attacks (the actor side). Block, Dodge and Parry add to one defence test and
are used up by it (SR5-N1, N2, N5).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gmtool.core.effects import Duration, Effect, Scope
from gmtool.core.resources import cached_model
from gmtool.rulesets.sr5.state import EncounterState

Side = Literal["test", "attack", "defence"]


class EffectInfo(BaseModel):
    scope: Scope
    modifier: int
    duration: Duration
    page: int = Field(ge=0)
    modifier_from: str | None = None  # an attribute whose value is the modifier (Full Defence: WIL)
    consumed_by_defence: bool = False


class InterruptInfo(BaseModel):
    cost: int = Field(gt=0)
    effect: str  # "" = no lasting effect (Intercept: the attack is made at once)
    bonus: str
    rule: str


class EffectTable(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    effects: dict[str, EffectInfo]
    interrupts: dict[str, InterruptInfo]


def effect_table() -> EffectTable:
    return cached_model(EffectTable, "sr5", "effects.json")


def term_label(effect: Effect) -> str:
    """The pool-breakdown label: a translation key, or ``text:`` + the GM's own words."""
    return f"text:{effect.label}" if effect.key == "custom" and effect.label else f"effect.{effect.key}"


def holder_effects(state: EncounterState, holder: str) -> list[Effect]:
    return [e for e in state.effects.values() if e.holder == holder]


def effect_terms(state: EncounterState, holder: str, side: Side) -> tuple[tuple[str, int], ...]:
    """The modifiers the holder's effects add to a test on this side."""
    wanted = {Scope.ALL} | ({Scope.DEFENCE} if side == "defence" else set()) | ({Scope.ATTACK} if side == "attack" else set())
    return tuple((term_label(e), e.modifier) for e in holder_effects(state, holder) if e.scope in wanted and e.modifier)


def used_by_defence(state: EncounterState, holder: str) -> list[Effect]:
    """Block, Dodge, Parry: spent on the first defence test they add to."""
    table = effect_table().effects
    return [e for e in holder_effects(state, holder) if e.key in table and table[e.key].consumed_by_defence]
