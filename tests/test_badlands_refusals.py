"""What the race refuses, in the words the GM reads on the status line (English, whole): each refusal
names the gear, hex, weapon or player concerned, so the GM knows what to correct and nothing is lost."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules import special_messages as sp
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, gear

TAKEN = "B already stands in 0505: two gears never share a hex (gears collide only in a skid, a jump or a push, " \
        "which gmtool resolves)."


def refusal(rules: RallyRules, state: RaceState, command: Command) -> tuple[str, str]:
    with pytest.raises(RulesError) as refused:
        run(rules, state, command)
    return refused.value.key, refused.value.message()


class Unknown(Command):
    kind: str = "br_no_such_command"


def test_what_the_race_refuses_before_and_between_activations() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305", weapons=(GUN,)), gear("B", "0505"))
    assert refusal(rules, state, gear("C", "0505")) == ("error.br_hex_taken", TAKEN)
    assert refusal(rules, state, m.PlaceGear(gear="g1", hex="0505", facing=0)) == ("error.br_hex_taken", TAKEN)
    assert refusal(rules, state, m.PlaceGear(gear="g1", hex="0305", facing=0)) == ("error.no_change",
                                                                                  "That changes nothing.")
    assert refusal(rules, state, m.SetTableMode(on=False)) == ("error.no_change", "That changes nothing.")
    assert refusal(rules, state, Unknown()) == ("error.unknown_command", "Unknown command: br_no_such_command")
    run(rules, state, m.StartRound(first="g1"))
    not_b = ("error.br_not_active", "It is not B's activation.")
    assert refusal(rules, state, m.DeclareSpeed(gear="g2", speed="top")) == not_b
    assert refusal(rules, state, m.EndActivation(gear="g2")) == not_b
    no_g9 = ("error.br_no_gear", "There is no gear g9 in this race.")
    assert refusal(rules, state, m.AttackGear(attacker="g1", target="g9", weapon=0)) == no_g9
    assert refusal(rules, state, m.AttackGear(attacker="g9", target="g1", weapon=0)) == no_g9
    assert refusal(rules, state, m.SpecialMove(gear="g1", move="jump")) == (
        "error.br_declare_first", "A declares cruising or top speed first.")
    assert refusal(rules, state, m.ResolveSpin(gear="g9")) == ("error.br_no_spin_waiting",
                                                               "g9 is not waiting to spin out.")
    assert refusal(rules, state, m.ResolveSpin(gear="g2")) == ("error.br_no_spin_waiting",
                                                               "B is not waiting to spin out.")


@pytest.mark.rule("BR-17")
def test_recovery_at_top_speed_and_a_push_with_no_hits_are_refused_by_name() -> None:
    # Digest lines 486, 487: recovery at cruising speed only; a gear with no hits left must recover.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), gear("B", "0304"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="top"))
    assert refusal(rules, state, m.Recover(gear="g1", die=3)) == ("error.br_recover_cruising",
                                                                  "A recovers at cruising speed only.")
    run(rules, state, m.EditGear(gear="g1", field="hull", value=0), m.EditGear(gear="g1", field="structure", value=0))
    assert refusal(rules, state, PushGear(pusher="g1", target="g2")) == (
        "error.br_must_recover", "A has no hits left: it must recover first.")


@pytest.mark.rule("BR-18")
def test_a_melee_reaction_out_of_reach_names_the_weapon_and_its_reach() -> None:
    # Condition A (digest line 530): the active gear leaves a hex of the passive gear's front arc within its
    # melee weapon's reach. B (0304, facing south) has a Lance reaching 2 and a Knife reaching 1: A leaves
    # 0306, two hexes ahead of B; the Knife does not reach it.
    lance = WeaponCard(name="Lance", optimal=1, maximum=2, power=4, traits=("melee",))
    knife = WeaponCard(name="Knife", optimal=1, maximum=1, power=3, traits=("melee",))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", facing=3), gear("B", "0304", facing=3, weapons=(lance, knife)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="ahead"))
    assert state.reaction is not None and state.reaction.offers == (("g2", "melee"),)
    assert refusal(rules, state, r.React(gear="g2", weapon=1)) == (
        "error.br_reaction_out_of_reach", "Knife reaches 1 hex: the gear leaving is beyond it.")


def test_setup_refusals_name_the_player_and_the_gear() -> None:
    from tests.test_badlands_setup import COURSE
    from tests.test_badlands_setup import gear as seated

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), seated("A", "0106", "Aiko"), seated("B", "0206", "Ben"),
        s.SetPlayers(players=("Aiko", "Ben")))
    assert refusal(rules, state, s.RollChoiceOrder(faces={"Aiko": (5,)})) == (  # no die typed for Ben
        "error.br_choice_tie", "A tie to settle: type another die for Ben (the tied players roll again).")
    assert refusal(rules, state, s.GiveUpgrade(gear="g9", die=2)) == ("error.br_no_gear",
                                                                      "There is no gear g9 in this race.")


def test_more_refusals_name_what_is_wrong() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}))
    slow = gear("S", "0101").model_copy(update={"cruising_mr": 6, "top_mr": 5})
    assert refusal(rules, state, slow) == (
        "error.br_top_below_cruising", "S: the top speed (5 MR) must be at least the cruising speed (6 MR).")
    run(rules, state, gear("A", "0305", weapons=(GUN,)), gear("B", "0505"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    assert refusal(rules, state, m.EditGear(gear="g1", field="armour", value=6)) == ("error.no_change",
                                                                                   "That changes nothing.")
    assert refusal(rules, state, m.AttackGear(attacker="g2", target="g1", weapon=0)) == (
        "error.br_not_active", "It is not B's activation.")
    assert refusal(rules, state, PushGear(pusher="g2", target="g1")) == (
        "error.br_not_active", "It is not B's activation.")
    assert refusal(rules, state, sp.OffRoad(gear="g9")) == ("error.br_no_gear", "There is no gear g9 in this race.")
    run(rules, state, m.SetTableMode(on=True))
    assert refusal(rules, state, m.StepGear(gear="g1", step="ahead")) == (
        "error.br_table_mode", "Table mode: positions are on the table, not on gmtool's map.")


@pytest.mark.rule("BR-18")
def test_a_melee_reaction_with_a_gun_is_refused_by_name() -> None:
    # Condition A (digest lines 529-530) is a melee attack: B's Gun cannot answer A leaving its front arc.
    rules = RallyRules()
    state = rules.initial_state()
    axe = WeaponCard(name="Axe", optimal=1, maximum=1, power=3, traits=("melee",))
    run(rules, state, course({}), gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(GUN, axe)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="ahead"))
    assert refusal(rules, state, r.React(gear="g2", weapon=0)) == (
        "error.br_reaction_melee_only",
        "B reacts to a gear leaving its front arc with a melee weapon only (Gun is not one).")


def test_a_reroll_with_nothing_rolled_is_refused() -> None:
    from gmtool.games.badlands_rally.rules.race_specials import reroll_command

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305", weapons=(GUN,)), gear("B", "0303"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    for command in (m.SpecialMove(gear="g1", move="jump"), m.AttackGear(attacker="g1", target="g2", weapon=0)):
        with pytest.raises(RulesError) as refused:
            reroll_command(state, command, ())  # refused: no event to reroll
        assert refused.value.key == "error.br_reliable_nothing"


def test_the_rules_own_guards_say_what_is_wrong() -> None:
    # A die outside 1-6 for an upgrade or a scenario (both rolled on 1D6, digest lines 572, 627), and a command
    # that is no setup command handed to the setup's decider.
    from gmtool.games.badlands_rally.rules.scenarios import scenario_for
    from gmtool.games.badlands_rally.rules.setup_rules import decide as setup_decide
    from gmtool.games.badlands_rally.rules.upgrades import upgrade_for

    for guarded in (lambda: upgrade_for(7), lambda: scenario_for(0)):
        with pytest.raises(RulesError) as refused:
            guarded()
        assert refused.value.key == "error.faces_range"
    rules = RallyRules()
    with pytest.raises(RulesError) as refused:
        setup_decide(rules.initial_state(), m.StepGear(gear="g1", step="ahead"), None, rules.readings)  # type: ignore[arg-type]
    assert (refused.value.key, refused.value.message()) == ("error.unknown_command", "Unknown command: br_step")


@pytest.mark.rule("BR-17")
def test_a_push_on_itself_is_refused_by_name() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"), gear("B", "0305"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    assert refusal(rules, state, PushGear(pusher="g1", target="g1")) == ("error.br_not_a_target",
                                                                        "A cannot be the target.")


def test_an_edit_of_a_value_the_card_does_not_hold_is_refused() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"))
    assert refusal(rules, state, m.EditGear(gear="g1", field="hex", value="0101")) == ("error.no_change",
                                                                                      "That changes nothing.")


@pytest.mark.rule("BR-20")
def test_a_gear_with_special_rules_not_on_any_datacard_is_refused_naming_them() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}))
    card = gear("A", "0305").model_copy(update={"specials": ("tall", "wings", "gills")})
    assert refusal(rules, state, card) == ("error.br_unknown_special", "Unknown special rule: gills, wings")


@pytest.mark.rule("BR-20")
def test_the_off_road_roll_twice_in_a_turn_is_refused_by_name() -> None:
    # ★オフロード・スペシャリスト (digest line 660): once a turn.
    rules = RallyRules()
    state = rules.initial_state()
    card = gear("A", "0305").model_copy(update={"specials": ("off_road_specialist",)})
    run(rules, state, course({}), card, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        sp.OffRoad(gear="g1", faces=(4, 5)))
    key, words = refusal(rules, state, sp.OffRoad(gear="g1", faces=(4, 5)))
    assert key == "error.br_off_road_used" and words.startswith("A ")


def test_a_gear_given_to_the_player_it_has_changes_nothing() -> None:
    from tests.test_badlands_setup import COURSE
    from tests.test_badlands_setup import gear as seated

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), seated("A", "0106", "Aiko"), s.SetPlayers(players=("Aiko",)))
    assert refusal(rules, state, s.AssignGear(gear="g1", player="Aiko")) == ("error.no_change", "That changes nothing.")


@pytest.mark.rule("BR-19")
def test_the_attack_refusal_of_the_gentlemens_sport_is_said_in_round_1_only() -> None:
    # Digest lines 615-619: no attacks in the first round.
    from gmtool.games.badlands_rally.rules import scenario_messages as sc
    from gmtool.games.badlands_rally.rules.scenario_view import attack_refusal

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"))
    assert attack_refusal(state) == ""
    run(rules, state, sc.SetGentlemensSport(on=True), m.StartRound(first="g1"))
    assert attack_refusal(state) == "Gentlemen's sport: no attacks in the race's first round."
