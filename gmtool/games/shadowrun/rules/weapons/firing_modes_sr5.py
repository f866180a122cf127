"""SR5 firing modes (SR5-F1..F7) from ``resources/weapons/sr5_firing_modes.json``.

SS and SA: 1 round, simple action, no other attack in the same action unless two such
weapons make multiple attacks; SA burst: 3 rounds, complex, defender −2; BF: 3 rounds,
simple, −2; LB: 6 rounds, complex, −5 (needs a BF weapon); FA: 6 rounds simple −5 or
10 rounds complex −9; suppressive fire 20 rounds complex (SR5-F8, see
:mod:`gmtool.games.shadowrun.rules.weapons.suppressive`). Bursts allow multiple attacks. A mode the
weapon lacks or the magazine cannot feed is refused and nothing changes (SR5-F7).
"""

from __future__ import annotations

from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.firing import FiringMode, FiringModeTable, Refusal, Shot, fire_mode, refusal
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

MODE_KEYS: tuple[str, ...] = ("SS", "SA", "SA_burst", "BF", "LB", "FA_simple", "FA_complex", "suppressive")


def sr5_modes() -> FiringModeTable:
    return cached_model(FiringModeTable, "weapons", "sr5_firing_modes.json")


def mode(key: str) -> FiringMode:
    """An SR5 firing mode by key (``SS``, ``SA``, ``SA_burst``, ``BF``, ``LB``, ``FA_simple``, ``FA_complex``, ``suppressive``)."""
    return sr5_modes().mode(key)


def available_modes(weapon: Weapon, magazine: Magazine) -> list[tuple[FiringMode, Refusal | None]]:
    """Every SR5 mode the weapon has, each with None or the reason it cannot fire now."""
    modes = [mode(key) for key in MODE_KEYS]
    return [(m, refusal(weapon, magazine, m)) for m in modes if weapon.has_mode(m.weapon_mode)]


def fire(weapon: Weapon, magazine: Magazine, key: str) -> Shot:
    """Fire the SR5 mode ``key``: a :class:`Shot` (rounds used, action, defender's modifier, new magazine)."""
    return fire_mode(weapon, magazine, mode(key))
