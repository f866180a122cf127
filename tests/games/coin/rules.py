"""The coin duel's rules (Qt-free): commands, events, the state and what the shell draws of it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from gmtool.core.display import (
    Audience,
    Breakdown,
    BreakdownPart,
    Heading,
    LogShape,
    Offer,
    OrderLayout,
    OrderRow,
    SheetField,
    SheetView,
    Snapshot,
    Track,
    for_players,
)
from gmtool.core.errors import RulesError
from gmtool.core.game import NOTHING, GameDemo, Involved, Touched
from gmtool.core.i18n import tr
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.core.readings import RuleReadings
from tests.games.coin.carry import CoinCarry

COINS = 3
HEADS, TAILS = 1, 2


# -- messages ----------------------------------------------------------------------------------
class AddDuelist(Command):
    kind: Literal["add_duelist"] = "add_duelist"
    name: str
    coins: int = COINS
    left: int | None = None  # coins still held (a party member carried from an earlier duel); None: all


class StartRound(Command):
    kind: Literal["start_round"] = "start_round"


class Flip(Command):
    kind: Literal["flip"] = "flip"
    by: str


class EditDuelist(Command):
    kind: Literal["edit_duelist"] = "edit_duelist"
    combatant: str
    field: str
    value: int | str | bool


class DuelistEdited(Event):
    kind: Literal["duelist_edited"] = "duelist_edited"
    combatant: str
    field: str
    old: int | str
    new: int | str


class DuelistAdded(Event):
    kind: Literal["duelist_added"] = "duelist_added"
    id: str
    name: str
    coins: int
    left: int | None = None  # None: all its coins


class RoundStarted(Event):
    kind: Literal["round_started"] = "round_started"
    round: int
    first: str


class CoinFlipped(Event):
    kind: Literal["coin_flipped"] = "coin_flipped"
    by: str
    name: str
    face: int  # HEADS or TAILS


class CoinLost(Event):
    kind: Literal["coin_lost"] = "coin_lost"
    who: str
    name: str
    left: int


class GoPassed(Event):
    kind: Literal["go_passed"] = "go_passed"
    to: str | None  # None: the duel is over
    name: str = ""  # whose go it is now


LOG_SHAPE = LogShape(families=(("flips", frozenset({"coin_flipped", "coin_lost"})),), headings=(("round_started", 0),))


# -- state ---------------------------------------------------------------------------------------
@dataclass
class Duelist:
    id: str
    name: str
    coins: int
    start: int


@dataclass
class CoinState:
    combatants: dict[str, Duelist] = field(default_factory=dict)
    turn: int = 0
    current: str | None = None
    last_face: int | None = None


class CoinRules(CoinCarry):
    """The duel, as the core and the shell need it."""

    key = "coin"
    commands = MessageCodec((AddDuelist, StartRound, Flip, EditDuelist))
    events = MessageCodec((DuelistAdded, RoundStarted, CoinFlipped, CoinLost, GoPassed, DuelistEdited))

    def __init__(self, readings: RuleReadings | None = None) -> None:
        self.readings = readings

    def initial_state(self) -> CoinState:
        return CoinState()

    def use_readings(self, readings: RuleReadings) -> None:
        self.readings = readings  # the duel has no rule readings to follow

    # -- deciding --------------------------------------------------------------------------
    def decide(self, state: CoinState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        if isinstance(command, AddDuelist):
            if len(state.combatants) >= 2:
                raise RulesError("coin.error.full")
            if command.left is not None and not 0 <= command.left <= command.coins:
                raise RulesError("coin.error.coins", high=command.coins)
            return (DuelistAdded(id=f"d{len(state.combatants) + 1}", name=command.name, coins=command.coins,
                                 left=command.left),)
        standing = [d.id for d in state.combatants.values() if d.coins > 0]
        if isinstance(command, StartRound):
            if len(standing) < 2:
                raise RulesError("coin.error.two_duelists")
            return (RoundStarted(round=state.turn + 1, first=standing[0]),)
        if isinstance(command, Flip):
            if state.current != command.by:
                name = state.combatants[command.by].name if command.by in state.combatants else command.by
                raise RulesError("coin.error.not_your_go", name=name)
            rival = next(cid for cid in state.combatants if cid != command.by)
            face = rng.randint(HEADS, TAILS)
            events: list[Event] = [CoinFlipped(by=command.by, name=state.combatants[command.by].name, face=face)]
            left = state.combatants[rival].coins
            if face == HEADS:
                left -= 1
                events.append(CoinLost(who=rival, name=state.combatants[rival].name, left=left))
            events.append(GoPassed(to=rival, name=state.combatants[rival].name) if left > 0 else GoPassed(to=None))
            return tuple(events)
        if isinstance(command, EditDuelist):
            return (self._edited(state, command),)
        raise RulesError("error.unknown_command", kind=command.kind)

    def _edited(self, state: CoinState, command: EditDuelist) -> DuelistEdited:
        duelist = state.combatants.get(command.combatant)
        if duelist is None or command.field not in ("name", "coins"):
            raise RulesError("error.no_change")
        value = command.value
        if command.field == "coins" and not (isinstance(value, int) and 0 <= value <= duelist.start):
            raise RulesError("coin.error.coins", high=duelist.start)
        if command.field == "name" and not (isinstance(value, str) and value.strip()):
            raise RulesError("coin.error.name")
        old = getattr(duelist, command.field)
        if old == value:
            raise RulesError("error.no_change")
        return DuelistEdited(combatant=duelist.id, field=command.field, old=old, new=value)

    def apply(self, state: CoinState, event: Event) -> None:
        if isinstance(event, DuelistAdded):
            left = event.coins if event.left is None else event.left
            state.combatants[event.id] = Duelist(event.id, event.name, left, event.coins)
        elif isinstance(event, RoundStarted):
            state.turn, state.current = event.round, event.first
        elif isinstance(event, CoinFlipped):
            state.last_face = event.face
        elif isinstance(event, CoinLost):
            state.combatants[event.who].coins = event.left
        elif isinstance(event, GoPassed):
            state.current = event.to
        elif isinstance(event, DuelistEdited):
            setattr(state.combatants[event.combatant], event.field, event.new)

    # -- words ----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        if isinstance(event, DuelistAdded):
            return tr("coin.event.added", name=event.name, coins=event.coins)
        if isinstance(event, RoundStarted):
            return tr("coin.event.round", round=event.round)
        if isinstance(event, CoinFlipped):
            return tr("coin.event.heads" if event.face == HEADS else "coin.event.tails", name=event.name)
        if isinstance(event, CoinLost):
            return tr("coin.event.lost", name=event.name, left=event.left)
        if isinstance(event, DuelistEdited):
            return tr("coin.event.edited", old=event.old, new=event.new)
        if isinstance(event, GoPassed):
            return tr("coin.event.go", name=event.name) if event.to is not None else tr("coin.event.over")
        return ""

    def touched(self, event: Event) -> Touched:
        if isinstance(event, DuelistAdded):
            return Touched(frozenset({event.id}), frozenset({"roster", "order"}))
        if isinstance(event, CoinLost):
            return Touched(frozenset({event.who}), frozenset({"tracks"}))
        if isinstance(event, DuelistEdited):
            return Touched(frozenset({event.combatant}), frozenset({"sheet", "tracks"}))
        if isinstance(event, GoPassed | RoundStarted):
            return Touched(parts=frozenset({"order", "heading"}))
        if isinstance(event, CoinFlipped):
            return Touched(extra=frozenset({"coin_table"}))
        return NOTHING

    def involved(self, event: Event) -> tuple[Involved, ...]:
        if isinstance(event, DuelistAdded):
            return (Involved(event.id, event.name),)
        if isinstance(event, CoinFlipped):
            return (Involved(event.by, event.name),)
        if isinstance(event, CoinLost):
            return (Involved(event.who, event.name),)
        if isinstance(event, DuelistEdited):
            return (Involved(event.combatant, str(event.new) if event.field == "name" else ""),)
        if isinstance(event, RoundStarted):
            return (Involved(event.first),)
        if isinstance(event, GoPassed) and event.to is not None:
            return (Involved(event.to, event.name),)
        return ()

    def round_started(self, event: Event) -> int | None:
        return event.round if isinstance(event, RoundStarted) else None

    def log_shape(self) -> LogShape:
        return LOG_SHAPE

    def log_families(self, event: Event) -> frozenset[str]:
        return LOG_SHAPE.families_of(event.kind)

    # -- what the shell draws ----------------------------------------------------------------------
    def heading(self, state: CoinState) -> Heading:
        if state.turn == 0:
            return Heading(tr("coin.heading.not_started"))
        if state.current is None:
            return Heading(tr("coin.heading.over", round=state.turn))
        return Heading(tr("coin.heading.round", round=state.turn, name=state.combatants[state.current].name))

    def order_layout(self) -> OrderLayout:
        return OrderLayout("", (("coins", tr("coin.column.coins")),))  # the coins left are the whole score

    def order(self, state: CoinState) -> tuple[OrderRow, ...]:
        return tuple(
            OrderRow(d.id, d.name, rank, str(d.coins), d.id == state.current, d.coins == 0, False, (), (self._coins(d),))
            for rank, d in enumerate(state.combatants.values())
        )

    @staticmethod
    def _coins(duelist: Duelist) -> Track:
        return Track("coins", tr("coin.column.coins"), "bar", duelist.coins, duelist.start, "resource", "left")

    def sheet(self, state: CoinState, combatant_id: str) -> SheetView | None:
        duelist = state.combatants.get(combatant_id)
        if duelist is None:
            return None
        fields = (SheetField("name", tr("coin.card.name"), "text", duelist.name),
                  SheetField("coins", tr("coin.column.coins"), "number", duelist.coins, 0, duelist.start))
        return SheetView(duelist.id, duelist.name, fields, (self._coins(duelist),))

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        return EditDuelist(combatant=combatant_id, field=field, value=value)

    def offers(self, state: CoinState, combatant_id: str) -> tuple[Offer, ...]:
        duelist = state.combatants.get(combatant_id)
        if duelist is None:
            return ()
        mine = state.current == combatant_id
        reason = "" if mine else tr("coin.error.not_your_go", name=duelist.name)
        return (Offer("flip", tr("action.flip"), mine, reason),)

    def take(self, state: CoinState, combatant_id: str, offer: str) -> Command:
        return Flip(by=combatant_id)

    def roster(self, state: CoinState) -> tuple[tuple[str, str], ...]:
        return tuple((d.id, d.name) for d in state.combatants.values())

    def snapshot(self, state: CoinState, audience: Audience = "gm") -> Snapshot:
        snapshot = Snapshot(self.heading(state), self.order_layout(), self.order(state))
        return for_players(snapshot) if audience == "players" else snapshot

    def breakdown(self, event: Event) -> Breakdown | None:
        if isinstance(event, CoinFlipped):
            face = tr("coin.face.heads" if event.face == HEADS else "coin.face.tails")
            return Breakdown(pool="1", modifiers=(), dice=face, odds="50%")
        return None

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        return ()


def demo(language: str) -> GameDemo:
    """Two made-up duelists, the first round begun (the duelists' names are the same in every language)."""
    return GameDemo(
        name={"en": "Demo: a coin duel", "ja": "デモ：コイン決闘"}.get(language, "Demo: a coin duel"),
        seed=7,
        commands=(AddDuelist(name="Ada"), AddDuelist(name="Bo"), StartRound()),
    )
