"""The push (BR-17) with its collisions (BR-16) and Brawler (BR-20). Expected values are worked out by
hand from the digest (shared/seeds/002): プッシュ/押出 (lines 494-501), 地形やギアへの衝突 and 衝突ダメージ
(lines 450-465), ★ブラウラー; the odds against icepool."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.push_messages import GearPushed, PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_push import preview
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests.test_badlands_race import course, run


def gear(name: str, at: str, armour: int = 6, cruising: int = 5, specials: tuple[str, ...] = ()) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, armour=armour, hull=2, structure=2,
                     cruising_mr=cruising, top_mr=8, hex=at, facing=0, specials=specials)


def race(rules: RallyRules, *gears: m.AddGear, terrain: dict[str, str] | None = None) -> RaceState:
    state = rules.initial_state()
    run(rules, state, course(terrain or {}), *gears, m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    return state


def shove(attack=(5, 4, 2, 1), defence=(4, 3), distance=None, **kw) -> PushGear:  # noqa: ANN001
    return PushGear(pusher="g1", target="g2", attack_faces=attack, defence_faces=defence, distance=distance, **kw)


# A (pusher) at 0306 facing north, B right ahead at 0305 facing north: A is in B's rear row, so the check
# is planned as an attack from the rear (+2D6): 4 attack dice at 4+, 2 defence dice at 4+. Attack 5 4 2 1:
# the highest die reaching 4 (5) + 1 per other (the 4) = 6; defence 4 3: 4. Margin 6 − 4 = MOS 2.


@pytest.mark.rule("BR-17")
def test_a_push_moves_the_target_its_mos_straight_away_and_the_pusher_pays_and_follows() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"))
    (pushed,) = run(rules, state, shove())
    assert isinstance(pushed, GearPushed)
    assert pushed.attack_terms == (("br.term.base", 2), ("br.term.rear", 2))
    assert (pushed.attack_value, pushed.defence_value, pushed.margin) == (6, 4, 2)
    # MOS 2 hexes north: B 0305 → 0304 → 0303; A follows into 0305, 0304, 1 MR a normal hex: 2 of 5.
    assert (pushed.distance, pushed.before, pushed.after, pushed.pusher_after) == (2, "0305", "0303", "0304")
    assert (pushed.cost, pushed.mr_left, pushed.hit, pushed.fumble) == (2, 3, "", False)
    a, b = state.gears["g1"], state.gears["g2"]
    assert (a.mr_left, a.actions_used, b.facing) == (3, 1, 0)
    assert state.pending == ()
    assert "B is pushed 2 hexes" in rules.describe(pushed)


@pytest.mark.rule("BR-17")
def test_the_player_picks_any_distance_up_to_the_mos_and_the_mr_limits_it() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"))
    (pushed,) = run(rules, state, shove(distance=1))  # MOS 2, the player wants 1
    assert (pushed.distance, pushed.after, pushed.cost) == (1, "0304", 1)
    state = race(rules, gear("A", "0306"), gear("B", "0305"))
    (pushed,) = run(rules, state, shove(distance=5))  # at most the MOS: 2
    assert pushed.distance == 2
    state = race(rules, gear("A", "0306", cruising=1), gear("B", "0305"))
    (pushed,) = run(rules, state, shove())  # MOS 2, but 1 MR pays for one hex only
    assert (pushed.distance, pushed.after, pushed.mr_left) == (1, "0304", 0)


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-16")
def test_pushed_into_terrain_the_gear_stops_before_it_and_rolls_2d6() -> None:
    # Level 2 at 0303: the second hex of the push. A pays for both hexes (2 MR) — it can pay to push B
    # into the terrain — so B stops at 0304 and collides: against terrain always 2D6 (line 462).
    # Faces 5 2: one hit (4+), hull 2 → 1; damaged by the collision, B spins out (line 429 C).
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"), terrain={"0303": "level2"})
    (pushed,) = run(rules, state, shove(collision_faces=(5, 2)))
    assert (pushed.distance, pushed.after, pushed.pusher_after, pushed.cost) == (1, "0304", "0305", 2)
    assert (pushed.hit, pushed.hit_hex) == ("terrain", "0303")
    (hit,) = pushed.collisions
    assert (hit.gear, hit.dice, hit.hits, hit.hull, hit.spins_out) == ("g2", 2, 1, 1, True)
    assert state.pending == (("g2", 0),)


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-16")
def test_pushed_into_a_gear_both_roll_the_mos_plus_minus_the_armour_difference() -> None:
    # C (AR 5) at 0303. B (AR 6) is pushed into it: a push's collision has the MOS in dice (line 457),
    # ± the armour difference (line 463: AR 4 into AR 5 → +1D6 for the AR 4, −1D6 for the AR 5).
    # B: 2 − 1 = 1 die (4 → 1 hit); C: 2 + 1 = 3 dice (6 1 1 → 1 hit). Both damaged: both spin out.
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"), gear("C", "0303", armour=5))
    (pushed,) = run(rules, state, shove(collision_faces=(4,), other_faces=(6, 1, 1)))
    assert (pushed.hit, pushed.hit_hex, pushed.after) == ("gear", "0303", "0304")
    b, c = pushed.collisions
    assert (b.gear, b.dice, b.hits, c.gear, c.dice, c.hits) == ("g2", 1, 1, "g3", 3, 1)
    assert {g for g, _x in state.pending} == {"g2", "g3"}
    assert state.spin_causes == {"g2": "g1", "g3": "g1"}  # a derby counts them to the pusher (BR-19)
    with pytest.raises(RulesError) as refused:  # the spin-outs first
        run(rules, state, m.EndActivation(gear="g1"))
    assert refused.value.key == "error.br_spins_pending"


@pytest.mark.rule("BR-17")
def test_a_fumble_spins_the_pusher_out_and_a_failure_moves_nobody() -> None:
    # Every attack die a 1 (line 500): the pusher spins out and skids 1D6. 1 1 1 1 reach no 4: value 0
    # against 4, margin −4: no push.
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"))
    (pushed,) = run(rules, state, shove(attack=(1, 1, 1, 1)))
    assert (pushed.margin, pushed.distance, pushed.fumble, pushed.after) == (-4, 0, True, "0305")
    assert state.pending == (("g1", 0),)
    assert "All ones: A spins out" in rules.describe(pushed)


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-20")
def test_brawler_adds_2d6_to_either_side_of_a_push() -> None:
    # ★ブラウラー: +2D6 to every test of a push, attacking or defending.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", specials=("brawler",)), gear("B", "0305", specials=("brawler",)))
    seen = preview(state, PushGear(pusher="g1", target="g2"), rules.readings)
    assert seen.attack_terms == (("br.term.base", 2), ("br.term.rear", 2), ("br.term.brawler", 2))
    assert seen.defence_terms == (("br.term.base", 2), ("br.term.brawler", 2))
    assert (seen.attack_dice, seen.defence_dice) == (6, 4)


def _check(rating: int):  # noqa: ANN202 - the digest's check value, written out again for icepool
    def read(faces: tuple[int, ...]) -> int:
        good = [f for f in faces if f >= rating]
        return max(good) + len(good) - 1 if good else 0
    return read


@pytest.mark.rule("BR-17")
def test_the_odds_before_a_push_are_exact() -> None:
    # 4 dice at 4+ against 2 at 4+ (the rear); A's 5 MR reach 5 hexes north on an empty 8×8 course
    # (0305 → 0300 would leave the board: 0304..0301 are 4 hexes, the 5th into the board's edge).
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0305"))
    seen = preview(state, PushGear(pusher="g1", target="g2"), rules.readings)
    margin = icepool.d6.pool(4).expand().map(_check(4)) - icepool.d6.pool(2).expand().map(_check(4))
    total = margin.denominator()
    assert seen.success == Fraction(sum(q for v, q in margin.items() if v >= 0), total)
    assert seen.at_least[0] == Fraction(sum(q for v, q in margin.items() if v >= 1), total)
    assert seen.fumble == Fraction(1, 6**4)
    assert (seen.reach, seen.obstacle) == (5, "terrain")
    typed = preview(state, shove(), rules.readings)
    assert typed.mos == 2


@pytest.mark.rule("BR-17")
def test_what_a_push_refuses() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306"), gear("B", "0303"))
    for command, key in (
        (shove(), "error.br_push_range"),  # B is 3 hexes away: range 1
        (PushGear(pusher="g1", target="g1"), "error.br_not_a_target"),
        (PushGear(pusher="g2", target="g1"), "error.br_not_active"),
    ):
        with pytest.raises(RulesError) as refused:
            run(rules, state, command)
        assert refused.value.key == key
    run(rules, state, m.SetTableMode(on=True))
    with pytest.raises(RulesError) as refused:
        run(rules, state, shove())
    assert refused.value.key == "error.br_table_mode"
