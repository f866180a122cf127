"""Rolling, typing and buying Shadowrun dice tests (semantics: :mod:`gmtool.games.shadowrun.rules.dice_tests`).

Rolled and typed faces go through the same code: a test's first roll is the
initial dice followed by the rule-of-six extras (breadth first), then, for
REROLL_FAILURES, one reroll face per failed die. Only the injected generator is
used (X-1); typed faces are validated before anything is judged (X-2).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gmtool.core.dice import FACES, roll_d6, validate_faces
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice import HIT_MIN, GlitchRule, count_hits, is_glitch
from gmtool.games.shadowrun.rules.dice_spec import (
    Die,
    DieSource,
    EdgeUse,
    Edition,
    TestOutcome,
    TestSpec,
    counted,
    explode_from,
    first_dice,
    pool_dice,
    validate_spec,
)

Draw = Callable[[int], tuple[int, ...]]


def roll_test(spec: TestSpec, rng: random.Random) -> TestOutcome:
    """Roll ``spec`` with the injected generator only."""
    validate_spec(spec)

    def draw(count: int) -> tuple[int, ...]:
        return roll_d6(rng, count)

    return _resolve(spec, _first_roll(spec, draw), draw, typed=False)


def typed_test(spec: TestSpec, faces: tuple[int, ...], reroll_faces: tuple[int, ...] = ()) -> TestOutcome:
    """The outcome of faces rolled at the table: the same outcome rolling them would give."""
    validate_spec(spec)
    faces, reroll_faces = tuple(faces), tuple(reroll_faces)
    validate_faces(faces, len(faces))  # faces 1-6 before they are read
    validate_faces(faces, expected_faces(spec, faces))
    validate_faces(reroll_faces, len(reroll_faces))

    def draw(count: int) -> tuple[int, ...]:
        validate_faces(reroll_faces, count)  # one reroll face per failed die
        return reroll_faces

    outcome = _resolve(spec, faces, draw, typed=True)
    if reroll_faces and outcome.reroll_refused:
        raise RulesError("error.second_chance_glitch")
    if spec.edge_use is not EdgeUse.REROLL_FAILURES:
        validate_faces(reroll_faces, 0)
    return outcome


def buy_hits(spec: TestSpec) -> TestOutcome:
    """SR4-D12: one hit per four dice of the pool, no roll, no glitch (SR5: limited)."""
    validate_spec(spec)
    if spec.edge_use is not EdgeUse.NONE:
        raise RulesError("error.bad_value")  # no dice are rolled, so no Edge use applies
    hits = spec.pool // 4
    return TestOutcome(spec, (), hits, counted(spec, hits), 0, False, False, bought=True)


def expected_faces(spec: TestSpec, faces: tuple[int, ...]) -> int:
    """How many faces the first roll has: the initial dice plus one per six that explodes.

    When ``faces`` is too short this is the count its sixes call for so far.
    """
    expected = first_dice(spec)
    start = explode_from(spec)
    if start is None:
        return expected
    index = start
    while index < min(expected, len(faces)):
        expected += faces[index] == FACES
        index += 1
    return expected


def _first_roll(spec: TestSpec, draw: Draw) -> tuple[int, ...]:
    """Initial dice, then the rule-of-six extras breadth first (all in rolling order)."""
    faces = draw(first_dice(spec))
    start = explode_from(spec)
    if start is None:
        return faces
    pending = faces[start:].count(FACES)
    while pending:
        extras = draw(pending)
        faces += extras
        pending = extras.count(FACES)
    return faces


def _sources(spec: TestSpec, count: int) -> list[DieSource]:
    pool, first = pool_dice(spec), first_dice(spec)
    return ["pool" if i < pool else "edge" if i < first else "extra" for i in range(count)]


def _resolve(spec: TestSpec, faces: tuple[int, ...], draw: Draw, *, typed: bool) -> TestOutcome:
    if spec.edge_use is EdgeUse.CRITICAL_SUCCESS:
        hits = spec.threshold + 4  # SR4-E10: nothing is rolled
        return TestOutcome(spec, (), hits, hits, 0, False, False, typed=typed)
    dice = [Die(face, source) for face, source in zip(faces, _sources(spec, len(faces)), strict=True)]
    ones, glitch = _glitch(spec, dice)
    refused = False
    if spec.edge_use is EdgeUse.REROLL_FAILURES:
        refused = glitch and spec.edition is Edition.SR5  # SR5-E2: not after a glitch
        if not refused:
            dice = _reroll(dice, draw)
    hits = count_hits(tuple(d.face for d in dice if not d.replaced))
    critical = glitch and hits == 0
    negated = spec.edge_use is EdgeUse.NEGATE_GLITCH and glitch
    return TestOutcome(
        spec=spec,
        dice=tuple(dice),
        hits=hits,
        counted_hits=counted(spec, hits),
        ones=ones,
        glitch=glitch and not negated,
        critical_glitch=critical and not negated,
        glitch_negated=negated,
        reroll_refused=refused,
        typed=typed,
    )


def _glitch(spec: TestSpec, dice: list[Die]) -> tuple[int, bool]:
    """The ones that count and whether they glitch, judged on the first roll."""
    if spec.edition is Edition.SR4:
        ones = sum(1 for d in dice if d.face == 1)
        return ones, is_glitch(ones, len(dice), GlitchRule.SR4)
    ones = sum(1 for d in dice if d.face == 1 and (d.source != "extra" or spec.extras_ones_count))
    return ones, is_glitch(ones, first_dice(spec), GlitchRule.SR5)


def _reroll(dice: list[Die], draw: Draw) -> list[Die]:
    """Every die that did not hit is rolled once more (no rule of six)."""
    failed = [i for i, d in enumerate(dice) if d.face < HIT_MIN]
    new = draw(len(failed))
    for i in failed:
        dice[i] = Die(dice[i].face, dice[i].source, replaced=True)
    return dice + [Die(face, "reroll") for face in new]
