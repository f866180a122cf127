"""Exact odds of Shadowrun dice tests (X-4): computed from closed forms, never sampled.

Semantics: :mod:`gmtool.games.shadowrun.rules.dice_tests`; laws of dice: :mod:`gmtool.core.dice_dist`.
For each spec the law of the counted hits, P(glitch) and P(critical glitch) are
built as below (n dice, g = the fewest ones that glitch: ⌈n/2⌉ in SR4, ⌊n/2⌋+1 in SR5).

- No rule of six (NONE, NEGATE_GLITCH, SR5 ADD_AFTER with n = pool + Edge): hits
  ~ Bin(n, 1/3); glitch = P(Bin(n, 1/6) ≥ g); critical glitch = (2/3)^n·P(Bin(n, 1/4) ≥ g)
  (no hit, and among the faces 1-4 a one has p = 1/4).
- REROLL_FAILURES: SR4, each die hits with p = 5/9 and the glitch is the first roll's.
  SR5, no reroll after a glitch: the law is Bin(n, 5/9) minus, for each first-roll
  hit count h that can glitch, w_h·(h + Bin(n−h, 1/3)) plus w_h at h, where
  w_h = P(first hits = h, glitch) = Bin(n,1/3)[h]·P(Bin(n−h, 1/4) ≥ g).
- ADD_BEFORE (n exploding dice) and SR4 ADD_AFTER (m plain + e exploding): hits from
  :func:`~gmtool.core.dice_dist.exploding_hits` / :func:`~gmtool.core.dice_dist.mixed_hits`.
  SR4 glitch: 2·(ones) ≥ (dice rolled) with ones = O_m + O_e, O_m ~ Bin(m, 1/6),
  O_e ~ Bin(e, 1/5) and rolled = m + e + S, S the sixes (independent of the ones), so
  P = Σ_t P(O = t)·P(S ≤ 2t − m − e), a finite sum (t ≤ m + e). SR5 glitch: ones
  ~ Bin(n, 1/5) when the extras' ones count, else Bin(n, 1/6) (first dice only).
  Critical glitch: zero hits means no six, hence no extras: as without the rule of six.

Success, critical success and expected net hits need no truncation either:
P(C ≥ t) = 1 − Σ_{k<t} P(C = k) and E[max(0, C − t)] = E[C] − t + Σ_{k<t} (t − k)·P(C = k),
with E[C] exact (0.4 hits per exploding die: F'(1) = 10/25).

Truncation. ``TestOdds.hits`` lists P(C = k) up to the first K ≥ threshold + 4 where
the computed tail 1 − Σ_{k<K} P(C = k) is below 1e-12, then that tail: nothing is
lost. Only :func:`opposed_odds` truncates: with both laws listed up to L, where the
Chernoff bound of :func:`~gmtool.core.dice_dist.tail_length` proves P(A ≥ L) ≤ 1e-15
and P(D ≥ L) ≤ 1e-15, the terms with D ≥ L are left out. That changes P(actor wins)
by at most P(D ≥ L) ≤ 1e-15, each net-hit entry by at most P(A ≥ L) + P(D ≥ L) ≤ 2e-15,
and the expected net hits by at most P(D ≥ L)·E[A] ≤ 1e-15·0.56·500 < 3e-13 (at most
MAX_ODDS_DICE dice, each worth at most 5/9 expected hits): all below 1e-12.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.core.dice_dist import (
    HIT,
    HIT_AFTER_REROLL,
    ONE,
    ONE_IF_END,
    ONE_IF_MISS,
    at_least,
    binomial,
    convolve,
    exploding_hits,
    fold_limit,
    mixed_hits,
    power,
    sixes_cdf,
    tail_length,
)
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_spec import (
    MAX_ODDS_DICE,
    EdgeUse,
    Edition,
    OpposedOdds,
    TestOdds,
    TestSpec,
    edge_dice,
    first_dice,
    limit_applies,
    pool_dice,
    validate_spec,
)

LIST_TAIL = 1e-12  # TestOdds.hits stops listing once the tail is below this
OPPOSED_TAIL = 1e-15  # proven bound on each law's tail left out by opposed_odds


@dataclass(frozen=True)
class HitLaw:
    """The counted hits of a test: ``pmf[k]`` = P(C = k) exactly for every listed k;
    ``complete`` when the list is the whole support (else the rest is a tail)."""

    pmf: list[float]
    mean: float
    complete: bool
    glitch: float
    critical_glitch: float


def test_odds(spec: TestSpec) -> TestOdds:
    """Exact odds of ``spec``; the same refusals as rolling it."""
    law = hit_law(spec, spec.threshold + 5)
    t = spec.threshold
    listed = _listing(law, t)
    return TestOdds(
        spec=spec,
        hits=tuple(listed),
        success=_at_least(law, t),
        glitch=law.glitch,
        critical_glitch=law.critical_glitch,
        critical_success=_at_least(law, t + 4),
        expected_net_hits=_expected_excess(law, t),
    )


test_odds.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def opposed_odds(actor: TestSpec, defender: TestSpec) -> OpposedOdds:
    """SR4-D5: P(actor's counted hits > defender's), ties to the defender."""
    length = max(_needed_length(actor), _needed_length(defender))
    a, d = hit_law(actor, length), hit_law(defender, length)
    pa = (a.pmf + [0.0] * length)[:length]
    pd = (d.pmf + [0.0] * length)[:length]
    wins = expected = 0.0
    below, excess = 0.0, a.mean  # P(A ≤ k) and E[max(0, A − k)] for k = 0, 1, ...
    for k in range(length):
        below += pa[k]
        wins += pd[k] * (1.0 - below)
        expected += pd[k] * excess
        excess -= 1.0 - below
    net = [0.0] * length
    for k in range(1, length):
        net[k] = sum(x * y for x, y in zip(pd, pa[k:], strict=False))
    wins = min(1.0, max(0.0, wins))
    net[0] = 1.0 - wins
    _trim_tail(net, wins)
    return OpposedOdds(actor_wins=wins, net_hits=tuple(net), expected_net_hits=max(expected, 0.0))


def hit_law(spec: TestSpec, length: int) -> HitLaw:
    """The law of the counted hits, listed exactly up to at least ``length`` − 1 when it is infinite."""
    validate_spec(spec)
    if first_dice(spec) > MAX_ODDS_DICE:
        raise RulesError("error.bad_value")
    use, n = spec.edge_use, first_dice(spec)
    if use is EdgeUse.CRITICAL_SUCCESS:
        hits = spec.threshold + 4
        return HitLaw([0.0] * hits + [1.0], float(hits), True, 0.0, 0.0)
    g = _fewest_glitching_ones(spec, n)
    split = _exploding_split(spec)
    if split is not None:
        return _exploding_law(spec, *split, g, length)
    if use is EdgeUse.REROLL_FAILURES:
        pmf, glitch = _reroll_law(spec, n, g)
    else:
        pmf, glitch = binomial(n, HIT), at_least(binomial(n, ONE), g)
    critical = _critical_glitch(n, g)
    if use is EdgeUse.REROLL_FAILURES and spec.edition is Edition.SR4:
        critical *= power((2, 3), n)  # the rerolls must miss too
    if use is EdgeUse.NEGATE_GLITCH:
        glitch = critical = 0.0
    if limit_applies(spec):
        assert spec.limit is not None
        pmf = fold_limit(pmf, spec.limit)
    mean = sum(k * p for k, p in enumerate(pmf))
    return HitLaw(pmf, mean, True, glitch, min(critical, glitch))


def _fewest_glitching_ones(spec: TestSpec, n: int) -> int:
    return (n + 1) // 2 if spec.edition is Edition.SR4 else n // 2 + 1


def _critical_glitch(n: int, g: int) -> float:
    """P(no hit and at least g ones) for n dice without the rule of six."""
    return power((2, 3), n) * at_least(binomial(n, ONE_IF_MISS), g)


def _reroll_law(spec: TestSpec, n: int, g: int) -> tuple[list[float], float]:
    glitch = at_least(binomial(n, ONE), g)
    pmf = binomial(n, HIT_AFTER_REROLL)
    if spec.edition is Edition.SR4:
        return pmf, glitch
    first = binomial(n, HIT)
    # m = n − h dice missed; T(m) = P(Bin(m, 1/4) ≥ g), T(m+1) = T(m) + P(Bin(m, 1/4) = g−1)/4.
    point = g * power((1, 4), g - 1) * 0.75  # P(Bin(m, 1/4) = g − 1) at m = g
    tail = power((1, 4), g)  # T(g)
    rerolled = binomial(g, HIT)  # Bin(m, 1/3)
    for m in range(g, n + 1):
        h = n - m
        w = first[h] * tail
        pmf[h : n + 1] = [p - w * r for p, r in zip(pmf[h : n + 1], rerolled, strict=False)]
        pmf[h] += w
        tail += 0.25 * point
        point = point * 0.75 * (m + 1) / (m + 2 - g)
        rerolled = [(2 * x + y) / 3 for x, y in zip(rerolled + [0.0], [0.0] + rerolled, strict=False)]
    return [max(p, 0.0) for p in pmf], glitch


def _exploding_law(spec: TestSpec, plain: int, boom: int, g: int, length: int) -> HitLaw:
    length = max(length, tail_length(plain, boom, LIST_TAIL))
    pmf = exploding_hits(boom, length) if plain == 0 else mixed_hits(plain, boom, length)
    n = plain + boom
    if spec.edition is Edition.SR4:
        ones = convolve(binomial(plain, ONE), binomial(boom, ONE_IF_END))
        cdf = sixes_cdf(boom, n)
        glitch = sum(ones[t] * cdf[2 * t - n] for t in range(g, n + 1))
    else:
        glitch = at_least(binomial(n, ONE_IF_END if spec.extras_ones_count else ONE), g)
    mean = plain / 3 + 0.4 * boom
    return HitLaw(pmf, mean, False, glitch, min(_critical_glitch(n, g), glitch))


def _needed_length(spec: TestSpec) -> int:
    """A length that lists the law whole, or up to where its tail is ≤ OPPOSED_TAIL."""
    validate_spec(spec)
    split = _exploding_split(spec)
    if split is not None:
        return tail_length(*split, OPPOSED_TAIL) + 1
    if spec.edge_use is EdgeUse.CRITICAL_SUCCESS:
        return spec.threshold + 5
    return first_dice(spec) + 1


def _exploding_split(spec: TestSpec) -> tuple[int, int] | None:
    """(plain dice, exploding dice) when the rule of six applies, else None."""
    if spec.edge_use is EdgeUse.ADD_BEFORE:
        return 0, first_dice(spec)
    if spec.edge_use is EdgeUse.ADD_AFTER and spec.edition is Edition.SR4:
        return pool_dice(spec), edge_dice(spec)
    return None


def _at_least(law: HitLaw, k: int) -> float:
    if k <= 0:
        return 1.0
    if law.complete:
        return min(1.0, at_least(law.pmf, k))
    return max(0.0, 1.0 - sum(law.pmf[:k]))


def _expected_excess(law: HitLaw, t: int) -> float:
    """E[max(0, C − t)] = E[C] − t + Σ_{k<t} (t − k)·P(C = k)."""
    if law.complete:
        return sum(((k - t) * p for k, p in enumerate(law.pmf) if k > t), 0.0)
    below = sum((t - k) * p for k, p in enumerate(law.pmf[:t]))
    return max(0.0, law.mean - t + below)


def _listing(law: HitLaw, t: int) -> list[float]:
    if law.complete:
        return list(law.pmf)
    total = 0.0
    for k, p in enumerate(law.pmf):
        if k >= t + 4 and 1.0 - total < LIST_TAIL:
            return law.pmf[:k] + [max(0.0, 1.0 - total)]
        total += p
    return law.pmf[:-1] + [max(0.0, 1.0 - total + law.pmf[-1])]


def _trim_tail(net: list[float], wins: float) -> None:
    """Make the last entry the tail P(net ≥ len − 1) so the entries sum to 1."""
    net[-1] = max(0.0, wins - sum(net[1:-1]))
