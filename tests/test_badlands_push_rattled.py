"""A rattled gear's push check (BR-14, BR-17): −1D6 to every test of a rattled gear (digest lines 387 and
402 of shared/seeds/002), on either side of a push (プッシュ, line 497: an attack check at range 1)."""

from __future__ import annotations

import pytest

from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_push import preview
from tests.test_badlands_push import race


def gear(name: str, at: str, hull_left: int | None = None) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, armour=6, hull=2, structure=2, cruising_mr=5,
                     top_mr=8, hex=at, facing=0, hull_left=hull_left)


@pytest.mark.rule("BR-14")
@pytest.mark.rule("BR-17")
def test_a_rattled_gear_pushes_and_is_pushed_with_one_die_less() -> None:
    # A (0306, north) pushes B (0305, north) from its rear: 2 + 2 = 4 attack dice, 2 defence dice. B rattled
    # (its hull emptied): 2 − 1 = 1 defence die. A rattled instead: 4 − 1 = 3 attack dice.
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305", hull_left=0))
    assert state.gears["g2"].rattle.token
    seen = preview(state, PushGear(pusher="g1", target="g2"), rules.readings)
    assert (seen.attack_dice, seen.defence_dice) == (4, 1)
    state = race(rules, gear("A", "0306", hull_left=0), gear("B", "0305"))
    seen = preview(state, PushGear(pusher="g1", target="g2"), rules.readings)
    assert (seen.attack_dice, seen.defence_dice) == (3, 2)
