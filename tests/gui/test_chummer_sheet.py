"""A Chummer character's bonus monitor boxes on the character sheet the GM sees."""

from __future__ import annotations

import pytest

from tests.test_chummer_combat import SHARED, sheet_of

pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason=f"Chummer fixtures not found at {SHARED}")


def test_the_sheet_panel_shows_the_bonus_boxes(qtbot, workspace) -> None:
    """BLUE.chum5's 14 physical boxes on the character sheet the GM sees (pytest-qt)."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace.with_new_encounter("Chummer", "sr5"))
    qtbot.addWidget(window)
    assert window.bridge.execute(cmd.AddCombatant(sheet=sheet_of("sr5", "BLUE.chum5")))
    window.bridge.select(next(iter(window.bridge.state.combatants)))
    track = window.parts.sheet_panel.editors["physical_damage"]
    assert track._boxes == 14
