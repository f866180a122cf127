"""SR4 initiative with Edge for one character (a pure core API).

The SR4 encounter applies the same rules to its state as the commands
``go_first`` and ``extra_pass`` (decide_turn.py, ordering in turn.py).

SR4-E6: a character who spends Edge acts first in *that* initiative pass,
regardless of score; several such characters go in their own score order.
SR4-E7: spending Edge gains one extra initiative pass, at most once per combat turn.
Passes run from 1; a character acts in pass p while it has p passes or more (SR4-C4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmtool.core.errors import RulesError

MAX_PASSES = 4  # SR4-C1: 1-4 initiative passes (E7 may add one beyond)


@dataclass(frozen=True)
class SR4Initiative:
    """One character's initiative for the current combat turn."""

    name: str
    score: int
    passes: int
    edge_points: int
    first_in_pass: int | None = None  # the pass in which Edge makes it act first (E6)
    extra_pass_taken: bool = False  # E7, once per turn


def _spend(c: SR4Initiative) -> SR4Initiative:
    if c.edge_points < 1:
        raise RulesError("error.no_edge", name=c.name)
    return replace(c, edge_points=c.edge_points - 1)


def go_first(c: SR4Initiative, pass_number: int) -> SR4Initiative:
    """SR4-E6: spend a point to act first in this pass."""
    if pass_number > c.passes:
        raise RulesError("error.no_pass_left", name=c.name)
    if c.first_in_pass == pass_number:
        raise RulesError("error.already_first", name=c.name)
    return replace(_spend(c), first_in_pass=pass_number)


def gain_extra_pass(c: SR4Initiative) -> SR4Initiative:
    """SR4-E7: spend a point for one more pass, once per combat turn."""
    if c.extra_pass_taken:
        raise RulesError("error.extra_pass_taken", name=c.name)
    return replace(_spend(c), passes=c.passes + 1, extra_pass_taken=True)


def pass_order(characters: list[SR4Initiative], pass_number: int) -> list[SR4Initiative]:
    """Who acts in ``pass_number``, in order: Edge users first (E6), then by score (SR4-C2/C4)."""
    acting = [c for c in characters if c.passes >= pass_number]
    return sorted(acting, key=lambda c: (c.first_in_pass == pass_number, c.score), reverse=True)


def new_turn(c: SR4Initiative, score: int, passes: int) -> SR4Initiative:
    """A new combat turn: a fresh score and passes; Edge effects on initiative end."""
    if not 1 <= passes <= MAX_PASSES:
        raise RulesError("error.passes_range", low=1, high=MAX_PASSES)
    return replace(c, score=score, passes=passes, first_in_pass=None, extra_pass_taken=False)
