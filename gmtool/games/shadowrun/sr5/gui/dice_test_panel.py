"""SR5's test box: the shared panel (:mod:`gmtool.games.shadowrun.gui.dice_test_panel`) with SR5's options."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.games.shadowrun.gui import dice_test_panel as shared
from gmtool.games.shadowrun.sr5.gui.dice_test_model import SR5_TESTS
from gmtool.viewmodels.bridge import EncounterBridge


class TestPanel(shared.TestPanel):
    """The test box of an SR5 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent, SR5_TESTS)
