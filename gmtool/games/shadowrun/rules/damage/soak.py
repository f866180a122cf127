"""Damage resistance (SR4-R6, SR5-A4): Body + modified armour; each hit removes 1 DV.

The soak pool is Body + modified armour (the armour already floored at 0) +
modifiers from outside (none by default: wound modifiers do not apply to damage
resistance), never below 0. Applied damage = modified DV − soak hits, never below 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.damage.terms import Terms, check_hits, check_rating, term, total


def soak_terms(body: int, modified_armour: int, modifiers: Terms, rule: str) -> Terms:
    check_rating(body, "body")
    return (term("attr.BOD", body, rule), term("damage.term.modified_armour", modified_armour, rule)) + tuple(modifiers)


def soak_pool(terms: Terms) -> int:
    return max(0, total(terms))


@dataclass(frozen=True)
class Soak:
    modified_dv: int
    hits: int

    @property
    def applied(self) -> int:
        """The boxes that get through: never below 0."""
        return max(0, self.modified_dv - self.hits)


def soak(modified_dv: int, hits: int) -> Soak:
    check_hits(hits, "soak_hits")
    return Soak(modified_dv, hits)
