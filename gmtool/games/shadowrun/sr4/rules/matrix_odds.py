"""Exact odds of the SR4 Matrix tests before they are rolled (X-4), from the same pools the rolls use.

Each function returns the pools (for the breakdown) and the chance the panel shows: perception
(success, or beating a hidden icon), a cybercombat hit, this interval's hacking (the account, and
the node's detection), threading (at least one hit) and compiling (more hits than the sprite).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.games.shadowrun.rules.dice_odds import opposed_odds, test_odds
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules import matrix_combat as combat
from gmtool.games.shadowrun.sr4.rules import matrix_hacking as hacking
from gmtool.games.shadowrun.sr4.rules import matrix_resonance as resonance
from gmtool.games.shadowrun.sr4.rules.matrix_pools import icon, matrix, spec
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


@dataclass(frozen=True)
class MatrixOdds:
    """The actor's pool, the other side's (if any), and the chances: (message key, probability)."""

    terms: Terms
    other: Terms
    chances: tuple[tuple[str, float], ...]


def success(terms: Terms, threshold: int) -> float:
    """P(hits ≥ threshold); no dice: 0 hits."""
    if threshold <= 0:
        return 1.0
    if pool_of(terms) <= 0:
        return 0.0
    return test_odds(spec(terms, threshold)).success


def beats(terms: Terms, other: Terms) -> float:
    """P(the actor's hits > the other's); a tie fails (SR4-D5)."""
    if pool_of(terms) <= 0:
        return 0.0
    if pool_of(other) <= 0:
        return success(terms, 1)
    return opposed_odds(spec(terms), spec(other)).actor_wins


def perception(state: EncounterState, icon_id: str, target: str | None, signature: int | None,
               threshold: int) -> MatrixOdds:
    i = icon(state, icon_id)
    terms = combat.perception_terms(state, i)
    if signature is not None:
        return MatrixOdds(terms, (), (("matrix.odds.spot", success(terms, combat.SIGNATURE_THRESHOLD)),))
    t = icon(state, target or "")
    if combat.hidden(t):
        other = combat.hiding_terms(state, t)
        return MatrixOdds(terms, other, (("matrix.odds.spot", beats(terms, other)),))
    return MatrixOdds(terms, (), (("matrix.odds.spot", success(terms, threshold)),))


def attack(state: EncounterState, icon_id: str, target: str, program: str, full_defence: bool) -> MatrixOdds:
    a, t = icon(state, icon_id), icon(state, target)
    terms = combat.attack_terms(state, a, program)
    other = combat.defence_terms(state, t, full_defence)
    return MatrixOdds(terms, other, (("matrix.odds.hit", beats(terms, other)),))


def hack(state: EncounterState, hack_id: int) -> MatrixOdds:
    """This interval: P(the account now) and, on the fly, P(the node detects the hacker now)."""
    h = matrix(state).hacks[hack_id]
    hacker, node = icon(state, h.icon), icon(state, h.node)
    terms, other = hacking.hacker_terms(state, hacker), hacking.node_terms(node)
    chances = [("matrix.odds.account", success(terms, h.threshold - h.accumulated))]
    if h.method == "on_the_fly" and not h.detected:
        chances.append(("matrix.odds.detected", success(other, h.detect_threshold - h.node_accumulated)))
    return MatrixOdds(terms, other, tuple(chances))


def thread(state: EncounterState, icon_id: str) -> MatrixOdds:
    i = icon(state, icon_id)
    terms = resonance.resonance_terms(state, i, "software")
    return MatrixOdds(terms, (), (("matrix.odds.raise", success(terms, 1)),))


def compile_odds(state: EncounterState, icon_id: str, rating: int) -> MatrixOdds:
    i = icon(state, icon_id)
    terms = resonance.resonance_terms(state, i, "compiling")
    other: Terms = (("matrix.term.rating", rating),)
    return MatrixOdds(terms, other, (("matrix.odds.compiled", beats(terms, other)),))
