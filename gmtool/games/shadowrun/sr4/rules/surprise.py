"""SR4-C9 surprise: who is surprised by whom (pure functions; the command is in decide_actions).

The test: Reaction + Intuition (+ the wound modifier), +3 for a character aware
of a possible ambush, +6 for one lying in ambush. Two sides take part; a
character is surprised by every opponent who scored more hits than it (ties:
nobody is surprised).

Precise rule kept by the tracker: during the first initiative pass of the turn
the test is made for (the first turn when made before initiative is rolled), a
surprised character may not take an action that names one of those who
surprised it as its target, and may not intercept them; anything else (moving,
taking cover, free actions, defending) is allowed. Surprise ends when that first
pass ends (SR4: surprise covers the first initiative pass), or when the GM
starts a new turn earlier; a new surprise test replaces the marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

AWARENESS_BONUS: dict[str, int] = {"none": 0, "aware": 3, "ambush": 6}
AWARENESS_TERM: dict[str, str] = {"aware": "sr4.term.aware", "ambush": "sr4.term.ambush"}
Terms = tuple[tuple[str, int], ...]


def surprise_terms(sheet: Sheet, awareness: str) -> Terms:
    """The surprise test's pool breakdown (X-3)."""
    terms: list[tuple[str, int]] = [("attr.REA", sheet.attributes["REA"]), ("attr.INT", sheet.attributes["INT"])]
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    if AWARENESS_BONUS[awareness]:
        terms.append((AWARENESS_TERM[awareness], AWARENESS_BONUS[awareness]))
    return tuple(terms)


def surprised_by(results: Sequence[tuple[str, str, int]]) -> dict[str, tuple[str, ...]]:
    """(combatant, side, hits) for each participant → the surprised ones and their surprisers."""
    marks: dict[str, tuple[str, ...]] = {}
    for cid, side, hits in results:
        by = tuple(other for other, other_side, other_hits in results if other_side != side and other_hits > hits)
        if by:
            marks[cid] = by
    return marks
