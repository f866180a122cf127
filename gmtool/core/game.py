"""What a game is to gmtool: its manifest (plain data, loaded at start-up) and its rules protocol.

A game registers one entry point in the group ``gmtool.games`` (:mod:`gmtool.core.registry`);
the entry point's name is the game key stored in campaigns (``encounters.ruleset``) and library
templates, kept for ever. It names a :class:`GameManifest`: the game's key, its names, the API
version it was written for and the dotted names of its rules (and later its GUI), imported only
when an encounter of that game is opened. The manifest module imports nothing of the game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.capabilities import Capability
from gmtool.core.display import (
    Audience,
    Breakdown,
    BreakdownPart,
    Heading,
    LogShape,
    Offer,
    OrderLayout,
    OrderRow,
    SheetView,
    Snapshot,
)
from gmtool.core.errors import GmtoolError
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.core.readings import ReadingOption, RuleReadings

GAME_API = 2  # the protocol version a manifest declares; another is refused, visibly (2: the demo is made for a language)
KEY_PATTERN = r"^[a-z][a-z0-9_]{0,31}$"


class GameManifest(BaseModel):
    """A game as the shell knows it before anything of it is imported."""

    # A key gmtool does not know is refused (a typo such as ``veiw=`` must not give a game without a window);
    # a manifest written for another gmtool says so by its ``api`` number, refused visibly by the registry.
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=KEY_PATTERN)
    api: int
    names: dict[str, str]  # language -> the game's name, e.g. {"en": "Coin duel", "ja": "コイン決闘"}
    order: int = 100  # position in New encounter and the library's list
    rules: str  # "package.module:factory": factory(readings | None) -> the game's rules
    view: str | None = None  # "package.module:View": View(rules) -> the adapter the window draws the encounter with
    readings: tuple[ReadingOption, ...] = ()  # where the digest and the book disagree (Preferences → Rules)
    house_rules: str | None = None  # "package.module:load": load(data folder) -> HouseRulesLoaded (the GM's tables)
    demo: str | None = None  # "package.module:demo": (language) -> GameDemo, the encounter a new campaign starts with
    messages: str | None = None  # "package:folder": the game's own en.json / ja.json message fragments
    library: str | None = None  # "package.module:LIBRARY": its templates (gmtool.core.library.GameLibrary)
    library_gui: str | None = None  # "package.module:LIBRARY_GUI": their editor and tools (gmtool.ui.library_parts)
    # What the rules offer beyond GameRules (gmtool.core.capabilities): the shell uses only what is declared,
    # and the registry refuses rules lacking a declared one.
    capabilities: frozenset[Capability] = frozenset()

    def name(self, language: str) -> str:
        """The game's name in ``language`` (English when it has none in that language)."""
        return self.names.get(language) or self.names.get("en") or self.key


@dataclass(frozen=True)
class GameDemo:
    """A game's demo encounter (made-up data) as made for one language: the language of the window when
    the campaign is created (its names, sides, weapons and maps in that language, :mod:`gmtool.core.demo_text`),
    its dice seed and the commands that fill it. Once added, the names are the campaign's data."""

    name: str
    seed: int
    commands: tuple[Command, ...]


Part = Literal["roster", "order", "heading", "tracks", "badges", "sheet", "effects", "options", "map"]


@dataclass(frozen=True)
class Touched:
    """What an event may have changed (the game says it; each view decides what to redraw).

    ``combatants``: whose rows or sheets may differ; ``parts``: which kinds of thing ("order"
    when ranks or the current mark may differ, "roster" when someone joins or leaves …);
    ``extra``: topics of a game's own docks; ``everything``: redraw all (a new turn, a rewind).
    Rows of combatants not named are unchanged, except their rank and current mark when
    "order" is among the parts.
    """

    combatants: frozenset[str] = frozenset()
    parts: frozenset[Part] = frozenset()
    extra: frozenset[str] = frozenset()
    everything: bool = False

    def __or__(self, other: Touched) -> Touched:
        return Touched(self.combatants | other.combatants, self.parts | other.parts, self.extra | other.extra,
                       self.everything or other.everything)


NOTHING = Touched()
EVERYTHING = Touched(everything=True)


@dataclass(frozen=True)
class HouseRulesLoaded:
    """What loading a game's house rules found: the folder, whether it had files, the tables and rows of
    the GM's own now in use, and each file left out (file, line, reason) — reported, never raised."""

    folder: Path
    found: bool = False
    tables: int = 0
    rows: int = 0
    problems: tuple[GmtoolError, ...] = ()


@dataclass(frozen=True, slots=True)
class Involved:
    """A combatant an event concerns: its id and the name the event gives it ("" when it gives none).

    ``id`` is "" for someone the event names who is no combatant of the order (a matrix icon, say):
    named in Undo's words, never offered in the log's filter by combatant."""

    id: str
    name: str = ""


def each_once(found: Iterable[Involved]) -> tuple[Involved, ...]:
    """Each combatant once, where it first appears, with the first name an event gives it."""
    names: dict[str, str] = {}
    for who in found:
        if not names.get(who.id):
            names[who.id] = who.name
    return tuple(Involved(cid, name) for cid, name in names.items())


S = TypeVar("S")


class GameRules(Protocol[S]):
    """What the core needs from a game's rules (Qt-free): decide commands into events, fold them."""

    key: str
    commands: MessageCodec
    events: MessageCodec

    def initial_state(self) -> S:
        """The state of an empty encounter."""
        ...

    def decide(self, state: S, command: Command, rng: random.Random) -> tuple[Event, ...]:
        """Validate ``command`` against ``state``; raise RulesError or return its events."""
        ...

    def apply(self, state: S, event: Event) -> None:
        """Fold one event into ``state`` (in place). Never rolls, never refuses."""
        ...

    def describe(self, event: Event) -> str:
        """The event in words, in the active language."""
        ...

    def touched(self, event: Event) -> Touched:
        """What ``event`` may have changed (:class:`Touched`); the views redraw that and no more."""
        ...

    def involved(self, event: Event) -> tuple[Involved, ...]:
        """The combatants ``event`` concerns, the one who acts first, each once: the log's filter by
        combatant and the names of Undo and Redo ("attack by Kestrel") use it."""
        ...

    def use_readings(self, readings: RuleReadings) -> None:
        """Decide from now on with the campaign's rule readings (the journal keeps what was decided)."""
        ...

    def round_started(self, event: Event) -> int | None:
        """The number of the turn or round ``event`` starts (the report's sections), else None."""
        ...

    def log_shape(self) -> LogShape:
        """Which events head the log's turns and passes, and the families its filter offers."""
        ...

    def log_families(self, event: Event) -> frozenset[str]:
        """The filter families ``event``'s log line belongs to (``log_shape().families_of(event.kind)``,
        and any the event adds: a hand edit of damage counts as damage)."""
        ...

    # -- what the shell draws for any game (gmtool.core.display) -----------------------------------
    def heading(self, state: S) -> Heading:
        """Where the fight stands ("Turn 2 · Pass 1")."""
        ...

    def order_layout(self) -> OrderLayout:
        """The order's columns, known before any row: the score's name, each track's."""
        ...

    def order(self, state: S) -> tuple[OrderRow, ...]:
        """Every combatant in the order of play."""
        ...

    def roster(self, state: S) -> tuple[tuple[str, str], ...]:
        """Every combatant's (id, name) in the order they joined: cheap, asked after every change."""
        ...

    def sheet(self, state: S, combatant_id: str) -> SheetView | None:
        """A combatant's sheet (None: nobody by that id)."""
        ...

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        """The command a value typed into a sheet field becomes (``decide`` refuses a bad one)."""
        ...

    def offers(self, state: S, combatant_id: str) -> tuple[Offer, ...]:
        """What the combatant may do now, each enabled or with the reason it is not."""
        ...

    def take(self, state: S, combatant_id: str, offer: str) -> Command:
        """The command taking one of :meth:`offers` becomes."""
        ...

    def snapshot(self, state: S, audience: Audience = "gm") -> Snapshot:
        """The fight now, for the players' screen (``"players"``: public items only) and the report."""
        ...

    def breakdown(self, event: Event) -> Breakdown | None:
        """A rolled event in words for the report: pool, modifiers, dice, odds (None: nothing rolled)."""
        ...

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        """An exchange of tests (an attack) figure by figure for the report (empty: none)."""
        ...


OpaqueRules = GameRules[object]
"""A game's rules as the core and the shell hold them: made by the registry from the manifest's factory, their
state the game's own, handed back to them and never looked into (``object``: no shell module knows its type)."""
