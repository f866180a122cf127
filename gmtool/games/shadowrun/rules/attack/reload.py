"""Reloading a weapon through the journal (SR5-T2 by feed type; SR4 uses the same table).

The first method in the table that fits the weapon's feed is used: a detachable
clip is swapped (simple action), other feeds load Agility rounds (complex), a
break action two rounds. The action is paid from the phase budget unless the GM
says it is not.
"""

from __future__ import annotations

import random
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack.messages import Reload, Reloaded
from gmtool.games.shadowrun.rules.attack.plan import EditionAttack, magazine_of
from gmtool.games.shadowrun.rules.weapons.ammo import ammunition
from gmtool.games.shadowrun.rules.weapons.reload import reload, reload_methods


def reload_events(adapter: EditionAttack, state: Any, command: Reload, rng: random.Random) -> list[Event]:
    c = adapter.combatant(state, command.combatant)
    weapons = c.sheet.weapons
    if not 0 <= command.weapon < len(weapons):
        raise RulesError("error.attack_no_weapon", name=c.sheet.name)
    weapon = weapons[command.weapon]
    if weapon.melee or not weapon.ammo:
        raise RulesError("error.reload_melee", weapon=weapon.display_name())
    magazine = magazine_of(state, c.id, command.weapon, weapon)
    ammo_type = command.ammo_type or magazine.ammo_type
    ammunition(adapter.game, ammo_type)  # an unknown type is refused with its name
    if ammo_type != magazine.ammo_type:
        magazine = magazine.model_copy(update={"rounds": 0})  # another type: the old load comes out
    if magazine.rounds == magazine.capacity:
        raise RulesError("error.reload_full", weapon=weapon.display_name())
    methods = [m for m in reload_methods(weapon) if m.into == "weapon"]
    if not methods:
        raise RulesError("error.reload_melee", weapon=weapon.display_name())
    done = reload(weapon, magazine, methods[0].key, c.sheet.attributes["AGI"], ammo_type)
    events: list[Event] = []
    if command.charge_action:
        events += adapter.action_events(state, c, done.action, "insert_clip" if done.action == "simple" else "reload_complex")
    return events + [
        Reloaded(
            combatant=c.id, name=c.sheet.name, weapon=command.weapon, weapon_name=weapon.display_name(),
            rounds=done.magazine.rounds, action=done.action, ammo_type=done.magazine.ammo_type,
        )
    ]
