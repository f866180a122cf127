"""Events of dice tests and Edge bookkeeping, both editions; each carries every die face."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.dice_test_commands import PoolSpec
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse


class DiceTestRolled(Event):
    """One test, fully: its pool breakdown, spec, every die (face, source, replaced) and result.

    ``role`` says what the test was part of: a plain test, an opposed side, a
    teamwork helper or leader, an extended-test interval, or an Edge use after
    the roll (which replaces the combatant's last test).
    """

    kind: Literal["dice_test_rolled"] = "dice_test_rolled"
    combatant: str
    name: str
    label: str
    role: Literal["test", "actor", "opponent", "helper", "leader", "extended", "edge_after", "surprise"] = "test"
    terms: tuple[tuple[str, int], ...]
    pool: int
    threshold: int
    limit: int | None
    edge: int
    edge_use: EdgeUse
    dice: tuple[tuple[int, str, bool], ...]
    hits: int
    counted_hits: int
    ones: int
    glitch: bool
    critical_glitch: bool
    glitch_negated: bool = False
    reroll_refused: bool = False
    typed: bool = False
    bought: bool = False


class OpposedTestResolved(Event):
    kind: Literal["opposed_test_resolved"] = "opposed_test_resolved"
    actor: str
    opponent: str
    actor_hits: int
    opponent_hits: int
    actor_wins: bool
    net_hits: int


class RetryCounted(Event):
    kind: Literal["retry_counted"] = "retry_counted"
    combatant: str
    name: str
    key: str
    count: int


class RetriesCleared(Event):
    kind: Literal["retries_cleared"] = "retries_cleared"
    combatant: str
    name: str


class EdgeBurnt(Event):
    kind: Literal["edge_burnt"] = "edge_burnt"
    combatant: str
    name: str
    attribute_before: int
    attribute_after: int
    points_after: int


class EdgeRefreshed(Event):
    kind: Literal["edge_refreshed"] = "edge_refreshed"
    combatant: str
    name: str
    before: int
    after: int


class ExtendedTestStarted(Event):
    kind: Literal["extended_test_started"] = "extended_test_started"
    test: int
    combatant: str
    name: str
    label: str
    pool: PoolSpec
    threshold: int
    interval_minutes: int
    roll_limit: int


class ExtendedTestProgressed(Event):
    kind: Literal["extended_test_progressed"] = "extended_test_progressed"
    test: int
    name: str
    label: str
    rolls: int
    accumulated: int
    threshold: int
    elapsed_minutes: int
    outcome: Literal["continues", "succeeded", "failed", "limit_reached"]


class ExtendedTestEnded(Event):
    kind: Literal["extended_test_ended"] = "extended_test_ended"
    test: int
    name: str
    label: str


TEST_EVENT_CLASSES = (
    DiceTestRolled,
    OpposedTestResolved,
    RetryCounted,
    RetriesCleared,
    EdgeBurnt,
    EdgeRefreshed,
    ExtendedTestStarted,
    ExtendedTestProgressed,
    ExtendedTestEnded,
)
