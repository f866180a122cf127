"""Dice pools from a sheet: attribute + skill ± modifiers, with every term named (X-3).

SR4-D1 pool = skill + linked attribute ± modifiers; SR4-D7 attribute-only tests
(two attributes); SR4-D8 defaulting (no skill: attribute − 1); SR4-D11 retries
(−2 per earlier failure of the same test). The terms are (label key, value)
pairs so the panel, the odds and the log show the same figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES
from gmtool.games.shadowrun.rules.shadowrun import ShadowrunSheet as Sheet

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.dice_test_commands import PoolSpec

DEFAULTING_PENALTY = -1  # SR4-D8 / SR5 p. 130
RETRY_PENALTY = -2  # SR4-D11, per earlier failure

Terms = tuple[tuple[str, int], ...]


def _check_attribute(attribute: str) -> None:
    if attribute not in ATTRIBUTES:
        raise RulesError("error.unknown_field", field=attribute)


def simple_test_terms(sheet: Sheet, attribute: str, skill: int, modifier: int) -> Terms:
    """The pool breakdown of attribute + skill (0 = defaulting) ± modifier."""
    _check_attribute(attribute)
    if skill < 0:
        raise RulesError("error.skill_negative")
    terms: list[tuple[str, int]] = [(f"attr.{attribute}", sheet.attributes[attribute])]
    terms.append(("pool.skill", skill) if skill > 0 else ("pool.defaulting", DEFAULTING_PENALTY))
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    if modifier:
        terms.append(("pool.modifier", modifier))
    return tuple(terms)


def pool_terms(sheet: Sheet, spec: PoolSpec, retries: int = 0) -> Terms:
    """The breakdown for a :class:`PoolSpec`, with the retry penalty when ``retries`` > 0."""
    if spec.second_attribute is None:
        terms = list(simple_test_terms(sheet, spec.attribute, spec.skill, spec.modifier))
    else:
        _check_attribute(spec.attribute)
        _check_attribute(spec.second_attribute)
        terms = [
            (f"attr.{spec.attribute}", sheet.attributes[spec.attribute]),
            (f"attr.{spec.second_attribute}", sheet.attributes[spec.second_attribute]),
        ]
        if sheet.wound_modifier:
            terms.append(("pool.wound_modifier", sheet.wound_modifier))
        if spec.modifier:
            terms.append(("pool.modifier", spec.modifier))
    if retries:
        terms.append(("pool.retry", RETRY_PENALTY * retries))
    return tuple(terms)


def limit_of(sheet: Any, spec: PoolSpec) -> int | None:
    """The SR5 limit the spec names (None: no limit)."""
    if spec.limit == "none":
        return None
    if spec.limit == "custom":
        return spec.custom_limit
    limits: dict[str, int] = {"physical": sheet.physical_limit, "mental": sheet.mental_limit, "social": sheet.social_limit}
    return limits[spec.limit]


def retry_key(spec: PoolSpec, label: str) -> str:
    """Which earlier tries count as the same test: its label, else its pool's make-up."""
    return label.strip() or f"{spec.attribute}+{spec.second_attribute or spec.skill}"


def pool_of(terms: Terms) -> int:
    return sum(value for _, value in terms)
