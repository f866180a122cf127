"""What the order list and the sheet show of the scenario (BR-19): a derby's spin-outs caused, the
rally-the-crowd tokens (a grudge match and show-off central give free ones), the gentlemen's sport."""

from __future__ import annotations

from gmtool.core.display import Badge, SheetField
from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.scenario_rules import DERBY, DERBY_SPINS, no_attack_reason


def badges(state: RaceState, gear: RaceGear) -> tuple[Badge, ...]:
    found = []
    if gear.rally_tokens:
        found.append(Badge("rally", tr("br.badge.rally", tokens=gear.rally_tokens), "good"))
    if state.scenario == DERBY:
        found.append(Badge("derby", tr("br.badge.spins_caused", count=gear.spins_caused, goal=DERBY_SPINS),
                           "good" if gear.spins_caused else "neutral"))
    return tuple(found)


def fields(state: RaceState, gear: RaceGear) -> tuple[SheetField, ...]:
    found = [SheetField("rally_tokens", tr("br.field.rally_tokens"), "text", str(gear.rally_tokens), editable=False)]
    if state.scenario == DERBY:
        found.append(SheetField("spins_caused", tr("br.field.spins_caused"), "text",
                                tr("br.spins_caused", count=gear.spins_caused, goal=DERBY_SPINS), editable=False))
    return tuple(found)


def attack_refusal(state: RaceState) -> str:
    """Why no attack may be made now, for the whole race (the gentlemen's sport in round 1), or ""."""
    refusal = no_attack_reason(state)
    return refusal.message() if refusal is not None else ""
