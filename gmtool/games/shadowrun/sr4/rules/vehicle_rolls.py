"""Rolling SR4 rigging tests with the test box's machinery: the shared dice-test events, so the
log, Edge after the roll and the odds read them as any other test (SR4-D4 success, D5 opposed)."""

from __future__ import annotations

import random
from typing import NamedTuple

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestOutcome
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules.decide_tests import resolve, rolled_event, spec_for
from gmtool.games.shadowrun.sr4.rules.state import Combatant

Faces = tuple[int, ...] | None


class Rolled(NamedTuple):
    event: te.DiceTestRolled
    outcome: TestOutcome


class Opposed(NamedTuple):
    events: list[Event]
    actor_hits: int
    opponent_hits: int

    @property
    def actor_wins(self) -> bool:
        return self.actor_hits > self.opponent_hits  # SR4-D5: a tie goes to the defender

    @property
    def net_hits(self) -> int:
        return abs(self.actor_hits - self.opponent_hits)


def roll(c: Combatant, label: str, role: str, terms: Terms, threshold: int, faces: Faces, rng: random.Random) -> Rolled:
    """One test of ``c`` (pool floored at 0), rolled or typed."""
    outcome = resolve(spec_for(c, max(0, pool_of(terms)), threshold, EdgeUse.NONE), rng, faces)
    return Rolled(rolled_event(c, label, role, terms, outcome), outcome)


def opposed(
    actor: Combatant, actor_terms: Terms, opponent: Combatant, opponent_terms: Terms, label: str,
    faces: Faces, opponent_faces: Faces, rng: random.Random,
) -> Opposed:
    """SR4-D5: both roll; the shared events, the opposed result last."""
    a = roll(actor, label, "actor", actor_terms, 0, faces, rng)
    o = roll(opponent, label, "opponent", opponent_terms, 0, opponent_faces, rng)
    result = te.OpposedTestResolved(
        actor=actor.id, opponent=opponent.id, actor_hits=a.outcome.hits, opponent_hits=o.outcome.hits,
        actor_wins=a.outcome.hits > o.outcome.hits, net_hits=max(0, a.outcome.hits - o.outcome.hits),
    )
    return Opposed([a.event, o.event, result], a.outcome.hits, o.outcome.hits)
