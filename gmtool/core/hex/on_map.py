"""What a hex game's rules tell the shell's map dock (no Qt): the board with its units, the command
a step or a drop on the map becomes, the selected unit's arcs, and a line of fire with its verdict.

A game whose encounters are played on a hex map gives its window a :class:`MapRules`; the dock
draws what it answers and turns what the GM does into the game's commands, which the journal keeps
(undo, redo, rewind and the log cover every move). Words come translated from the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar, runtime_checkable

from gmtool.core.hex.board import Board
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.sight import Sight
from gmtool.core.messages import Command

Step = Literal["ahead", "back", "left", "right"]
S = TypeVar("S", contravariant=True)
__all__ = ["Arcs", "FireLine", "MapRules", "Step"]


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
