"""Breakdown terms (X-3): every figure of an attack step names where it comes from.

A term is a label (a translation key, or ``text:`` followed by the GM's own words,
as :func:`gmtool.core.i18n.term_label` reads it), a value, the rule id it applies
and, where the digest gives it, the book page. Modifiers from the tables, the
weapon or the GM come in as terms too, so the log renders one list per figure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gmtool.core.errors import RulesError


@dataclass(frozen=True)
class Term:
    """One line of a breakdown: ``label`` (key or ``text:…``) and its ``value``."""

    label: str
    value: int
    rule: str | None = None
    page: str | None = None


Terms = tuple[Term, ...]


def total(terms: Iterable[Term]) -> int:
    """The sum of the values (the pool, the DV, the armour before any floor)."""
    return sum(term.value for term in terms)


def pairs(terms: Iterable[Term]) -> tuple[tuple[str, int], ...]:
    """(label, value) pairs, the shape the editions' describe/log helpers already render."""
    return tuple((term.label, term.value) for term in terms)


def term(label: str, value: int, rule: str | None = None, page: str | None = None) -> Term:
    return Term(label, value, rule, page)


def check_rating(value: int, name: str) -> None:
    """A rating (attribute, skill, armour, DV) the rules allow: never negative."""
    if value < 0:
        raise RulesError("error.damage.negative_figure", figure=name, value=value)


def check_hits(value: int, name: str) -> None:
    """Hits handed in by the caller: never negative."""
    if value < 0:
        raise RulesError("error.damage.negative_hits", figure=name, value=value)
