"""SR4 tests through the dice engine (Edition.SR4): rolled, or faces typed at the table (X-2).

A pool of 0 or less rolls nothing: the initiative and surprise tests then count
0 hits (their typed faces must be empty); a test that must be rolled (Sprint)
is refused instead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gmtool.core.dice import validate_faces
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_tests import Edition, TestSpec, roll_test, typed_test


@dataclass(frozen=True)
class Roll:
    pool: int
    faces: tuple[int, ...]
    hits: int
    glitch: bool
    critical_glitch: bool
    typed: bool


def roll(pool: int, rng: random.Random, faces: tuple[int, ...] | None = None) -> Roll:
    """Roll ``pool`` dice (or read typed ``faces``); a pool ≤ 0 gives no dice and 0 hits."""
    typed = faces is not None
    if pool <= 0:
        validate_faces(faces or (), 0)
        return Roll(max(pool, 0), (), 0, False, False, typed)
    spec = TestSpec(Edition.SR4, pool=pool)
    outcome = typed_test(spec, faces) if faces is not None else roll_test(spec, rng)
    dice = tuple(d.face for d in outcome.dice)
    return Roll(pool, dice, outcome.hits, outcome.glitch, outcome.critical_glitch, typed)


def roll_required(pool: int, rng: random.Random, faces: tuple[int, ...] | None = None) -> Roll:
    """As :func:`roll`, but a pool ≤ 0 is refused."""
    if pool <= 0:
        raise RulesError("error.sr4_pool_empty", pool=pool)
    return roll(pool, rng, faces)
