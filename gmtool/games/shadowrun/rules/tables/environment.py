"""SR5 environmental modifiers (SR5-T3) and the equipment that shifts them (SR5-T4).

Each condition (visibility, light, glare, wind, range) has rows at levels 0-3
(0 / −1 / −3 / −6). The GM ticks one row per condition; each ticked piece of
equipment moves conditions along their levels (``map`` first, then ``by``,
clamped to the levels the table has; a shift with ``within_metres`` needs the
distance known and within it). The modifier is the worst value among the
shifted conditions, or the table's ``worst_pair`` (−10) when two or more sit at
the last level. Light and glare are two conditions of the book's one
"light/glare" column, so darkness plus blinding glare counts as two at −6.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmtool.games.shadowrun.rules.tables.models import Row, Shift, Table

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.tables.context import ActionContext


@dataclass(frozen=True)
class EnvironmentResult:
    """The environment modifier and what explains it."""

    value: int
    worst: Row  # the ticked condition row that sets the value
    pair: bool  # two or more conditions at the last level
    equipment: tuple[Row, ...]  # the ticked equipment that changed a level


def _levels(table: Table, group: str) -> dict[int, Row]:
    return {row.level: row for row in table.rows if row.group == group and row.level is not None}


def _applies(shift: Shift, context: ActionContext) -> bool:
    if shift.within_metres is None:
        return True
    return context.distance_m is not None and context.distance_m <= shift.within_metres


def shifted_level(row: Row, equipment: Sequence[Row], context: ActionContext, top: int) -> tuple[int, tuple[Row, ...]]:
    """The condition's level after the equipment, and the equipment that moved it."""
    level = row.level or 0
    moved: list[Row] = []
    for gear in equipment:
        for shift in gear.shifts:
            if shift.condition != row.group or not _applies(shift, context):
                continue
            new = max(0, min(top, shift.map.get(level, level) + shift.by))
            if new != level:
                moved.append(gear)
                level = new
    return level, tuple(moved)


def environment(
    table: Table, ticked: Sequence[Row], equipment: Sequence[Row], context: ActionContext
) -> EnvironmentResult | None:
    """The modifier of the ticked conditions (None when none is ticked)."""
    if not ticked:
        return None
    top = max(row.level or 0 for row in table.rows)
    results: list[tuple[int, int, Row]] = []  # (value, level, ticked row)
    moved: list[Row] = []
    for row in ticked:
        level, by = shifted_level(row, equipment, context, top)
        levels = _levels(table, row.group or "")
        at_level = levels.get(level)
        value = at_level.value if at_level is not None and at_level.value is not None else row.value or 0
        results.append((value, level, row))
        moved.extend(gear for gear in by if gear not in moved)
    worst_value, _, worst_row = min(results, key=lambda item: item[0])
    at_top = sum(1 for _, level, _ in results if level == top)
    if table.worst_pair is not None and at_top >= 2:
        return EnvironmentResult(value=table.worst_pair, worst=worst_row, pair=True, equipment=tuple(moved))
    return EnvironmentResult(value=worst_value, worst=worst_row, pair=False, equipment=tuple(moved))
