"""Issue 14: the modifier-table engine is the core's and knows no game: its context is a parameter.
A made-up game (plain dataclasses for its tables, a small context) uses it here: which tables fit
the action, which rows a flag pre-ticks, a counted row, a row computed from the others, the GM's
free modifier, the breakdown. Every expected value is worked out by hand from the tables below."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.tables.engine import build_sheet


@dataclass(frozen=True)
class Text:
    en: str

    def text(self, language: str) -> str:
        return self.en


@dataclass(frozen=True)
class Row:
    id: str
    value: int | None = None
    rule: str | None = None
    group: str | None = None
    context: str | None = None
    page: int | None = None
    factor: int = 1

    @property
    def label(self) -> Text:
        return Text(self.id)

    @property
    def tickable(self) -> bool:
        return self.rule != "see_table"


@dataclass(frozen=True)
class Table:
    id: str
    game: str
    applies_to: tuple[str, ...]
    rows: tuple[Row, ...]
    page: int | None = None
    combine: str = "sum"
    shifted_by: str | None = None
    worst_pair_label: Text | None = None

    def row(self, row_id: str) -> Row | None:
        return next((r for r in self.rows if r.id == row_id), None)

    def row_applies(self, row: Row, action: str) -> bool:
        return action in self.applies_to


TABLES = (
    Table("race.terrain", "race", ("drive",), (
        Row("mud", value=-2, group="ground", context="muddy"),
        Row("gravel", value=-1, group="ground"),
        Row("rivals", rule="per_rival", factor=-1),  # −1 per rival alongside
        Row("mirror", rule="cancel_rivals"),  # cancels the rivals' penalty, computed from the others
    )),
    Table("race.weather", "race", ("drive",), (Row("rain", value=-1, context="raining"),)),
    Table("race.shooting", "race", ("shoot",), (Row("moving", value=-3),)),  # another action
    Table("other.terrain", "other", ("drive",), (Row("ice", value=-4),)),  # another game
)


@dataclass(frozen=True)
class Drive:
    """The made-up game's context: the engine asks it everything game-specific."""

    game: str = "race"
    action: str = "drive"
    rivals: int = 0
    flags: frozenset[str] = field(default_factory=frozenset)
    effects: tuple[tuple[str, int, str], ...] = ()

    def all_flags(self) -> frozenset[str]:
        return self.flags

    def count_name(self, rule: str | None) -> str | None:
        return "rivals" if rule == "per_rival" else None

    def count(self, name: str) -> int:
        return getattr(self, name)

    def count_low(self, name: str) -> int:
        return 0

    def base_value(self, row: Any, count: int | None = None) -> int | None:
        if row.value is not None:
            return row.value
        if row.rule == "per_rival":
            return row.factor * (self.rivals if count is None else count)
        return None

    def dependent_rules(self) -> tuple[str, ...]:
        return ("cancel_rivals",)

    def dependent_value(self, row: Any, ticked: Mapping[str, tuple[Any, int]]) -> int:
        return -sum(value for r, value in ticked.values() if r.rule == "per_rival")

    def environment(self, table: Any, ticked: Sequence[Any], equipment: Sequence[Any]) -> Any:
        raise AssertionError("no environment table in this game")

    def effects_table(self) -> Any:
        return None

    def special_rules(self) -> frozenset[str]:
        return frozenset()

    def tables(self) -> Iterable[Any]:
        return TABLES


def test_the_engine_serves_a_game_it_does_not_know() -> None:
    sheet = build_sheet(Drive(rivals=3, flags=frozenset({"muddy", "raining"})))
    assert [t.id for t in sheet.tables] == ["race.terrain", "race.weather"]  # its game, its action
    assert sheet.choices.ticked == {"race.terrain/mud", "race.weather/rain"}  # the flags pre-tick
    assert sheet.total() == -2 + -1  # mud −2, rain −1
    sheet = sheet.tick("race.terrain/rivals")
    assert sheet.row_value("race.terrain/rivals") == -3  # −1 × 3 rivals
    assert sheet.total() == -2 - 1 - 3
    sheet = sheet.tick("race.terrain/gravel")  # the same group as mud: it replaces mud
    assert "race.terrain/mud" not in sheet.choices.ticked and sheet.total() == -1 - 1 - 3
    sheet = sheet.set_count("race.terrain/rivals", 1).tick("race.terrain/mirror").add_free("tail wind", 2)
    # gravel −1, rain −1, rivals −1 (the GM's count), the mirror cancels the rivals (+1), tail wind +2
    assert [(t.label, t.value) for t in sheet.breakdown()] == [
        ("table:race.terrain/gravel", -1), ("table:race.terrain/rivals", -1), ("table:race.terrain/mirror", 1),
        ("table:race.weather/rain", -1), ("text:tail wind", 2)]
    assert sheet.total() == 0
    with pytest.raises(RulesError):
        sheet.tick("other.terrain/ice")  # another game's table is not on this sheet
