"""NPC templates: what the GM prepares before the session, for SR4 and SR5.

A template is richer than a combat sheet (skills, weapons, spells, augmentations,
notes) and is what the library stores, the JSON exchange writes and the Chummer
importers build. :mod:`gmtool.games.shadowrun.library.to_sheet` turns one into the edition's
combat sheet. Every field is validated; a custom check raises a
``PydanticCustomError`` whose type is the translation key's last part, so
:mod:`gmtool.games.shadowrun.library.validation` can show a translated message beside the field.

Damage codes are kept as text exactly as the book (and Chummer) writes them:
a melee weapon's ``(STR+2)P`` stays a formula and Strength is added once, when
the attack is resolved (:mod:`gmtool.games.shadowrun.library.damage_code`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from gmtool.core.strict import Plain
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES, INITIATIVE_BONUS_MAX, NAME_MAX

Edition = Literal["SR4", "SR5"]
METATYPES: tuple[str, ...] = ("human", "elf", "dwarf", "ork", "troll")
FIRING_MODES: tuple[str, ...] = ("SS", "SA", "BF", "FA")
ATTRIBUTE_MAX = 20  # wide: augmented trolls, critters; the sheet checks the metatype limits
RATING_MAX = 20
TEXT_MAX = 80
CODE_MAX = 40
NOTES_MAX = 20_000
LIST_MAX = 200
TAGS_MAX = 30
MONITOR_MAX = 40
PROFESSIONAL_RATING_MAX = 6

# Names are one plain line (no control characters, no bidirectional overrides: gmtool.core.strict).
Text = Annotated[str, Field(min_length=1, max_length=TEXT_MAX), Plain]
OptionalText = Annotated[str, Field(max_length=TEXT_MAX), Plain]
Code = Annotated[str, Field(max_length=CODE_MAX), Plain]
Tag = Annotated[str, Field(min_length=1, max_length=30), Plain]


class Part(BaseModel):
    """Common configuration: immutable, no unknown fields, no NaN."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, str_strip_whitespace=True)


class SkillEntry(Part):
    """An active or knowledge skill with its rating and specialisations."""

    name: Text
    rating: int = Field(ge=0, le=RATING_MAX)
    attribute: Literal["BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG", "MAG", "RES"] | None = None
    group: OptionalText | None = None
    specialisations: list[Text] = Field(default_factory=list, max_length=20)
    knowledge: bool = False
    bonus: int = Field(default=0, ge=-RATING_MAX, le=RATING_MAX)  # augmentation dice (adept powers, qualities)


class SkillGroupEntry(Part):
    name: Text
    rating: int = Field(ge=0, le=RATING_MAX)


class Weapon(Part):
    """A weapon as the sheet shows it; codes kept as text (``(STR+2)P``, ``-half``, ``15(c)``)."""

    name: Text
    category: OptionalText = ""
    skill: OptionalText = ""  # the skill it is used with, when Chummer names one (useskill)
    melee: bool
    reach: int = Field(default=0, ge=-2, le=6)
    damage: Annotated[str, Field(min_length=1, max_length=CODE_MAX)]
    ap: Code = "-"
    modes: list[Literal["SS", "SA", "BF", "FA"]] = Field(default_factory=list, max_length=4)
    rc: Code = ""
    ammo: Code = ""
    accuracy: Code | None = None  # SR5 only ("5", "Physical", "Physical-1")
    ranges: Code = ""  # range category or distances, when known

    @field_validator("modes")
    @classmethod
    def _unique_modes(cls, modes: list[str]) -> list[str]:
        if len(set(modes)) != len(modes):
            raise PydanticCustomError("library_duplicate", "duplicate firing mode")
        return modes


class Spell(Part):
    name: Text
    category: OptionalText = ""
    type: Literal["P", "M", ""] = ""
    range: Code = ""
    duration: Code = ""
    drain: Code = ""  # drain value as text, e.g. "F-3" (SR5) or "(F/2)+1" (SR4)


class Program(Part):
    """A Matrix program (rating) or a technomancer's complex form (fading)."""

    name: Text
    kind: Literal["program", "complex_form"] = "program"
    rating: int | None = Field(default=None, ge=0, le=RATING_MAX)
    fading: Code = ""


class Augmentation(Part):
    """Cyberware or bioware: name, rating and the Essence it costs."""

    name: Text
    kind: Literal["cyberware", "bioware", "other"] = "cyberware"
    rating: int = Field(default=0, ge=0, le=RATING_MAX)
    essence: float = Field(default=0.0, ge=0.0, le=6.0)
    grade: OptionalText = ""


class Monitors(Part):
    """Condition monitor sizes (boxes) and the boxes already filled."""

    physical_boxes: int = Field(ge=1, le=MONITOR_MAX)
    stun_boxes: int = Field(ge=1, le=MONITOR_MAX)
    physical_filled: int = Field(default=0, ge=0, le=2 * MONITOR_MAX)
    stun_filled: int = Field(default=0, ge=0, le=MONITOR_MAX)

    @model_validator(mode="after")
    def _stun_fits(self) -> Monitors:
        if self.stun_filled > self.stun_boxes:
            raise PydanticCustomError("library_filled_range", "too many boxes filled", {"high": self.stun_boxes})
        return self


class TemplateBase(Part):
    """What both editions' templates hold."""

    name: Annotated[str, Field(min_length=1, max_length=NAME_MAX), Plain]
    metatype: Literal["human", "elf", "dwarf", "ork", "troll"] = "human"
    attributes: dict[str, int]
    magic: int | None = Field(default=None, ge=0, le=ATTRIBUTE_MAX)
    resonance: int | None = Field(default=None, ge=0, le=ATTRIBUTE_MAX)
    essence: float = Field(default=6.0, ge=0.0, le=6.0)
    initiative_bonus: int = Field(default=0, ge=0, le=INITIATIVE_BONUS_MAX)
    monitors: Monitors
    skills: list[SkillEntry] = Field(default_factory=list, max_length=LIST_MAX)
    skill_groups: list[SkillGroupEntry] = Field(default_factory=list, max_length=40)
    weapons: list[Weapon] = Field(default_factory=list, max_length=LIST_MAX)
    spells: list[Spell] = Field(default_factory=list, max_length=LIST_MAX)
    programs: list[Program] = Field(default_factory=list, max_length=LIST_MAX)
    augmentations: list[Augmentation] = Field(default_factory=list, max_length=LIST_MAX)
    armour_worn: list[Text] = Field(default_factory=list, max_length=LIST_MAX)
    professional_rating: int | None = Field(default=None, ge=0, le=PROFESSIONAL_RATING_MAX)
    tags: list[Tag] = Field(default_factory=list, max_length=TAGS_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    source: OptionalText = ""  # where it came from: a Chummer file name, "manual" …

    @field_validator("attributes")
    @classmethod
    def _nine_attributes(cls, attributes: dict[str, int]) -> dict[str, int]:
        if set(attributes) != set(ATTRIBUTES):
            raise PydanticCustomError(
                "library_attributes_incomplete", "attributes must be exactly {expected}",
                {"expected": " ".join(ATTRIBUTES)},
            )
        for attribute, value in attributes.items():
            low = 0 if attribute == "EDG" else 1
            if not low <= value <= ATTRIBUTE_MAX:
                raise PydanticCustomError(
                    "library_attribute_range", "{attribute} must be {low}-{high}",
                    {"attribute": attribute, "low": low, "high": ATTRIBUTE_MAX},
                )
        return attributes

    @field_validator("tags")
    @classmethod
    def _unique_tags(cls, tags: list[str]) -> list[str]:
        if len({t.casefold() for t in tags}) != len(tags):
            raise PydanticCustomError("library_duplicate", "duplicate tag")
        return tags

    @model_validator(mode="after")
    def _physical_fits(self) -> TemplateBase:
        high = self.monitors.physical_boxes + self.attributes.get("BOD", 0) + 1
        if self.monitors.physical_filled > high:
            raise PydanticCustomError("library_filled_range", "too many boxes filled", {"high": high})
        return self

    @property
    def edge(self) -> int:
        return self.attributes["EDG"]


class SR5Armour(Part):
    """SR5: one armour value (highest worn armour + accessories + augmentations)."""

    value: int = Field(default=0, ge=0, le=60)


class SR4Armour(Part):
    """SR4: ballistic and impact."""

    ballistic: int = Field(default=0, ge=0, le=60)
    impact: int = Field(default=0, ge=0, le=60)


class SR5Template(TemplateBase):
    edition: Literal["SR5"] = "SR5"
    armour: SR5Armour = Field(default_factory=SR5Armour)
    initiative_dice: int = Field(default=1, ge=1, le=5)


class SR4Template(TemplateBase):
    edition: Literal["SR4"] = "SR4"
    armour: SR4Armour = Field(default_factory=SR4Armour)
    initiative_passes: int = Field(default=1, ge=1, le=4)


NpcTemplate = Annotated[SR5Template | SR4Template, Field(discriminator="edition")]
AnyTemplate = SR5Template | SR4Template


def monitor_sizes(body: int, willpower: int, physical_bonus: int = 0, stun_bonus: int = 0) -> tuple[int, int]:
    """SR4-MT8 / SR5-A6: 8 + Body/2 and 8 + Willpower/2, rounded up, plus bonus boxes."""
    return 8 + (body + 1) // 2 + physical_bonus, 8 + (willpower + 1) // 2 + stun_bonus


def standard_monitors(body: int, willpower: int, physical_bonus: int = 0, stun_bonus: int = 0) -> Monitors:
    """Empty monitors of the standard size (ValidationError if Body or Willpower is impossible)."""
    physical, stun = monitor_sizes(body, willpower, physical_bonus, stun_bonus)
    return Monitors(physical_boxes=physical, stun_boxes=stun)
