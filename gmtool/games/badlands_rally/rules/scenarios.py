"""The race's scenarios (BR-19) as data (``resources/badlands_rally/scenarios.json``): which faces of
1D6 pick each, its name, its laps (race day: a second die, 1–4 two laps, 5–6 three), its special
rule in words. gmtool applies the laps here and the special rules in :mod:`.scenario_rules`."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import DataFile, cached_model


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    faces: tuple[int, ...] = Field(min_length=1)
    key: str = Field(pattern=r"^[a-z_]+$")
    en: str
    ja: str
    laps: dict[str, int]  # "any": the laps; else a lap die's face → the laps
    rule_en: str
    rule_ja: str

    def name(self, language: str) -> str:
        return self.ja if language == "ja" else self.en

    def rule(self, language: str) -> str:
        return self.rule_ja if language == "ja" else self.rule_en

    @property
    def lap_die(self) -> bool:
        return "any" not in self.laps

    def laps_for(self, die: int | None) -> int:
        if not self.lap_die:
            return self.laps["any"]
        if die is None or str(die) not in self.laps:
            raise RulesError("error.faces_range")
        return self.laps[str(die)]


class ScenarioFile(DataFile):
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


@cache
def scenarios() -> tuple[Scenario, ...]:
    return cached_model(ScenarioFile, "badlands_rally", "scenarios.json").scenarios


def scenario_for(die: int) -> Scenario:
    """The scenario a 1D6 picks."""
    found = next((s for s in scenarios() if die in s.faces), None)
    if found is None:
        raise RulesError("error.faces_range")
    return found
