"""What both editions' demo encounters share: the file's shape (``resources/<edition>/demo_encounter.json``,
made-up combatants only), weapons named by catalogue key, and the commands that add them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, field_validator

from gmtool.core.game import GameDemo
from gmtool.core.messages import Command

SheetT = TypeVar("SheetT", bound=BaseModel)


def with_catalogue_weapons(edition: str, combatants: Any) -> Any:
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
    """A demo encounter file of one edition (``edition`` names its weapon catalogue)."""

    edition: ClassVar[str]
    schema_version: int = Field(ge=1, le=1)
    name: dict[str, str]
    note: str
    seed: int
    combatants: list[SheetT] = Field(min_length=4, max_length=8)

    @field_validator("combatants", mode="before")
    @classmethod
    def _weapons(cls, combatants: Any) -> Any:
        return with_catalogue_weapons(cls.edition, combatants)

    @classmethod
    def load(cls) -> Any:
        """The edition's demo file (``resources/<edition>/demo_encounter.json``), validated."""
        from gmtool.core.resources import load_model

        return load_model(cls, cls.edition, "demo_encounter.json")

    def game_demo(self, add: Callable[..., Command]) -> GameDemo:
        """The demo as the storage adds it: each combatant joins through a journaled command (``add(sheet=…)``)."""
        return GameDemo(dict(self.name), self.seed, tuple(add(sheet=sheet) for sheet in self.combatants))
