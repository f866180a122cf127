"""SR5's test box model: the shared one (:mod:`gmtool.games.shadowrun.gui.dice_test_model`) with SR5's preview,
limits and Edge uses (Push the Limit, Second Chance, Close Call)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gmtool.games.shadowrun.gui import dice_test_model as shared
from gmtool.games.shadowrun.gui.dice_test_model import TEST_TYPES, EditionTests, TestInputs
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr5.rules.preview import plain_pool_spec, preview_test
from gmtool.viewmodels.bridge import EncounterBridge

__all__ = ["SR5_TESTS", "TEST_TYPES", "DiceTestModel", "TestInputs"]

SR5_TESTS = EditionTests(
    preview=preview_test,
    plain_spec=plain_pool_spec,
    limits=("none", "physical", "mental", "social", "custom"),
    before_uses=(EdgeUse.NONE, EdgeUse.ADD_BEFORE),
    after_uses=(EdgeUse.ADD_AFTER, EdgeUse.REROLL_FAILURES, EdgeUse.NEGATE_GLITCH),
)


class DiceTestModel(shared.DiceTestModel):
    """The test box model of an SR5 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(bridge, parent, SR5_TESTS)
