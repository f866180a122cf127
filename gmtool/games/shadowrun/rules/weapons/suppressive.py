"""SR5 suppressive fire (SR5-F8, F9; core p.179; digest 001 制圧射撃).

Suppressive fire is a complex action that uses 20 rounds of a full-auto weapon and
ignores recoil. The shooter rolls skill + Agility [Accuracy] (smartlink, laser sight and
tracer modifiers apply) and the hits are recorded. The zone is a triangle from the
shooter, 10 m wide and 2 m high at its far end, out to the weapon's maximum range; it
lasts to the end of the combat turn unless the shooter takes another action or the
gun fails (:meth:`SuppressiveZone.stop`).

Everyone in or beside the zone takes −(hits) on all actions. Anyone in the zone not in
cover or prone, or entering or leaving it, or standing up or acting in it, rolls
Reaction + Edge (the attribute, not the points left; + the full defence bonus) with the
shooter's hits as threshold; failing, they take the weapon's base DV with the loaded
ammunition's modifier (no net hits are added). Dropping prone (a free action) or Hit
the Dirt (interrupt) avoids the test.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.ammo import LoadedDamage, ammunition, apply_ammo
from gmtool.games.shadowrun.rules.weapons.firing import Shot
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import fire
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

ZONE_WIDTH_M = 10
ZONE_HEIGHT_M = 2


class SuppressiveZone(BaseModel):
    """A suppressive-fire zone: who fires, with what, how many hits, until the end of which turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    shooter: str
    weapon: Weapon
    ammo_type: str
    hits: int = Field(ge=0)
    turn: int = Field(ge=1)
    length_m: int | None = Field(default=None, ge=0)
    width_m: int = ZONE_WIDTH_M
    height_m: int = ZONE_HEIGHT_M
    active: bool = True

    def in_force(self, turn: int) -> bool:
        """Whether the zone still suppresses in ``turn`` (it ends with its combat turn)."""
        return self.active and turn == self.turn

    def stop(self) -> SuppressiveZone:
        """The shooter took another action, or the gun failed: the zone ends now."""
        return self.model_copy(update={"active": False})

    def action_modifier(self) -> int:
        """The modifier to every action of anyone in or beside the zone: −(the shooter's hits)."""
        return -self.hits if self.active else 0

    def test_threshold(self) -> int:
        """The Reaction + Edge test's threshold: the shooter's hits."""
        return self.hits

    def damage(self, strength: int | None = None) -> LoadedDamage:
        """The damage of being hit: the weapon's base DV and AP with the ammunition's modifiers."""
        weapon = self.weapon
        base = apply_ammo(
            ammunition(weapon.edition, self.ammo_type),
            weapon.damage_value(strength),
            weapon.ap,
            weapon.damage.damage_type,
            weapon.damage.flag,
            weapon.ap_halves_armour,
        )
        return base


def start_suppressive_fire(
    shooter: str, weapon: Weapon, magazine: Magazine, hits: int, turn: int, accuracy: int | None = None
) -> tuple[SuppressiveZone, Shot]:
    """Fire suppressively (20 rounds, complex action): the zone and the shot (refused as any mode, SR5-F7).

    ``hits`` are the attack test's hits; with ``accuracy`` they are capped by it.
    """
    if hits < 0:
        raise RulesError("weapons.error.hits_negative", hits=hits)
    shot = fire(weapon, magazine, "suppressive")
    capped = min(hits, accuracy) if accuracy is not None else hits
    try:
        length = weapon.range_bands().extreme
    except RulesError:
        length = None
    zone = SuppressiveZone(
        shooter=shooter, weapon=weapon, ammo_type=magazine.ammo_type, hits=capped, turn=turn, length_m=length
    )
    return zone, shot


def must_test(
    in_zone: bool,
    in_cover: bool = False,
    prone: bool = False,
    entering_or_leaving: bool = False,
    standing_up_or_acting: bool = False,
) -> bool:
    """Whether a character must roll Reaction + Edge against the zone (SR5-F9)."""
    if entering_or_leaving or (in_zone and standing_up_or_acting):
        return True
    return in_zone and not in_cover and not prone


def suppression_pool(reaction: int, edge_attribute: int, full_defence_bonus: int = 0) -> int:
    """Reaction + Edge (the attribute, not current points) + the full defence bonus."""
    return max(0, reaction + edge_attribute + full_defence_bonus)


def is_hit(zone: SuppressiveZone, test_hits: int) -> bool:
    """Whether the character fails the test and is hit (hits below the shooter's hits)."""
    return test_hits < zone.test_threshold()
