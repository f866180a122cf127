"""The simple test of the modifier panel: attribute + skill ± modifier (SR4-D1, D4, D8).

The pool breakdown is a list of (label key, value) terms so the panel, the odds
and the log all show the same figures.
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.rulesets.sr5.sheet import ATTRIBUTES, Sheet

DEFAULTING_PENALTY = -1  # SR4-D8 / SR5 p. 130: no skill → attribute − 1


def simple_test_terms(sheet: Sheet, attribute: str, skill: int, modifier: int) -> tuple[tuple[str, int], ...]:
    """The pool breakdown; skill 0 means defaulting."""
    if attribute not in ATTRIBUTES:
        raise RulesError("error.unknown_field", field=attribute)
    if skill < 0:
        raise RulesError("error.skill_negative")
    terms: list[tuple[str, int]] = [(f"attr.{attribute}", sheet.attributes[attribute])]
    terms.append(("pool.skill", skill) if skill > 0 else ("pool.defaulting", DEFAULTING_PENALTY))
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    if modifier:
        terms.append(("pool.modifier", modifier))
    return tuple(terms)


def pool_of(terms: tuple[tuple[str, int], ...]) -> int:
    return sum(value for _, value in terms)
