"""Folding the reaction window's events (BR-18) into the race, and what each touched."""

from __future__ import annotations

from dataclasses import replace

from gmtool.core.game import Touched
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.reaction_window import ReactionWindow


def apply_reaction(state: RaceState, event: Event) -> None:
    window = state.reaction
    if isinstance(event, r.ReactionOffered):
        offers = tuple((o.gear, o.reason) for o in event.offers)
        if window is None:
            state.reaction = ReactionWindow(active=event.gear, offers=offers, step=event.step, left=event.left,
                                            attack=event.attack)
        else:
            state.reaction = replace(window, offers=(*window.offers, *offers), attack=event.attack or window.attack)
    elif isinstance(event, r.ReactionChosen) and window is not None:
        state.reaction = replace(window, offers=tuple(o for o in window.offers if o[0] != event.gear),
                                 reactions=(*window.reactions, event.attack) if event.attack else window.reactions)
    elif isinstance(event, r.ReactionsResolved):
        state.reaction = None
        for gear in event.reactors:
            state.gears[gear].reacted += 1  # its action for the round, spent before it activates


def touched_by_reaction(event: Event) -> Touched:
    if isinstance(event, r.ReactionOffered):
        who = {event.gear, *(o.gear for o in event.offers)}
    elif isinstance(event, r.ReactionChosen):
        who = {event.gear, event.target}
    else:
        assert isinstance(event, r.ReactionsResolved)
        who = {event.gear, *event.reactors}
    return Touched(frozenset(who), frozenset({"heading", "sheet", "badges", "map"}), frozenset({"br_attack"}))
