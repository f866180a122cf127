"""What a hex game's rules tell the shell's map dock (no Qt): the board with its units, the command
a step or a drop on the map becomes, the selected unit's arcs, and a line of fire with its verdict.

A game whose encounters are played on a hex map gives its window a :class:`MapRules`; the dock
draws what it answers and turns what the GM does into the game's commands, which the journal keeps
(undo, redo, rewind and the log cover every move). Words come translated from the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar, runtime_checkable

from gmtool.core.hex.board import Board
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.sight import Sight
from gmtool.core.messages import Command

Step = Literal["ahead", "back", "left", "right"]
S = TypeVar("S", contravariant=True)
S_own = TypeVar("S_own")
__all__ = ["Arcs", "FireLine", "MapAdapter", "MapRules", "Step"]


@dataclass(frozen=True)
class Arcs:
    """Tints (1–6) on the hexes around a unit and what each number means, in the active language."""

    tints: Mapping[Hex, int]
    legend: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class FireLine:
    """The line of fire from one unit to another: the exact sight, the verdict in a few words and the
    reasons behind it (which hexes block or cover, which arc the target is in, the range)."""

    sight: Sight
    verdict: str
    reasons: tuple[str, ...]


@runtime_checkable
class MapRules(Protocol[S]):
    """A hex game's rules as the map dock asks them (the ``"map"`` capability, :mod:`gmtool.core.capabilities`)."""

    def board(self, state: S, language: str) -> Board | None:
        """The map with its units (None: the encounter has no map yet)."""
        ...

    def no_map(self, state: S) -> str:
        """Why :meth:`board` answers None now (no map yet, the map switched off …), in words."""
        ...

    def step(self, state: S, unit: str, step: Step) -> Command:
        """The command one step of ``unit`` becomes (``decide`` refuses an illegal one)."""
        ...

    def place(self, state: S, unit: str, at: Hex, facing: int) -> Command:
        """The command dropping ``unit`` on ``at`` (facing ``facing``) becomes: the GM's own move."""
        ...

    def overlays(self, state: S, unit: str) -> tuple[tuple[str, str], ...]:
        """The overlays the unit offers, (key, name) in the order offered: the first is the default
        (its arcs or sectors), then e.g. each weapon's range bands."""
        ...

    def overlay(self, state: S, unit: str, key: str) -> Arcs:
        """One of :meth:`overlays` as tints (empty for a key the unit does not offer now)."""
        ...

    def fire_line(self, state: S, unit: str, target: str) -> FireLine | None:
        """From ``unit`` to ``target`` (None: either is not on the map)."""
        ...


class MapAdapter(Generic[S_own]):
    """The ``"map"`` capability passed to a game's map module (``<game>_map.py``, named by ``map_rules``),
    written once for the rules adapters of the hex games; a game overrides what reads its own settings."""

    map_rules: MapRules[S_own]

    def board(self, state: S_own, language: str) -> Board | None:
        return self.map_rules.board(state, language)

    def no_map(self, state: S_own) -> str:
        return self.map_rules.no_map(state)

    def step(self, state: S_own, unit: str, step: Step) -> Command:
        return self.map_rules.step(state, unit, step)

    def place(self, state: S_own, unit: str, at: Hex, facing: int) -> Command:
        return self.map_rules.place(state, unit, at, facing)

    def overlays(self, state: S_own, unit: str) -> tuple[tuple[str, str], ...]:
        return self.map_rules.overlays(state, unit)

    def overlay(self, state: S_own, unit: str, key: str) -> Arcs:
        return self.map_rules.overlay(state, unit, key)

    def fire_line(self, state: S_own, unit: str, target: str) -> FireLine | None:
        return self.map_rules.fire_line(state, unit, target)
