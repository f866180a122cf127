"""What both editions' demo encounters share: the file's shape (``resources/<edition>/demo_encounter.json``,
made-up combatants only, each name given per language: ``{"en": …, "ja": …}``), weapons named by
catalogue key, and the commands that add them, made in the language of the window (core/demo_text.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Generic, Literal, Self, TypeVar

from pydantic import BaseModel, Field, field_validator, model_validator

from gmtool.core.demo_text import IN_LANGUAGE, english, load_demo
from gmtool.core.game import GameDemo
from gmtool.core.messages import Command

SheetT = TypeVar("SheetT", bound=BaseModel)


def with_catalogue_weapons(edition: Literal["sr4", "sr5"], combatants: Any) -> Any:
    """``weapon_keys`` in a demo entry name weapons of the edition's catalogue (resources/weapons)."""
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

    if not isinstance(combatants, list):
        return combatants
    out = []
    for entry in combatants:
        if isinstance(entry, dict) and "weapon_keys" in entry:
            entry = dict(entry)
            entry["weapons"] = [weapon(edition, key).model_dump() for key in entry.pop("weapon_keys")]
        out.append(entry)
    return out


class DemoDefinition(BaseModel, Generic[SheetT]):
    """A demo encounter file of one edition (``edition`` names its weapon catalogue), its texts in one language.

    ``keys``: each combatant's English name, in order: how a drone names its rigger, an icon its owner.
    """

    edition: ClassVar[Literal["sr4", "sr5"]]
    schema_version: int = Field(ge=1, le=1)
    name: Annotated[str, IN_LANGUAGE]
    note: str
    seed: int
    combatants: Annotated[list[SheetT], IN_LANGUAGE] = Field(min_length=4, max_length=10)  # SR4: a mage and a technomancer too
    keys: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("combatants"), list):
            names = [entry.get("name") if isinstance(entry, dict) else None for entry in data["combatants"]]
            data = {**data, "keys": [english(name) for name in names]}
        return data

    @field_validator("combatants", mode="before")
    @classmethod
    def _weapons(cls, combatants: Any) -> Any:
        return with_catalogue_weapons(cls.edition, combatants)

    @classmethod
    def load(cls, language: str = "en") -> Self:
        """The edition's demo file (``resources/<edition>/demo_encounter.json``), its names in ``language``."""
        return load_demo(cls, language, cls.edition, "demo_encounter.json")

    def combatant_id(self, key: str) -> str:
        """The id the combatant of English name ``key`` gets (``c1`` for the first added …)."""
        return f"c{self.keys.index(key) + 1}"

    def game_demo(self, add: Callable[..., Command]) -> GameDemo:
        """The demo as the storage adds it: each combatant joins through a journaled command (``add(sheet=…)``)."""
        return GameDemo(self.name, self.seed, tuple(add(sheet=sheet) for sheet in self.combatants))
