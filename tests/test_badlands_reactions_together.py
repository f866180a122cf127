"""Two reaction attacks on the same gear, applied together (BR-18, BR-13, BR-15, BR-16): the second takes
its hits from what the first left, its hits beyond the last one add to the skid, and a gear left with no
hits spins out. Worked out by hand from the digest (shared/seeds/002): 複数モデルのリアクション (lines
540-541), ヒット (lines 373-379), スキッド (line 449), スピニングアウトの発生 A (line 429).

A (0306, facing south) steps ahead out of the front arcs of B (0305, facing south) and C (0405, facing
south-west), both with an Axe (POW 3, Melee, range 1): both may react (condition A, line 530). B is
straight behind A (rear, +2D6): 4 attack dice; C is behind its flank (+1D6): 3. A defends with 2."""

from __future__ import annotations

import pytest

from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests.test_badlands_race import run
from tests.test_badlands_race_attack import AXE, gear
from tests.test_badlands_reaction import race


def _both_react(c_damage: tuple[int, ...]) -> tuple[RaceState, list[m.Event]]:
    # B: attack 5 4 2 1 → 5 + 1 = 6; defence 4 3 → 4; MOS 2; Melee: 2 + POW 3 = 5 dice; 6 6 6 1 1 → 3 hits:
    # A's hull 2 → 0, structure 2 → 1. C: attack 5 4 1 → 6; defence 4 3 → 4; MOS 2; 5 dice: ``c_damage``.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)),
                 gear("C", "0405", facing=4, weapons=(AXE,)))
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert state.reaction is not None and [o[0] for o in state.reaction.offers] == ["g2", "g3"]
    run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(5, 4, 2, 1), defence_faces=(4, 3),
                              damage_faces=(6, 6, 6, 1, 1)))
    done = run(rules, state, r.React(gear="g3", weapon=0, attack_faces=(5, 4, 1), defence_faces=(4, 3),
                                     damage_faces=c_damage))
    return state, done


@pytest.mark.rule("BR-13")
@pytest.mark.rule("BR-18")
def test_the_second_reactions_hits_beyond_the_last_one_add_to_the_skid() -> None:
    # C's 6 6 6 1 1 → 3 hits on what B left (hull 0, structure 1): 1 structure, 2 beyond: excess 2 (line 379),
    # A has no hits left: it spins out and skids 1D6 + 2 (line 449).
    state, done = _both_react((6, 6, 6, 1, 1))
    first, second = done[1], done[2]
    assert (first.side, first.hits, first.hull, first.structure, first.excess) == ("rear", 3, 0, 1, 0)
    assert (second.side, second.hits, second.structure_before, second.structure, second.excess) == ("flank", 3, 1, 0, 2)
    assert second.spins_out and state.pending == (("g1", 2),)


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-18")
def test_one_hit_taking_the_last_structure_spins_the_gear_out() -> None:
    # C's 6 1 1 1 1 → 1 hit: structure 1 → 0, hull 0: no hits left, A spins out (line 429), no excess.
    state, done = _both_react((6, 1, 1, 1, 1))
    second = done[2]
    assert (second.hits, second.hull, second.structure, second.excess, second.spins_out) == (1, 0, 0, 0, True)
    assert state.pending == (("g1", 0),)
