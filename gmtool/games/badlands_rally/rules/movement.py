"""Badlands Rally movement (BR-7, BR-8): what a gear's moves cost in MR on the map.

A gear moves one hex straight ahead per MR, more where the terrain and its speed say (rough:
2 MR at top speed); ordinary movement enters race-course hexes only. At cruising speed turning is
free and the gear may move backwards (one hex straight behind, as a step ahead costs); at top
speed every hex side turned costs 1 MR and a gear cannot go backwards. Moves are checked in order
and refused with the reason (a hex off the course, no MR left, backwards at top speed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, ahead, label, turn
from gmtool.games.badlands_rally.rules.terrain import Kind, Speed, kinds

Move = Literal["ahead", "back", "left", "right"]


@dataclass(frozen=True)
class Walked:
    """Where the moves end, facing which side, the MR they cost, and every hex entered in order."""

    hex: Hex
    facing: int
    cost: int
    path: tuple[Hex, ...]


def walk(start: Hex, facing: int, moves: Sequence[Move], speed: Speed, terrain_of: Callable[[Hex], str],
         mr: int, free_turns: bool = False, enter_cost: Callable[[Kind, Speed], int | None] = Kind.mr) -> Walked:
    """The moves from ``start`` facing ``facing`` with ``mr`` MR (``terrain_of``: a hex's kind key;
    a hex off the map should answer a kind that is not race course). ``free_turns`` and ``enter_cost``: what
    the gear's special rules make of turning and of entering a hex (BR-20, :mod:`.specials`)."""
    table = kinds()
    here, cost, path = start, 0, []
    for move in moves:
        if move in ("left", "right"):
            facing = turn(facing, -1 if move == "left" else 1)
            step = 0 if speed == "cruising" or free_turns else 1
        else:
            if move == "back" and speed != "cruising":
                raise RulesError("error.br_backwards_at_top_speed")
            here = ahead(here, facing, 1 if move == "ahead" else -1)
            kind = table.get(terrain_of(here))
            entry = enter_cost(kind, speed) if kind is not None else None
            if entry is None:
                raise RulesError("error.br_off_course", hex=label(here))
            step = entry
            path.append(here)
        if cost + step > mr:
            raise RulesError("error.br_no_mr", cost=cost + step, mr=mr)
        cost += step
    return Walked(here, facing, cost, tuple(path))
