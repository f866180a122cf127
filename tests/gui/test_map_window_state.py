"""A hex game's window parts read the fight's state as the game's own (``MapWindowParts[State]``)."""

from __future__ import annotations

from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.games.badlands_rally.rules.race_state import RaceState


def test_the_duels_and_the_races_parts_read_the_bridges_state(duel_window, rally_window) -> None:  # noqa: ANN001
    for window, kind in ((duel_window, DuelState), (rally_window, RaceState)):
        state = window.parts.state
        assert isinstance(state, kind)
        assert state is window.bridge.state
