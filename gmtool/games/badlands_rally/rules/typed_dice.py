"""Dice in the race: the faces typed at the table (checked: each 1–6, exactly as many as rolled), or
rolled from the encounter's seeded source."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gmtool.core.dice import roll_d6, validate_faces


def faces_or_roll(typed: Sequence[int] | None, count: int, rng: random.Random) -> tuple[int, ...]:
    if typed is None:
        return roll_d6(rng, count)
    faces = tuple(typed)
    validate_faces(faces, count)
    return faces
