"""Reloading by feed type (SR5-T2, core p.163) from ``resources/weapons/sr5_reload.json``.

Each method names the feeds it fits, how many rounds it loads (``full``, ``agility`` =
the character's Agility, a fixed number, or ``tube`` = one muzzle tube, the feed's
capacity) and the action it takes: swap a detachable clip (simple), load Agility rounds
into a clip (complex), speed loader (full, complex), break action (2 rounds, complex),
swap a belt or drum (complex), load Agility rounds into a belt or drum (complex),
internal magazine and cylinder (Agility rounds, complex), muzzle loader (one tube,
complex), bow (one arrow, simple). ``into = "spare"`` methods fill a clip, belt or drum
that is not in the weapon: pass that spare's :class:`Magazine`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.firing import ActionKind
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import FeedType, Weapon


class ReloadMethod(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = ""
    label: Label
    feeds: tuple[FeedType, ...] = Field(min_length=1)
    loads: Literal["full", "agility", "tube"] | int
    action: ActionKind
    into: Literal["weapon", "spare"] = "weapon"


class ReloadTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    page: int = Field(ge=1)
    methods: dict[str, ReloadMethod]


class Reload(BaseModel):
    """What a reload did: the action it took, rounds loaded, rounds taken out, the magazine after."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    method: ReloadMethod
    action: ActionKind
    rounds_loaded: int = Field(ge=0)
    rounds_removed: int = Field(ge=0)
    magazine: Magazine


def reload_table() -> ReloadTable:
    return cached_model(ReloadTable, "weapons", "sr5_reload.json")


def reload_method(key: str) -> ReloadMethod:
    found = reload_table().methods.get(key)
    if found is None:
        raise RulesError("weapons.error.unknown_reload", method=key)
    return found.model_copy(update={"key": key})


def reload_methods(weapon: Weapon) -> list[ReloadMethod]:
    """The methods that fit any of the weapon's feeds, in table order."""
    feeds = {feed.feed for feed in weapon.ammo}
    return [reload_method(key) for key, m in reload_table().methods.items() if feeds & set(m.feeds)]


def _rounds_for(method: ReloadMethod, magazine: Magazine, agility: int) -> int:
    if method.loads == "full" or method.loads == "tube":
        return magazine.capacity
    if method.loads == "agility":
        if agility < 1:
            raise RulesError("weapons.error.agility", agility=agility)
        return min(agility, magazine.room)
    return min(method.loads, magazine.room)


def reload(weapon: Weapon, magazine: Magazine, key: str, agility: int, ammo_type: str | None = None) -> Reload:
    """Reload with method ``key``: the action kind and rounds loaded, and the new magazine.

    Swaps (``full``) and a muzzle tube replace whatever was loaded with a full load of
    ``ammo_type``; the others add rounds and refuse to mix ammunition types.
    """
    method = reload_method(key)
    if magazine.feed not in method.feeds:
        raise RulesError("weapons.error.reload_feed", method=method.label.text(), weapon=weapon.display_name())
    if method.loads in ("full", "tube"):
        return Reload(
            method=method,
            action=method.action,
            rounds_loaded=magazine.capacity,
            rounds_removed=magazine.rounds,
            magazine=magazine.refill(ammo_type),
        )
    rounds = _rounds_for(method, magazine, agility)
    if rounds == 0:
        raise RulesError("weapons.error.magazine_full", rounds=1, room=0)
    return Reload(
        method=method, action=method.action, rounds_loaded=rounds, rounds_removed=0, magazine=magazine.load(rounds, ammo_type)
    )
