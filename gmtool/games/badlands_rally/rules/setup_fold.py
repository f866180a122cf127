"""Folding the race setup's events (BR-4, BR-20) into :class:`RaceState`, and what each touched."""

from __future__ import annotations

from gmtool.core.game import EVERYTHING, Touched
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceState


def apply(state: RaceState, event: Event) -> None:
    if isinstance(event, s.PlayersSet):
        state.players = event.players
    elif isinstance(event, s.GearAssigned):
        state.gears[event.gear].seat = event.player
    elif isinstance(event, s.ChoiceOrderRolled):
        state.choice_order = event.order
    elif isinstance(event, s.UpgradeModeSet):
        state.upgrade_mode = event.mode
    elif isinstance(event, s.UpgradeGiven):
        gear = state.gears[event.gear]
        gear.upgrades = (*gear.upgrades, event.key)
        if event.weapon_added is not None:
            gear.weapons = (*gear.weapons, event.weapon_added)
    elif isinstance(event, s.TwinsChosen):
        gear = state.gears[event.gear]
        gear.twins = event.weapon
        gear.weapons = tuple(event.after if n == event.weapon else w for n, w in enumerate(gear.weapons))
    elif isinstance(event, s.PolePositionRolled):
        state.pole = event.winner
        for placed in event.placements:
            state.gears[placed.gear].hex = hex_of(placed.after)


def touched(event: Event) -> Touched:
    if isinstance(event, s.UpgradeGiven | s.TwinsChosen | s.GearAssigned):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "badges", "order"}), frozenset({"br_attack"}))
    return EVERYTHING
