"""Firing a weapon in a mode, for either edition: the mode table's model, refusals, and the shot.

A mode table (``resources/weapons/<edition>_firing_modes.json``) says for each mode the
weapon mode it needs (SS, SA, BF, FA), rounds used, action kind, defender's modifier and
whether it allows multiple attacks. :func:`fire` returns a :class:`Shot` with the new
magazine; a mode the weapon lacks or the magazine cannot feed is refused with a
:class:`Refusal` and nothing changes (SR5-F7).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon, WeaponMode

ActionKind = Literal["free", "simple", "complex"]


class FiringMode(BaseModel):
    """One row of a firing-mode table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = ""
    label: Label
    weapon_mode: WeaponMode
    rounds: int = Field(ge=1)
    action: ActionKind
    defence_modifier: int = Field(le=0)
    multiple_attacks: Literal["yes", "two_weapons", "no"]
    ignores_recoil: bool = False
    rule: str
    page: int = Field(ge=1)


class FiringModeTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    modes: dict[str, FiringMode]

    def mode(self, key: str) -> FiringMode:
        found = self.modes.get(key)
        if found is None:
            raise RulesError("weapons.error.unknown_mode", mode=key)
        return found.model_copy(update={"key": key})


class Refusal(BaseModel):
    """Why a mode cannot be used now: a message key and its fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    fields: dict[str, Any] = Field(default_factory=dict)

    def message(self) -> str:
        return tr(self.key, **self.fields)


class Shot(BaseModel):
    """What firing a mode did: rounds used, the action it costs, the defender's modifier, the new magazine."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: FiringMode
    rounds_used: int
    action: ActionKind
    defence_modifier: int
    multiple_attacks: Literal["yes", "two_weapons", "no"]
    ammo_type: str
    magazine: Magazine


def refusal(weapon: Weapon, magazine: Magazine, mode: FiringMode) -> Refusal | None:
    """None when ``weapon`` can fire ``mode`` from ``magazine`` now, else the reason."""
    if weapon.melee:
        return Refusal(key="weapons.refusal.melee", fields={"weapon": weapon.display_name()})
    if not weapon.has_mode(mode.weapon_mode):
        return Refusal(
            key="weapons.refusal.mode_missing",
            fields={"weapon": weapon.display_name(), "mode": mode.label.text(), "needs": mode.weapon_mode},
        )
    if magazine.rounds < mode.rounds:
        return Refusal(
            key="weapons.refusal.not_enough_rounds",
            fields={"mode": mode.label.text(), "needed": mode.rounds, "left": magazine.rounds},
        )
    return None


def fire_mode(weapon: Weapon, magazine: Magazine, mode: FiringMode) -> Shot:
    """Fire ``mode``: the shot and the magazine after it; RulesError (with the reason) when refused."""
    refused = refusal(weapon, magazine, mode)
    if refused is not None:
        raise RulesError(refused.key, **refused.fields)
    return Shot(
        mode=mode,
        rounds_used=mode.rounds,
        action=mode.action,
        defence_modifier=mode.defence_modifier,
        multiple_attacks=mode.multiple_attacks,
        ammo_type=magazine.ammo_type,
        magazine=magazine.fire(mode.rounds),
    )
