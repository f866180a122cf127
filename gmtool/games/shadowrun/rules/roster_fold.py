"""Folding what both editions' rosters share: a combatant joins, leaves, or has a sheet field edited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.shadowrun.rules.grunt_groups import fold_member_removed


def fold_added(state: Any, e: Any, make: Callable[..., Any]) -> None:
    """``make(id=…, sheet=…)``: the edition's Combatant; ids are "c<number>", never reused."""
    state.combatants[e.combatant] = make(id=e.combatant, sheet=e.sheet)
    state.next_number = max(state.next_number, int(e.combatant[1:]) + 1)


def fold_removed(state: Any, e: Any) -> None:
    """Gone from the roster and from its grunt group; no longer acting now."""
    del state.combatants[e.combatant]
    fold_member_removed(state, e.combatant)
    if state.acting_now == e.combatant:
        state.acting_now = None


def fold_sheet_changed(state: Any, e: Any) -> None:
    """One field (``attr.X`` for an attribute) takes its new value."""
    c = state.combatants[e.combatant]
    if e.field.startswith("attr."):
        c.sheet = c.sheet.model_copy(update={"attributes": {**c.sheet.attributes, e.field[5:]: e.new}})
    else:
        c.sheet = c.sheet.model_copy(update={e.field: e.new})
