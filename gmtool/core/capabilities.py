"""What a game's rules may offer beyond :class:`gmtool.core.game.GameRules`, each a typed protocol.

A game declares the ones its rules have in its manifest (``GameManifest.capabilities``); the registry
refuses rules lacking a declared one (:func:`lacking`), and the shell asks only through the accessors
of :mod:`gmtool.core.declared`, never by looking for a method on the rules object:

- ``"player_line"``, :class:`PlayerLine`: the line the player view shows under the heading (whose move
  it is in a duel's allocation phase …);
- ``"report_words"``, :class:`ReportWords`: the game's own message keys for the printed report's fixed
  words (a "race report", "the starting grid");
- ``"map"``, :class:`gmtool.core.hex.on_map.MapRules`: the encounter is played on a hex map (the map
  dock, the player view's map and the report's maps draw what it answers);
- ``"target_hint"``, :class:`TargetHint`: the map dock's line before a target is chosen;
- ``"carry"``, :class:`Carry`: what of a combatant carries over to the next encounter (the campaign's
  party, :mod:`gmtool.core.party`).

Nothing here imports a game or the hex modules (the map's protocol is imported when it is checked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar, get_args, runtime_checkable

if TYPE_CHECKING:
    from gmtool.core.display import SheetField
    from gmtool.core.messages import Command
    from gmtool.core.party import BetweenAction, CarriedState, ChangeLine, StateLine

Capability = Literal["player_line", "report_words", "map", "target_hint", "carry"]
CAPABILITIES: tuple[Capability, ...] = get_args(Capability)
S = TypeVar("S", contravariant=True)


@runtime_checkable
class PlayerLine(Protocol[S]):
    """``"player_line"``: a line of the game's own for the players' screen."""

    def player_line(self, state: S) -> str:
        """The line under the heading, in the active language ("" when there is nothing to say)."""
        ...


@runtime_checkable
class ReportWords(Protocol):
    """``"report_words"``: the game's own keys for the report's fixed words."""

    def report_words(self) -> Mapping[str, str]:
        """gmtool's key (``report.title``, ``report.round`` …) → the game's key with the same fields."""
        ...


@runtime_checkable
class TargetHint(Protocol):
    """``"target_hint"``: what the map dock says before a target is chosen."""

    def pick_target_hint(self) -> str:
        """The line in the active language."""
        ...


REPORT_KEYS = ("report.title", "report.setup", "report.round", "report.snapshot", "report.map_setup", "report.map_end")
"""The report's fixed words a game may give its own keys for (``report_words``)."""


def report_keys(prefix: str) -> dict[str, str]:
    """Every report key as the game's own under ``prefix`` (``"ab"``: ``report.title`` → ``ab.report.title``)."""
    return {key: f"{prefix}.{key}" for key in REPORT_KEYS}


class PrefixedReportWords:
    """``"report_words"`` answered by :func:`report_keys` under the game's ``report_prefix``."""

    report_prefix: str  # the game's message prefix ("ab": ``ab.report.title`` …)

    def report_words(self) -> dict[str, str]:
        return report_keys(self.report_prefix)


@runtime_checkable
class Carry(Protocol[S]):
    """``"carry"``: what of a combatant goes on to the next encounter (:mod:`gmtool.core.party`).

    ``template`` is one of the game's library templates (what its ``GameLibrary.read`` returns)."""

    carry_version: int  # the version of the carried states' documents

    def fresh(self, template: object) -> CarriedState:
        """A member as its template is (unhurt, full Edge and magazines, nothing lasting)."""
        ...

    def read_carried(self, document: Mapping[str, object], version: int) -> CarriedState:
        """A stored document's state (FileFormatError: newer than this game or invalid)."""
        ...

    def bring(self, template: object, carried: CarriedState, name: str) -> tuple[Command, ...]:
        """The commands adding the member (named ``name``, a player's character) to an encounter as it
        is now (RulesError: the game refuses it)."""
        ...

    def carried(self, state: S, combatant_id: str) -> CarriedState | None:
        """What of a combatant of the fight carries over (None: nobody by that id)."""
        ...

    def describe_changes(self, before: CarriedState, after: CarriedState) -> tuple[ChangeLine, ...]:
        """What changed, in the active language (empty: nothing)."""
        ...

    def state_lines(self, carried: CarriedState) -> tuple[StateLine, ...]:
        """The state as lines (the library beside the template's, the player view, the report)."""
        ...

    def between_actions(self) -> tuple[BetweenAction, ...]:
        """What the GM may do between encounters besides ``reset`` (heal, refresh Edge, reload …)."""
        ...

    def act_between(self, carried: CarriedState, action: str, template: object) -> CarriedState:
        """The state after one of :meth:`between_actions` (RulesError: unknown action)."""
        ...

    def fields(self, carried: CarriedState) -> tuple[SheetField, ...]:
        """The state's fields, for editing by hand."""
        ...

    def with_field(self, carried: CarriedState, key: str, value: int | str | bool) -> CarriedState:
        """The state with one field typed by hand (RulesError naming the bad value)."""
        ...


def _protocol(capability: Capability) -> type:
    if capability == "map":
        from gmtool.core.hex.on_map import MapRules

        return MapRules
    return {"player_line": PlayerLine, "report_words": ReportWords, "target_hint": TargetHint,
            "carry": Carry}[capability]


def lacking(declared: frozenset[Capability], rules: object) -> tuple[Capability, ...]:
    """The declared capabilities ``rules`` does not implement (each protocol's methods, checked by name)."""
    return tuple(c for c in CAPABILITIES if c in declared and not isinstance(rules, _protocol(c)))
