"""The conformance kit's play and its checks of each change: what the game offers is what the kit does
(an enabled offer taken, or a sheet field edited), and every event a change brings must be described,
name only combatants of the fight, and survive its codec's round trip."""

from __future__ import annotations

import random

from gmtool.core.display import SheetField
from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.game import OpaqueRules
from gmtool.core.messages import Command
from gmtool.testing.moments import Moment

Rules = OpaqueRules
OFFER_SHARE = 0.7  # the rest of the picks edit a sheet field


def pick_command(rules: Rules, state: object, rng: random.Random) -> Command | None:
    """A command a GM might give now: an enabled offer of someone, or an edit of a sheet field (None:
    nothing to do). The game may still refuse it; the kit then picks again."""
    roster = rules.roster(state)
    if not roster:
        return None
    if rng.random() < OFFER_SHARE:
        offers = [(cid, offer.key) for cid, _name in roster for offer in rules.offers(state, cid) if offer.enabled]
        if offers:
            cid, key = rng.choice(offers)
            try:
                return rules.take(state, cid, key)
            except GmtoolError:
                return None
    cid = rng.choice(roster)[0]
    sheet = rules.sheet(state, cid)
    fields = [f for f in sheet.fields if f.editable and f.kind != "text"] if sheet is not None else []
    if not fields:
        return None
    field = rng.choice(fields)
    return rules.edit(cid, field.key, edited_value(field, rng))


def edited_value(field: SheetField, rng: random.Random) -> int | str | bool:
    """Another value the field allows."""
    if field.kind == "flag":
        return not field.value
    if field.kind == "choice" and field.choices:
        return rng.choice(field.choices)[0]
    return rng.randint(field.low, max(field.low, field.high))


def events_problems(rules: Rules, change: Change, before: Moment, after: Moment) -> list[str]:
    """Each event of the change: described, its ``involved`` real and each once, its round trip whole."""
    found = []
    present = {cid for cid, _name in (*before.roster, *after.roster)}
    for event in change.events:
        words = rules.describe(event)
        if not isinstance(words, str) or not words.strip():
            found.append(f"the event {event.kind!r} is not described (no words for the log)")
        ids = [who.id for who in rules.involved(event) if who.id]  # "": named, but no combatant
        if len(ids) != len(set(ids)):
            found.append(f"the event {event.kind!r} names a combatant twice in involved: {ids}")
        strangers = sorted(set(ids) - present)
        if strangers:
            found.append(f"the event {event.kind!r} involves {strangers}, not in the fight")
        touched = rules.touched(event)
        if touched.combatants and not ids and not touched.everything:
            found.append(f"the event {event.kind!r} touches {sorted(touched.combatants)} but involves nobody")
        if not isinstance(rules.log_families(event), frozenset):
            found.append(f"the event {event.kind!r}'s log families are not a frozenset")
        if rules.events.decode(event.to_record()) != event:
            found.append(f"the event {event.kind!r} is not the same after its codec's round trip")
    return found


def offers_problems(rules: Rules, state: object, shown: Moment) -> list[str]:
    """Every disabled offer says why (the sheet's buttons show the reason as their tooltip)."""
    return [f"{cid}'s offer {offer.key!r} is disabled without a reason"
            for cid, _name in shown.roster for offer in rules.offers(state, cid)
            if not offer.enabled and not offer.reason.strip()]
