"""Spin-outs, skids and collisions in the race (BR-15, BR-16, and Impact of BR-11): values by hand from
the digest (スピニングアウトとスキッド, スキッド, 地形やギアへの衝突) on odd-q labels (odd columns half a hex
lower; facing 0 north, sides clockwise)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, gear

IMPACT = WeaponCard(name="Ram", optimal=2, maximum=3, power=7, traits=("impact",))


def wrecked(weapon: WeaponCard = GUN, terrain: dict[str, str] | None = None):  # noqa: ANN201
    """A at 0505 faces north-west; B at 0304, two hexes straight ahead of it, faces north (A hits its
    flank: 3 attack dice). Attack 6 6 6 → 8; defence 1 1 → 0; MOS 8; damage 8 + (7 − 6) = 9 dice,
    5 hits on hull 2 and structure 2: both 0, 1 hit beyond (it adds to the skid)."""
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course(terrain or {}), gear("A", "0505", facing=5, weapons=(weapon,)), gear("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6),
                                             defence_faces=(1, 1), damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    return rules, state, made


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-16")
def test_a_wrecked_gear_spins_skids_into_another_and_the_chain_ends_the_active_gears_activation() -> None:
    rules, state, made = wrecked()
    assert made.side == "flank" and (made.hits, made.hull, made.structure, made.excess) == (5, 0, 0, 1)
    assert made.spins_out and state.pending == (("g2", 1),)
    # Spin 2 sides clockwise: north → south-east. Skid 1 + 1 beyond = 2 hexes: 0304's south-east
    # neighbour is 0404 (column 4 sits half a hex lower), the next is 0505 where A stands: B stops in
    # 0404 and the two collide. Dice: the skid's 2 ± the armour difference (6 − 6) = 2 each.
    # B 1 1 → no hit; A 4 5 → 2 hits: hull 2 → 0 (rattled) and A spins out in turn.
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                              collision_faces=(1, 1), other_faces=(4, 5)))
    assert (spun.facing, spun.distance, spun.after, spun.hit, spun.hit_hex) == (2, 2, "0404", "gear", "0505")
    own, theirs = spun.collisions
    assert (own.dice, own.hits, theirs.dice, theirs.hits, theirs.hull, theirs.rattled) == (2, 0, 2, 2, 0, True)
    assert label(state.gears["g2"].hex) == "0404" and state.pending == (("g1", 0),)
    # A (the active gear) spins 1 side anticlockwise: north-west → south-west; skids 2: 0405, then 0306.
    # Its activation ends (it did not roll a 6).
    spun, ended = run(rules, state, m.ResolveSpin(gear="g1", clockwise=False, spin_die=1, skid_die=2))
    assert (spun.facing, spun.after, spun.hit) == (4, "0306", "")
    assert ended.kind == "br_activation_ended" and state.current == "g2"
    assert "spins out" in rules.describe(spun)


@pytest.mark.rule("BR-16")
def test_a_skid_into_terrain_stops_before_it_and_rolls_two_dice() -> None:
    # B spins 2 anticlockwise (south-west) and skids 3 + 1 = 4: its south-west neighbour 0204 (column 2
    # sits half a hex lower than 3, so the same row) is level 1, off the course: it stays in 0304 and
    # takes 2D6 against the terrain: 6 4 → 2 hits, all beyond its empty hull and structure.
    rules, state, _made = wrecked(terrain={"0204": "level1"})
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=False, spin_die=2, skid_die=3,
                                              collision_faces=(6, 4)))
    assert (spun.facing, spun.after, spun.hit, spun.hit_hex, spun.distance) == (4, "0304", "terrain", "0204", 4)
    (hit,) = spun.collisions
    assert (hit.dice, hit.hits, hit.excess, hit.spins_out) == (2, 2, 2, False)


@pytest.mark.rule("BR-15")
def test_a_six_turns_all_the_way_round_and_a_second_spin_in_one_activation_is_skipped() -> None:
    rules, state, _made = wrecked()
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", spin_die=6))
    assert spun.recovered and spun.facing == 0 and spun.after == "0304" and state.gears["g2"].rally_tokens == 1
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.ResolveSpin(gear="g2"))
    assert refused.value.key == "error.br_no_spin_waiting"


@pytest.mark.rule("BR-11")
def test_an_impact_hit_spins_the_target_out() -> None:
    # Impact (インパクト): damaged by it, the gear spins out and skids, its hull not even emptied.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0505", facing=5, weapons=(IMPACT,)), gear("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    # flank: 3 dice; 6 1 1 → 6; defence 1 1 → 0; MOS 6; damage 6 + 1 = 7 dice; one 4 → 1 hit on the hull
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 1, 1),
                                             defence_faces=(1, 1), damage_faces=(4, 1, 1, 1, 1, 1, 1)))
    assert (made.hits, made.hull, made.spins_out) == (1, 1, True) and state.pending == (("g2", 0),)
