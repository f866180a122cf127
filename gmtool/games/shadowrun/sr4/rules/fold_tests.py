"""Folding the dice-test and Edge events into the SR4 state (the last test, retries, Edge, extended tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.rules.edge_points import fold_refreshed
from gmtool.games.shadowrun.rules.extended_tests import FOLDERS as EXTENDED_FOLDERS
from gmtool.games.shadowrun.rules.shared_folds import fold_nothing
from gmtool.games.shadowrun.sr4.rules.edge_messages import DeathCheated, LastActionGranted
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.tests_state import LastTest

# Rolls that can still take Edge after the roll; helpers', opponents' and extended rolls cannot.
KEEPS_LAST_TEST = frozenset({"test", "actor", "leader", "edge_after"})


def _rolled(state: EncounterState, e: te.DiceTestRolled) -> None:
    c = state.combatants.get(e.combatant)
    if c is None or e.role not in KEEPS_LAST_TEST:
        return
    c.last_test = LastTest(
        label=e.label, terms=e.terms, pool=e.pool, threshold=e.threshold,
        faces=tuple(face for face, source, _replaced in e.dice if source == "pool"),
        edge_used=e.edge_use is not EdgeUse.NONE or e.bought, typed=e.typed, glitch=e.glitch or e.glitch_negated,
    )


def _retry(state: EncounterState, e: te.RetryCounted) -> None:
    state.combatants[e.combatant].retries[e.key] = e.count


def _retries_cleared(state: EncounterState, e: te.RetriesCleared) -> None:
    state.combatants[e.combatant].retries = {}


def _edge(state: EncounterState, cid: str, attribute: int, points: int, **more: int) -> None:
    c = state.combatants[cid]
    attrs = {**c.sheet.attributes, "EDG": attribute}
    c.sheet = c.sheet.model_copy(update={"attributes": attrs, "edge_points": points, **more})


def _burnt(state: EncounterState, e: te.EdgeBurnt) -> None:
    _edge(state, e.combatant, e.attribute_after, e.points_after)


def _death_cheated(state: EncounterState, e: DeathCheated) -> None:
    _edge(state, e.combatant, e.attribute_after, e.points_after, physical_damage=e.physical_after)


def _last_action(state: EncounterState, e: LastActionGranted) -> None:
    state.combatants[e.combatant].last_action = True


FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    "dice_test_rolled": _rolled,
    "opposed_test_resolved": fold_nothing,
    "retry_counted": _retry,
    "retries_cleared": _retries_cleared,
    "edge_burnt": _burnt,
    "edge_refreshed": fold_refreshed,
    **EXTENDED_FOLDERS,
    "last_action_granted": _last_action,
    "death_cheated": _death_cheated,
}
