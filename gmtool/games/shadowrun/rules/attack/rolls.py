"""A test of the attack flow rolled from the entry's dice stream or read from typed faces (X-2)."""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.odds import rolls_dice
from gmtool.games.shadowrun.rules.dice_engine import expected_faces, roll_test, typed_test
from gmtool.games.shadowrun.rules.dice_spec import EdgeUse, TestOutcome, TestSpec


def roll(spec: TestSpec, faces: tuple[int, ...] | None, rng: random.Random) -> TestOutcome | None:
    """The test rolled or typed; None when the pool has no dice (0 hits, nothing to roll).

    Typed faces with Second Chance: the first roll's faces, then one per die that did not hit.
    Second Chance after an SR5 glitch is refused (SR5-E2), rolled or typed.
    """
    if not rolls_dice(spec):
        if faces:
            raise RulesError("error.faces_count", expected=0, got=len(faces))
        return None
    if faces is None:
        outcome = roll_test(spec, rng)
        if outcome.reroll_refused:
            raise RulesError("error.second_chance_glitch")
        return outcome
    if spec.edge_use is EdgeUse.REROLL_FAILURES:
        first = expected_faces(spec, faces)
        outcome = typed_test(spec, faces[:first], faces[first:])
        if outcome.reroll_refused:
            raise RulesError("error.second_chance_glitch")
        return outcome
    return typed_test(spec, faces)


def hits(outcome: TestOutcome | None) -> int:
    return 0 if outcome is None else outcome.hits
