"""Surprise in SR5 encounters.

The SR5 digest has no surprise rule, and gmtool does not claim the SR5 book's, so
this follows the SR4 digest's (SR4-C9), as the issue allows: each side rolls
Reaction + Intuition (wound modifier applies), +3 dice when aware of a possible
ambush, +6 when lying in ambush. A character is surprised by every opponent with
more hits (ties surprise nobody). During the first initiative pass a surprised
character cannot act directly against those who surprised it, and (SR5 digest,
interrupt actions) cannot take an interrupt action before its own first action.
Surprise ends with the first pass.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field

from gmtool.core.dice_tests import EdgeUse, roll_test
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.rulesets.sr5.decide_tests import _event, spec_for
from gmtool.rulesets.sr5.lookup import combatant
from gmtool.rulesets.sr5.state import EncounterState

AWARE_BONUS = 3
AMBUSH_BONUS = 6


class SurpriseTest(Command):
    kind: Literal["surprise_test"] = "surprise_test"
    side_a: tuple[str, ...] = Field(min_length=1)
    side_b: tuple[str, ...] = Field(min_length=1)
    aware: tuple[str, ...] = ()
    ambushing: tuple[str, ...] = ()


class Surprised(Event):
    kind: Literal["surprised"] = "surprised"
    combatant: str
    name: str
    by: tuple[str, ...]
    by_names: tuple[str, ...]


def _terms(state: EncounterState, cid: str, command: SurpriseTest) -> tuple[tuple[str, int], ...]:
    sheet = combatant(state, cid).sheet
    terms = [("attr.REA", sheet.attributes["REA"]), ("attr.INT", sheet.attributes["INT"])]
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    if cid in command.ambushing:
        terms.append(("pool.ambushing", AMBUSH_BONUS))
    elif cid in command.aware:
        terms.append(("pool.aware", AWARE_BONUS))
    return tuple(terms)


def surprise_test(state: EncounterState, command: SurpriseTest, rng: random.Random) -> list[Event]:
    if set(command.side_a) & set(command.side_b):
        raise RulesError("error.surprise_sides")
    events: list[Event] = []
    hits: dict[str, int] = {}
    for cid in command.side_a + command.side_b:
        c = combatant(state, cid)
        terms = _terms(state, cid, command)
        pool = max(sum(v for _, v in terms), 0)
        outcome = roll_test(spec_for(state, c, pool, 0, None, EdgeUse.NONE), rng) if pool else None
        hits[cid] = outcome.counted_hits if outcome else 0
        if outcome is not None:
            events.append(_event(c, "", "surprise", terms, outcome))
    for mine, theirs in ((command.side_a, command.side_b), (command.side_b, command.side_a)):
        for cid in mine:
            by = tuple(o for o in theirs if hits[o] > hits[cid])
            if by:
                names = tuple(state.combatants[o].sheet.name for o in by)
                events.append(Surprised(combatant=cid, name=state.combatants[cid].sheet.name, by=by, by_names=names))
    return events


def check_not_surprised_by(state: EncounterState, actor: str, target: str) -> None:
    """Refuse an action against a surpriser during the first pass."""
    c = state.combatants.get(actor)
    if c is not None and state.pass_number <= 1 and target in c.surprised_by:
        raise RulesError("error.surprised_by_target", name=c.sheet.name, target=state.combatants[target].sheet.name)
