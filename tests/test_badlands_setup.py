"""The race setup (BR-4): players and seats, the gear choice order and the pole position, values by hand
from the digest (shared/seeds/002, プレイの手順 1–3, lines ~60–80)."""

from __future__ import annotations

import random
from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.setup_pole import pole_odds
from tests.test_badlands_race import run

START = ["0402", "0403", "0404", "0405"]  # the start zone, in its order (the first: the pole's place)
COURSE = HexMapFile(name="T", game="badlands_rally", columns=8, rows=8, zones={"start": START, "finish": ["0301"]},
                    checkpoints=[["0303"]])


def gear(name: str, at: str, seat: str = "", initiative: int = 4) -> m.AddGear:
    return m.AddGear(name=name, seat=seat or name, attack=4, defence=4, initiative=initiative, armour=6, hull=2,
                     structure=2, cruising_mr=5, top_mr=8, hex=at)


def setup(*commands: m.Command, course: HexMapFile = COURSE):  # noqa: ANN201
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=course), *commands)
    return rules, state


@pytest.mark.rule("BR-4")
def test_players_have_one_or_two_gears_and_the_gears_go_round_the_table_clockwise() -> None:
    # Digest (1. ギアの選択): a two-player game, each player starts with two gears. A and B are typed with
    # their players; C and D with players not at the table yet, then given to Aiko and Ben.
    rules, state = setup(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"), gear("C", "0306"), gear("D", "0506"),
                         s.SetPlayers(players=("Aiko", "Ben")))
    done = run(rules, state, s.AssignGear(gear="g3", player="Aiko"), s.AssignGear(gear="g4", player="Ben"))
    assert [g.seat for g in state.gears.values()] == ["Aiko", "Ben", "Aiko", "Ben"]
    assert rules.describe(done[0]) == "C goes to Aiko."
    # clockwise: each player's first gear in the players' order, then their second gears
    assert state.seats() == ["g1", "g2", "g3", "g4"]
    with pytest.raises(RulesError) as refused:  # a third gear for Aiko
        run(rules, state, s.AssignGear(gear="g4", player="Aiko"))
    assert refused.value.key == "error.br_two_gears"
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.AssignGear(gear="g4", player="Chie"))
    assert refused.value.key == "error.br_no_player"
    row = next(r for r in rules.order(state) if r.id == "g4")
    assert any((b.text, b.tooltip) == ("Ben", "Player: Ben") for b in row.badges)  # the order list shows the seat


@pytest.mark.rule("BR-4")
def test_the_highest_die_chooses_a_gear_first_and_the_tied_roll_again() -> None:
    # Digest: 各プレイヤーがD6を振り、出目の高い順にギアを選択する. Aiko 5, Ben 5, Chie 3: Aiko and Ben tie and
    # roll again (Aiko 2, Ben 6): Ben, Aiko, then Chie.
    rules, state = setup(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"), gear("C", "0306", "Chie"),
                         s.SetPlayers(players=("Aiko", "Ben", "Chie")))
    (rolled,) = run(rules, state, s.RollChoiceOrder(faces={"Aiko": (5, 2), "Ben": (5, 6), "Chie": (3,)}))
    assert rolled.order == ("Ben", "Aiko", "Chie") and state.choice_order == rolled.order
    assert [[d.die for d in dice] for dice in rolled.rolls] == [[5, 5, 3], [2, 6]]
    assert rules.describe(rolled) == ("Gear choice order: Aiko 5; Ben 5; Chie 3; tied, rolled again: Aiko 2; Ben 6. "
                                      "They choose in this order: Ben, Aiko, Chie.")
    rules, state = setup(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"), s.SetPlayers(players=("Aiko", "Ben")))
    with pytest.raises(RulesError) as refused:  # typed dice that leave a tie: the tied roll again at the table
        run(rules, state, s.RollChoiceOrder(faces={"Aiko": (4,), "Ben": (4,)}))
    assert refused.value.key == "error.br_choice_tie"
    tied = next(seed for seed in range(300)
                if len(rules.decide(state, s.RollChoiceOrder(), random.Random(seed))[0].rolls) > 1)
    (rolled,) = rules.decide(state, s.RollChoiceOrder(), random.Random(tied))
    assert rolled.rolls[0][0].die == rolled.rolls[0][1].die and set(rolled.order) == {"Aiko", "Ben"}
    with pytest.raises(RulesError) as refused:
        setup(s.RollChoiceOrder())
    assert refused.value.key == "error.br_no_players"


@pytest.mark.rule("BR-4")
def test_the_pole_position_goes_first_and_the_gears_are_placed_clockwise_from_it() -> None:
    # Digest (3. ポール・ポジション): 2D6 initiative checks, the winner places first on the start zone, then
    # clockwise; round 1 begins with the pole gear. At 4+ (the highest die reaching 4 plus one per other):
    # A 6 2 → 6; B 6 5 → 7; C 3 3 → 0. B takes the pole: B on 0402, then C on 0403, then A on 0404.
    rules, state = setup(gear("A", "0106"), gear("B", "0206"), gear("C", "0306"))
    rolled, started = run(rules, state, s.RollPolePosition(faces={"g1": (6, 2), "g2": (6, 5), "g3": (3, 3)}))
    assert rolled.winner == "g2" and state.pole == "g2"
    assert [(p.gear, p.after) for p in rolled.placements] == [("g2", "0402"), ("g3", "0403"), ("g1", "0404")]
    assert {g: label(state.gears[g].hex) for g in state.gears} == {"g1": "0404", "g2": "0402", "g3": "0403"}
    assert started.round == 1 and started.order == ("g2", "g3", "g1") and state.current == "g2"
    assert rules.describe(rolled).startswith("Pole position: A 6 2 → 6; B 6 5 → 7; C 3 3 → 0. B takes the pole")
    with pytest.raises(RulesError) as refused:  # the race has begun: setup is over
        run(rules, state, s.RollPolePosition())
    assert refused.value.key == "error.br_setup_over"


@pytest.mark.rule("BR-4")
def test_a_tie_for_the_pole_rolls_again_even_for_the_gear_ahead() -> None:
    # Digest: 引き分けの場合、振り直し — no gear is ahead at the start. A (0304) is nearer the checkpoint 0303 than
    # B (0306): the round's check would give A the tie (BR-6); the pole's does not.
    rules, state = setup(gear("A", "0304"), gear("B", "0306"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.RollPolePosition(faces={"g1": (6, 2), "g2": (6, 2)}))
    assert refused.value.key == "error.br_initiative_tie"
    tied = next(seed for seed in range(300)
                if len(rules.decide(state, s.RollPolePosition(), random.Random(seed))[0].rolls) > 1)
    rolled, _started = rules.decide(state, s.RollPolePosition(), random.Random(tied))
    first = rolled.rolls[0]
    assert first[0].value == first[1].value and len(rolled.rolls[-1]) == 2


@pytest.mark.rule("BR-4")
def test_the_pole_positions_chances_are_exact() -> None:
    # Two gears at Initiative 6+: a check is 0 with no 6, else 5 + the number of 6s. Each gear 2D6:
    # P(0) = 25/36, P(6) = 10/36, P(7) = 1/36; a tie rolls again, so by symmetry each has 1/2.
    rules, state = setup(gear("A", "0106", initiative=6), gear("B", "0206", initiative=6))
    assert pole_odds(state, rules.readings) == (("A", Fraction(1, 2)), ("B", Fraction(1, 2)))
    law = icepool.d6.pool(2).expand().map(lambda f: 0 if 6 not in f else 5 + f.count(6))
    assert {v: Fraction(q, law.denominator()) for v, q in law.items()} == {0: Fraction(25, 36), 6: Fraction(10, 36),
                                                                          7: Fraction(1, 36)}


def test_a_start_zone_too_small_is_refused_and_table_mode_places_nothing() -> None:
    small = COURSE.model_copy(update={"zones": {"start": ["0402"]}})
    rules, state = setup(gear("A", "0106"), gear("B", "0206"), course=small)
    with pytest.raises(RulesError) as refused:
        run(rules, state, s.RollPolePosition(faces={"g1": (6, 6), "g2": (1, 1)}))
    assert refused.value.key == "error.br_start_zone_small"
    rules, state = setup(gear("A", "0106"), gear("B", "0206"), m.SetTableMode(on=True))
    rolled, _started = run(rules, state, s.RollPolePosition(faces={"g1": (1, 1), "g2": (6, 6)}))
    assert rolled.winner == "g2" and rolled.placements == () and label(state.gears["g1"].hex) == "0106"
