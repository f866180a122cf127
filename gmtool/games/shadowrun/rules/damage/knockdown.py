"""Knockdown after damage is applied.

SR4-R7 / SR4-M3: the damage applied (after soak) exceeds Body, or is 10 or more.
SR5-A5: the damage applied exceeds the physical limit ⌈(2×STR + BOD + REA)/3⌉
(the SR5 sheet's ``physical_limit``). The published SR5 book (p. 194) adds "or 10
boxes or more"; the digest does not say so, so that is the campaign's rule option
``sr5_knockdown`` (``at_ten``), off by default. No damage applied, no knockdown.
Gel rounds lower the figure measured against (SR5 p. 434: the physical limit counts
2 lower; SR4: Body counts 2 lower): :func:`knockdown_figure`.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmtool.games.shadowrun.rules.damage.terms import Term

SR4_KNOCKDOWN_DAMAGE = 10


def knockdown_figure(base: int, terms: Iterable[Term]) -> int:
    """Body (SR4) or the physical limit (SR5) with the attack's knockdown terms (gel rounds)."""
    return base + sum(t.value for t in terms)


def sr4_knockdown(applied: int, body: int) -> bool:
    return applied > body or applied >= SR4_KNOCKDOWN_DAMAGE


def sr5_knockdown(applied: int, physical_limit: int, at_ten: bool = False) -> bool:
    return applied > physical_limit or (at_ten and applied >= SR4_KNOCKDOWN_DAMAGE)
