"""What the Shadowrun editions share: the nine attributes, the sheet's common fields,
condition monitors and the wound modifier, and the checks every sheet passes.

SR4-MT8 / SR5-A6: physical monitor 8 + Body/2, stun 8 + Willpower/2 (rounded up);
−1 per 3 boxes filled on each monitor, the two adding up; physical overflow up to
Body boxes. Each edition adds its own initiative field and metatype table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from math import ceil
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

ATTRIBUTES: tuple[str, ...] = ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG")

# How a combatant stands in each initiative pass of the turn (the pass ladder).
LADDER_OFF = "off"  # does not act in that pass
LADDER_PAST = "past"  # an earlier pass it acted in
LADDER_ACTED = "acted"  # the current pass, already acted
LADDER_ACTING = "acting"  # the current pass, its phase now
LADDER_DUE = "due"  # the current pass, still to act
LADDER_LATER = "later"  # a later pass of this turn
LADDER_PASSES = 4  # passes shown at least


def ladder_step(pass_number: int, current: int, acts: bool, acted: bool, acting: bool) -> str:
    """How a combatant stands in one pass of the ladder (the LADDER_* names), both editions alike."""
    if not acts:
        return LADDER_OFF
    if pass_number != current:
        return LADDER_PAST if pass_number < current else LADDER_LATER
    if acted:
        return LADDER_ACTED
    return LADDER_ACTING if acting else LADDER_DUE
NAME_MAX = 60
SKILL_MAX = 12
SKILL_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
INITIATIVE_BONUS_MAX = 10
MONITOR_BONUS_MAX = 12  # bonus (or lost) condition monitor boxes a sheet may carry


class MetatypeLimits(BaseModel):
    """A metatype's label and natural attribute limits."""

    label: dict[str, str]
    limits: dict[str, tuple[int, int]]

    @field_validator("limits")
    @classmethod
    def _all_attributes(cls, limits: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        if set(limits) != set(ATTRIBUTES):
            raise ValueError(f"limits must name exactly {ATTRIBUTES}")
        if any(lo < 1 or hi < lo for lo, hi in limits.values()):
            raise ValueError("every limit must be 1 <= min <= max")
        return limits


InfoT = TypeVar("InfoT", bound=MetatypeLimits)


class MetatypeTableBase(BaseModel, Generic[InfoT]):
    """An edition's metatype table (``resources/<edition>/metatypes.json``); each adds its augmentation rule."""

    schema_version: int = Field(ge=1, le=1)
    source: str
    metatypes: dict[str, InfoT]

    @classmethod
    def loader(cls, edition: str) -> Callable[[], Any]:
        """A function reading (once, then cached) ``resources/<edition>/metatypes.json`` as this table."""
        from gmtool.core.resources import cached_model

        return lambda: cached_model(cls, edition, "metatypes.json")


class ShadowrunSheet(BaseModel):
    """The fields both editions' sheets have."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=NAME_MAX)
    metatype: str = "human"
    is_npc: bool = False
    attributes: dict[str, int]
    initiative_bonus: int = Field(default=0, ge=0, le=INITIATIVE_BONUS_MAX)
    edge_points: int = Field(default=0, ge=0)
    physical_damage: int = Field(default=0, ge=0)
    stun_damage: int = Field(default=0, ge=0)
    skills: dict[str, int] = Field(default_factory=dict)  # skill key (``pistols``) → rating
    weapons: tuple[Weapon, ...] = ()
    # Boxes beyond the standard monitors (cyberware, qualities: Chummer's PhysicalCM / StunCM).
    physical_bonus: int = Field(default=0, ge=-MONITOR_BONUS_MAX, le=MONITOR_BONUS_MAX)
    stun_bonus: int = Field(default=0, ge=-MONITOR_BONUS_MAX, le=MONITOR_BONUS_MAX)

    @field_validator("skills")
    @classmethod
    def _skill_ratings(cls, skills: dict[str, int]) -> dict[str, int]:
        for key, rating in skills.items():
            if not SKILL_KEY.fullmatch(key) or not 0 <= rating <= SKILL_MAX:
                raise ValueError(f"skill {key!r}: a key of lower-case words and a rating 0-{SKILL_MAX}")
        return skills

    def skill(self, key: str) -> int:
        """A skill's rating (0: not known, so defaulting)."""
        return self.skills.get(key, 0)

    @field_validator("name")
    @classmethod
    def _strip(cls, name: str) -> str:
        name = name.strip()
        if not name:
            raise ValueError("empty name")
        return name

    @property
    def initiative_attribute(self) -> int:
        """Reaction + Intuition + augmentation bonus (SR4-C1, SR5-I1)."""
        return self.attributes["REA"] + self.attributes["INT"] + self.initiative_bonus

    @property
    def physical_boxes(self) -> int:
        """8 + Body / 2, rounded up, + the sheet's bonus boxes (at least 1)."""
        return max(1, 8 + ceil(self.attributes["BOD"] / 2) + self.physical_bonus)

    @property
    def physical_overflow(self) -> int:
        """Boxes beyond the monitor before death: Body."""
        return self.attributes["BOD"]

    @property
    def stun_boxes(self) -> int:
        """8 + Willpower / 2, rounded up, + the sheet's bonus boxes (at least 1)."""
        return max(1, 8 + ceil(self.attributes["WIL"] / 2) + self.stun_bonus)

    @property
    def wound_modifier(self) -> int:
        """−1 per 3 boxes filled on each monitor; the two add up."""
        if self.physical_damage == 0 and self.stun_damage == 0:
            return 0  # most of a fight's combatants: the monitors' sizes need not be worked out
        physical = min(self.physical_damage, self.physical_boxes)
        return -(physical // 3) - (min(self.stun_damage, self.stun_boxes) // 3)


def check_common(
    sheet: ShadowrunSheet,
    known_metatypes: set[str],
    attribute_range: Callable[[str, str], tuple[int, int]],
    physical_max: int,
) -> None:
    """The checks every edition's sheet passes; each error names the field."""
    if sheet.metatype not in known_metatypes:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=sheet.metatype)
    if set(sheet.attributes) != set(ATTRIBUTES):
        raise RulesError("error.attributes_incomplete", field="attributes")
    for attribute in ATTRIBUTES:
        low, high = attribute_range(sheet.metatype, attribute)
        value = sheet.attributes[attribute]
        if not low <= value <= high:
            raise RulesError(
                "error.attribute_range", field=f"attr.{attribute}", attribute=attribute,
                low=low, high=high, value=value,
            )
    if sheet.edge_points > sheet.attributes["EDG"]:
        raise RulesError("error.edge_points_range", field="edge_points", high=sheet.attributes["EDG"])
    if sheet.physical_damage > physical_max:
        raise RulesError("error.damage_range", field="physical_damage", high=physical_max)
    if sheet.stun_damage > sheet.stun_boxes:
        raise RulesError("error.damage_range", field="stun_damage", high=sheet.stun_boxes)


def field_label(field: str) -> str:
    """A sheet field's name in the active language (log lines)."""
    from gmtool.core.i18n import tr

    return tr(f"field.{field}")


def value_text(field: str, value: int | str | bool, metatype_labels: dict[str, dict[str, str]]) -> str:
    """A sheet value in words: a metatype's label, yes/no, or the number."""
    from gmtool.core.i18n import active_language, tr

    if field == "metatype":
        label = metatype_labels.get(str(value))
        return label.get(active_language(), label["en"]) if label else str(value)
    if isinstance(value, bool):
        return tr("common.yes") if value else tr("common.no")
    return str(value)


def faces_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces)
