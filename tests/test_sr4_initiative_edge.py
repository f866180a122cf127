"""SR4 Edge on initiative (core API): act first in a pass, one extra pass per turn."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr4.rules.initiative import SR4Initiative, gain_extra_pass, go_first, new_turn, pass_order


def crew() -> list[SR4Initiative]:
    return [
        SR4Initiative("Fast", score=18, passes=3, edge_points=2),
        SR4Initiative("Mid", score=12, passes=2, edge_points=1),
        SR4Initiative("Slow", score=7, passes=1, edge_points=3),
        SR4Initiative("Also slow", score=9, passes=1, edge_points=0),
    ]


@pytest.mark.rule("SR4-E6")
def test_edge_users_act_first_in_that_pass_in_their_own_score_order() -> None:
    fast, mid, slow, also = crew()
    slow, also_first = go_first(slow, 1), go_first(mid, 1)
    order = [c.name for c in pass_order([fast, also_first, slow, also], 1)]
    assert order == ["Mid", "Slow", "Fast", "Also slow"]
    assert slow.edge_points == 2 and also_first.edge_points == 0
    assert [c.name for c in pass_order([fast, also_first, slow, also], 2)] == ["Fast", "Mid"]  # only that pass
    with pytest.raises(RulesError) as info:
        go_first(also, 1)
    assert info.value.key == "error.no_edge"
    with pytest.raises(RulesError):
        go_first(slow, 2)  # no second pass to act first in


@pytest.mark.rule("SR4-E7")
def test_one_extra_pass_per_turn() -> None:
    mid = crew()[1]
    more = gain_extra_pass(mid)
    assert more.passes == 3 and more.edge_points == 0
    assert [c.name for c in pass_order([more], 3)] == ["Mid"]
    with pytest.raises(RulesError) as info:
        gain_extra_pass(more.__class__(**{**more.__dict__, "edge_points": 5}))
    assert info.value.key == "error.extra_pass_taken"
    again = new_turn(more, score=10, passes=2)
    assert not again.extra_pass_taken and again.first_in_pass is None
    with pytest.raises(RulesError):
        new_turn(again, score=10, passes=5)


@pytest.mark.rule("SR4-E7")
@pytest.mark.rule("SR4-C5")
def test_the_extra_pass_lasts_one_turn_and_the_next_turn_takes_the_new_passes() -> None:
    # 000 line 85: one extra pass, once per combat turn. Two passes + the extra = 3 this turn; the next turn
    # re-rolls initiative (rules.md SR4-C5): score 11, back to the 2 passes the sheet gives, Edge spent stays spent.
    this_turn = gain_extra_pass(SR4Initiative(name="Sam", score=9, passes=2, edge_points=2))
    assert (this_turn.passes, this_turn.edge_points, this_turn.extra_pass_taken) == (3, 1, True)
    following = new_turn(this_turn, score=11, passes=2)
    assert (following.score, following.passes, following.edge_points, following.extra_pass_taken) == (11, 2, 1, False)
    assert gain_extra_pass(following).passes == 3  # allowed again in the new turn
