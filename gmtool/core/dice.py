"""Dice any game rolls: the seeded dice source of an encounter, six-sided dice, faces typed at the table.

What the faces mean (hits, glitches, margins) is each game's own rules' business. Rolling is kept apart from reading the faces,
so faces typed in at the table (X-2) go through exactly the same code as rolled ones.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError

FACES = 6


class DiceSource:
    """One seeded random source per encounter (X-1).

    Each command gets its own generator derived from the encounter seed and the
    command's journal number, so dice are reproducible without storing the
    generator state, and replaying a journal never needs to roll again.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def for_command(self, seq: int) -> random.Random:
        return random.Random(f"gmtool:{self.seed}:{seq}")


def roll_d6(rng: random.Random, count: int) -> tuple[int, ...]:
    """``count`` six-sided dice from the injected generator."""
    return tuple(rng.randint(1, FACES) for _ in range(count))


def validate_faces(faces: tuple[int, ...], count: int) -> None:
    """Faces typed at the table: each 1-6, exactly ``count`` of them."""
    if any(isinstance(f, bool) or not isinstance(f, int) or f < 1 or f > FACES for f in faces):
        raise RulesError("error.faces_range")
    if len(faces) != count:
        raise RulesError("error.faces_count", expected=count, got=len(faces))
