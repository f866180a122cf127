"""Spin-outs, skids and collisions (BR-15, BR-16), from the digest's スピニングアウトとスキッド,
スキッド, 地形やギアへの衝突 and 衝突ダメージ sections.

A gear that spins out turns as many hex sides as one die shows, in the direction the attacker (or
the player on the left) chooses; on a 6 it turns all the way round and recovers: no skid, its
activation goes on, and it takes a rally-the-crowd token. Otherwise it skids that way: one die of
hexes straight ahead, plus the hits beyond what it had left. A gear forced (skid, jump, push) into
a hex off the race course or holding another gear stops in the last race-course hex before it and
takes one collision damage roll: 2D6 against terrain; against a gear, the cause's dice (the push's
MOS, the jump's dice, the skid's distance) plus the other's armour minus its own — and the gear hit
takes the same with the armours the other way round (AR 4 into AR 5: +1D6 and −1D6). A gear hit and
damaged spins out and skids in turn; the active player orders the chain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from gmtool.core.hex.coords import Hex, ahead, turn

FULL_TURN = 6
TERRAIN_DICE = 2
Cause = Literal["push", "jump", "skid"]


@dataclass(frozen=True)
class SpinOut:
    facing: int
    recovered: bool  # a 6: no skid, the activation goes on, a rally-the-crowd token


def spin_out(facing: int, die: int, clockwise: bool) -> SpinOut:
    """BR-15: turn ``die`` hex sides (clockwise or not); a 6 turns all the way round."""
    if die == FULL_TURN:
        return SpinOut(facing, True)
    return SpinOut(turn(facing, die if clockwise else -die), False)


@dataclass(frozen=True)
class Forced:
    """Where a forced move ends, the hexes moved through, and what it hit (``None``: nothing;
    ``("terrain", hex)`` or ``("gear", hex)`` with the hex it would have entered)."""

    hex: Hex
    path: tuple[Hex, ...]
    hit: tuple[str, Hex] | None


def forced_move(start: Hex, facing: int, distance: int, on_course: Callable[[Hex], bool],
                gear_at: Callable[[Hex], bool]) -> Forced:
    """``distance`` hexes straight ahead, stopping before terrain off the course or a gear (BR-16)."""
    here, path = start, list[Hex]()
    for _ in range(max(distance, 0)):
        nxt = ahead(here, facing)
        if not on_course(nxt):
            return Forced(here, tuple(path), ("terrain", nxt))
        if gear_at(nxt):
            return Forced(here, tuple(path), ("gear", nxt))
        here = nxt
        path.append(here)
    return Forced(here, tuple(path), None)


def skid_distance(die: int, excess_hits: int = 0) -> int:
    """One die of hexes plus the hits beyond what the gear had left (BR-13, BR-16)."""
    return die + excess_hits


def collision_dice(cause_dice: int, into: Literal["terrain", "gear"], own_armour: int = 0, other_armour: int = 0) -> int:
    """The collision damage roll's dice for one gear (0 or more)."""
    if into == "terrain":
        return TERRAIN_DICE
    return max(0, cause_dice + other_armour - own_armour)
