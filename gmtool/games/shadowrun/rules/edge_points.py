"""SR4-E1, both editions: spent Edge points come back to the Edge attribute at the GM's call."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules import dice_test_events as te


def refreshed(combatants: Iterable[Any]) -> list[te.EdgeRefreshed]:
    """Each of ``combatants`` below its Edge attribute, back to it; refused when none is."""
    events = [
        te.EdgeRefreshed(combatant=c.id, name=c.sheet.name, before=c.sheet.edge_points, after=c.sheet.attributes["EDG"])
        for c in combatants
        if c.sheet.edge_points != c.sheet.attributes["EDG"]
    ]
    if not events:
        raise RulesError("error.edge_full")
    return events


def fold_refreshed(state: Any, e: te.EdgeRefreshed) -> None:
    c = state.combatants[e.combatant]
    c.sheet = c.sheet.model_copy(update={"edge_points": e.after})
