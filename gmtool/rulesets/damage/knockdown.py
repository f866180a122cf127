"""Knockdown after damage is applied.

SR4-R7 / SR4-M3: the damage applied (after soak) exceeds Body, or is 10 or more.
SR5-A5: the damage applied exceeds the physical limit ⌈(2×STR + BOD + REA)/3⌉
(the SR5 sheet's ``physical_limit``). The published SR5 book is often read as
adding "or 10 boxes or more"; the digest does not say so, so that is a setting
(``at_ten``), off by default. No damage applied, no knockdown.
"""

from __future__ import annotations

SR4_KNOCKDOWN_DAMAGE = 10


def sr4_knockdown(applied: int, body: int) -> bool:
    return applied > body or applied >= SR4_KNOCKDOWN_DAMAGE


def sr5_knockdown(applied: int, physical_limit: int, at_ten: bool = False) -> bool:
    return applied > physical_limit or (at_ten and applied >= SR4_KNOCKDOWN_DAMAGE)
