"""The Aura Battler duel as a game (issue 17): the PP allocation phase (AB-22), the attack built from
the map (AB-13..AB-16), aura power (AB-20), open damage (AB-17, AB-18), heavy damage (AB-19) and a
seeded duel to a destroyed machine. Values derived by hand from the digest (``shared/seeds/003``)
and the made-up demo cards (``resources/aura_battler/demo_duel.json``)."""

from __future__ import annotations

import random
from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.demo import demo
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_state import DuelState

LARK, HORNET, SKYRAFT = "u1", "u2", "u3"
SPLITS = {LARK: (3, 2, 1, 1, 1, 0), HORNET: (3, 1, 1, 1, 1, 0), SKYRAFT: (5, 0, 0, 0, 0, 0)}


class Duel:
    def __init__(self, seed: int = 3) -> None:
        self.rules, self.rng = AuraRules(), random.Random(seed)
        self.state: DuelState = self.rules.initial_state()
        self.events: list = []
        for command in demo().commands:
            self.run(command)

    def run(self, command: Command) -> tuple:
        events = self.rules.decide(self.state, command, self.rng)
        for event in events:
            self.rules.apply(self.state, event)
        self.events += events
        return events

    def allocate(self, splits: dict[str, tuple[int, ...]] = SPLITS) -> None:
        for unit, split in splits.items():
            self.run(m.AllocatePP(unit=unit, points=split))


@pytest.mark.rule("AB-22")
def test_a_turn_resets_the_points_and_the_split_must_total_the_base() -> None:
    duel = Duel()
    lark = duel.state.units[LARK]
    # 22.2, 22.3: action PP and aura power back to the pilot's base (Aya: 8 and 3), the rest 0
    assert (lark.points.action, lark.points.attack, lark.points.response, lark.aura) == (8, 0, 0, 3)
    with pytest.raises(RulesError) as short:
        duel.run(m.AllocatePP(unit=LARK, points=(2, 2, 1, 1, 1, 0)))  # 7 of 8 (22.5)
    assert short.value.key == "error.ab_pp_total"
    with pytest.raises(RulesError):
        duel.run(m.AllocatePP(unit=LARK, points=(10, -1, 0, 0, 0, -1)))  # totals 8, but below 0 (22.4)
    with pytest.raises(RulesError) as early:
        duel.run(m.Attack(attacker=LARK, target=HORNET))
    assert early.value.key == "error.ab_allocate_first"  # combat waits for every split
    duel.allocate()
    assert not duel.state.allocating
    duel.run(m.StartTurn())
    assert duel.state.turn == 2 and duel.state.units[LARK].points.attack == 0 and not duel.state.units[LARK].allocated


@pytest.mark.rule("AB-14")
@pytest.mark.rule("AB-15")
def test_the_plan_on_the_demo_map_term_by_term_with_icepool_odds() -> None:
    duel = Duel()
    duel.allocate()
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    # 0709 → 1209 is 5 hexes; the Lark is in the Hornet's FR (facing south-west). 14.1: 9 + 2 − 1 (thrust 3
    # on the Lark's table) − 4 (Hornet's evasion) − 1 (defence PP) − ceil((4 − 5)/3) = 0 + 0 = 5.
    assert dict(seen.hit.terms) == {"ab.term.accuracy": 9, "ab.term.attack_pp": 2, "ab.term.attacker_speed": -1,
                                    "ab.term.evasion": -4, "ab.term.defence_pp": -1, "ab.term.target_speed": 0,
                                    "ab.term.sector": 0}
    assert seen.sector == "FR" and seen.range == 5 and seen.hit.value == 5
    assert seen.chance == Fraction(10, 36) == Fraction((icepool.d6 + icepool.d6 <= 5).probability(True))


@pytest.mark.rule("AB-13")
@pytest.mark.rule("AB-14")
def test_from_behind_in_the_front_row_the_sector_and_row_terms() -> None:
    duel = Duel()
    duel.allocate()
    # The Hornet at 1209 faces south-west (4): 1309, its north-east neighbour, is straight behind it (its
    # BB, +2, 14.3). The Lark there facing south-west too has the Hornet on its front hex row: +1 (14.4).
    duel.run(m.PlaceUnit(unit=LARK, hex="1309", facing=4))
    shot = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert shot.sector == "BB" and ("ab.term.sector", 2) in shot.hit.terms and ("ab.term.front_row", 1) in shot.hit.terms
    # range 1: target speed ceil((4 − 1)/3) = 1; 9 + 2 − 1 − 4 − 1 − 1 + 2 + 1 = 7
    assert shot.hit.value == 7
    sword = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None))
    # sword, evaded (a sword from outside the parry arc may only be evaded, 16.2): 10 + 2 − 1 − evasion 4
    # − 1 − floor(4/3) = 1 + 2, no front-row bonus (14.4) = 7
    assert ("ab.term.front_row", 1) not in sword.hit.terms and ("ab.term.evasion", -4) in sword.hit.terms
    assert sword.hit.value == 7


@pytest.mark.rule("AB-16")
def test_defence_costs_action_pp_and_parry_needs_a_sword_from_the_arc() -> None:
    duel = Duel()
    duel.allocate({LARK: (3, 2, 1, 1, 1, 0), HORNET: (0, 2, 2, 1, 1, 1), SKYRAFT: (5, 0, 0, 0, 0, 0)})
    with pytest.raises(RulesError) as refused:
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, defence="parry"))  # a gun cannot be parried
    assert refused.value.key == "error.ab_parry_not_allowed"
    # the Hornet has 0 action PP: it cannot pay to evade, so evasion and defence PP count 0 (16.4) ...
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert not seen.defended and ("ab.term.evasion", 0) in seen.hit.terms and ("ab.term.defence_pp", 0) in seen.hit.terms
    # ... and its defence PP still drop by 1 after the defence (16.5): 2 → 1
    duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(6, 6)))
    assert duel.state.units[HORNET].points.defence == 1
    # the Lark's sword from the Hornet's BB is outside its parry arc (FF FL): no parry
    duel.run(m.PlaceUnit(unit=LARK, hex="1309", facing=4))
    with pytest.raises(RulesError):
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=None, defence="parry"))


@pytest.mark.rule("AB-16")
def test_a_parry_from_the_parry_arc_costs_two_action_pp() -> None:
    duel = Duel()
    duel.allocate()
    # The Hornet sword-attacks the Lark from the Lark's FR (the Lark's arc is FF FR FL): the Lark
    # parries, paying 2 of its 3 action PP; its parry 4 and defence PP 1 count (16.2, 16.3).
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=LARK, gun=None, defence="parry"))
    assert seen.sector == "FR" and seen.defended and ("ab.term.parry", -4) in seen.hit.terms
    assert seen.defender_points.action == 1 and seen.defender_points.defence == 0


@pytest.mark.rule("AB-18")
@pytest.mark.rule("AB-20")
def test_aura_power_before_the_roll_changes_the_open_roll_triggers() -> None:
    duel = Duel()
    duel.allocate()
    base = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert base.triggers == frozenset({6})  # power 1 = barrier 1: shooting 6 (18.2)
    more = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0, aura_power=1))
    assert more.triggers == frozenset({5, 6}) and more.attacker_aura == 2  # power 2 > barrier 1 (18.3)
    both = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0, aura_power=1,
                                                       aura_barrier=2))
    assert both.triggers == frozenset() and both.defender_aura == 2  # barrier 3 > power 2: none (18.4)
    with pytest.raises(RulesError):
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, aura_attack=4))  # Aya has 3


@pytest.mark.rule("AB-17")
@pytest.mark.rule("AB-18")
def test_the_chance_to_destroy_before_the_roll() -> None:
    duel = Duel()
    duel.allocate()
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    # Destroyed if 6 + X − 3 ≥ 18, X ≥ 15 with trigger 6: 6, 6 then ≥ 3 (3, 4, 5 or 6 again): 1/36 × 4/6 = 1/54;
    # with the hit (10/36): 5/972.
    assert seen.destroy_if_hit == Fraction(1, 54) and seen.destroy == Fraction(5, 972)
    law = dict(seen.damage_law(10))
    # dealt = 6 + X − 3: 4 needs X = 1 (1/6); 9 needs X = 6, which rolls again (0); 10 needs 6 then 1 (1/36)
    assert law[0] == 0 and law[4] == Fraction(1, 6) and law[9] == 0 and law[10] == Fraction(1, 36)


@pytest.mark.rule("AB-17")
@pytest.mark.rule("AB-19")
def test_typed_dice_damage_heavy_damage_and_the_open_roll_checked() -> None:
    duel = Duel()
    duel.allocate()
    with pytest.raises(RulesError) as owed:
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(1, 1), damage_faces=(6,)))
    assert owed.value.key == "error.ab_open_roll_owed"
    (made,) = duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(2, 2), damage_faces=(6, 1)))
    assert made.hit and made.dealt == 6 + 7 - 3 and made.damage == 10  # 17.2
    assert duel.state.units[HORNET].heavily_damaged  # 10 is above half of 18 (19.1)
    duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(6, 6)))  # 12 > 5: a miss, no damage die
    assert duel.state.units[HORNET].damage == 10
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=5))
    assert not duel.state.units[HORNET].heavily_damaged
    duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(1, 1), damage_faces=(1,)))  # 6 + 1 − 3 = 4
    assert duel.state.units[HORNET].damage == 9 and not duel.state.units[HORNET].heavily_damaged  # 9 is half


@pytest.mark.rule("AB-17")
def test_a_seeded_duel_runs_to_a_destroyed_machine() -> None:
    duel = Duel(seed=17)
    for _turn in range(30):
        duel.allocate()
        for _attack in range(3):
            duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0))
            if duel.state.units[HORNET].destroyed:
                break
        if duel.state.units[HORNET].destroyed:
            break
        duel.run(m.StartTurn())
    hornet = duel.state.units[HORNET]
    assert hornet.destroyed and hornet.damage == hornet.machine.durability == 18  # 17.3
    with pytest.raises(RulesError) as refused:
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0))
    assert refused.value.key == "error.ab_destroyed"
    words = duel.rules.describe(duel.events[-1])
    assert words.endswith("Demo Hornet is destroyed.")


@pytest.mark.rule("AB-13")
def test_two_in_one_hex_the_later_arrival_counts_from_its_previous_hex() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.PlaceUnit(unit=LARK, hex="1309", facing=4))  # behind the Hornet ...
    duel.run(m.PlaceUnit(unit=LARK, hex="1209", facing=4))  # ... then into its hex: it counts from 1309 (13.9)
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None))
    assert seen.sector == "BB" and seen.range == 0


def test_every_event_survives_the_journal_round_trip() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(1, 1), damage_faces=(6, 2)))
    for event in duel.events:
        assert duel.rules.events.decode(event.to_record()) == event


@pytest.mark.rule("AB-12")
@pytest.mark.rule("AB-19")
def test_a_response_turn_pays_response_pp_and_changes_the_sector() -> None:
    duel = Duel()
    duel.allocate({LARK: (3, 2, 1, 1, 1, 0), HORNET: (2, 1, 1, 1, 1, 1), SKYRAFT: (5, 0, 0, 0, 0, 0)})
    duel.run(m.PlaceUnit(unit=LARK, hex="1309", facing=4))  # straight behind the Hornet: its BB
    (turned,) = duel.run(m.ResponseTurn(unit=HORNET, sides=3))  # 180°: the Lark is now in its FF
    assert (turned.facing, turned.response) == (1, 0) and duel.state.units[HORNET].points.action == 2  # no action PP
    assert duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0)).sector == "FF"
    with pytest.raises(RulesError) as spent:
        duel.run(m.ResponseTurn(unit=HORNET, sides=1))  # 12.2: one response PP per attack, none left
    assert spent.value.key == "error.ab_no_response_pp"
    duel.run(m.StartTurn())
    duel.allocate({LARK: (8, 0, 0, 0, 0, 0), HORNET: (5, 0, 0, 0, 0, 2), SKYRAFT: (5, 0, 0, 0, 0, 0)})
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=10))  # above half of 18: heavily damaged
    with pytest.raises(RulesError) as heavy:
        duel.run(m.ResponseTurn(unit=HORNET, sides=2))  # 19.1.2: 60° only, response turns too
    assert heavy.value.key == "error.ab_heavily_damaged_turn"
    assert duel.run(m.ResponseTurn(unit=HORNET, sides=-1))[0].facing == 0


def _aboard(duel: Duel) -> None:
    """The Lark aboard the Skyraft, carried to 1309 facing south-west; the Skyraft at thrust 5."""
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    duel.run(m.PlaceUnit(unit=SKYRAFT, hex="1309", facing=4))
    duel.run(m.SetThrust(unit=SKYRAFT, thrust=5))


@pytest.mark.rule("AB-21")
def test_a_battler_boards_and_moves_with_its_carrier() -> None:
    duel = Duel()
    duel.allocate()
    with pytest.raises(RulesError) as refused:
        duel.run(m.Board(unit=SKYRAFT, carrier=LARK))
    assert refused.value.key == "error.ab_not_a_carrier"
    _aboard(duel)
    lark = duel.state.units[LARK]
    assert lark.carried_by == SKYRAFT and (lark.hex, lark.facing) == (duel.state.units[SKYRAFT].hex, 4)
    with pytest.raises(RulesError) as moving:
        duel.run(m.StepUnit(unit=LARK, step="ahead"))
    assert moving.value.key == "error.ab_carried_moves_with"
    duel.run(m.Board(unit=LARK, carrier=None))
    assert duel.state.units[LARK].carried_by is None


@pytest.mark.rule("AB-21")
def test_a_carried_attacker_uses_the_carriers_speed_and_its_sword_takes_two() -> None:
    duel = Duel()
    duel.allocate()
    _aboard(duel)  # 1309 is straight behind the Hornet (1209 facing south-west): its BB, on the Lark's front row
    shot = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0))
    # 21.1: the Skyraft's table at thrust 5 is 2 (the Lark's own at 3 would be 1).
    # 9 + 2 − 2 − 4 − 1 − ceil((4 − 1)/3) = 1 + 2 (BB) + 1 (front row) = 6
    assert ("ab.term.attacker_speed", -2) in shot.hit.terms and shot.hit.value == 6
    sword = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None))
    # 21.2: 10 + 2 − 2 − 4 (evaded) − 1 − floor(4/3) = 1 + 2 − 2 = 4
    assert ("ab.term.carried_sword", -2) in sword.hit.terms and sword.hit.value == 4


@pytest.mark.rule("AB-21")
def test_a_carried_target_is_defended_by_its_carrier_and_a_die_says_where_it_lands() -> None:
    duel = Duel()
    duel.allocate({LARK: (3, 2, 1, 1, 1, 0), HORNET: (3, 1, 1, 1, 1, 0), SKYRAFT: (3, 0, 2, 0, 0, 0)})
    _aboard(duel)
    duel.run(m.PlaceUnit(unit=HORNET, hex="1209", facing=1))  # facing the pair: FF of the Lark, on the front row
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=LARK, gun=0))
    # 21.3: claw launcher 8 + 1 − 1 (Hornet thrust 4) − 1 (Skyraft evasion) − 2 (Skyraft defence PP)
    # − ceil((5 − 1)/3) = 2 (Skyraft thrust 5) + 0 (FF) + 1 (front row) = 4
    assert seen.defender.id == SKYRAFT and seen.hit.value == 4 and seen.chance == Fraction(6, 36)
    assert [(u.id, p) for u, p in seen.landing] == [(LARK, Fraction(1, 2)), (SKYRAFT, Fraction(1, 2))]  # 21.5
    (made,) = duel.run(m.Attack(attacker=HORNET, target=LARK, gun=0, hit_faces=(1, 1), land_faces=(2,),
                                damage_faces=(3,)))
    assert made.struck == LARK and duel.state.units[LARK].damage == 7 + 3 - 4  # 1–3: the battler
    sky = duel.state.units[SKYRAFT]
    assert (sky.points.action, sky.points.defence) == (2, 1)  # the carrier paid the evasion (16.3, 16.5)
    (made,) = duel.run(m.Attack(attacker=HORNET, target=LARK, gun=0, hit_faces=(1, 1), land_faces=(5,),
                                damage_faces=(3,)))
    # 4–6: the carrier; power PP 1 > its barrier 0: shooting rolls again on 5–6 (18.3), 3 stops
    assert made.struck == SKYRAFT and made.triggers == (5, 6) and sky.damage == 7 + 3 - 5


@pytest.mark.rule("AB-21")
def test_a_carried_battler_parries_a_sword_itself_with_parry_minus_one() -> None:
    duel = Duel()
    duel.allocate()
    _aboard(duel)
    duel.run(m.PlaceUnit(unit=HORNET, hex="1209", facing=1))
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=LARK, gun=None, defence="parry",
                                                       land_on="carrier"))
    # 21.4: the Lark parries (its arc FF FR FL holds FF): parry 4 − 1 = 3 and its own defence PP 1; the
    # target speed is still the carrier's, floor(5 / 3) = 1. 9 + 1 − 1 − 3 − 1 − 1 + 0 = 4, no front-row bonus.
    assert seen.defender.id == LARK and ("ab.term.parry", -3) in seen.hit.terms and seen.hit.value == 4
    assert seen.defender_points.action == 1  # 3 − 2 for the parry
    # 21.6: a sword hit, the attacker choosing the carrier on 1–4: the battler only on 5–6 then 1–3, 2/6 × 1/2
    assert dict((u.id, p) for u, p in seen.landing) == {LARK: Fraction(1, 6), SKYRAFT: Fraction(5, 6)}
    (made,) = duel.run(m.Attack(attacker=HORNET, target=LARK, gun=None, defence="parry", land_on="carrier",
                                hit_faces=(1, 1), land_faces=(6, 2), damage_faces=(1,)))
    assert made.struck == LARK and made.land_faces == (6, 2)  # 5–6: a second die, as shooting: 2 → the battler


@pytest.mark.rule("AB-21")
def test_the_chance_to_destroy_a_carried_pair_weighs_where_the_hit_lands() -> None:
    duel = Duel()
    duel.allocate({LARK: (3, 2, 1, 1, 1, 0), HORNET: (3, 1, 1, 1, 1, 0), SKYRAFT: (3, 0, 2, 0, 0, 0)})
    _aboard(duel)
    duel.run(m.EditUnit(unit=LARK, field="damage", value=19))
    duel.run(m.EditUnit(unit=SKYRAFT, field="damage", value=16))
    seen = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=LARK, gun=0))
    # the Lark needs 1 more: 7 + X − 4 ≥ 1 always. The Skyraft needs 8: 7 + X − 5 ≥ 8, X ≥ 6 with triggers
    # 5–6 (power 1 > barrier 0): a 6 (1/6), or a 5 and anything (1/6): 1/3. Half each: 1/2 + 1/6 = 2/3.
    assert seen.destroy_if_hit == Fraction(2, 3)
