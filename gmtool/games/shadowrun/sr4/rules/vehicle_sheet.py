"""A vehicle or drone as an SR4 combatant: its sheet made from its vehicle attributes (SR4-V1..V5).

*Add vehicle* makes a new combatant (never the selected runner) of the ``vehicle`` metatype whose
sheet stands in for the vehicle where the shared rules read a sheet: Body = the vehicle's Body (its
condition monitor, 8 + Body ÷ 2, and its Strength for a ram), Agility, Reaction, Intuition and
Logic = Pilot (so an autonomous drone's Initiative is Pilot × 2, the demo drone's, and its attack
Pilot + autosoft, digest §7.1), armour = Armor, no Edge; the mounted weapon's skill and Unarmed
Combat are its Targeting and Maneuver autosofts. A vehicle has no stun monitor: stun damage does not
affect it (the rulebook's vehicles, p. 168; the digest is silent), and no overflow: a full monitor
destroys it (digest §7.2: dumpshock). The vehicle attributes themselves stay in
:class:`.vehicle_state.VehicleStats`, registered beside the combatant.
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.attack.skills import weapon_skill
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon
from gmtool.games.shadowrun.sr4.rules.natural_weapons import natural_for
from gmtool.games.shadowrun.sr4.rules.sheet import ARMOUR_MAX, ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats

VEHICLE = "vehicle"  # the metatype of a vehicle's sheet (resources/sr4/metatypes.json)
BODY_MAX, PILOT_MAX = 40, 10  # the vehicle metatype's augmented limits
PILOTED = ("AGI", "REA", "INT", "LOG")


def is_vehicle(state: EncounterState, cid: str) -> bool:
    """A registered vehicle, or a sheet made for one (before its registration)."""
    c = state.combatants.get(cid)
    return cid in state.vehicles or (c is not None and c.sheet.metatype == VEHICLE)


def vehicle_attributes(stats: VehicleStats) -> dict[str, int]:
    body = min(max(1, stats.body), BODY_MAX)
    pilot = min(max(1, stats.pilot), PILOT_MAX)
    return {a: 1 for a in ATTRIBUTES} | dict.fromkeys(PILOTED, pilot) | {"BOD": body, "STR": body, "EDG": 0}


def vehicle_skills(stats: VehicleStats, weapons: tuple[Weapon, ...]) -> dict[str, int]:
    """The mounted weapons' skills at the Targeting autosoft, Unarmed Combat (a ram) at Maneuver."""
    skills = {weapon_skill(w): stats.autosoft("targeting") for w in weapons if not w.melee}
    return {key: value for key, value in skills.items() if key} | {"unarmed_combat": stats.autosoft("maneuver")}


def vehicle_sheet(name: str, stats: VehicleStats, is_npc: bool = True, mount: Weapon | None = None,
                  passes: int = 1) -> Sheet:
    """A new vehicle's sheet: its natural ram, and the mounted weapon when one is named."""
    weapons = ((mount,) if mount is not None else ()) + natural_for(VEHICLE)
    armour = min(stats.armor, ARMOUR_MAX)
    return Sheet(name=name, metatype=VEHICLE, is_npc=is_npc, attributes=vehicle_attributes(stats), edge_points=0,
                 initiative_passes=passes, skills=vehicle_skills(stats, weapons), weapons=weapons,
                 ballistic_armour=armour, impact_armour=armour)


def restated(sheet: Sheet, stats: VehicleStats) -> Sheet:
    """A vehicle sheet after its vehicle attributes changed: its attributes and armour (name, passes,
    weapons, skills and damage kept)."""
    armour = min(stats.armor, ARMOUR_MAX)
    return sheet.model_copy(update={"attributes": vehicle_attributes(stats), "ballistic_armour": armour,
                                    "impact_armour": armour})
