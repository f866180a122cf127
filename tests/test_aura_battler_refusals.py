"""What the duel says when it refuses a command (issue 36): the refusal's key and the words the GM
reads, naming the machine, the hex or the limit; and the edges of what it accepts (a name of 40
characters, damage from 0 to the durability, the card's top thrust). Values from the made-up demo cards
(``resources/aura_battler/demo_duel.json``: the Lark's speed table has 10 entries, durability 20, one
gun; the Hornet durability 18) and the digest (``shared/seeds/003``)."""

from __future__ import annotations

import random

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.core.messages import Command
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.cards import MachineCard, PilotCard, demo_duel
from gmtool.games.aura_battler.rules.damage import open_total
from gmtool.games.aura_battler.rules.demo import demo
from gmtool.games.aura_battler.rules.duel import AuraRules
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel


def refusal(duel: Duel, command: Command) -> RulesError:
    with pytest.raises(RulesError) as caught:
        duel.run(command)
    return caught.value


def lark_card() -> MachineCard:
    return demo_duel("en").machine("Demo Lark")


def aya() -> PilotCard:
    return demo_duel("en").pilot("Demo pilot Aya")


def before_the_first_turn() -> Duel:
    """The demo's sky and machines, no turn started yet."""
    duel = Duel.__new__(Duel)
    duel.rules, duel.rng, duel.events = AuraRules(), random.Random(3), []
    duel.state = duel.rules.initial_state()
    for command in demo().commands[:-1]:
        duel.run(command)
    assert duel.state.turn == 0
    return duel


def test_an_attack_on_itself_or_a_missing_machine_is_refused_in_words() -> None:
    duel = Duel()
    duel.allocate()
    itself = refusal(duel, m.Attack(attacker=LARK, target=LARK))
    assert itself.key == "error.ab_attack_self" and itself.message() == "A machine cannot attack itself."
    missing = refusal(duel, m.Attack(attacker=LARK, target="u9"))
    assert missing.key == "error.ab_no_unit" and missing.message() == "No machine u9."
    # The Lark has one gun: the second (index 1) is named as the GM counts, "gun 2".
    no_gun = refusal(duel, m.Attack(attacker=LARK, target=HORNET, gun=1))
    assert no_gun.key == "error.ab_no_gun" and no_gun.message() == "Demo Lark has no gun 2."


@pytest.mark.rule("AB-17")
def test_a_destroyed_machine_neither_attacks_nor_is_attacked_nor_moves() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=18))  # 17.3: damage equal to durability 18
    attacked = refusal(duel, m.Attack(attacker=LARK, target=HORNET))
    assert attacked.key == "error.ab_destroyed" and attacked.message() == "Demo Hornet is destroyed."
    moved = refusal(duel, m.StepUnit(unit=HORNET, step="ahead"))
    assert moved.key == "error.ab_destroyed" and moved.message() == "Demo Hornet is destroyed."


@pytest.mark.rule("AB-13")
def test_two_in_one_hex_with_no_hex_they_came_from_is_refused_naming_the_later() -> None:
    # 003 line 14 (13.9): in one hex the later arrival counts as in the hex it came from. A Hornet dropped
    # onto the Lark's hex 0709 when it joins came from nowhere: the sector cannot be read, and the GM is told
    # which machine to move in from a neighbouring hex.
    duel = before_the_first_turn()
    hornet = duel.state.units[HORNET]
    duel.run(m.AddUnit(machine=hornet.machine, pilot=hornet.pilot, side="East", hex="0709", facing=0, thrust=2))
    duel.run(m.StartTurn())
    duel.allocate({LARK: (8, 0, 0, 0, 0, 0), HORNET: (7, 0, 0, 0, 0, 0), SKYRAFT: (5, 0, 0, 0, 0, 0),
                   "u4": (7, 0, 0, 0, 0, 0)})
    unknown = refusal(duel, m.Attack(attacker=LARK, target="u4"))
    assert unknown.key == "error.ab_same_hex_unknown"
    assert "where Demo Hornet came from" in unknown.message()


@pytest.mark.rule("AB-22")
def test_no_split_before_the_first_turn() -> None:
    duel = before_the_first_turn()
    early = refusal(duel, m.AllocatePP(unit=LARK, points=(8, 0, 0, 0, 0, 0)))
    assert early.key == "error.ab_no_turn"
    assert early.message() == "Start a turn first: PP are allocated at its start."


def test_leaving_a_carrier_not_boarded_and_the_same_thrust_change_nothing() -> None:
    duel = Duel()
    assert refusal(duel, m.Board(unit=LARK, carrier=None)).key == "error.no_change"
    assert refusal(duel, m.SetThrust(unit=LARK, thrust=3)).key == "error.no_change"  # the Lark flies at 3


def test_a_carried_battler_moves_with_its_carrier_and_is_told_so() -> None:
    duel = Duel()
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    told = refusal(duel, m.StepUnit(unit=LARK, step="ahead"))
    assert told.key == "error.ab_carried_moves_with"
    assert told.message() == "Demo Lark rides Demo Skyraft: move the carrier, or leave it first."


def test_a_name_of_forty_characters_is_taken_and_of_forty_one_refused() -> None:
    duel = Duel()
    duel.run(m.EditUnit(unit=LARK, field="name", value="L" * 40))
    assert duel.state.units[LARK].name == "L" * 40
    too_long = refusal(duel, m.EditUnit(unit=LARK, field="name", value="N" * 41))
    assert too_long.key == "error.ab_name" and too_long.message() == "A name of 1 to 40 characters."


@pytest.mark.rule("AB-17")
def test_damage_is_edited_from_zero_to_the_durability() -> None:
    duel = Duel()
    duel.run(m.EditUnit(unit=LARK, field="damage", value=5))
    duel.run(m.EditUnit(unit=LARK, field="damage", value=0))  # a correction back to no damage at all
    assert duel.state.units[LARK].damage == 0
    duel.run(m.EditUnit(unit=LARK, field="damage", value=20))  # the Lark's durability: destroyed (17.3)
    assert duel.state.units[LARK].destroyed
    over = refusal(duel, m.EditUnit(unit=LARK, field="damage", value=21))
    assert over.key == "error.ab_value_range" and over.message() == "A value from 0 to 20."
    flag = refusal(duel, m.EditUnit(unit=LARK, field="damage", value=True))  # a tick box is not a number
    assert flag.key == "error.ab_value_range"


def test_a_machine_joins_on_the_sky_at_most_at_its_top_thrust() -> None:
    nowhere = AuraRules()
    state = nowhere.initial_state()
    with pytest.raises(RulesError) as no_sky:
        nowhere.decide(state, m.AddUnit(machine=lark_card(), pilot=aya(), side="West", hex="0101"), random.Random(0))
    assert no_sky.value.key == "error.ab_no_sky" and no_sky.value.message() == "The duel has no map."
    duel = Duel()  # the demo sky: 24 columns × 18 rows
    off = refusal(duel, m.AddUnit(machine=lark_card(), pilot=aya(), side="West", hex="2501"))
    assert off.key == "error.ab_off_the_map" and off.message() == "2501 is off the map."
    # The Lark's speed table has entries for thrust 0 to 9: 9 is its top thrust, 10 is beyond the card.
    fast = refusal(duel, m.AddUnit(machine=lark_card(), pilot=aya(), side="West", hex="0101", thrust=10))
    assert fast.key == "error.ab_thrust_range" and fast.message() == "Thrust from 0 to 9 (the card's speed table)."
    duel.run(m.AddUnit(machine=lark_card(), pilot=aya(), side="West", hex="0101", thrust=9))
    assert duel.state.units["u4"].thrust == 9


def test_machines_without_a_hex_fill_the_sky_column_by_column_until_it_is_full() -> None:
    small = HexMapFile(name="Two by two", game="aura_battler", columns=2, rows=2)
    duel = Duel.__new__(Duel)
    duel.rules, duel.rng, duel.events = AuraRules(), random.Random(0), []
    duel.state = duel.rules.initial_state()
    duel.run(m.SetSky(sky=small))
    for _ in range(4):
        duel.run(m.AddUnit(machine=lark_card(), pilot=aya(), side="West"))
    placed = [event.hex for event in duel.events if isinstance(event, m.UnitAdded)]
    assert placed == ["0101", "0102", "0201", "0202"]  # no zones: column 01 rows 01-02, then column 02
    full = refusal(duel, m.AddUnit(machine=lark_card(), pilot=aya(), side="West"))
    assert full.key == "error.ab_no_free_hex" and full.message() == "No free hex left on the map."


@pytest.mark.rule("AB-19")
def test_a_heavily_damaged_machine_is_told_its_thrust_range_or_that_it_cannot_accelerate() -> None:
    duel = Duel()
    duel.run(m.EditUnit(unit=LARK, field="damage", value=11))  # 11 > 20 / 2: heavily damaged (19.1)
    # 19.1.1: one PP of change from the turn's thrust 3 (the card gains and sheds 1 per PP): 2 to 4.
    told = refusal(duel, m.SetThrust(unit=LARK, thrust=5))
    assert told.key == "error.ab_heavy_thrust"
    assert told.message() == ("Demo Lark is heavily damaged: only 1 PP of acceleration or deceleration this turn, "
                              "thrust 2–4 (AB-19).")
    # 19.1.1: "1PPで加速できない機体は、それ以降は加速できなくなる" — a card gaining no thrust for 1 PP.
    stiff = lark_card().model_copy(update={"accel_per_pp": 0})
    duel.run(m.AddUnit(machine=stiff, pilot=aya(), side="West", hex="0101", thrust=3))
    duel.run(m.EditUnit(unit="u4", field="damage", value=11))
    stuck = refusal(duel, m.SetThrust(unit="u4", thrust=4))
    assert stuck.key == "error.ab_heavy_no_accel"
    assert stuck.message().startswith("Demo Lark is heavily damaged and cannot gain thrust with 1 PP")


@pytest.mark.rule("AB-18")
def test_an_open_roll_that_goes_on_after_a_plain_face_is_refused_naming_the_dice() -> None:
    # 18.1, 18.2: a shooting roll rolls again on a 6 only; a 3 ends it, so a die after the 3 is a typing slip.
    with pytest.raises(RulesError) as caught:
        open_total((3, 4), frozenset({6}))
    assert caught.value.key == "error.ab_open_roll_stopped"
    assert caught.value.message().endswith(": 3 4 has dice after it.")


def test_a_machine_placed_by_itself_needs_a_sky_and_table_mode_set_twice_changes_nothing() -> None:
    nowhere = AuraRules()
    with pytest.raises(RulesError) as no_sky:
        nowhere.decide(nowhere.initial_state(), m.AddUnit(machine=lark_card(), pilot=aya(), side="West"),
                       random.Random(0))
    assert no_sky.value.key == "error.ab_no_sky"
    duel = Duel()
    assert refusal(duel, m.SetTableMode(on=False)).key == "error.no_change"


@pytest.mark.rule("AB-21")
def test_a_landing_die_off_the_die_is_refused() -> None:
    from gmtool.games.aura_battler.rules.duel_carried import land

    with pytest.raises(RulesError) as caught:
        land(False, "battler", (7,), random.Random(0))
    assert caught.value.key == "error.faces_range"


def test_commands_that_change_nothing_are_refused_as_such() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.RevealAllocations())
    assert refusal(duel, m.RevealAllocations()).key == "error.no_change"
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    assert refusal(duel, m.Board(unit=LARK, carrier=SKYRAFT)).key == "error.no_change"
    assert refusal(duel, m.EditUnit(unit=LARK, field="armour", value=9)).key == "error.no_change"  # not an edit
    assert refusal(duel, m.EditUnit(unit=LARK, field="damage", value=0)).key == "error.no_change"  # already 0


@pytest.mark.rule("AB-21")
def test_only_a_wing_caliber_is_boarded() -> None:
    duel = Duel()
    onto = refusal(duel, m.Board(unit=LARK, carrier=HORNET))
    assert onto.key == "error.ab_not_a_carrier"
    assert onto.message() == "Demo Hornet is not a Wing Caliber a battler can board."


def test_refusals_of_the_arms_the_thrust_a_turn_and_a_foreign_command() -> None:
    duel = Duel()
    early = refusal(duel, m.StartTurn())
    assert early.message() == "Allocate PP first: Demo Lark, Demo Hornet, Demo Skyraft."
    duel.allocate()
    no_sword = refusal(duel, m.Attack(attacker=SKYRAFT, target=HORNET, gun=None))
    assert no_sword.key == "error.ab_no_sword" and no_sword.message() == "Demo Skyraft has no sword."
    fast = refusal(duel, m.SetThrust(unit=LARK, thrust=10))  # the Lark's table ends at thrust 9
    assert fast.key == "error.ab_thrust_range" and fast.message() == "Thrust from 0 to 9 (the card's speed table)."

    class Foreign(Command):
        kind: str = "sr4_roll"

    foreign = refusal(duel, Foreign())
    assert foreign.key == "error.unknown_command" and foreign.message() == "Unknown command: sr4_roll"


def test_a_sky_with_terrain_the_duel_does_not_know_is_refused_naming_it() -> None:
    duel = Duel()
    lava = HexMapFile(name="Volcano", game="aura_battler", columns=2, rows=2, terrain={"0101": "lava"})
    refused = refusal(duel, m.SetSky(sky=lava))
    assert refused.key == "error.map_unknown_kind"
    assert refused.message() == "This map uses terrain that aura_battler does not have: lava."


@pytest.mark.rule("AB-20")
@pytest.mark.rule("AB-22")
def test_a_split_below_zero_and_aura_on_no_item_are_refused_in_words() -> None:
    from gmtool.games.aura_battler.rules.allocation import PowerPoints, allocate, spend_aura

    with pytest.raises(RulesError) as negative:
        allocate(8, attack=-1, defence=0, power=0, barrier=0, response=0)
    assert negative.value.key == "error.ab_pp_negative"
    with pytest.raises(RulesError) as nowhere:
        spend_aura(PowerPoints(8), 3, "thrust", 1)
    assert nowhere.value.key == "error.ab_aura_item" and nowhere.value.message().endswith("not thrust.")


@pytest.mark.rule("AB-20")
def test_the_refusal_of_aura_on_no_item_lists_action_pp_too() -> None:
    from gmtool.core.i18n import set_language
    from gmtool.games.aura_battler.rules.allocation import PowerPoints, spend_aura

    # 003 line 61 (20.1): aura power is used like PP, on any item: the target pays its evasion with aura power
    # on action PP (the attack panel's Aura box), so the refusal names action among the items.
    assert spend_aura(PowerPoints(0), 1, "action", 1)[0].action == 1
    with pytest.raises(RulesError) as nowhere:
        spend_aura(PowerPoints(8), 3, "thrust", 1)
    assert nowhere.value.message() == "Aura power goes on action, attack, defence, power, barrier or response, not thrust."
    set_language("ja")
    assert nowhere.value.message() == "オーラ力は行動・攻撃・防御・威力・バリアー・対応に配分します（thrustではありません）。"


@pytest.mark.rule("AB-19")
@pytest.mark.rule("AB-21")
@pytest.mark.rule("AB-22")
def test_refusals_of_the_split_aura_a_heavy_turn_and_a_sword_s_five_in_words() -> None:
    from gmtool.games.aura_battler.rules.allocation import PowerPoints, allocate, spend_aura
    from gmtool.games.aura_battler.rules.carried import carried_hit, response_turn

    with pytest.raises(RulesError) as many:
        allocate(8, attack=5, defence=4, power=0, barrier=0, response=0)  # 22.5: 9 of Aya's 8
    assert many.value.message() == "9 PP given out, but the pilot has 8."
    with pytest.raises(RulesError) as short:
        spend_aura(PowerPoints(8), 1, "attack", 2)  # 20.1: only what is left
    assert short.value.message() == "2 aura power asked for, 1 left."
    with pytest.raises(RulesError) as wide:
        response_turn(PowerPoints(0, response=1), 0, 2, heavily_damaged=True)  # 19.1.2: 60° only
    assert wide.value.key == "error.ab_heavily_damaged_turn"
    with pytest.raises(RulesError) as again:
        carried_hit("sword", 5)  # 21.6: 5-6 decided as shooting, with another die
    assert again.value.key == "error.ab_roll_again_as_shooting"
