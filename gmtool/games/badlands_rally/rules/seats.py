"""The gears' clockwise order round the table (BR-4, BR-5): the order they joined, or with the players
named, each player's first gear in the players' order, then their second gears — gmtool's reading of
the digest's note on two gears each (each gear keeps its own initiative; the players move in turn)."""

from __future__ import annotations

from collections.abc import Sequence

GEARS_PER_PLAYER = 2


def clockwise_gears(players: Sequence[str], gears: Sequence[tuple[str, str]]) -> list[str]:
    """Gear ids clockwise from ``gears`` (id, player) in the order they joined."""
    if not players:
        return [gear for gear, _player in gears]
    hands = [[gear for gear, seat in gears if seat == player] for player in players]
    seated = [hand[turn] for turn in range(GEARS_PER_PLAYER) for hand in hands if turn < len(hand)]
    return seated + [gear for gear, _player in gears if gear not in seated]  # a gear of no named player: last
