"""Which gears a race event concerns (the log's filter by gear, the names of Undo and Redo)."""

from __future__ import annotations

from gmtool.core.game import Involved, each_once
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import push_messages as push
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules import scenario_messages as scenario
from gmtool.games.badlands_rally.rules import setup_messages as setup
from gmtool.games.badlands_rally.rules import special_messages as special

# Events of one gear, which carry its id as ``gear`` and its name as ``name``.
ONE_GEAR = (m.ActivationEnded, m.CrowdRallied, m.GearPlaced, m.GearStepped, m.Recovered, m.SpeedDeclared,
            m.SpinResolved, m.SpecialMoveMade, setup.GearAssigned, setup.TwinsChosen, setup.UpgradeGiven,
            special.OffRoadRolled, special.PyrotechnicsRallied, scenario.ScenarioTokenGained, r.ReactionOffered)


def involved(event: Event) -> tuple[Involved, ...]:
    """The gears ``event`` names, the one who acts first, each once, with the name the event gives it."""
    return each_once(_named(event))


def _named(event: Event) -> list[Involved]:
    if isinstance(event, ONE_GEAR):
        return [Involved(event.gear, event.name), *_others(event)]
    if isinstance(event, m.GearAdded):
        return [Involved(event.id, event.name)]
    if isinstance(event, m.GearEdited):
        renamed = event.new if event.field == "name" and isinstance(event.new, str) else event.name
        return [Involved(event.gear, renamed)]
    if isinstance(event, m.AttackMade):
        return [Involved(event.attacker, event.attacker_name), Involved(event.target, event.name),
                *(Involved(hit.gear, hit.name) for hit in event.area)]
    if isinstance(event, push.GearPushed):
        return [Involved(event.pusher, event.pusher_name), Involved(event.target, event.name)]
    if isinstance(event, r.ReactionChosen):
        return [Involved(event.gear, event.attacker_name), Involved(event.target, event.name)]
    if isinstance(event, r.ReactionsResolved):
        return [Involved(event.gear, event.name),
                *(Involved(g, n) for g, n in zip(event.reactors, event.reactor_names, strict=False))]
    if isinstance(event, scenario.SpinOutCaused):
        return [Involved(event.gear, event.name), Involved(event.victim, event.victim_name)]
    if isinstance(event, m.InitiativeRolled | setup.PolePositionRolled):
        return [Involved(event.winner, event.name)]
    if isinstance(event, m.RaceWon):
        return [Involved(event.winner, event.name), *(Involved(g) for g in event.finishers)]
    if isinstance(event, m.VictoryContested):
        return [Involved(g, n) for g, n in zip(event.finishers, event.names, strict=False)]
    return []


def _others(event: Event) -> list[Involved]:
    """The other gears a one-gear event touches: a spin's collisions, a jump's landing on another gear."""
    if isinstance(event, m.SpinResolved):
        return [Involved(c.gear, c.name) for c in event.collisions]
    if isinstance(event, m.SpecialMoveMade) and event.obstacle_gear:
        return [Involved(event.obstacle_gear)]
    return []
