"""SR4 dice tests and Edge in words for the turn log: the shared lines and SR4's own (SR4-E9, E11)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.describe_tests import RENDERERS as SHARED_TEST_LINES
from gmtool.games.shadowrun.rules.describe_tests import rolled_line

TEST_KINDS = (
    "dice_test_rolled", "opposed_test_resolved", "retry_counted", "retries_cleared", "edge_burnt", "edge_refreshed",
    "extended_test_started", "extended_test_progressed", "extended_test_ended",
)

RENDERERS: dict[str, Callable[[Any], str]] = {
    **{kind: SHARED_TEST_LINES[kind] for kind in TEST_KINDS},
    "dice_test_rolled": rolled_line("sr4test.edge_used.", "sr4test.log_glitch_negated"),  # SR4's names of the Edge uses
    "last_action_granted": lambda e: tr("log.sr4.last_action", name=e.name),
    "death_cheated": lambda e: tr(
        "log.sr4.death_cheated", name=e.name, before=e.attribute_before, after=e.attribute_after,
        physical=e.physical_after,
    ),
}
