"""A test of the attack flow rolled from the entry's dice stream or read from typed faces (X-2)."""

from __future__ import annotations

import random

from gmtool.core.dice_engine import roll_test, typed_test
from gmtool.core.dice_spec import TestOutcome, TestSpec
from gmtool.core.errors import RulesError
from gmtool.rulesets.damage.odds import rolls_dice


def roll(spec: TestSpec, faces: tuple[int, ...] | None, rng: random.Random) -> TestOutcome | None:
    """The test rolled or typed; None when the pool has no dice (0 hits, nothing to roll)."""
    if not rolls_dice(spec):
        if faces:
            raise RulesError("error.faces_count", expected=0, got=len(faces))
        return None
    return typed_test(spec, faces) if faces is not None else roll_test(spec, rng)


def hits(outcome: TestOutcome | None) -> int:
    return 0 if outcome is None else outcome.hits
