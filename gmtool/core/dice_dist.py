"""Exact probability laws of d6 dice pools, as float lists (pure maths, no rules).

``pmf[k]`` is P(X = k). Every start value is a correctly rounded ratio of exact
integers (``num**n / den**n``) and every later term comes from a recurrence with
non-negative terms only, so the relative error of a term is a small multiple of
the machine epsilon times its index (well under 1e-12 for the pools gmtool sees).

Exploding dice (the rule of six). One exploding die is a chain of sixes ended by a
face uniform on 1-5, so for n exploding dice the number of sixes S is negative
binomial, P(S = s) = C(n+s−1, s)·(5/6)^n·(1/6)^s, independent of the n ending
faces; the ones O ~ Bin(n, 1/5) and the dice rolled R = n + S. Their joint law is
P(O = o, R = r) = C(n,o)·4^(n−o)·C(r−1, r−n)/6^r (the coefficients of
z^n (y+4)^n / (6−z)^n). The hits of n exploding dice have the generating function
F = ((4+x)/(6−x))^n, so (4+x)(6−x)F' = 10n·F, which gives the recurrence in
:func:`exploding_hits`.
"""

from __future__ import annotations

from math import ceil, log

# The rational probabilities used: (numerator, denominator).
HIT = (1, 3)  # a 5 or 6 on a d6
ONE = (1, 6)  # a 1 on a d6
ONE_IF_MISS = (1, 4)  # a 1 among the faces 1-4
ONE_IF_END = (1, 5)  # a 1 among the faces 1-5 (the face that ends an exploding chain)
HIT_AFTER_REROLL = (5, 9)  # a hit, or a miss rerolled into a hit: 1/3 + 2/3·1/3

# Chernoff bounds P(H ≥ K) ≤ G(z)·z^−K at these points z (see :func:`tail_length`).
_CHERNOFF_Z = (2.0, 3.0, 4.0, 5.0)


def power(p: tuple[int, int], n: int) -> float:
    """(num/den)**n, correctly rounded."""
    return float(p[0] ** n / p[1] ** n)


def binomial(n: int, p: tuple[int, int]) -> list[float]:
    """P(Bin(n, p) = k) for k = 0..n."""
    q = (p[1] - p[0], p[1])
    if q[0] == 0:
        return [0.0] * n + [1.0]
    ratio = p[0] / q[0]
    value = power(q, n)
    row = [value]
    for k in range(n):
        value = value * ratio * (n - k) / (k + 1)
        row.append(value)
    return row


def at_least(pmf: list[float], k: int) -> float:
    """P(X ≥ k) for a law whose whole support is listed."""
    return sum(pmf[max(k, 0) :], 0.0)


def convolve(a: list[float], b: list[float]) -> list[float]:
    """The law of X + Y for independent X ~ a and Y ~ b (both fully listed)."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            out[i : i + len(b)] = [o + x * y for o, y in zip(out[i : i + len(b)], b, strict=False)]
    return out


def fold_limit(pmf: list[float], limit: int) -> list[float]:
    """The law of min(X, limit)."""
    if limit >= len(pmf) - 1:
        return pmf
    return pmf[:limit] + [min(1.0, sum(pmf[limit:]))]


def sixes_cdf(n: int, upto: int) -> list[float]:
    """P(S ≤ s) for s = 0..upto, S the sixes rolled by n exploding dice."""
    value = power((5, 6), n)
    cdf, total = [], 0.0
    for s in range(upto + 1):
        total += value
        cdf.append(total)
        value = value * (n + s) / (6 * (s + 1))
    return cdf


def exploding_hits(n: int, length: int) -> list[float]:
    """P(H = k), k < length, for the hits H of n exploding dice.

    From (4+x)(6−x)F' = 10n·F: 24(k+1)a[k+1] = (10n − 2k)a[k] + (k−1)a[k−1]. Both
    terms are ≥ 0 while k < 5n; past that the (tiny) result loses relative, never
    absolute, precision.
    """
    a = [power((2, 3), n)]
    prev = 0.0
    for k in range(length - 1):
        nxt = ((10 * n - 2 * k) * a[k] + (k - 1) * prev) / (24 * (k + 1))
        prev = a[k]
        a.append(max(nxt, 0.0))
    return a


def mixed_hits(plain: int, exploding: int, length: int) -> list[float]:
    """P(H = k), k < length, for ``plain`` ordinary dice plus ``exploding`` dice.

    ((2+x)/3)^m · ((4+x)/5)^e · (5/6)^e · (1 − x/6)^−e: the binomial row is multiplied
    by (4+x)/5 e times, then divided by (1 − x/6) e times (b[k] = a[k] + b[k−1]/6):
    all terms ≥ 0, O(e·length).
    """
    row = binomial(plain, HIT)[:length]
    row += [0.0] * (length - len(row))
    for _ in range(exploding):
        row = [(4.0 * x + y) / 5.0 for x, y in zip(row, [0.0] + row[:-1], strict=False)]
    for _ in range(exploding):
        acc = 0.0
        for k, x in enumerate(row):
            acc = x + acc / 6.0
            row[k] = acc
    scale = power((5, 6), exploding)
    return [x * scale for x in row]


def tail_length(plain: int, exploding: int, eps: float) -> int:
    """A K with P(H ≥ K) ≤ eps for the hits H of ``plain`` + ``exploding`` dice.

    Chernoff: for 1 < z < 6, P(H ≥ K) ≤ E[z^H]·z^−K = ((2+z)/3)^m·((4+z)/(6−z))^e·z^−K,
    so K = ⌈(m·ln((2+z)/3) + e·ln((4+z)/(6−z)) − ln eps) / ln z⌉ works; the least over
    z ∈ {2, 3, 4, 5} is taken (about 0.77·e + 31 for eps = 1e-12 and large e).
    """
    best = None
    for z in _CHERNOFF_Z:
        log_g = plain * log((2 + z) / 3) + exploding * log((4 + z) / (6 - z))
        k = ceil((log_g - log(eps)) / log(z))
        best = k if best is None else min(best, k)
    assert best is not None
    return max(best, 1)
