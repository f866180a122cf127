"""The last roll the players may read: the newest rolled event whose every combatant they fully see.

A rolled event is one the game breaks down (``rules.breakdown(event)`` is not None); its words are the
game's own line (``rules.describe``). It is the players' only if every combatant it concerns
(``rules.involved``) is listed for them with its name and figures shown (the player view's settings:
an NPC hidden as "NPC 2", or one whose monitors are hidden, keeps its rolls from them; so does an NPC not
listed yet). While the game masks anything at all (an item with ``public=False`` in the GM's snapshot:
the duel's split before it is revealed), no roll is shown: a roll's words could tell of it. While the
fight is rewound, the moment shown is the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from gmtool.core.messages import Event
from gmtool.viewmodels.bridge import EncounterBridge

LOOK_BACK = 40  # command entries searched, newest first
KEPT = 20_000  # events whose reading is kept (a long fight's); beyond, the readings start again
Reading = tuple[bool, tuple[str, ...]]  # rolled?, the ids of the combatants it concerns


class PublicRolls:
    """Finds the last roll the players may read; each event is read once (rolled? whom?), keyed by its
    encounter, entry and place: a key press reads its own new events only."""

    def __init__(self) -> None:
        self._read: dict[tuple[object, int, int], Reading] = {}

    def last(self, bridge: EncounterBridge, fully_shown: Callable[[str], bool]) -> str:
        """The words of the newest roll the players may read ('' none); ``fully_shown(id)``: whether the
        players see that combatant's name and figures."""
        rules = bridge.ruleset
        gm = rules.snapshot(bridge.state, "gm")
        masked = any(not track.public for row in gm.rows for track in row.tracks)
        if masked or any(not badge.public for row in gm.rows for badge in row.badges):
            return ""
        if len(self._read) > KEPT:
            self._read.clear()
        encounter = bridge.workspace.encounter_id
        for seq, place, event in _newest_first(bridge):
            key = (encounter, seq, place)
            reading = self._read.get(key)
            if reading is None:
                rolled = rules.breakdown(event) is not None
                reading = self._read[key] = (rolled, tuple(who.id for who in rules.involved(event)) if rolled else ())
            rolled, involved = reading
            if rolled and involved and all(cid and fully_shown(cid) for cid in involved):
                return rules.describe(event)
        return ""


def _newest_first(bridge: EncounterBridge) -> Iterator[tuple[int, int, Event]]:
    """(entry seq, place, event) of the events in effect at the moment shown, newest first (the last
    :data:`LOOK_BACK` entries)."""
    done = list(bridge.encounter.done)
    batches = [(entry.seq, entry.events) for entry in done]
    past = bridge.past
    if past is not None:
        seqs = [entry.seq for entry in done]
        cut = seqs.index(past[0]) if past[0] in seqs else len(done) - 1
        batches = [*batches[:cut], (batches[cut][0], batches[cut][1][: past[1]])]
    for seq, events in reversed(batches[-LOOK_BACK:]):
        for place in range(len(events) - 1, -1, -1):
            yield seq, place, events[place]
