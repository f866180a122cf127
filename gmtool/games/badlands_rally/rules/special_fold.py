"""Folding what the datacards' special rules (BR-20) change into :class:`RaceState`, after the race's
own fold (:mod:`.race_fold`): High-Tech's rattled track, Off-Road Specialist's rough hexes to ignore,
the Pyrotechnics' token, and the lap a Reliable gear spent its reroll in."""

from __future__ import annotations

from dataclasses import replace

from gmtool.core.game import NOTHING, Touched
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import special_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceState


def apply(state: RaceState, event: Event) -> None:
    if isinstance(event, m.GearAdded) and "high_tech" in event.specials:
        gear = state.gears[event.id]
        gear.rattle = replace(gear.rattle, high_tech=True)
    elif isinstance(event, m.GearStepped) and event.rough_free is not None:
        state.gears[event.gear].rough_free = event.rough_free
    elif isinstance(event, s.OffRoadRolled):
        gear = state.gears[event.gear]
        gear.rough_free, gear.off_road_round = event.successes, event.round
    elif isinstance(event, s.PyrotechnicsRallied):
        state.gears[event.gear].rally_tokens = event.tokens
    rerolled_by = _reliable(event)
    if rerolled_by is not None:
        gear = state.gears[rerolled_by]
        gear.reliable_lap = gear.progress.laps


def _reliable(event: Event) -> str | None:
    """The gear whose Reliable reroll the event spent (None: none)."""
    if isinstance(event, m.AttackMade):
        return event.reliable
    if isinstance(event, m.SpecialMoveMade | s.OffRoadRolled) and event.rerolled is not None:
        return event.gear
    return None


EVENTS = (s.OffRoadRolled, s.PyrotechnicsRallied)


def touched(event: Event) -> Touched:
    if isinstance(event, s.OffRoadRolled | s.PyrotechnicsRallied):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "badges"}), frozenset({"br_attack"}))
    return NOTHING
