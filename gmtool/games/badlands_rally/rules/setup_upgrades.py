"""A gear's upgrade at setup (BR-20), from the digest's アップグレード: rolled on 1D6 (a one-off game; the
die rolled or typed from the table) or chosen (ロール オア チョイス), or none this race (a campaign
buys equipment and skills instead; practice games may go without). One upgrade per gear — the
digest's recommendation; several by the players' agreement is not built. The Whacker joins the
gear's weapons; the Twins' weapon is chosen next (:class:`.setup_messages.ChooseTwins`).
"""

from __future__ import annotations

import random

from gmtool.core.dice import roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.upgrade_effects import TWINS, WHACKER
from gmtool.games.badlands_rally.rules.upgrades import WHACKER as WHACKER_RANGE
from gmtool.games.badlands_rally.rules.upgrades import WHACKER_POWER, upgrade_for
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

TWINS_OPTIMAL, TWINS_MAXIMUM = 4, 8  # Autocannon and Rifle: 2-4 / 8


def _gear(state: RaceState, gear_id: str) -> RaceGear:
    gear = state.gears.get(gear_id)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=gear_id)
    return gear


def upgrade_name(key: str) -> str:
    """An upgrade's name in the active language."""
    found = next(u for u in (upgrade_for(d) for d in range(1, 7)) if u.key == key)
    return found.ja if active_language() == "ja" else found.en


def give_upgrade(state: RaceState, command: s.GiveUpgrade, rng: random.Random) -> s.UpgradeGiven:
    gear = _gear(state, command.gear)
    if state.upgrade_mode == "none":
        raise RulesError("error.br_upgrades_off")
    if gear.upgrades:
        raise RulesError("error.br_upgrade_has", name=gear.name, upgrade=upgrade_name(gear.upgrades[0]))
    if state.upgrade_mode == "chosen" and command.die is None:
        raise RulesError("error.br_upgrade_choose")
    die = command.die if command.die is not None else roll_d6(rng, 1)[0]
    key = upgrade_for(die).key
    added = None
    if key == WHACKER:
        added = WeaponCard(name=upgrade_name(WHACKER).split(" / ")[0], optimal=WHACKER_RANGE.optimal,
                           maximum=WHACKER_RANGE.maximum, power=WHACKER_POWER, traits=("melee",))
    return s.UpgradeGiven(gear=gear.id, name=gear.name, die=die, rolled=state.upgrade_mode == "rolled", key=key,
                          weapon_added=added)


def twinned(weapon: WeaponCard) -> WeaponCard:
    """Two of ``weapon``: a ranged one (taken as the Autocannon or Rifle) with the digest's range 2-4 / 8
    (optimal 4, maximum 8), its own bonuses kept; a melee one (the Vibro Blade) as it was. Its Attack one
    better comes from :func:`.upgrade_effects.armed`."""
    name = f"{weapon.name} ×2"[:40]
    if weapon.has("melee"):
        return weapon.model_copy(update={"name": name})
    return weapon.model_copy(update={"name": name, "optimal": TWINS_OPTIMAL, "maximum": TWINS_MAXIMUM})


def choose_twins(state: RaceState, command: s.ChooseTwins) -> s.TwinsChosen:
    gear = _gear(state, command.gear)
    if TWINS not in gear.upgrades:
        raise RulesError("error.br_no_twins", name=gear.name)
    if gear.twins is not None:
        raise RulesError("error.br_twins_chosen", name=gear.name, weapon=gear.weapons[gear.twins].name)
    if command.weapon >= len(gear.weapons):
        raise RulesError("error.br_no_weapon", name=gear.name)
    weapon = gear.weapons[command.weapon]
    return s.TwinsChosen(gear=gear.id, name=gear.name, weapon=command.weapon, before=weapon, after=twinned(weapon))
