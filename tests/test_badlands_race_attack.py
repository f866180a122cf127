"""Attacks in the race (BR-10 to BR-14, BR-2's option): planned from the map or typed in table mode,
the opposed check and damage rolled or typed, hits on hull then structure, rattled. Expected values
are worked out by hand from the digest (shared/seeds/002): 攻撃チェック, ダメージロール, ヒット, ラタルド."""

from __future__ import annotations

import random

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import course, run

GUN = WeaponCard(name="Gun", optimal=3, maximum=6, power=7)
FLAMER = WeaponCard(name="Flamer", optimal=1, maximum=2, power=6, traits=("heat",))
AXE = WeaponCard(name="Axe", optimal=1, maximum=1, power=3, traits=("melee",))
ROCKETS = WeaponCard(name="Rockets", optimal=2, maximum=8, power=8, traits=("blast",))
SPLASH = WeaponCard(name="Splash", optimal=2, maximum=4, power=6, traits=("area",))


def gear(name: str, at: str, facing: int = 0, weapons: tuple[WeaponCard, ...] = (), actions: int = 1) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, armour=6, hull=2, structure=2, cruising_mr=5,
                     top_mr=8, hex=at, facing=facing, weapons=weapons, actions=actions)


def race(rules: RallyRules, *gears: m.AddGear, terrain: dict[str, str] | None = None) -> RaceState:
    state = rules.initial_state()
    run(rules, state, course(terrain or {}), *gears, m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    return state


def shot(weapon: int = 0, attack=None, defence=None, damage=None, target: str = "g2", **kw) -> m.AttackGear:  # noqa: ANN001
    return m.AttackGear(attacker="g1", target=target, weapon=weapon, attack_faces=attack, defence_faces=defence,
                        damage_faces=damage, **kw)


@pytest.mark.rule("BR-10")
@pytest.mark.rule("BR-12")
@pytest.mark.rule("BR-13")
@pytest.mark.rule("BR-14")
def test_a_rear_attack_hits_the_hull_first_and_rattles() -> None:
    # A at 0306 faces north; B at 0303 faces north: A is straight behind B (its rear: +2D6), range 3
    # (the gun's optimal: no modifier). Attack 2 + 2 = 4 dice at 4+; defence 2 dice, no cover.
    # Attack 5 4 2 1: the digest's check = the highest die reaching 4+ (5) + 1 per other (the 4) = 6.
    # Defence 4 3: 4 + 0 = 4. MOS 2. Damage: MOS 2 + (POW 7 − AR 6) = 3 dice; 6 4 1 → 2 hits (4+).
    # Hull 2 → 0 (rattled: hull emptied), structure untouched.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))
    assert made.side == "rear" and made.range == 3
    assert made.attack_terms == (("br.term.base", 2), ("br.term.rear", 2)) and made.defence_terms == (("br.term.base", 2),)
    assert (made.attack_value, made.defence_value, made.margin, made.damage_dice, made.hits) == (6, 4, 2, 3, 2)
    assert (made.hull, made.structure, made.rattled) == (0, 2, True)
    b = state.gears["g2"]
    assert (b.hull, b.structure, b.rattle.token, b.rattle.count) == (0, 2, True, 1)
    assert state.gears["g1"].actions_used == 1
    assert "margin 2" in rules.describe(made) and "B is rattled" in rules.describe(made)
    breakdown = rules.breakdown(made)
    assert breakdown is not None and breakdown.odds == made.odds and "5 4 2 1" in breakdown.dice


@pytest.mark.rule("BR-2")
def test_the_count_reading_of_a_check() -> None:
    # Option: a check is the number of dice reaching the rating. Attack 5 4 2 1 → 2; defence 4 3 → 1;
    # MOS 1; damage 1 + (7 − 6) = 2 dice.
    rules = RallyRules(RuleReadings(book_for=frozenset({"br_check_count"})))
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4)))
    assert (made.attack_value, made.defence_value, made.margin, made.damage_dice, made.hits) == (2, 1, 1, 2, 2)


@pytest.mark.rule("BR-11")
def test_heat_sixes_are_two_hits_and_melee_adds_its_power() -> None:
    # Heat (ヒート): a damage 6 is two hits. B at 0305 is next to A, in front (A faces north), B faces
    # north too: A is behind it: rear +2D6 → 4 attack dice. Attack 6 1 1 1 → 6; defence 1 1 → 0; MOS 6;
    # damage 6 + (6 − 6) = 6 dice; 6 6 1 1 1 1 → 4 hits: hull 2 → 0, structure 2 → 0 (spins out).
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(FLAMER, AXE), actions=2), gear("B", "0305"))
    (made,) = run(rules, state, shot(attack=(6, 1, 1, 1), defence=(1, 1), damage=(6, 6, 1, 1, 1, 1)))
    assert (made.margin, made.damage_dice, made.hits, made.hull, made.structure) == (6, 6, 4, 0, 0)
    assert made.spins_out and "spins out" in rules.describe(made) and state.pending == (("g2", 0),)
    with pytest.raises(RulesError) as refused:  # the spin-out first
        run(rules, state, shot(weapon=1))
    assert refused.value.key == "error.br_spins_pending"
    run(rules, state, m.ResolveSpin(gear="g2", spin_die=6))  # a 6: all the way round, no skid
    assert state.pending == () and state.gears["g2"].rally_tokens == 1
    # Melee (メレー): no POW vs AR; the power's dice join the damage roll. C at 0405 (ahead-right of A,
    # facing south toward A: A is in its front) — attack 2 dice: 4 4 → 5; defence 3 → 0: MOS 5;
    # damage 5 + POW 3 = 8 dice.
    run(rules, state, gear("C", "0405", facing=3))
    (melee,) = run(rules, state, shot(weapon=1, target="g3", attack=(4, 4), defence=(3, 1), damage=(1,) * 8))
    assert melee.side == "front" and (melee.margin, melee.damage_dice, melee.hits) == (5, 8, 0)


@pytest.mark.rule("BR-11")
def test_a_blast_weapon_rolls_one_die_after_a_miss() -> None:
    # Blast (ブラスト): MOF, but an attack die reached the Attack rating and POW 8 > AR 6: 1D6 all the same.
    # B faces south, A is in its front; range 3 is beyond the pod's optimal 2: 2 − 1 = 1 attack die.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(ROCKETS,)), gear("B", "0303", facing=3))
    (made,) = run(rules, state, shot(attack=(4,), defence=(6, 5), damage=(5,)))
    # attack 4 + 0 = 4; defence (4+) 6 + 1 = 7: margin −3
    assert (made.margin, made.damage_dice, made.blast, made.hits, made.hull) == (-3, 1, True, 1, 1)


@pytest.mark.rule("BR-10")
def test_beyond_the_maximum_range_fails_and_beyond_optimal_costs_a_die() -> None:
    # The gun reaches 6: B at 0301 is at range 5 (beyond optimal 3: −1D6); range 7 would fail outright.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=0, weapons=(GUN,), actions=3), gear("B", "0301", facing=3),
                 terrain=None)
    # 1 attack die: 6 → 6; defence 1 1 → 0 (none reaches 4+): MOS 6; damage 6 + (7 − 6) = 7 dice.
    (made,) = run(rules, state, shot(attack=(6,), defence=(1, 1), damage=(1, 1, 1, 1, 1, 1, 1)))
    assert made.attack_terms == (("br.term.base", 2), ("br.term.beyond_optimal", -1))
    assert (made.range, made.margin, made.damage_dice, made.hits) == (5, 6, 7, 0)
    short = WeaponCard(name="Short", optimal=1, maximum=4, power=7)
    rules2 = RallyRules()
    state2 = race(rules2, gear("A", "0306", weapons=(short,)), gear("B", "0301", facing=3))
    (failed,) = run(rules2, state2, shot(attack=(6, 6), defence=(1, 1)))  # 2 dice: no range modifier past the maximum
    assert failed.margin is None and failed.damage_dice == 0 and "automatic failure" in rules2.describe(failed)


def test_what_an_attack_refuses() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3, weapons=(GUN, SPLASH)), gear("B", "0303"))
    for command, key in (
        (shot(), "error.br_not_in_front_arc"),  # A faces south, B is north of it
        (shot(weapon=2), "error.br_no_weapon"),
        (shot(target="g1"), "error.br_not_a_target"),
        (m.AttackGear(attacker="g2", target="g1", weapon=0), "error.br_not_active"),
    ):
        with pytest.raises(RulesError) as refused:
            run(rules, state, command)
        assert refused.value.key == key
    blocked = race(RallyRules(), gear("A", "0306", weapons=(GUN,)), gear("B", "0303"), terrain={"0304": "level2"})
    with pytest.raises(RulesError) as refused:
        run(RallyRules(), blocked, shot())
    assert refused.value.key == "error.br_no_lock"
    once = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    run(rules, once, shot(attack=(1, 1, 1, 1), defence=(6, 6)))
    with pytest.raises(RulesError) as refused:  # one action per activation on this card
        run(rules, once, shot())
    assert refused.value.key == "error.br_no_actions"


@pytest.mark.rule("BR-10")
def test_table_mode_takes_the_geometry_the_gm_typed() -> None:
    # Table mode: the board is on the table. Flank (+1D6): 3 attack dice; cover 2D6 typed: 4 defence dice.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    run(rules, state, m.SetTableMode(on=True))
    with pytest.raises(RulesError) as refused:
        run(rules, state, shot())
    assert refused.value.key == "error.br_table_inputs"
    typed = m.TableGeometry(side="flank", range=2, cover_dice=2)
    (made,) = run(rules, state, shot(attack=(6, 1, 1), defence=(1, 1, 1, 1), damage=(1, 1, 1, 1, 1, 1, 1), table=typed))
    assert made.attack_terms == (("br.term.base", 2), ("br.term.flank", 1))
    assert made.defence_terms == (("br.term.base", 2), ("br.term.cover", 2))
    other = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    run(rules, other, m.SetTableMode(on=True))
    with pytest.raises(RulesError) as refused:
        run(rules, other, shot(table=m.TableGeometry(lock=False)))
    assert refused.value.key == "error.br_no_lock"


def test_rolled_dice_come_from_the_seeded_source_and_a_repaired_hull_ends_the_rattle() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    made = rules.decide(state, shot(), random.Random(5))[0]
    again = rules.decide(state, shot(), random.Random(5))[0]
    assert made == again and len(made.attack_faces) == 4 and not made.typed
    run(rules, state, shot(attack=(6, 6, 6, 6), defence=(1, 1), damage=(6,) * 10))
    assert state.gears["g2"].rattle.token
    run(rules, state, m.EditGear(gear="g2", field="hull", value=1))  # repaired to 1 or more: the token goes
    assert not state.gears["g2"].rattle.token and state.gears["g2"].rattle.count == 1


@pytest.mark.rule("BR-10")
def test_a_weapons_range_bands_on_the_map() -> None:
    # BR-10: within the optimal range no modifier, beyond it to the maximum −1D6, only in the front arc.
    # A at 0306 facing north, the gun 3/6: 0303 (3 ahead) is optimal, 0301 (5 ahead) beyond, 0307 behind none.
    from gmtool.core.hex.coords import label

    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0801"))
    assert [key for key, _name in rules.overlays(state, "g1")] == ["arcs", "range:0"]
    bands = rules.overlay(state, "g1", "range:0")
    meaning = {number: text for number, text in bands.legend}
    by_label = {label(h): meaning[n] for h, n in bands.tints.items()}
    assert by_label["0303"].startswith("Optimal") and by_label["0301"].startswith("Beyond")
    assert "0307" not in by_label and "0306" not in by_label
    assert rules.overlay(state, "g1", "range:7").tints == {}  # no such weapon: nothing
