"""The demo race (made-up data, not official cards): gmtool's own demo course and four made-up
gears of two players on its start zone, the first round begun (``resources/badlands_rally/demo_race.json``,
its names in the window's language when the campaign is created). The GM types real cards."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, ValidationInfo, field_validator

from gmtool.core.demo_text import IN_LANGUAGE, load_demo
from gmtool.core.game import GameDemo
from gmtool.core.hex.map_file import HexMapFile, read_map
from gmtool.core.i18n import active_language
from gmtool.core.resources import DataFile, resource_path
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race_map import kind_keys
from gmtool.games.badlands_rally.rules.weapons import WeaponCard


class DemoRace(DataFile):
    """The demo race's file: its name and the course's, made-up weapons by key and the gears (each naming
    its weapons by key), every text given per language (core/demo_text.py) and read in one."""

    name: Annotated[str, IN_LANGUAGE]
    course: Annotated[str, IN_LANGUAGE] = Field(min_length=1, max_length=80)
    seed: int
    weapons: Annotated[dict[str, WeaponCard], IN_LANGUAGE]
    gears: Annotated[tuple[m.AddGear, ...], IN_LANGUAGE] = Field(min_length=1)

    @field_validator("gears", mode="before")
    @classmethod
    def _armed(cls, gears: Any, info: ValidationInfo) -> Any:
        """Each gear's weapon keys become its weapons (a key the file does not hold is refused)."""
        weapons = info.data.get("weapons", {})
        if not isinstance(gears, list):
            return gears
        armed = []
        for gear in gears:
            if isinstance(gear, dict) and isinstance(gear.get("weapons"), list):
                missing = [key for key in gear["weapons"] if key not in weapons]
                if missing:
                    raise ValueError(f"no demo weapon {missing[0]!r}")
                gear = {**gear, "weapons": [weapons[key] for key in gear["weapons"]]}
            armed.append(gear)
        return armed


def demo_race(language: str = "en") -> DemoRace:
    return load_demo(DemoRace, language, "badlands_rally", "demo_race.json")


def demo_course(language: str | None = None) -> HexMapFile:
    """gmtool's made-up demo course, named in ``language`` (default: the window's)."""
    text = resource_path("badlands_rally", "demo_course.json").read_text(encoding="utf-8")
    course = read_map(text, kind_keys())
    return course.model_copy(update={"name": demo_race(language or active_language()).course})


def demo(language: str = "en") -> GameDemo:
    """The demo race as the storage adds it, its names in ``language``."""
    race = demo_race(language)
    return GameDemo(name=race.name, seed=race.seed,
                    commands=(m.SetCourse(course=demo_course(language)), *race.gears, m.StartRound(first="g1")))
