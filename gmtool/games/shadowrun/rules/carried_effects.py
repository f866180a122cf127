"""The lasting effects a runner brings from an earlier encounter: sustained spells and threads (SR5 p. 281,
SR4 p. 173: sustained until the caster drops them, −2 each), and the GM's own effects set to last until
removed. Encounter-bound ones (prone, a sensor lock, astral perception) stay behind.

SR4 keeps a sustained spell itself (:class:`CarriedSpell`: which spell, its Force and hits, SR4-S1/S5),
so it goes on as the spell, with its −2, still dispellable; SR5's tracker keeps only the −2 effect."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.effects import Duration, Scope
from gmtool.games.shadowrun.rules.effect_messages import EffectAdded

CARRIED_KEYS = frozenset({"sustained_spell", "sustained_thread", "custom"})


class LastingEffect(BaseModel):
    """An effect that goes on to the next encounter (until the GM removes it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z_]{1,40}$")
    label: str = Field(default="", max_length=60)
    modifier: int = Field(ge=-30, le=30)
    scope: Scope


class BoundSpirit(BaseModel):
    """SR4-S6: a spirit still bound to its summoner, with the services it still owes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str = Field(pattern=r"^[a-z_]{1,40}$")
    force: int = Field(ge=1, le=12)
    services: int = Field(ge=0, le=12)


class CarriedSpell(BaseModel):
    """SR4-S1/S5: a spell its caster still sustains: the catalogue's spell, its Force, the hits that hold
    it (dispelling takes them away), and whether it is on the caster itself (another target stays behind)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    spell: str = Field(pattern=r"^[a-z_]{1,40}$")
    force: int = Field(ge=1, le=24)
    hits: int = Field(ge=0, le=24)
    on_self: bool = False


def lasting_effects(state: Any, holder: str, besides: frozenset[int] = frozenset()) -> tuple[LastingEffect, ...]:
    """The holder's effects that carry over, in the order they were added (``besides``: effects that go
    on another way, a sustained spell's −2 carried with the spell)."""
    return tuple(LastingEffect(key=e.key, label=e.label, modifier=e.modifier, scope=e.scope)
                 for e in sorted(state.effects.values(), key=lambda e: e.id)
                 if e.holder == holder and e.duration is Duration.UNTIL_REMOVED and e.key in CARRIED_KEYS
                 and e.id not in besides)


def carried_effect_events(state: Any, holder: str, name: str, effects: tuple[LastingEffect, ...]) -> list[EffectAdded]:
    """The events putting a newcomer's carried effects on it, lasting until removed."""
    return [EffectAdded(effect=state.next_effect + n, combatant=holder, name=name, key=e.key, label=e.label,
                        modifier=e.modifier, scope=e.scope, duration=Duration.UNTIL_REMOVED)
            for n, e in enumerate(effects)]
