"""Which units a duel event concerns (the log's filter by unit, the names of Undo and Redo)."""

from __future__ import annotations

from gmtool.core.game import Involved, each_once
from gmtool.core.messages import Event
from gmtool.games.aura_battler.rules import duel_messages as m


def involved(event: Event) -> tuple[Involved, ...]:
    """The units ``event`` names, the one who acts first, each once, with the name the event gives it."""
    found: list[Involved] = []
    if isinstance(event, m.UnitAdded):
        found.append(Involved(event.id, event.machine.name))
    elif isinstance(event, m.AttackMade):
        found += [Involved(event.attacker, event.attacker_name), Involved(event.target, event.target_name),
                  Involved(event.defender), Involved(event.struck, event.struck_name)]
    elif isinstance(event, m.Boarded):
        found.append(Involved(event.unit, event.name))
        if event.carrier is not None:
            found.append(Involved(event.carrier, event.carrier_name))
    elif isinstance(event, m.UnitEdited):
        renamed = event.new if event.field == "name" and isinstance(event.new, str) else event.name
        found.append(Involved(event.unit, renamed))
    elif isinstance(event, m.PPAllocated | m.UnitMoved | m.ThrustSet | m.ResponseTurned):
        found.append(Involved(event.unit, event.name))
    return each_once(found)

