"""SR4 Edge: dead man's trigger and cheat death (core API)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr4.rules.edge import SR4EdgeState, cheat_death, dead_mans_trigger


def runner(**kw) -> SR4EdgeState:  # noqa: ANN003
    base = dict(name="Sam", edge_attribute=3, edge_points=2, physical_damage=0, physical_boxes=10, body=4)
    return SR4EdgeState(**{**base, **kw})


@pytest.mark.rule("SR4-E9")
def test_dead_mans_trigger_gives_one_more_action_when_going_down() -> None:
    with pytest.raises(RulesError) as info:
        dead_mans_trigger(runner(physical_damage=5))
    assert info.value.key == "error.not_going_down"
    down = runner(physical_damage=10)
    acting = dead_mans_trigger(down)
    assert acting.last_action and acting.edge_points == 1 and acting.edge_attribute == 3
    with pytest.raises(RulesError) as info:
        dead_mans_trigger(acting)
    assert info.value.key == "error.trigger_used"
    stunned = runner(stun_damage=9, stun_boxes=9)
    assert dead_mans_trigger(stunned).last_action
    with pytest.raises(RulesError):
        dead_mans_trigger(runner(physical_damage=10, edge_points=0))


@pytest.mark.rule("SR4-E11")
def test_cheat_death_burns_a_point_and_keeps_the_character_alive() -> None:
    dying = runner(physical_damage=15, edge_points=3)
    assert dying.dead
    alive = cheat_death(dying)
    assert not alive.dead and alive.physical_damage == 14
    assert alive.edge_attribute == 2 and alive.edge_points == 2
    with pytest.raises(RulesError) as info:
        cheat_death(alive)
    assert info.value.key == "error.not_dying"
    with pytest.raises(RulesError):
        cheat_death(runner(physical_damage=15, edge_attribute=0, edge_points=0))
