"""The shape of a modifier table: pydantic models every table file is validated with.

A table (``resources/tables/<game>/<name>.json``, or a GM's house-rule TOML file)
holds rows. Each row has a stable id, English and Japanese labels, the book page,
and either a fixed ``value`` or the named ``rule`` that computes it from the action
context (``wound_modifier``, ``friends_in_melee`` …, see :data:`RULES`). A row may
belong to an exclusive ``group`` (only one row of a group can be ticked) and name
the ``context`` flag that pre-ticks it. ``source`` says where the row comes from:
``digest`` (the Japanese rule digests), ``rulebook`` (the published core rulebook,
not in the digest) or ``house`` (a GM's own file).

A table whose ``combine`` is ``worst`` (SR5 environment, SR5-T3) does not add its
rows up: each group is one condition with rows at ``level`` 0-3; the worst value
of the ticked rows is the modifier, and ``worst_pair`` replaces it when two or
more conditions sit at the last level. Its ``shifted_by`` table holds equipment
rows whose ``shifts`` move a condition up or down its levels (SR5-T4).
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Game = Literal["sr4", "sr5"]
Action = Literal["ranged_attack", "melee_attack", "ranged_defence", "melee_defence", "perception"]
ACTIONS: tuple[str, ...] = ("ranged_attack", "melee_attack", "ranged_defence", "melee_defence", "perception")
VisionMode = Literal["normal", "low_light", "thermographic", "ultrasound"]
Modifier = Annotated[int, Field(ge=-99, le=99)]  # every dice modifier a table can give
Level = Annotated[int, Field(ge=0, le=3)]  # a row of an environment condition (SR5-T4)
VISION_MODES: tuple[str, ...] = ("normal", "low_light", "thermographic", "ultrasound")
Source = Literal["digest", "rulebook", "house", "effect"]

# Rules whose value is factor × a count of the action context (capped by ``cap``).
COUNT_RULES: dict[str, str] = {
    "friends_in_melee": "friends_in_melee",
    "reach_difference": "reach_difference",
    "prior_defences": "prior_defences",
    "take_aim": "aim_actions",
    "multiple_targets": "target_changes",
    "perception_enhancement": "perception_enhancement",
    "full_defence": "full_defence",
}
# Rules computed from other ticked rows or the context (see gmtool.games.shadowrun.rules.tables.rules).
COMPUTED_RULES: tuple[str, ...] = (
    "wound_modifier",
    "recoil",
    "recoil_doubled",
    "recoil_compensation",
    "gyro",
    "cancel_range",
    "vision_mode",
)
# Rows that carry no dice of their own: the attack flow must act on them.
SPECIAL_RULES: tuple[str, ...] = ("split_pool", "no_defence")
# Rows that only point at another table (never ticked) or shift an environment table.
MARKER_RULES: tuple[str, ...] = ("see_table", "environment_shift")
RULES: tuple[str, ...] = (*COUNT_RULES, *COMPUTED_RULES, *SPECIAL_RULES, *MARKER_RULES)
RuleName = Literal[
    "friends_in_melee",
    "reach_difference",
    "prior_defences",
    "take_aim",
    "multiple_targets",
    "perception_enhancement",
    "full_defence",
    "wound_modifier",
    "recoil",
    "recoil_doubled",
    "recoil_compensation",
    "gyro",
    "cancel_range",
    "vision_mode",
    "split_pool",
    "no_defence",
    "see_table",
    "environment_shift",
]

ID_PATTERN = r"^[a-z0-9_]+$"
TABLE_ID_PATTERN = r"^[a-z0-9_]+\.[a-z0-9_]+$"


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LocalText(Strict):
    """A label in both languages."""

    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)

    def text(self, language: str) -> str:
        return self.ja if language == "ja" else self.en


class Shift(Strict):
    """How a piece of equipment moves one environment condition (SR5-T4).

    ``map`` sends a level to another (low-light: dim and partial light count as
    full light); then ``by`` moves it (−1 = one row better, +1 = one row worse).
    With ``within_metres`` the shift applies only up to that distance.
    """

    condition: str = Field(pattern=ID_PATTERN)
    by: int = Field(default=0, ge=-3, le=3)
    map: dict[Level, Level] = Field(default_factory=dict)
    within_metres: float | None = Field(default=None, gt=0, le=100_000, allow_inf_nan=False)


class Row(Strict):
    """One situational modifier."""

    id: str = Field(pattern=ID_PATTERN)
    label: LocalText
    value: int | None = Field(default=None, ge=-99, le=99)
    rule: RuleName | None = None
    factor: int = Field(default=1, ge=-10, le=10)
    cap: int | None = Field(default=None, ge=0, le=99)
    by_vision: dict[VisionMode, Modifier] | None = None
    see: str | None = Field(default=None, pattern=TABLE_ID_PATTERN)
    page: int | None = Field(default=None, ge=1, le=999)
    page_source: Source | None = None
    source: Source = "digest"
    digest: str | None = None
    applies_to: tuple[Action, ...] | None = None
    group: str | None = Field(default=None, pattern=ID_PATTERN)
    context: str | None = Field(default=None, pattern=ID_PATTERN)
    level: int | None = Field(default=None, ge=0, le=3)
    shifts: tuple[Shift, ...] = ()
    note: LocalText | None = None

    @model_validator(mode="after")
    def _value_or_rule(self) -> Row:
        if (self.value is None) == (self.rule is None):
            raise ValueError(f"row {self.id}: give either a value or a rule")
        if self.rule == "vision_mode" and (self.by_vision is None or len(self.by_vision) != len(VISION_MODES)):
            raise ValueError(f"row {self.id}: vision_mode needs a value for each of {VISION_MODES}")
        if self.rule == "see_table" and self.see is None:
            raise ValueError(f"row {self.id}: see_table needs 'see' (a table id)")
        if self.rule == "environment_shift" and not self.shifts:
            raise ValueError(f"row {self.id}: environment_shift needs 'shifts'")
        return self

    @property
    def tickable(self) -> bool:
        """A row that only points at another table cannot be ticked."""
        return self.rule != "see_table"


class Table(Strict):
    """A modifier table: rows, what it applies to, how its rows combine."""

    id: str = Field(pattern=TABLE_ID_PATTERN)
    game: Game
    title: LocalText
    code: str | None = None
    page: int | None = Field(default=None, ge=1, le=999)
    applies_to: tuple[Action, ...] = Field(min_length=1)
    combine: Literal["sum", "worst"] = "sum"
    worst_pair: int | None = Field(default=None, ge=-20, le=0)
    worst_pair_label: LocalText | None = None
    shifted_by: str | None = Field(default=None, pattern=TABLE_ID_PATTERN)
    rows: tuple[Row, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Table:
        twice = sorted(i for i, n in Counter(row.id for row in self.rows).items() if n > 1)  # linear
        if twice:
            raise ValueError(f"table {self.id}: row ids used twice: {twice}")
        if self.combine == "worst":
            for row in self.rows:
                if row.group is None or row.level is None or row.value is None:
                    raise ValueError(f"table {self.id}: row {row.id} needs group, level and value (worst table)")
        return self

    def row(self, row_id: str) -> Row | None:
        return next((row for row in self.rows if row.id == row_id), None)

    def row_applies(self, row: Row, action: str) -> bool:
        return action in (row.applies_to or self.applies_to)


class TableFile(Table):
    """A shipped table file: a table with its schema version."""

    schema_version: int = Field(ge=1, le=1)
