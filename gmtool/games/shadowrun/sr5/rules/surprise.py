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

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, roll_test, typed_test
from gmtool.games.shadowrun.sr5.rules.common import combatant
from gmtool.games.shadowrun.sr5.rules.decide_tests import _event, spec_for
from gmtool.games.shadowrun.sr5.rules.state import EncounterState

AWARE_BONUS = 3
AMBUSH_BONUS = 6


class SurpriseEntry(BaseModel):
    """One combatant in a surprise test: its side, what it knew, faces typed at the table."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    combatant: str
    side: Literal["a", "b"]
    awareness: Literal["none", "aware", "ambush"] = "none"
    faces: tuple[int, ...] | None = None


class SurpriseTest(Command):
    kind: Literal["surprise_test"] = "surprise_test"
    entries: tuple[SurpriseEntry, ...] = Field(min_length=2)


class Surprised(Event):
    kind: Literal["surprised"] = "surprised"
    combatant: str
    name: str
    by: tuple[str, ...]
    by_names: tuple[str, ...]


AWARENESS_TERMS = {"aware": ("pool.aware", AWARE_BONUS), "ambush": ("pool.ambushing", AMBUSH_BONUS)}


def surprise_terms(state: EncounterState, cid: str, awareness: str) -> tuple[tuple[str, int], ...]:
    """The surprise test's pool breakdown (X-3)."""
    sheet = combatant(state, cid).sheet
    terms = [("attr.REA", sheet.attributes["REA"]), ("attr.INT", sheet.attributes["INT"])]
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    if awareness in AWARENESS_TERMS:
        terms.append(AWARENESS_TERMS[awareness])
    return tuple(terms)


def surprise_test(state: EncounterState, command: SurpriseTest, rng: random.Random) -> list[Event]:
    ids = [entry.combatant for entry in command.entries]
    if len(set(ids)) != len(ids):
        raise RulesError("error.surprise_sides")
    if len({entry.side for entry in command.entries}) < 2:
        raise RulesError("error.surprise_two_sides")
    events: list[Event] = []
    hits: dict[str, int] = {}
    for entry in command.entries:
        c = combatant(state, entry.combatant)
        terms = surprise_terms(state, c.id, entry.awareness)
        pool = max(sum(v for _, v in terms), 0)
        spec = spec_for(state, c, pool, 0, None, EdgeUse.NONE)
        outcome = None
        if pool:
            outcome = typed_test(spec, entry.faces) if entry.faces is not None else roll_test(spec, rng)
            events.append(_event(c, "", "surprise", terms, outcome))
        hits[c.id] = outcome.counted_hits if outcome else 0
    sides = {entry.combatant: entry.side for entry in command.entries}
    for cid in ids:
        by = tuple(o for o in ids if sides[o] != sides[cid] and hits[o] > hits[cid])
        if by:
            names = tuple(state.combatants[o].sheet.name for o in by)
            events.append(Surprised(combatant=cid, name=state.combatants[cid].sheet.name, by=by, by_names=names))
    return events
