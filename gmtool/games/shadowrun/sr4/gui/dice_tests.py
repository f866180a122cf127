"""SR4's test box: the shared panel (:mod:`gmtool.games.shadowrun.gui.dice_test_panel`) with SR4's rules.

SR4 has no limits; Edge before the roll adds Edge dice with the rule of six (SR4-E2; a longshot
when the pool is 0 or less, SR4-E5) or burns a point for a critical success (SR4-E10); after the
roll it adds Edge dice (SR4-E3), rerolls the misses (SR4-E4) or negates a glitch (SR4-E8).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.games.shadowrun.gui.dice_test_model import EditionTests
from gmtool.games.shadowrun.gui.dice_test_panel import TestPanel
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr4.rules.preview import plain_pool_spec, preview_test
from gmtool.viewmodels.bridge import EncounterBridge

SR4_TESTS = EditionTests(
    preview=preview_test,
    plain_spec=plain_pool_spec,
    limits=("none",),
    before_uses=(EdgeUse.NONE, EdgeUse.ADD_BEFORE, EdgeUse.CRITICAL_SUCCESS),
    after_uses=(EdgeUse.ADD_AFTER, EdgeUse.REROLL_FAILURES, EdgeUse.NEGATE_GLITCH),
    edge_label="sr4test.edge.",
    after_label="sr4test.after.",
    before_hint="sr4test.edge_before_hint",
    type_label="sr4test.type.",
    glitch_negated="sr4test.glitch_negated",
)


def sr4_test_panel(bridge: EncounterBridge, parent: QWidget | None = None) -> TestPanel:
    """The test box of an SR4 encounter."""
    return TestPanel(bridge, parent, SR4_TESTS)
