"""SR4 firing modes from ``resources/weapons/sr4_firing_modes.json``: rounds and action per mode.

SS and SA 1 round (simple), short burst 3 (BF, simple), long burst 6 (FA, simple), full
burst 10 (FA, complex). Recoil is :class:`gmtool.games.shadowrun.rules.weapons.recoil.PhaseRecoilSR4`
(SR4-MT6); the wide-burst defence modifiers belong to the defence table (SR4-MT4).
"""

from __future__ import annotations

from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.firing import FiringMode, FiringModeTable, Refusal, Shot, fire_mode, refusal
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

MODE_KEYS: tuple[str, ...] = ("SS", "SA", "short_burst", "long_burst", "full_burst")


def sr4_modes() -> FiringModeTable:
    return cached_model(FiringModeTable, "weapons", "sr4_firing_modes.json")


def mode(key: str) -> FiringMode:
    return sr4_modes().mode(key)


def available_modes(weapon: Weapon, magazine: Magazine) -> list[tuple[FiringMode, Refusal | None]]:
    modes = [mode(key) for key in MODE_KEYS]
    return [(m, refusal(weapon, magazine, m)) for m in modes if weapon.has_mode(m.weapon_mode)]


def fire(weapon: Weapon, magazine: Magazine, key: str) -> Shot:
    return fire_mode(weapon, magazine, mode(key))
