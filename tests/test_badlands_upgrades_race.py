"""Upgrades in the race (BR-20) and the equipment's +1D6 on special moves (BR-9): values by hand from the
digest (shared/seeds/002, アップグレード(P.15) lines ~628–660; 修正表 line ~185)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.setup_pole import pole_odds
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import run
from tests.test_badlands_race_attack import GUN

RIFLE = WeaponCard(name="Rifle", optimal=6, maximum=12, power=7, dice=1)
BLADE = WeaponCard(name="Vibro Blade", optimal=1, maximum=1, power=2, traits=("melee",))


def gear(name: str, at: str, facing: int = 0, weapons: tuple[WeaponCard, ...] = (), initiative: int = 4,
         defence: int = 4) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=defence, initiative=initiative, armour=6, hull=2,
                     structure=2, cruising_mr=5, top_mr=8, hex=at, facing=facing, weapons=weapons, actions=2)


def upgraded(*upgrades: tuple[str, int], gears: tuple[m.AddGear, ...] = (), start: bool = True):  # noqa: ANN201
    """The gears (default A at 0306 and B at 0106), each upgrade chosen by its die face; round 1 begun."""
    rules = RallyRules()
    state = rules.initial_state()
    gears = gears or (gear("A", "0306"), gear("B", "0106"))
    track = HexMapFile(name="T", game="badlands_rally", columns=8, rows=8, zones={"start": ["0702", "0703", "0704"]})
    run(rules, state, m.SetCourse(course=track), *gears, s.SetUpgradeMode(mode="chosen"),
        *(s.GiveUpgrade(gear=g, die=die) for g, die in upgrades))
    if start:
        run(rules, state, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    return rules, state


@pytest.mark.rule("BR-20")
def test_an_upgrade_is_rolled_chosen_or_none_and_one_per_gear() -> None:
    rules, state = upgraded(gears=(gear("A", "0306"), gear("B", "0106"), gear("C", "0206")), start=False)
    # a one-off game rolls 1D6 (1回限りのゲームにおいては、1D6を振り): the default
    assert rules.initial_state().upgrade_mode == "rolled"
    run(rules, state, s.SetUpgradeMode(mode="rolled"))
    (given,) = run(rules, state, s.GiveUpgrade(gear="g1", die=2))  # the die typed from the table: 2
    assert (given.key, given.rolled) == ("speed_demon", True) and state.gears["g1"].upgrades == ("speed_demon",)
    assert rules.describe(given) == "A rolls its upgrade: 2 → Speed Demon."
    assert any(b.text == "Speed Demon" for b in next(r for r in rules.order(state) if r.id == "g1").badges)
    sheet = rules.sheet(state, "g1")
    assert sheet is not None and next(f.value for f in sheet.fields if f.key == "upgrade") == "Speed Demon"
    with pytest.raises(RulesError) as refused:  # ギア毎に1つ
        run(rules, state, s.GiveUpgrade(gear="g1", die=3))
    assert refused.value.key == "error.br_upgrade_has"
    (rolled,) = run(rules, state, s.GiveUpgrade(gear="g2"))  # rolled by gmtool
    assert 1 <= rolled.die <= 6 and rolled.rolled
    run(rules, state, s.SetUpgradeMode(mode="chosen"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.GiveUpgrade(gear="g3"))
    assert refused.value.key == "error.br_upgrade_choose"
    run(rules, state, s.SetUpgradeMode(mode="none"))  # キャンペーンをプレイする場合、アップグレードを使用しない
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.GiveUpgrade(gear="g3", die=1))
    assert refused.value.key == "error.br_upgrades_off"


@pytest.mark.rule("BR-20")
@pytest.mark.rule("BR-9")
def test_speed_demon_the_enhancer_and_equipment_add_a_die_to_special_moves() -> None:
    # Digest: Speed Demon, one more die burning rubber; the Enhancer, one more die on a jump check;
    # 修正表: 装備による修正 +1D6. Cruising: 2D6 to start.
    rules, state = upgraded(("g1", 2))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(4, 1, 1)))
    assert (made.dice, made.successes, made.mr_left) == (3, 1, 6)
    rules, state = upgraded(("g1", 2))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", equipment=True, faces=(1, 2, 3, 5)))
    # 2 + Speed Demon + equipment = 4 dice at 4+: P(a success) = 1 − (1/2)⁴ = 15/16 = 93.75 %
    assert made.dice == 4 and made.equipment and made.odds == "93.8%"
    assert "1 2 3 5 → 1 success. With equipment: +1D6. MR 5 → 6." in rules.describe(made)
    assert 1 - icepool.d6.pool(4).expand().map(lambda f: any(x >= 4 for x in f)).probability(False) == Fraction(15, 16)
    rules, state = upgraded(("g1", 3))
    with pytest.raises(RulesError) as refused:  # the Enhancer's jump: 3 dice, not 2
        run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(1, 2)))
    assert refused.value.key == "error.faces_count"
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(1, 2, 3)))
    assert made.dice == 3
    rules, state = upgraded()  # no upgrade: equipment alone, 3 dice
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", equipment=True, faces=(1, 1, 6)))
    assert made.dice == 3 and made.successes == 1


@pytest.mark.rule("BR-20")
def test_sponsorship_paint_adds_a_die_to_the_pole_the_rounds_check_and_the_contested_victory() -> None:
    # Digest: イニシアチブ チェック時にダイスを1個追加 (ポール・ポジションの決定や僅差勝利の判定を含む).
    rules, state = upgraded(("g1", 4), gears=(gear("A", "0306", initiative=6), gear("B", "0106", initiative=6)),
                            start=False)
    # At 6+ a check is 0 without a 6, else 5 + the number of 6s. A rolls 3 dice, B 2:
    # A: P(k sixes) = 125, 75, 15, 1 /216; B: 25, 10, 1 /36. P(A > B) = (75·25 + 15·35 + 1·36)/7776 = 2436/7776;
    # P(B > A) = (10·125 + 1·200)/7776 = 1450/7776; a tie rolls again: A 2436/3886 = 1218/1943.
    assert pole_odds(state, rules.readings) == (("A", Fraction(1218, 1943)), ("B", Fraction(725, 1943)))
    with pytest.raises(RulesError) as refused:  # two dice typed for A: it rolls three
        run(rules, state, s.RollPolePosition(faces={"g1": (6, 2), "g2": (5, 4)}))
    assert refused.value.key == "error.faces_count"
    rolled, _started = run(rules, state, s.RollPolePosition(faces={"g1": (6, 2, 1), "g2": (5, 4)}))
    assert rolled.winner == "g1" and rolled.odds == "62.7%"  # 1218/1943 = 0.6268…
    run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    with pytest.raises(RulesError) as refused:  # the round's check: 3 dice for A too
        run(rules, state, m.RollInitiative(faces={"g1": (6, 2), "g2": (5, 4)}))
    assert refused.value.key == "error.faces_count"
    _started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (6, 2, 1), "g2": (5, 4)}))
    assert len(rolled.rolls[0][0].faces) == 3
    from gmtool.games.badlands_rally.rules.upgrade_effects import contested_dice_of

    assert contested_dice_of(state.gears["g1"]) == 3 and contested_dice_of(state.gears["g2"]) == 2


def _spin_waiting(the_move: str) -> tuple[RallyRules, object]:
    """A (g1, active) burns rubber with all 1s: it waits to spin out (BR-9)."""
    rules, state = upgraded(*((("g1", 1),) if the_move == "g1" else ()))
    run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 1)))
    return rules, state


@pytest.mark.rule("BR-20")
def test_the_move_keeps_the_higher_of_two_spin_dice_and_a_six_cancels_the_skid() -> None:
    # Digest (ザムーブ): 2D6, the higher kept; a 6 on either cancels the skid and the activation goes on;
    # an active gear takes a free rally-the-crowd token. A faces north (0): 2 and 5 → 5 sides clockwise → 5.
    rules, state = _spin_waiting("g1")
    spun, ended = run(rules, state, m.ResolveSpin(gear="g1", clockwise=True, spin_die=2, second_die=5, skid_die=1))
    assert (spun.die, spun.second_die, spun.facing, spun.recovered) == (2, 5, 5, False)
    assert isinstance(ended, m.ActivationEnded)
    assert rules.describe(spun).startswith("The Move: 2 and 5, the higher kept. A spins out: 5 sides clockwise")
    rules, state = _spin_waiting("g1")
    (spun,) = run(rules, state, m.ResolveSpin(gear="g1", spin_die=3, second_die=6))  # a 6 on the second die
    assert spun.recovered and spun.token and state.current == "g1" and state.gears["g1"].rally_tokens == 1
    rules, state = _spin_waiting("")
    with pytest.raises(RulesError) as refused:  # no The Move: one die only
        run(rules, state, m.ResolveSpin(gear="g1", spin_die=3, second_die=6))
    assert refused.value.key == "error.br_no_the_move"


@pytest.mark.rule("BR-20")
def test_the_move_gives_no_token_to_a_gear_that_is_not_active() -> None:
    # A (0306, facing north, 2 actions) jumps: 6 6 → 2 successes, over B at 0305 and landing on 0304; C stands
    # there: A comes down on C, both spin out. C has The Move and is not the active gear: no token on a 6.
    rules, state = upgraded(("g3", 1), gears=(gear("A", "0306"), gear("B", "0305"), gear("C", "0303")))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(6, 6)))
    assert made.obstacle_gear == "g3"
    (spun,) = run(rules, state, m.ResolveSpin(gear="g3", spin_die=6, second_die=1))
    assert spun.recovered and not spun.token and state.gears["g3"].rally_tokens == 0
    assert "no token" in rules.describe(spun)


@pytest.mark.rule("BR-20")
def test_the_whacker_is_a_pow_7_melee_weapon_reaching_two_hexes() -> None:
    # Digest (ワッカー): POW7, range 1-2 hexes, melee. A at 0505 faces north-west; B at 0304 is two hexes
    # straight ahead (A hits B's flank: 2D6 + 1D6). No beyond-optimal die at range 2.
    rules, state = upgraded(("g1", 5), gears=(gear("A", "0505", facing=5), gear("B", "0304")))
    whacker = state.gears["g1"].weapons[-1]
    assert (whacker.name, whacker.power, whacker.optimal, whacker.maximum, whacker.traits) == (
        "Whacker", 7, 2, 2, ("melee",))
    planned = rules.attack_preview(state, m.AttackGear(attacker="g1", target="g2", weapon=0))
    assert planned.refusal == "" and planned.range == 2 and planned.attack_dice == 3
    # Attack 6 5 1 → 6 + 1 = 7; defence 4 1 → 4; MOS 3; melee: 3 + POW 7 = 10 damage dice (BR-11 Melee).
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 5, 1),
                                             defence_faces=(4, 1), damage_faces=(1,) * 10))
    assert (made.weapon, made.margin, made.damage_dice) == ("Whacker", 3, 10)


@pytest.mark.rule("BR-20")
def test_twins_make_the_chosen_weapon_one_better_and_a_rifle_reaches_2_to_4_and_8() -> None:
    # Digest (ツインズ): the weapon's Attack one better (4+ → 3+); Autocannon and Rifle ranges become 2-4 / 8,
    # their own bonuses kept (the Rifle's +1D6 stays).
    rules, state = upgraded(("g1", 6), gears=(gear("A", "0505", facing=5, weapons=(BLADE, RIFLE)), gear("B", "0304")),
                            start=False)
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.ChooseTwins(gear="g2", weapon=0))
    assert refused.value.key == "error.br_no_twins"
    (chosen,) = run(rules, state, s.ChooseTwins(gear="g1", weapon=1))
    twin = state.gears["g1"].weapons[1]
    assert (twin.name, twin.optimal, twin.maximum, twin.dice, twin.power) == ("Rifle ×2", 4, 8, 1, 7)
    assert rules.describe(chosen) == "A carries twin Rifle: its Attack one better, ranges 4/8."
    run(rules, state, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    # Attack 3+ now: 3 3 2 → 3 + 1 = 4 (at 4+ it would be 0); defence 1 1 → 0.
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=1, attack_faces=(3, 3, 2, 2),
                                             defence_faces=(1, 1), damage_faces=(1,) * 5))
    assert (made.attack_rating, made.attack_value, made.margin) == (3, 4, 4)
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(3, 3, 2),
                                             defence_faces=(1, 1), damage_faces=()))
    assert made.attack_rating == 4  # the Vibro Blade is not the twinned weapon


@pytest.mark.rule("BR-20")
def test_twins_of_a_melee_weapon_keep_its_range() -> None:
    rules, state = upgraded(("g1", 6), gears=(gear("A", "0306", weapons=(BLADE, GUN)),), start=False)
    run(rules, state, s.ChooseTwins(gear="g1", weapon=0))
    blade = state.gears["g1"].weapons[0]
    assert (blade.name, blade.optimal, blade.maximum) == ("Vibro Blade ×2", 1, 1) and state.gears["g1"].twins == 0
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.ChooseTwins(gear="g1", weapon=1))
    assert refused.value.key == "error.br_twins_chosen"
