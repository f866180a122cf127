"""The scenarios' events in words (BR-19): the gentlemen's sport, free rally-the-crowd tokens, a derby's
spin-outs caused and its win."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_messages as s
from gmtool.games.badlands_rally.rules.scenario_rules import DERBY_SPINS


def describe(event: Event) -> str:
    if isinstance(event, s.GentlemensSportSet):
        return tr("br.event.gentlemen_on" if event.on else "br.event.gentlemen_off")
    if isinstance(event, s.ScenarioTokenGained):
        return tr(f"br.event.token_{event.reason}", name=event.name, other=event.other, tokens=event.tokens)
    if isinstance(event, s.SpinOutCaused):
        return tr("br.event.spin_out_caused", name=event.name, victim=event.victim_name, count=event.count,
                  goal=DERBY_SPINS)
    return ""


def derby_won(event: m.RaceWon) -> str:
    return tr("br.event.won_derby", name=event.name, goal=DERBY_SPINS)


def contested(event: m.VictoryContested) -> str:
    return tr("br.event.contested_derby", names=", ".join(event.names), goal=DERBY_SPINS)
