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
- ``"target_hint"``, :class:`TargetHint`: the map dock's line before a target is chosen.

Nothing here imports a game or the hex modules (the map's protocol is imported when it is checked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol, TypeVar, get_args, runtime_checkable

Capability = Literal["player_line", "report_words", "map", "target_hint"]
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


def _protocol(capability: Capability) -> type:
    if capability == "map":
        from gmtool.core.hex.on_map import MapRules

        return MapRules
    return {"player_line": PlayerLine, "report_words": ReportWords, "target_hint": TargetHint}[capability]


def lacking(declared: frozenset[Capability], rules: object) -> tuple[Capability, ...]:
    """The declared capabilities ``rules`` does not implement (each protocol's methods, checked by name)."""
    return tuple(c for c in CAPABILITIES if c in declared and not isinstance(rules, _protocol(c)))
