"""The icepool oracle: exact odds of a Shadowrun test built die by die with icepool.

Used by ``tests/test_dice_oracle.py`` (the engine must match it within 1e-9) and by
:mod:`benchmarks.odds` (the speed-up). It shares nothing with gmtool's maths: each
die is modelled face by face as icepool outcomes, rule-of-six chains as nested
``d6.map`` calls ``DEPTH`` levels deep, and the dice are summed by icepool. A die's
state is packed into one integer (components in base ``BASE``), which icepool sums
far faster than tuples or vectors.

Depth. At the last level a six does not explode; a chain is that long with
probability 6^−(DEPTH+1) per exploding die, so for DEPTH = 15 the law differs from
the true one by at most 25·6^−16 < 1e-11 in total variation for ≤ 25 exploding dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce

import icepool

from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestSpec

DEPTH = 15
BASE = 10_000  # packing radix: every component sum stays below BASE / 2 in magnitude

Leaf = Callable[[int], int]


@dataclass(frozen=True)
class OracleOdds:
    """What the oracle answers, as exact fractions (the hit law fully listed)."""

    hits: dict[int, Fraction]
    success: Fraction
    glitch: Fraction
    critical_glitch: Fraction
    critical_success: Fraction
    expected_net_hits: Fraction


def pack(*parts: int) -> int:
    return reduce(lambda acc, part: acc * BASE + part, parts, 0)


def unpack(value: int, count: int) -> tuple[int, ...]:
    parts = []
    for _ in range(count):
        part = (value + BASE // 2) % BASE - BASE // 2  # components may be negative
        parts.append(part)
        value = (value - part) // BASE
    return tuple(reversed(parts))


def exploding(first: Leaf, extra: Leaf, depth: int = DEPTH) -> icepool.Die:
    """A die whose sixes add a die (``extra`` faces), recursively, ``depth`` levels deep."""
    chain = icepool.d6.map(extra)
    for _ in range(depth - 1):
        chain = icepool.d6.map(_then(chain, extra))
    return icepool.d6.map(_then(chain, first))


def _then(more: icepool.Die, leaf: Leaf) -> Callable[[int], icepool.Die | int]:
    """A face's state, plus ``more`` on a six."""
    return lambda f: more + leaf(f) if f == 6 else leaf(f)


def total(*groups: tuple[int, icepool.Die]) -> icepool.Die:
    """The sum of ``count`` copies of each die."""
    dice = [count @ die for count, die in groups if count > 0]
    return reduce(lambda a, b: a + b, dice)


def _hit(face: int) -> int:
    return int(face >= 5)


def _one(face: int) -> int:
    return int(face == 1)


def model(spec: TestSpec) -> tuple[icepool.Die, Callable[[int], tuple[int, bool]]]:
    """The icepool die of a test's packed state, and how to read (hits, glitch) from it."""
    sr4 = spec.edition is Edition.SR4
    pool, edge, use = max(spec.pool, 0), spec.edge, spec.edge_use
    if use is EdgeUse.REROLL_FAILURES:
        return _reroll_model(spec)
    if sr4:  # state (hits, 2·ones − dice rolled): glitch when ≥ 0

        def leaf(f: int) -> int:
            return pack(_hit(f), 2 * _one(f) - 1)

        plain = icepool.d6.map(leaf)
        if use is EdgeUse.ADD_BEFORE:
            die = total((pool + edge, exploding(leaf, leaf)))
        elif use is EdgeUse.ADD_AFTER:
            die = total((pool, plain), (edge, exploding(leaf, leaf)))
        else:
            die = total((pool, plain))
        return die, lambda v: (unpack(v, 2)[0], unpack(v, 2)[1] >= 0)

    def first(f: int) -> int:
        return pack(_hit(f), _one(f))

    def extra(f: int) -> int:  # SR5 setting: do the extras' ones count?
        return pack(_hit(f), _one(f) if spec.extras_ones_count else 0)

    dice = pool + (edge if use in (EdgeUse.ADD_BEFORE, EdgeUse.ADD_AFTER) else 0)
    if use is EdgeUse.ADD_BEFORE:
        die = total((dice, exploding(first, extra)))
    else:
        die = total((dice, icepool.d6.map(first)))
    return die, lambda v: (unpack(v, 2)[0], 2 * unpack(v, 2)[1] > dice)


def _reroll_model(spec: TestSpec) -> tuple[icepool.Die, Callable[[int], tuple[int, bool]]]:
    """State (final hits, first-roll hits, first-roll ones); SR5 keeps the first roll after a glitch."""
    n = spec.pool

    def one_die(f: int) -> icepool.Die | int:
        if f >= 5:
            return pack(1, 1, 0)
        return icepool.d6.map(lambda g: pack(_hit(g), 0, _one(f)))

    die = total((n, icepool.d6.map(one_die)))
    sr4 = spec.edition is Edition.SR4

    def read(v: int) -> tuple[int, bool]:
        final, first, ones = unpack(v, 3)
        glitch = 2 * ones >= n if sr4 else 2 * ones > n
        return (final if sr4 or not glitch else first), glitch

    return die, read


def oracle_odds(spec: TestSpec) -> OracleOdds:
    """The odds of ``spec`` (valid specs only) computed by icepool."""
    if spec.edge_use is EdgeUse.CRITICAL_SUCCESS:
        hits = spec.threshold + 4
        return OracleOdds({hits: Fraction(1)}, Fraction(1), Fraction(0), Fraction(0), Fraction(1), Fraction(4))
    die, read = model(spec)
    return evaluate(spec, die, read)


def evaluate(spec: TestSpec, die: icepool.Die, read: Callable[[int], tuple[int, bool]]) -> OracleOdds:
    """Fold an icepool die of packed states into the odds of ``spec``."""
    denominator = die.denominator()
    limited = (
        spec.edition is Edition.SR5
        and spec.limit is not None
        and spec.edge_use not in (EdgeUse.ADD_BEFORE, EdgeUse.ADD_AFTER)
    )
    hits: dict[int, Fraction] = {}
    glitch = critical = Fraction(0)
    for state, quantity in die.items():
        p = Fraction(quantity, denominator)
        raw, glitched = read(state)
        counted = min(raw, spec.limit) if limited and spec.limit is not None else raw
        hits[counted] = hits.get(counted, Fraction(0)) + p
        if glitched and spec.edge_use is not EdgeUse.NEGATE_GLITCH:
            glitch += p
            critical += p if raw == 0 else 0
    t = spec.threshold
    return OracleOdds(
        hits=hits,
        success=sum((p for k, p in hits.items() if k >= t), Fraction(0)),
        glitch=glitch,
        critical_glitch=critical,
        critical_success=sum((p for k, p in hits.items() if k >= t + 4), Fraction(0)),
        expected_net_hits=sum((p * (k - t) for k, p in hits.items() if k > t), Fraction(0)),
    )
