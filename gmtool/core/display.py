"""What the shell draws for any game: plain, frozen values a game's rules hand out.

The order of play, a combatant's tracks (condition monitors, passes, hull, power points …) and
badges, the heading of the moment, and a snapshot for the players' screen and the printed report.
Texts are already in the active language; ``key``s are stable (tests, styling). A ``Tone`` names a
meaning, never a colour (the theme decides the colour). Values compare with ``==``, so a view
emits ``dataChanged`` only for rows that differ. Items with ``public=False`` stay off the players'
screen. A rolled event's breakdown in words (pool, modifiers, dice, odds) is printed under its line
in the report; the map and a game's own boxes are that game's docks, not these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Tone = Literal["harm", "fatigue", "armour", "resource", "warning", "good", "neutral"]
TrackKind = Literal["boxes", "bar", "meter", "pips"]
Audience = Literal["gm", "players"]


@dataclass(frozen=True, slots=True)
class Track:
    """A quantity of a combatant, ``value`` of ``max``, drawn by its ``kind``:

    - ``boxes``: a track of ``max`` boxes, ``value`` of them filled (a condition monitor, hull);
    - ``bar``: one bar filled to ``value / max`` (durability);
    - ``meter``: a gauge of points to spend (power points, movement rating);
    - ``pips``: a few separate marks, ``value`` of them lit (passes left, Edge).

    The order draws every kind in its column, the player view every kind under the name (pips as a
    row of marks), the report prints :meth:`text`; a track with ``max == 0`` is left out there.
    ``reading``: "taken" (filled with damage) or "left" (what remains); ``tone``: what it means (the
    theme picks the colour); ``overflow``: beyond ``max`` (damage past a monitor); ``marks``: places
    worth marking (a wound step, the current pass); ``detail``: the words a table prints for it;
    ``public=False``: the GM's only (masked), never in the players' snapshot (:func:`for_players`).
    """

    key: str
    label: str
    kind: TrackKind
    value: int
    max: int
    tone: Tone = "neutral"
    reading: Literal["taken", "left"] = "taken"
    overflow: int = 0
    marks: tuple[int, ...] = ()
    detail: str = ""
    tooltip: str = ""
    public: bool = True

    def text(self) -> str:
        """As a table prints it: the game's own words, else "value/max"."""
        return self.detail or f"{self.value}/{self.max}"


@dataclass(frozen=True, slots=True)
class Badge:
    """A short state shown beside a name (an effect with its time left, "Seized", "Rattled").

    ``urgent``: a state the GM acts on (destroyed, knocked out, down …): the order list shows it before
    the other badges and never cuts it (the whole list stays in the tooltip). ``public=False``: the GM's
    only (masked), never in the players' snapshot."""

    key: str
    text: str
    tone: Tone = "neutral"
    tooltip: str = ""
    public: bool = True
    urgent: bool = False


@dataclass(frozen=True, slots=True)
class Heading:
    """Where the fight stands: "Turn 2 · Pass 1", "Round 3 · Activation: Jerboa"."""

    text: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class OrderLayout:
    """The columns of the order before any row: the score's name and each track's (key, label)."""

    score_label: str
    track_columns: tuple[tuple[str, str], ...]
    badge_label: str = ""


@dataclass(frozen=True, slots=True)
class OrderRow:
    """One combatant in the order of play (``rank`` 0 acts first; ``current``: acting now).

    ``score``: what ranks it, in the game's words (None: none yet); ``out``: does not act now (acted,
    down, finished …: drawn muted). ``npc``: played by the GM, not by a player: the player view shows
    its name as "NPC n" and hides its figures unless the GM chooses otherwise, and the report marks it.
    ``note``: a short line the shell shows under the name (a race's standing), on the players'
    screen too.
    """

    id: str
    name: str
    rank: int
    score: str | None
    current: bool
    out: bool
    npc: bool
    badges: tuple[Badge, ...] = ()
    tracks: tuple[Track, ...] = ()
    note: str = ""

    def track(self, key: str) -> Track | None:
        return next((track for track in self.tracks if track.key == key), None)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The fight at one moment, for the players' screen and the printed report.

    ``rules.snapshot(state, "players")`` holds no item with ``public=False`` (the conformance kit
    checks it); the shell masks NPC names and figures on top of that, as the GM chooses."""

    heading: Heading
    layout: OrderLayout
    rows: tuple[OrderRow, ...]
    notes: tuple[str, ...] = ()


def for_players(snapshot: Snapshot) -> Snapshot:
    """The snapshot without what the GM keeps to themself (``public=False`` tracks and badges)."""
    rows = tuple(
        OrderRow(row.id, row.name, row.rank, row.score, row.current, row.out, row.npc,
                 tuple(b for b in row.badges if b.public), tuple(t for t in row.tracks if t.public), row.note)
        for row in snapshot.rows
    )
    columns = {t.key for row in rows for t in row.tracks}
    layout = OrderLayout(snapshot.layout.score_label,
                         tuple(c for c in snapshot.layout.track_columns if c[0] in columns or not snapshot.rows),
                         snapshot.layout.badge_label)
    return Snapshot(snapshot.heading, layout, rows, snapshot.notes)


@dataclass(frozen=True, slots=True)
class ModifierLine:
    label: str
    value: str  # signed
    source: str  # "table, p. 178" or ""


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A rolled event's breakdown in words (empty strings: nothing to show).

    ``extras``: (label, text) lines of the game's own, printed after the modifiers and before the dice
    (a resource spent on the roll, say), both already in the active language.
    """

    pool: str
    modifiers: tuple[ModifierLine, ...]
    dice: str
    odds: str
    extras: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class BreakdownPart:
    """One figure of an exchange in words: a title and either a roll's breakdown or a line."""

    title: str
    text: str = ""
    roll: Breakdown | None = None


@dataclass(frozen=True)
class LogShape:
    """How a game's log is read: which event kinds head a turn or pass, and the families the GM filters by.

    ``families``: (family key, event kinds) in the filter's order (``log_filter.kind.<key>`` is its label);
    a kind may be in several (the game's ``log_families(event)`` may add more to one event's line, say a
    hand edit of damage). ``headings``: event kind → level (0: a turn or round, 1: a pass or activation).
    The shell adds "history" (undo, redo, rewind) and "other" (a line in no family).
    """

    families: tuple[tuple[str, frozenset[str]], ...] = ()
    headings: tuple[tuple[str, int], ...] = ()

    def heading_level(self, kind: str) -> int | None:
        return dict(self.headings).get(kind)

    def families_of(self, kind: str) -> frozenset[str]:
        """The families holding ``kind`` (what most games' ``log_families`` answers)."""
        return frozenset(family for family, kinds in self.families if kind in kinds)


FieldKind = Literal["number", "text", "flag", "choice"]


@dataclass(frozen=True, slots=True)
class SheetField:
    """One line of a combatant's sheet as the shell draws and edits it.

    ``number``: ``low``..``high``; ``choice``: one of ``choices`` (key, label); ``editable=False``:
    shown only. An edit becomes the game's command (``rules.edit``), never a change in place.
    """

    key: str
    label: str
    kind: FieldKind
    value: int | str | bool
    low: int = 0
    high: int = 0
    choices: tuple[tuple[str, str], ...] = ()
    editable: bool = True


@dataclass(frozen=True, slots=True)
class SheetView:
    """A combatant's sheet: its fields in order and its tracks."""

    id: str
    name: str
    fields: tuple[SheetField, ...]
    tracks: tuple[Track, ...] = ()

    def field(self, key: str) -> SheetField | None:
        return next((f for f in self.fields if f.key == key), None)


@dataclass(frozen=True, slots=True)
class Offer:
    """Something a combatant may do now (``rules.take`` makes it a command), or why not."""

    key: str
    label: str
    enabled: bool
    reason: str = ""  # why it is not offered now (translated), when disabled
