"""Folding dice-test and Edge-bookkeeping events into the SR5 state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.rules.edge_points import fold_refreshed
from gmtool.games.shadowrun.rules.effect_rules import fold_effect_added, fold_effect_ended
from gmtool.games.shadowrun.rules.extended_tests import FOLDERS as EXTENDED_FOLDERS
from gmtool.games.shadowrun.rules.grunt_groups import fold_group_formed, fold_group_left, fold_group_split
from gmtool.games.shadowrun.sr5.rules import dice_test_events as te
from gmtool.games.shadowrun.sr5.rules.state import EncounterState, LastTest

# Rolls that can still take Edge after the roll; helpers and opponents cannot.
KEEPS_LAST_TEST = frozenset({"test", "actor", "leader", "extended", "edge_after"})


def _rolled(state: EncounterState, e: te.DiceTestRolled) -> None:
    c = state.combatants.get(e.combatant)
    if c is None or e.role not in KEEPS_LAST_TEST:
        return
    initial = tuple(face for face, source, _replaced in e.dice if source == "pool")
    c.last_test = LastTest(
        label=e.label, terms=e.terms, pool=e.pool, threshold=e.threshold, limit=e.limit,
        faces=initial, edge_used=e.edge_use is not EdgeUse.NONE or e.bought,
        typed=e.typed, glitch=e.glitch or e.glitch_negated,
    )


def _retry(state: EncounterState, e: te.RetryCounted) -> None:
    state.combatants[e.combatant].retries[e.key] = e.count


def _retries_cleared(state: EncounterState, e: te.RetriesCleared) -> None:
    state.combatants[e.combatant].retries = {}


def _burnt(state: EncounterState, e: te.EdgeBurnt) -> None:
    c = state.combatants[e.combatant]
    attrs = {**c.sheet.attributes, "EDG": e.attribute_after}
    c.sheet = c.sheet.model_copy(update={"attributes": attrs, "edge_points": e.points_after})


def _surprised(state: EncounterState, e: Any) -> None:
    state.combatants[e.combatant].surprised_by = tuple(e.by)


def _nothing(state: EncounterState, e: Any) -> None:
    """Events that only inform the log."""


FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    "dice_test_rolled": _rolled,
    "opposed_test_resolved": _nothing,
    "retry_counted": _retry,
    "retries_cleared": _retries_cleared,
    "edge_burnt": _burnt,
    "edge_refreshed": fold_refreshed,
    **EXTENDED_FOLDERS,
    "effect_added": fold_effect_added,
    "effect_ended": fold_effect_ended,
    "interrupt_declared": _nothing,
    "surprised": _surprised,
    "group_formed": fold_group_formed,
    "group_left": fold_group_left,
    "group_split_changed": fold_group_split,
}
