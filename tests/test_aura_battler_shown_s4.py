"""The duel's words and figures a GM reads where a mutation run (issue 36) found them unchecked: the heavy
damage line at exactly half (019.1 of shared/seeds/003: 半分を上回った, more than half), where a hit on a
carried battler landed, the refusals' names, the map's hints, a carried machine's damage line."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.carry import AuraCarry
from gmtool.games.aura_battler.rules.duel_words import result_lines
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel
from tests.test_aura_battler_refusals import before_the_first_turn

HIT = (1, 1)


def _hit_on_the_hornet() -> m.AttackMade:
    # The Lark's wing cannon on the Hornet (durability 18): 6 + 3 − armour 3 = 6 damage (003 line 47).
    duel = Duel()
    duel.allocate()
    return duel.run(m.Attack(attacker=LARK, target=HORNET, hit_faces=HIT, damage_faces=(3,)))[0]


@pytest.mark.rule("AB-19")
def test_the_heavy_damage_line_comes_only_past_half_the_durability() -> None:
    # 19.1: heavily damaged when the damage is MORE than half the durability. Durability 18: 9 is not, 10 is.
    made = _hit_on_the_hornet()
    half = made.model_copy(update={"damage_before": 3, "dealt": 6, "damage": 9})
    assert "heavily damaged" not in result_lines(half)[0]
    past = made.model_copy(update={"damage_before": 4, "dealt": 6, "damage": 10})
    assert result_lines(past)[0] == ("Demo Lark → Demo Hornet: hit, 6 damage to Demo Hornet (10/18). "
                                     "Demo Hornet is heavily damaged.")


@pytest.mark.rule("AB-21")
def test_the_result_says_where_a_hit_on_a_carried_battler_landed() -> None:
    # 21.5 (003 line 69): a shot's landing die 2 puts the hit on the battler, the Lark.
    duel = Duel()
    duel.allocate()
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    made = duel.run(m.Attack(attacker=HORNET, target=LARK, hit_faces=HIT, land_faces=(2,), damage_faces=(3,)))[0]
    assert "lands (2) on Demo Lark" in result_lines(made)[1].split(" · ")


@pytest.mark.rule("AB-19")
def test_a_heavily_damaged_machine_slowing_too_much_is_told_its_thrust_range() -> None:
    # 19.1.1: one PP of change from the turn's thrust 3 (1 per PP): 2 to 4; 1 is too slow.
    duel = Duel()
    duel.run(m.EditUnit(unit=LARK, field="damage", value=11))
    with pytest.raises(RulesError) as refused:
        duel.run(m.SetThrust(unit=LARK, thrust=1))
    assert refused.value.message() == ("Demo Lark is heavily damaged: only 1 PP of acceleration or deceleration this "
                                       "turn, thrust 2–4 (AB-19).")


def test_a_response_turn_before_the_split_names_who_still_allocates() -> None:
    duel = Duel()
    with pytest.raises(RulesError) as refused:
        duel.run(m.ResponseTurn(unit=LARK, sides=1))
    assert refused.value.message() == "Allocate PP first: Demo Lark, Demo Hornet, Demo Skyraft."


def test_the_map_hints_and_a_shared_hexs_line_of_fire() -> None:
    duel = Duel()
    assert duel.rules.pick_target_hint() == ("Choose a target to see the range and the target's sector the "
                                             "attacker is in.")
    duel.run(m.PlaceUnit(unit=HORNET, hex="0709", facing=0))
    same = duel.rules.fire_line(duel.state, LARK, HORNET)
    assert same is not None and same.sight.attacker == same.sight.target and same.sight.lock
    fresh = before_the_first_turn().rules
    assert fresh.no_map(fresh.initial_state()) == "This duel has no map yet."  # no sky set yet


def test_a_carried_machine_shows_its_damage_of_its_durability() -> None:
    from gmtool.games.aura_battler.rules.carry import CarriedMachine

    (line,) = AuraCarry().state_lines(CarriedMachine(damage=7, durability=20))
    assert (line.key, line.label, line.value) == ("damage", "Damage", "7/20")


def test_an_attack_before_the_split_names_who_still_allocates() -> None:
    # 22.1: the PP allocation phase comes first; combat waits for every machine's split.
    duel = Duel()
    with pytest.raises(RulesError) as refused:
        duel.run(m.Attack(attacker=LARK, target=HORNET))
    assert refused.value.message() == "Allocate PP first: Demo Lark, Demo Hornet, Demo Skyraft."


def test_the_sheet_shows_the_cards_evasion_and_parry() -> None:
    # 14.1, 16.2: the target's evasion or parry rate lowers the hit value; the sheet shows the card's (the
    # demo Lark's evasion 3, parry 4).
    duel = Duel()
    sheet = duel.rules.sheet(duel.state, LARK)
    shown = {f.key: f.value for f in sheet.fields}
    assert (shown["evasion"], shown["parry"]) == ("3", "4")


@pytest.mark.rule("AB-12")
def test_a_response_turn_is_logged_with_the_response_pp_it_spent() -> None:
    # 12.2: one response PP per turn against an attack. The Lark put 1 PP on response; facing north-east, it
    # turns one side right: south-east, response PP 1 → 0.
    from tests.test_aura_battler_heavy import RESPONDING

    duel = Duel()
    duel.allocate(RESPONDING)
    (turned,) = duel.run(m.ResponseTurn(unit=LARK, sides=1))
    assert duel.rules.describe(turned) == "Demo Lark turns in response to face south-east (response PP 1 → 0)."


def test_the_snapshot_carries_the_heading_and_the_order_lists_state_column() -> None:
    from gmtool.games.aura_battler.rules.duel_view import order_layout, snapshot

    duel = Duel()
    duel.allocate()
    shot = snapshot(duel.state)
    assert shot.heading.text == "Turn 1 · Movement and combat"
    assert order_layout().badge_label == "State"


def test_a_sky_with_many_unknown_terrains_names_the_first_five() -> None:
    # The refusal stays one readable line: the first five unknown kinds in order, not all six.
    from gmtool.core.hex.map_file import HexMapFile

    six = {f"01{n:02d}": kind for n, kind in enumerate(("ash", "bog", "cliff", "dune", "ember", "fog"), start=1)}
    sky = HexMapFile(name="Odd", game="aura_battler", columns=2, rows=6, terrain=six)
    with pytest.raises(RulesError) as refused:
        Duel().run(m.SetSky(sky=sky))
    assert refused.value.message() == ("This map uses terrain that aura_battler does not have: "
                                       "ash, bog, cliff, dune, ember.")


@pytest.mark.rule("AB-19")
def test_a_heavily_damaged_machine_added_mid_turn_changes_thrust_from_its_own() -> None:
    # 19.1.1: 1 PP of change from the turn's thrust. A heavily damaged Lark (11 > 20 / 2, 19.1) joins at thrust 3
    # during the turn: its turn's thrust is the 3 it joined with, so 2–4 (1 per PP): 4 is allowed, 5 refused.
    from tests.test_aura_battler_refusals import aya, lark_card

    duel = Duel()
    duel.allocate()
    (added,) = duel.run(m.AddUnit(machine=lark_card(), pilot=aya(), side="West", hex="0101", thrust=3, damage=11))
    joined = added.id
    duel.run(m.SetThrust(unit=joined, thrust=4))
    with pytest.raises(RulesError) as refused:
        duel.run(m.SetThrust(unit=joined, thrust=5))
    assert refused.value.message().endswith("thrust 2–4 (AB-19).")
