"""Folding the scenarios' events (BR-19) and keeping, for a derby, who caused each spin-out waiting."""

from __future__ import annotations

from gmtool.core.game import EVERYTHING, NOTHING, Touched
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_messages as s
from gmtool.games.badlands_rally.rules.race_state import RaceState

KINDS = frozenset({"br_gentlemens_sport_set", "br_scenario_token", "br_spin_out_caused", "br_attack_made",
                   "br_special_move_made", "br_spin_resolved"})  # the events this fold reads


def apply(state: RaceState, event: Event) -> None:
    if event.kind not in KINDS:
        return
    if isinstance(event, s.GentlemensSportSet):
        state.gentlemen = event.on
    elif isinstance(event, s.ScenarioTokenGained):
        state.gears[event.gear].rally_tokens = event.tokens
    elif isinstance(event, s.SpinOutCaused):
        state.gears[event.gear].spins_caused = event.count
    elif isinstance(event, m.AttackMade) and event.spins_out:
        state.spin_causes[event.target] = event.attacker
    elif isinstance(event, m.SpecialMoveMade) and event.obstacle_gear is not None:
        state.spin_causes[event.obstacle_gear] = event.gear
    elif isinstance(event, m.SpinResolved):
        state.spin_causes.pop(event.gear, None)
        for hit in event.collisions:
            if hit.spins_out:
                state.spin_causes[hit.gear] = event.gear


def touched(event: Event) -> Touched:
    """What the scenarios' events changed (NOTHING for the others)."""
    if isinstance(event, s.GentlemensSportSet):
        return EVERYTHING
    if isinstance(event, s.ScenarioTokenGained | s.SpinOutCaused):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "badges"}))
    return NOTHING
