"""SR4-D6 extended tests as both editions keep them: one roll per interval, hits accumulating toward
the threshold until it is reached, the roll limit is, or a critical glitch ends the test.

What an edition's rules decide differently (the pool's terms, its limit, which Edge uses an interval's
roll allows) stays in its ``decide_extended``; the test itself, its progress and its folds are here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice_tests import TestOutcome


@dataclass
class ExtendedTest:
    """SR4-D6: an extended test in progress."""

    id: int
    combatant: str
    label: str
    pool: Any  # the PoolSpec each interval rolls (kept as the command gave it)
    threshold: int
    interval_minutes: int
    roll_limit: int
    rolls: int = 0
    accumulated: int = 0
    finished: bool = False


class HoldsExtendedTests(Protocol):
    """An edition's encounter state, as far as its extended tests go."""

    extended_tests: dict[int, ExtendedTest]
    next_extended: int


def extended_test(state: HoldsExtendedTests, test_id: int) -> ExtendedTest:
    test = state.extended_tests.get(test_id)
    if test is None:
        raise RulesError("error.no_such_extended_test", test=test_id)
    return test


def open_test(state: HoldsExtendedTests, test_id: int) -> ExtendedTest:
    """The test ``test_id``, refused once it has ended in success, failure or its roll limit."""
    test = extended_test(state, test_id)
    if test.finished:
        raise RulesError("error.extended_test_finished", label=test.label or str(test.id))
    return test


def started(
    state: HoldsExtendedTests, combatant: str, name: str, command: tc.StartExtendedTest, pool: int,
) -> te.ExtendedTestStarted:
    """A new test for a pool of ``pool`` dice (none: refused); its roll limit is the pool unless set (004)."""
    if pool <= 0:
        raise RulesError("error.pool_empty", pool=pool)
    return te.ExtendedTestStarted(
        test=state.next_extended, combatant=combatant, name=name, label=command.label,
        pool=command.pool, threshold=command.threshold, interval_minutes=command.interval_minutes,
        roll_limit=command.roll_limit or pool,
    )


def progressed(test: ExtendedTest, name: str, outcome: TestOutcome) -> te.ExtendedTestProgressed:
    """Hits so far (those the roll counts: SR5's limit), rolls made, time elapsed (interval × rolls),
    and whether the test goes on."""
    rolls = test.rolls + 1
    total = test.accumulated + outcome.counted_hits
    if outcome.critical_glitch:
        result = "failed"
    elif total >= test.threshold:
        result = "succeeded"
    elif rolls >= test.roll_limit:
        result = "limit_reached"
    else:
        result = "continues"
    return te.ExtendedTestProgressed(
        test=test.id, name=name, label=test.label, rolls=rolls, accumulated=total,
        threshold=test.threshold, elapsed_minutes=rolls * test.interval_minutes, outcome=result,
    )


def ended(test: ExtendedTest, name: str) -> te.ExtendedTestEnded:
    return te.ExtendedTestEnded(test=test.id, name=name, label=test.label)


# -- folds --------------------------------------------------------------------------------------
def _started(state: HoldsExtendedTests, e: te.ExtendedTestStarted) -> None:
    state.extended_tests[e.test] = ExtendedTest(
        id=e.test, combatant=e.combatant, label=e.label, pool=e.pool, threshold=e.threshold,
        interval_minutes=e.interval_minutes, roll_limit=e.roll_limit,
    )
    state.next_extended = max(state.next_extended, e.test + 1)


def _progressed(state: HoldsExtendedTests, e: te.ExtendedTestProgressed) -> None:
    test = state.extended_tests[e.test]
    test.rolls, test.accumulated = e.rolls, e.accumulated
    test.finished = e.outcome != "continues"


def _ended(state: HoldsExtendedTests, e: te.ExtendedTestEnded) -> None:
    state.extended_tests.pop(e.test, None)


FOLDERS: dict[str, Callable[[Any, Any], None]] = {
    "extended_test_started": _started,
    "extended_test_progressed": _progressed,
    "extended_test_ended": _ended,
}
