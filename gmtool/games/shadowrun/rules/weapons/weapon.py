"""The weapon model: one frozen, serialisable record per weapon, for both editions.

Fields (see :class:`Weapon`): name (and Japanese name), category, melee or ranged, reach,
damage code (Strength formulas allowed), AP (SR4 ``-half`` halves armour), firing modes,
recoil compensation (``2(3)``: 2 fixed, 3 with every removable part), ammunition feeds
(capacity and feed type: c clip, b break action, belt, d drum, m internal magazine,
ml muzzle loader, cy cylinder, bow), the loaded ammunition type, SR5 Accuracy (``5(7)``,
or the Physical limit for unarmed and natural weapons) and range bands in metres.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.games.shadowrun.rules.weapons.ranges import RangeBand, RangeBands, bands_for

FeedType = Literal["c", "b", "belt", "d", "m", "ml", "cy", "bow"]
FEED_TYPES: tuple[FeedType, ...] = ("c", "b", "belt", "d", "m", "ml", "cy", "bow")
WeaponMode = Literal["SS", "SA", "BF", "FA"]
WEAPON_MODES: tuple[WeaponMode, ...] = ("SS", "SA", "BF", "FA")
Edition = Literal["sr4", "sr5"]


class AmmoFeed(BaseModel):
    """One way the weapon takes ammunition: ``15(c)`` is 15 rounds in a detachable clip.

    ``count`` is how many such loads the weapon holds at once (``10(ml)x4``: four tubes).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    capacity: int = Field(ge=1)
    feed: FeedType | None = None
    count: int = Field(default=1, ge=1)

    @property
    def text(self) -> str:
        feed = f"({self.feed})" if self.feed else ""
        times = f"x{self.count}" if self.count > 1 else ""
        return f"{self.capacity}{feed}{times}"


class Weapon(BaseModel):
    """A weapon's rules data (state such as rounds left lives in :class:`Magazine`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = ""
    name: str = Field(min_length=1)
    name_ja: str = ""
    edition: Edition
    category: str
    skill: str = ""  # the skill it is used with when the data names one (Chummer's useskill: "Unarmed Combat")
    kind: Literal["melee", "ranged"]
    reach: int = 0
    damage: DamageCode
    ap: int = 0
    ap_halves_armour: bool = False
    modes: tuple[WeaponMode, ...] = ()
    recoil_compensation: int = 0
    recoil_compensation_full: int | None = None
    ammo: tuple[AmmoFeed, ...] = ()
    ammo_type: str = "regular"
    accuracy: int | None = Field(default=None, ge=0)
    accuracy_full: int | None = Field(default=None, ge=0)
    accuracy_physical_offset: int | None = None
    range_category: str | None = None
    ranges: RangeBands | None = None
    heavy: bool = False
    book: str = ""
    page: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        if self.kind == "melee" and self.modes:
            raise ValueError("a melee weapon has no firing modes")
        if len(set(self.modes)) != len(self.modes):
            raise ValueError("a firing mode is listed twice")
        return self

    def display_name(self, language: str | None = None) -> str:
        from gmtool.core.i18n import active_language

        return self.name_ja if (language or active_language()) == "ja" and self.name_ja else self.name

    def damage_words(self, strength: int | None = None) -> str:
        """The damage code as the active language writes it (``strength``: worked out for that wielder)."""
        worked = self.damage.evaluate(strength) if strength is not None and self.damage.strength_based else None
        return self.damage.words(self.edition, worked)

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def feed(self) -> AmmoFeed | None:
        """The weapon's first (usual) ammunition feed, or None when it takes no ammunition."""
        return self.ammo[0] if self.ammo else None

    def has_mode(self, mode: WeaponMode) -> bool:
        return mode in self.modes

    def damage_value(self, strength: int | None = None) -> int:
        """The Damage Value for the wielder's Strength (counted once, by the code's formula)."""
        return self.damage.evaluate(strength)

    def compensation(self, full: bool = False) -> int:
        """The weapon's own recoil compensation; ``full`` with every removable part fitted."""
        if full and self.recoil_compensation_full is not None:
            return self.recoil_compensation_full
        return self.recoil_compensation

    def accuracy_limit(self, physical_limit: int | None = None, full: bool = False) -> int:
        """SR5 Accuracy (the attack's limit); unarmed and natural weapons use the Physical limit."""
        if self.accuracy_physical_offset is not None:
            if physical_limit is None:
                raise RulesError("weapons.error.physical_limit_needed", weapon=self.display_name())
            return max(0, physical_limit + self.accuracy_physical_offset)
        if full and self.accuracy_full is not None:
            return self.accuracy_full
        if self.accuracy is None:
            raise RulesError("weapons.error.no_accuracy", weapon=self.display_name())
        return self.accuracy

    def range_bands(self, strength: int | None = None) -> RangeBands:
        """The weapon's range bands (its own, else its range category's).

        Bows, thrown weapons and grenades reach as far as the wielder's ``strength`` allows
        (a RulesError without it); other weapons ignore it. The Weapon has no rating, so a
        bow's rating cap (SR5 p. 424) is not applied here.
        """
        if self.ranges is not None:
            return self.ranges
        if self.range_category is None:
            raise RulesError("weapons.error.no_ranges", weapon=self.display_name())
        return bands_for(self.edition, self.range_category, strength)

    def range_band(self, distance: float, strength: int | None = None) -> RangeBand | None:
        """The band a target at ``distance`` metres is in, or None when out of range."""
        return self.range_bands(strength).band(distance)
