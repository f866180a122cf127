"""A runner carried from an earlier encounter joins with the rounds it had left in each weapon."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon


def carried_magazine(weapon: Weapon, left: int) -> Magazine:
    """The weapon's first feed holding ``left`` rounds (its usual ammunition)."""
    return Magazine.full(weapon).model_copy(update={"rounds": left})


def checked_rounds(sheet: Any, rounds: Mapping[int, int]) -> dict[int, int]:
    """``rounds`` (weapon index → rounds left), each weapon on the sheet and within its magazine's
    capacity; RulesError naming the weapon otherwise."""
    weapons = sheet.weapons
    for index, left in rounds.items():
        if not 0 <= index < len(weapons):
            raise RulesError("sr.carry.error.no_weapon", index=index)
        capacity = Magazine.full(weapons[index]).capacity
        if not 0 <= left <= capacity:
            raise RulesError("sr.carry.error.rounds", weapon=weapons[index].name, capacity=capacity)
    return dict(rounds)
