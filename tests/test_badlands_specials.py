"""The datacards' special rules (BR-20) in the race. Every expected value is worked out by hand from
the digest (shared/seeds/002, データカード, lines 656-800: each ★ rule) and the race's rules around it;
odds are checked against icepool. Geometry as in tests/test_badlands_race_attack.py: A at 0306 facing
north is straight behind B at 0303 (range 3, B's rear); B facing south sees A in its front."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from pydantic import ValidationError

from gmtool.core.errors import RulesError
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.library.templates import GearCard
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.dice import check_value
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_specials import reroll_command
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.rattled import Rattle, activated, hull_emptied
from gmtool.games.badlands_rally.rules.specials import specials
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import course, run

GUN = WeaponCard(name="Gun", optimal=3, maximum=6, power=7)
SHORT = WeaponCard(name="Carbine", optimal=2, maximum=6, power=7)
BIG = WeaponCard(name="Cannon", optimal=3, maximum=6, power=8)
ROCKET_PACK = WeaponCard(name="Rocket Pack", optimal=3, maximum=6, power=7, traits=("rocket_pack",))
EXPOSED = "br_exposed_check_value"


def gear(name: str, at: str, *specials: str, facing: int = 0, attack: int = 4, defence: int = 4,
         weapons: tuple[WeaponCard, ...] = (), actions: int = 2, hull: int = 2) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=attack, defence=defence, armour=6, hull=hull, structure=2,
                     cruising_mr=5, top_mr=8, hex=at, facing=facing, weapons=weapons, actions=actions,
                     specials=specials)


def race(*gears: m.AddGear, speed: str = "cruising", terrain: dict[str, str] | None = None,
         rules: RallyRules | None = None) -> tuple[RallyRules, RaceState]:
    rules = rules or RallyRules()
    state = rules.initial_state()
    run(rules, state, course(terrain or {}), *gears, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed=speed))
    return rules, state


def shot(weapon: int = 0, attack=None, defence=None, damage=None, **kw) -> m.AttackGear:  # noqa: ANN001
    return m.AttackGear(attacker="g1", target="g2", weapon=weapon, attack_faces=attack, defence_faces=defence,
                        damage_faces=damage, **kw)


def _law(dice: int, read) -> dict[int, Fraction]:  # noqa: ANN001
    die = icepool.d6.pool(dice).expand().map(read)
    return {v: Fraction(q, die.denominator()) for v, q in die.items() if q}


def _icepool_success(attack: int, attack_rating: int, defence: int, defence_rating: int) -> Fraction:
    a = _law(attack, lambda f: check_value(f, attack_rating))
    d = _law(defence, lambda f: check_value(f, defence_rating))
    return sum((pa * pd for x, pa in a.items() for y, pd in d.items() if x >= y), Fraction(0))


# -- the data -----------------------------------------------------------------------------------
@pytest.mark.rule("BR-20")
def test_every_special_rule_of_the_datacards_is_listed_with_both_names_and_effects() -> None:
    # Digest lines 656-780: the ★ rules of the datacards (each once; Twins there is the Rocket Pack's).
    expected = {"off_road_specialist", "high_tech", "low_profile", "exposed_movement", "jump_jets",
                "urban_modification", "brawler", "gentle_hands", "overdrive", "booster_rockets", "twins_rocket_pack",
                "pyrotechnics", "rough_racer", "tall", "exposed_crew", "low_performance", "reliable", "easy_to_train",
                "easy_to_modify", "hover", "hard_to_modify", "shield"}
    assert set(specials()) == expected
    assert specials()["high_tech"].ja == "ハイテク" and "4ラタルド" in specials()["high_tech"].effect_ja
    assert {k for k, s in specials().items() if s.scope == "campaign"} == {"easy_to_train", "easy_to_modify",
                                                                        "hard_to_modify"}


def test_a_card_and_a_gear_refuse_an_unknown_special_rule() -> None:
    assert GearCard(name="Pitbull", specials=("high_tech", "off_road_specialist")).specials == (
        "off_road_specialist", "high_tech")  # the file's order
    with pytest.raises(ValidationError):
        GearCard(name="Pitbull", specials=("laser_eyes",))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}))
    with pytest.raises(RulesError) as refused:
        run(rules, state, gear("A", "0306", "laser_eyes"))
    assert refused.value.key == "error.br_unknown_special"


# -- attacks ------------------------------------------------------------------------------------
@pytest.mark.rule("BR-20")
def test_low_profile_adds_a_die_to_defence_in_cover_only() -> None:
    # Digest lines 668-669: ロー・プロフィール — with cover, one more die on defence tests. Level 1 terrain in
    # 0304, next to the target on the line from 0306: 1D6 cover (BR-10). 2 base + 1 cover + 1 = 4 dice.
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "low_profile"),
                        terrain={"0304": "level1"})
    seen = rules.attack_preview(state, shot())
    assert seen.defence_terms == (("br.term.base", 2), ("br.term.cover", 1), ("br.term.low_profile", 1))
    assert seen.defence_dice == 4
    # the odds include it: 4 attack dice (2 + rear 2) at 4+ against 4 defence dice at 4+
    assert seen.success == _icepool_success(4, 4, 4, 4)
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "low_profile"))
    assert rules.attack_preview(state, shot()).defence_terms == (("br.term.base", 2),)  # no cover: nothing


@pytest.mark.rule("BR-20")
def test_shield_adds_a_cover_die_against_attacks_from_the_front_only() -> None:
    # Digest lines 777-778: シールド — +1D6 cover on defence against attacks from the front. B faces south: A is in
    # its front (no side bonus): attack 2 dice, defence 2 + 1 = 3.
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "shield", facing=3))
    seen = rules.attack_preview(state, shot())
    assert seen.side == "front" and seen.defence_terms == (("br.term.base", 2), ("br.term.shield", 1))
    assert seen.success == _icepool_success(2, 4, 3, 4)
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "shield"))  # from its rear
    assert rules.attack_preview(state, shot()).defence_terms == (("br.term.base", 2),)


@pytest.mark.rule("BR-20")
def test_gentle_hands_cancels_the_long_range_die_at_cruising_speed() -> None:
    # Digest lines 701-702: ジェントル・ハンズ — at cruising speed no long-range penalty. Range 3 beyond the carbine's
    # optimal 2: −1D6 (BR-10), cancelled by +1: 2 base + 2 rear − 1 + 1 = 4 dice. At top speed: 3.
    rules, state = race(gear("A", "0306", "gentle_hands", weapons=(SHORT,)), gear("B", "0303"))
    seen = rules.attack_preview(state, shot())
    assert seen.attack_terms[-2:] == (("br.term.beyond_optimal", -1), ("br.term.gentle_hands", 1))
    assert seen.attack_dice == 4
    rules, state = race(gear("A", "0306", "gentle_hands", weapons=(SHORT,)), gear("B", "0303"), speed="top")
    assert rules.attack_preview(state, shot()).attack_dice == 3


@pytest.mark.rule("BR-20")
def test_twins_fire_the_rocket_pack_at_attack_3() -> None:
    # Digest lines 726-727: ツインズ — firing the Rocket Pack, Attack 3+. Attack 5+ on the card; faces 3 3 1 1:
    # at 3+ the check is 3 + 1 = 4 (BR-2); defence 2 1 at 4+: 0. MOS 4. The gun (not marked) stays at 5+.
    rules, state = race(gear("A", "0306", "twins_rocket_pack", attack=5, weapons=(ROCKET_PACK, GUN)),
                        gear("B", "0303"))
    seen = rules.attack_preview(state, shot())
    assert ("br.term.twins_rocket_pack", 0) in seen.attack_terms
    assert seen.success == _icepool_success(4, 3, 2, 4)
    (made,) = run(rules, state, shot(attack=(3, 3, 1, 1), defence=(2, 1), damage=(1,) * 5))
    assert (made.attack_rating, made.attack_value, made.margin) == (3, 4, 4)
    assert rules.attack_preview(state, shot(weapon=1)).success == _icepool_success(4, 5, 2, 4)


@pytest.mark.rule("BR-20")
def test_exposed_movement_spins_out_on_a_defence_check_of_every_die_two_or_less() -> None:
    # Digest lines 670-672: エクスポーズド・ムーブメント — a defence check of 1 or 2 spins out and skids; the note:
    # every die 2 or less. Defence 2 1 → spins out (no damage: the damage dice all 1s). Defence 3 1: no.
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement"))
    seen = rules.attack_preview(state, shot())
    assert seen.exposed_spin == Fraction(1, 9)  # (2/6)² for 2 defence dice
    assert seen.exposed_spin == _law(2, lambda f: all(x <= 2 for x in f))[True]
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(2, 1), damage=(1,) * 7))
    assert (made.hits, made.spins_out, made.spun_by) == (0, True, "exposed_movement")
    assert state.pending == (("g2", 0),)
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(3, 1), damage=(1,) * 7))
    assert not made.spins_out and state.pending == ()
    # beyond the maximum range the attack fails automatically (BR-10): no check is made, nothing spins
    far = WeaponCard(name="Pistol", optimal=1, maximum=2, power=5)
    rules, state = race(gear("A", "0306", weapons=(far,)), gear("B", "0303", "exposed_movement"))
    assert rules.attack_preview(state, shot()).exposed_spin == 0
    (made,) = run(rules, state, shot(attack=(1, 1, 1, 1), defence=(1, 1)))
    assert made.margin is None and not made.spins_out


@pytest.mark.rule("BR-20")
def test_exposed_movement_as_the_checks_value_is_a_rule_option() -> None:
    # The option reads the words: the check's value is 1 or 2. Defence 2+: faces 1 1 reach nothing → value 0,
    # no spin (the default would spin: every die ≤ 2); faces 2 1 → value 2 → spin.
    option = RallyRules(RuleReadings(book_for=frozenset({EXPOSED})))
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement", defence=2),
                        rules=option)
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(1, 1), damage=(1,) * 7))
    assert not made.spins_out
    # before the roll: P(value ∈ {1, 2}) at 2+ with 2 dice = P(exactly one 2 and a 1) = 2/36
    assert rules.attack_preview(race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement",
                                                                              defence=2), rules=option)[1],
                                shot()).exposed_spin == Fraction(2, 36)
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement", defence=2),
                        rules=option)
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(2, 1), damage=(1,) * 5))  # MOS 6 − 2 = 4: 4 + 1 dice
    assert made.spins_out and made.spun_by == "exposed_movement"
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement", defence=2))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(1, 1), damage=(1,) * 7))
    assert made.spins_out  # the default reading: every die 2 or less


@pytest.mark.rule("BR-20")
def test_exposed_crew_spins_out_when_an_attack_rattles_it() -> None:
    # Digest lines 746-747: エクスポーズド・クルー. As the first attack test: 6 vs 4, MOS 2, 3 damage dice 6 4 1 →
    # 2 hits: hull 2 → 0, rattled, structure 2 left — only the special spins it out.
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_crew"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))
    assert (made.rattled, made.structure, made.spins_out, made.spun_by) == (True, 2, True, "exposed_crew")
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))
    assert made.rattled and not made.spins_out


@pytest.mark.rule("BR-20")
@pytest.mark.rule("BR-14")
def test_high_tech_is_rattled_for_good_at_the_fourth_and_out_at_the_fifth() -> None:
    # Digest lines 662-664: ハイテク — 4 rattles: rattled for good; 5: knocked out (BR-14: 5th and 6th otherwise).
    high, plain = Rattle(high_tech=True), Rattle()
    for _ in range(4):
        high, plain = activated(hull_emptied(high)), activated(hull_emptied(plain))
    assert high.for_good and not high.knocked_out and not plain.for_good
    high, plain = hull_emptied(high), hull_emptied(plain)
    assert high.knocked_out and plain.for_good and not plain.knocked_out
    rules, state = race(gear("A", "0306", "high_tech"), gear("B", "0303"))
    assert state.gears["g1"].rattle.high_tech and not state.gears["g2"].rattle.high_tech


# -- special moves ------------------------------------------------------------------------------
@pytest.mark.rule("BR-20")
def test_jump_jets_add_two_dice_to_a_jump_when_chosen() -> None:
    # Digest lines 680-681: ジャンプジェット — may add 2D6 to a jump test. Cruising, MR 5: 2 + 2 = 4 dice (≤ MR 5).
    rules, state = race(gear("A", "0306", "jump_jets"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 1, 1, 1), specials=("jump_jets",)))
    assert (made.dice, made.terms, made.successes, made.after) == (4, (("br.term.jump_jets", 2),), 1, "0304")
    assert made.odds == "93.8%"  # 1 − (3/6)⁴ = 15/16
    with pytest.raises(RulesError):  # not for burning rubber
        run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", specials=("jump_jets",)))
    rules, state = race(gear("A", "0306"))
    with pytest.raises(RulesError):  # a gear without it
        run(rules, state, m.SpecialMove(gear="g1", move="jump", specials=("jump_jets",)))


@pytest.mark.rule("BR-20")
def test_overdrive_and_booster_rockets_add_to_burning_rubber() -> None:
    # Digest lines 712-713, 719-720: オーバードライブ +1D6, ブースターロケット +2D6 on burn rubber. Top speed: 2 + 1 = 3,
    # +1 = 4 (overdrive): 4 4 1 1 → +2 MR (8 → 10); +2 = 5 (booster rockets).
    rules, state = race(gear("A", "0306", "overdrive"), speed="top")
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(4, 4, 1, 1),
                                              specials=("overdrive",)))
    assert (made.dice, made.mr_left) == (4, 10)
    rules, state = race(gear("A", "0306", "booster_rockets"), speed="top")
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 1, 1, 1, 6),
                                              specials=("booster_rockets",)))
    assert (made.dice, made.mr_left, made.spins_out) == (5, 9, False)


@pytest.mark.rule("BR-20")
def test_low_performance_always_takes_the_rattled_die() -> None:
    # Digest lines 748-749: ロー・パフォーマンス — special move tests always take the rattled modifier (−1D6), once.
    rules, state = race(gear("A", "0306", "low_performance"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5,)))
    assert (made.dice, made.terms, made.mr_left) == (1, (("br.term.low_performance", -1),), 6)
    rules, state = race(gear("A", "0306", "low_performance"))
    state.gears["g1"].rattle = Rattle(token=True, count=1)  # rattled already: still one die less
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5,)))
    assert (made.dice, made.terms) == (1, ())


@pytest.mark.rule("BR-20")
def test_a_tall_gear_is_not_jumped_over() -> None:
    # Digest lines 732-733: トール — cannot be jumped over. 4 5: two successes would fly over 0305 and 0304; a tall
    # gear in 0304 stops the jump before it (as level 2 does): it lands in 0305 (1 MR), no spin-out.
    rules, state = race(gear("A", "0306"), gear("T", "0304", "tall"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert (made.after, made.mr_left, made.obstacle, made.obstacle_gear) == ("0305", 4, "", None)
    assert state.pending == ()
    # coming down on it (0303, the landing hex) is still a crash, as on any gear
    rules, state = race(gear("A", "0306"), gear("T", "0303", "tall"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert (made.after, made.obstacle, made.obstacle_gear) == ("0304", "0303", "g2")


# -- movement -----------------------------------------------------------------------------------
@pytest.mark.rule("BR-20")
def test_rough_racer_pays_no_rough_penalty() -> None:
    # Digest lines 730-731: ラフ・レーサー; rough costs 2 MR at top speed otherwise (BR-7).
    rules, state = race(gear("A", "0306", "rough_racer"), speed="top", terrain={"0305": "rough"})
    (step,) = run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert (step.cost, step.mr_left) == (1, 7)


@pytest.mark.rule("BR-20")
def test_urban_modification_turns_for_free_on_hard_pack() -> None:
    # Digest lines 685-686: アーバン・モディフィケーション — turning on hard-pack costs nothing (1 MR at top speed else).
    rules, state = race(gear("A", "0306", "urban_modification"), speed="top", terrain={"0306": "hardpack"})
    (turned,) = run(rules, state, m.StepGear(gear="g1", step="right"))
    assert turned.cost == 0
    (ahead,) = run(rules, state, m.StepGear(gear="g1", step="left"), m.StepGear(gear="g1", step="ahead"))[1:]
    (turned,) = run(rules, state, m.StepGear(gear="g1", step="right"))  # now on normal ground
    assert (ahead.after, turned.cost) == ("0305", 1)


@pytest.mark.rule("BR-20")
def test_off_road_specialist_ignores_as_many_consecutive_rough_hexes_as_successes_once_per_turn() -> None:
    # Digest lines 658-660: オフロード・スペシャリスト — a defence roll (2D6 at 4+): 4 5 → 2 successes. At top speed
    # the next two rough hexes cost 1 MR each, the third 2 again. Once per turn.
    terrain = {"0305": "rough", "0304": "rough", "0303": "rough"}
    rules, state = race(gear("A", "0306", "off_road_specialist"), gear("B", "0101"), speed="top", terrain=terrain)
    (rolled,) = run(rules, state, m.OffRoad(gear="g1", faces=(4, 5)))
    assert (rolled.successes, rolled.odds) == (2, "75.0%")  # 1 − (3/6)²
    steps = run(rules, state, *[m.StepGear(gear="g1", step="ahead")] * 3)
    assert [s.cost for s in steps] == [1, 1, 2] and state.gears["g1"].mr_left == 4
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.OffRoad(gear="g1", faces=(4, 5)))
    assert refused.value.key == "error.br_off_road_used"


@pytest.mark.rule("BR-20")
def test_off_road_hexes_must_be_consecutive() -> None:
    # leaving the rough for a normal hex ends them: 0305 normal, 0304 rough costs 2 again
    rules, state = race(gear("A", "0306", "off_road_specialist"), speed="top", terrain={"0304": "rough"})
    run(rules, state, m.OffRoad(gear="g1", faces=(4, 5)))
    steps = run(rules, state, m.StepGear(gear="g1", step="ahead"), m.StepGear(gear="g1", step="ahead"))
    assert [s.cost for s in steps] == [1, 2] and state.gears["g1"].rough_free == 0


# -- pyrotechnics and reliable ------------------------------------------------------------------
@pytest.mark.rule("BR-20")
@pytest.mark.rule("BR-15")
def test_pyrotechnics_rallies_when_the_gear_it_spun_out_takes_a_rally_token() -> None:
    # Digest lines 728-729: パイロテクニクス. POW 8: MOS 2 + 2 = 4 damage dice, 6 6 6 6 → hull and structure gone:
    # B spins out (BR-13); a 6 turns it all the way round and it takes a rally token (BR-15): A rallies.
    rules, state = race(gear("A", "0306", "pyrotechnics", weapons=(BIG,)), gear("B", "0303"))
    run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 6, 6, 6)))
    spun, rallied = run(rules, state, m.ResolveSpin(gear="g2", spin_die=6))
    assert spun.recovered and (rallied.gear, rallied.tokens) == ("g1", 1)
    assert state.gears["g1"].rally_tokens == 1 and state.gears["g2"].rally_tokens == 1
    assert state.gears["g1"].actions_used == 1  # the attack only: rallying so costs no action


@pytest.mark.rule("BR-20")
def test_reliable_rerolls_one_test_per_lap() -> None:
    # Digest lines 755-756: リライアブル — once per lap, one test rerolled. A burns rubber: 1 2, no success. The
    # reroll is the same command with the dice left to roll, the first faces kept; then 5 5: +2 MR.
    rules, state = race(gear("A", "0306", "reliable"))
    command = m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 2))
    events = tuple(run(rules, state, command))
    again = reroll_command(state, command, events)
    assert isinstance(again, m.SpecialMove) and again.faces is None and again.rerolled == (1, 2)
    rules, state = race(gear("A", "0306", "reliable"))  # the state before the first roll (Undo)
    (made,) = run(rules, state, again.model_copy(update={"faces": (5, 5)}))
    assert (made.mr_left, made.rerolled, state.gears["g1"].reliable_lap) == (7, (1, 2), 0)
    with pytest.raises(RulesError) as refused:
        reroll_command(state, again, (made,))
    assert refused.value.key == "error.br_reliable_used"  # the reroll is not rerolled
    second = m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 1))
    with pytest.raises(RulesError) as refused:
        reroll_command(state, second, tuple(run(rules, state, second)))
    assert refused.value.key == "error.br_reliable_used"


@pytest.mark.rule("BR-20")
def test_reliable_rerolls_the_reliable_gears_own_check_in_an_attack() -> None:
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "reliable"))
    command = shot(attack=(5, 4, 2, 1), defence=(1, 1))
    events = tuple(run(rules, state, command))
    again = reroll_command(state, command, events)
    assert isinstance(again, m.AttackGear)
    assert (again.attack_faces, again.defence_faces, again.reliable, again.rerolled) == ((5, 4, 2, 1), None, "g2",
                                                                                        (1, 1))
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    command = shot(attack=(5, 4, 2, 1), defence=(1, 1))
    with pytest.raises(RulesError):  # nobody reliable
        reroll_command(state, command, tuple(run(rules, state, command)))


@pytest.mark.rule("BR-20")
def test_rough_racer_lands_on_rough_without_the_penalty() -> None:
    # Top speed: 3 dice; 4 5 1 → 2 successes: over 0305 and 0304, landing on rough 0303. Digest lines 213-214:
    # the rough counts where it lands — 2 flown + 2 (rough at top speed) = 4 MR; a Rough Racer pays 1 there: 3.
    rules, state = race(gear("A", "0306"), speed="top", terrain={"0303": "rough"})
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5, 1)))
    assert (made.after, made.mr_left) == ("0303", 4)
    rules, state = race(gear("A", "0306", "rough_racer"), speed="top", terrain={"0303": "rough"})
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5, 1)))
    assert (made.after, made.mr_left) == ("0303", 5)


def test_the_log_says_what_the_specials_did() -> None:
    rules, state = race(gear("A", "0306", "off_road_specialist"))
    (rolled,) = run(rules, state, m.OffRoad(gear="g1", faces=(4, 5)))
    assert rules.describe(rolled) == ("A rolls off-road specialist (2D6 at 4+): 4 5 — 2 rough hexes ignored "
                                      "(75.0% before the roll).")
    rules, state = race(gear("A", "0306", weapons=(GUN,)), gear("B", "0303", "exposed_movement"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(2, 1), damage=(1,) * 7))
    assert rules.describe(made).endswith("(Exposed Movement)")
