"""Issue 31's findings in the rally's rules, each shown to fail before its fix: a refusal that claimed
collisions were not built; a player list with a player racing no gear ("Aiko, BenAiko, Ben"), or one
player named twice; the gear choice rolled for a player left without a gear; and whose side a gear is
on (BR-4: a player's gears), so that an attack on one's own side is asked first."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.sides import enemies_first, same_side
from tests.test_badlands_race import run
from tests.test_badlands_setup import COURSE, gear


def race(*commands: m.Command):  # noqa: ANN201
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), *commands)
    return rules, state


def refusal(rules: RallyRules, state, command: m.Command) -> RulesError:  # noqa: ANN001
    with pytest.raises(RulesError) as refused:
        run(rules, state, command)
    return refused.value


def test_a_step_into_another_gears_hex_says_what_is_true_not_that_collisions_are_missing() -> None:
    rules, state = race(gear("A", "0305", "Aiko"), gear("B", "0304", "Ben"), m.StartRound(first="g1"),
                        m.DeclareSpeed(gear="g1", speed="cruising"))
    said = refusal(rules, state, m.StepGear(gear="g1", step="ahead")).message()
    assert said == ("B already stands in 0304: two gears never share a hex (gears collide only in a skid, "
                    "a jump or a push, which gmtool resolves).")
    try:
        set_language("ja")
        said = refusal(rules, state, m.StepGear(gear="g1", step="ahead")).message()
    finally:
        set_language("en")
    assert "未実装" not in said and "0304には既にBがいます" in said


@pytest.mark.rule("BR-4")
def test_a_player_list_naming_a_player_who_races_no_gear_is_refused_with_the_name() -> None:
    # "Aiko, Ben" typed twice into one line reads "Aiko, BenAiko, Ben": BenAiko races no gear.
    rules, state = race(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"))
    refused = refusal(rules, state, s.SetPlayers(players=("Aiko", "BenAiko", "Ben")))
    assert refused.key == "error.br_player_without_gear" and refused.args_for_message["players"] == "BenAiko"
    assert refused.message().startswith("BenAiko races no gear: every player races one or two gears.")
    assert state.players == ()  # nothing set
    run(rules, state, s.SetPlayers(players=("Ben", "Aiko")))
    assert state.players == ("Ben", "Aiko")


@pytest.mark.rule("BR-4")
def test_one_player_named_twice_in_another_case_or_width_is_refused() -> None:
    rules, state = race(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"))
    for twice in (("Aiko", "Ben", "aiko"), ("Aiko", "Ben", "Ａｉｋｏ"), ("Aiko", "Aiko", "Ben")):
        refused = refusal(rules, state, s.SetPlayers(players=twice))
        assert refused.key == "error.br_player_twice" and refused.args_for_message["player"] == twice[2 if twice[1] == "Ben" else 1]
    assert state.players == ()


@pytest.mark.rule("BR-4")
def test_the_gear_choice_is_not_rolled_for_a_player_left_without_a_gear() -> None:
    # Ben's only gear goes to Aiko: Ben races nothing, so nobody rolls 1D6 for him (各プレイヤーがD6を振り).
    rules, state = race(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"), s.SetPlayers(players=("Aiko", "Ben")),
                        s.AssignGear(gear="g2", player="Aiko"))
    refused = refusal(rules, state, s.RollChoiceOrder(faces={"Aiko": (5,), "Ben": (3,)}))
    assert refused.key == "error.br_player_without_gear" and refused.args_for_message["players"] == "Ben"
    assert state.choice_order == ()


@pytest.mark.rule("BR-4")
def test_a_gears_side_is_its_player_and_enemies_come_first() -> None:
    # Digest (1. ギアの選択): each player races one or two gears; no teams. A and C are Aiko's, B Ben's;
    # D was typed without a player (the placeholder "Player"): it is on nobody's side.
    rules, state = race(gear("A", "0106", "Aiko"), gear("B", "0206", "Ben"), gear("C", "0306", "Aiko"),
                        gear("D", "0506", "Player"), gear("E", "0606", "Player"))
    assert same_side(state, "g1", "g3") and same_side(state, "g3", "g1")
    assert not same_side(state, "g1", "g2") and not same_side(state, "g1", "g1")
    assert not same_side(state, "g4", "g5")  # two placeholders are not one player
    assert enemies_first(state, "g1", ["g3", "g2", "g4"]) == ["g2", "g4", "g3"]
