"""Rule values a mutation run found unproven (issue 36), each worked out by hand from the digest
(shared/seeds/002) as its comment says."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_moves import gear, racing
from tests.test_badlands_race import course, run


@pytest.mark.rule("BR-9")
def test_a_jump_rolls_no_more_dice_than_the_mr_left() -> None:
    # Digest line 206: the jump's dice up to what it is allowed, never more than the MR left. Top speed:
    # 2D6 + 1D6 = 3 allowed (line 184); A (top MR 8) steps 7 hexes north on normal ground (1 MR each): 1 left,
    # so 1 die.
    rules, state = racing(gear("A", "0808"), speed="top")
    run(rules, state, *(m.StepGear(gear="g1", step="ahead") for _ in range(7)))
    assert state.gears["g1"].mr_left == 1
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5, 6)))
    assert refused.value.key == "error.faces_count"
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(1,)))
    assert made.dice == 1
    # Burn rubber is no jump: its 3 dice whatever the MR left (line 189).
    rules, state = racing(gear("A", "0808"), speed="top")
    run(rules, state, *(m.StepGear(gear="g1", step="ahead") for _ in range(7)))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 2, 3)))
    assert made.dice == 3


@pytest.mark.rule("BR-19")
@pytest.mark.rule("BR-9")
def test_in_a_derby_a_gear_a_jump_came_down_on_counts_as_spun_out_by_the_jumper() -> None:
    # Derby (line 607): count how many times your gear made another spin out. A jump coming down on a gear
    # spins both out (lines 221-222): A jumps from 0306 with 4 5 (2 successes) onto C in 0303, stops in 0304.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=6), course({}), gear("A", "0306"), gear("C", "0303"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert made.obstacle_gear == "g2" and state.spin_causes == {"g2": "g1"}
    spun, caused = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=1, skid_die=1))
    assert (caused.kind, caused.gear, caused.victim, caused.count) == ("br_spin_out_caused", "g1", "g2", 1)
    assert state.gears["g1"].spins_caused == 1


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-16")
def test_a_skidding_gear_damaged_in_its_collision_does_not_spin_out_a_second_time() -> None:
    # tests/test_badlands_spin.py's wreck: B, emptied, spins 2 clockwise and skids 2 into A (0505), stopping in
    # 0404. Both roll the skid's 2 dice: B 4 5 → 2 hits (it has none left: 2 beyond), A 4 5 → 2 hits. A,
    # damaged by a gear running into it, spins out (line 432 D); B spins out once per activation (line 407):
    # only A waits.
    from tests.test_badlands_spin import wrecked

    rules, state, _made = wrecked()
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                              collision_faces=(4, 5), other_faces=(4, 5)))
    own, theirs = spun.collisions
    assert (own.gear, own.hits, own.spins_out, theirs.gear, theirs.hits, theirs.spins_out) == ("g2", 2, False,
                                                                                                  "g1", 2, True)
    assert state.pending == (("g1", 0),)


@pytest.mark.rule("BR-14")
def test_the_rattled_token_stays_until_the_hull_is_back_not_when_another_value_is_edited() -> None:
    # Digest line 386: the rattled token stays until the hull is back to 1 or more. A's hull emptied (hits 6 6
    # on hull 2): rattled. The GM corrects its armour: still rattled; its hull to 1: the token goes.
    from tests.test_badlands_race_attack import GUN
    from tests.test_badlands_race_attack import gear as armed

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0505", facing=5, weapons=(GUN,)), armed("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 1, 1, 1, 1, 1, 1, 1)))
    assert state.gears["g2"].rattle.token and state.gears["g2"].hull == 0
    run(rules, state, m.EditGear(gear="g2", field="armour", value=7), m.EditGear(gear="g2", field="attack", value=3))
    assert state.gears["g2"].rattle.token
    run(rules, state, m.EditGear(gear="g2", field="hull", value=1))
    assert not state.gears["g2"].rattle.token and state.gears["g2"].rattle.count == 1


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-18")
def test_a_gear_that_reacted_recovers_at_cruising_speed_only_and_its_reaction_dice_may_be_rolled() -> None:
    # Lines 486-492: the 1-hit recovery after a reaction is a recovery: cruising speed only. B's reaction is
    # rolled by gmtool here (no dice typed).
    import random

    from gmtool.games.badlands_rally.rules import race_reaction_messages as r
    from tests.test_badlands_race_attack import GUN
    from tests.test_badlands_race_attack import gear as armed

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306", weapons=(GUN,)), armed("B", "0303", facing=3, weapons=(GUN,)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 6, 6, 1, 1, 1, 1)))  # MOS 7, 8 dice, 4 hits: B at 0 and 0
    done = rules.decide(state, r.React(gear="g2", weapon=0), random.Random(3))
    assert [e.kind for e in done] == ["br_reaction_chosen", "br_attack_made", "br_attack_made", "br_reactions_resolved"]
    reply = done[2]
    assert (len(reply.attack_faces), len(reply.defence_faces)) == (2, 2)  # B rolled with no rattled die taken off
    for event in done:
        rules.apply(state, event)
    assert (state.gears["g2"].hull, state.gears["g2"].structure) == (0, 0)
    run(rules, state, *(m.ResolveSpin(gear=g, spin_die=6) for g, _x in list(state.pending)))
    if state.current == "g1":
        run(rules, state, m.EndActivation(gear="g1"))
    # The GM repairs B's hull and takes it back (so no rattled token keeps it from top speed).
    run(rules, state, m.EditGear(gear="g2", field="hull", value=1), m.EditGear(gear="g2", field="hull", value=0),
        m.DeclareSpeed(gear="g2", speed="top"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.Recover(gear="g2"))
    assert refused.value.key == "error.br_recover_cruising"


@pytest.mark.rule("BR-18")
def test_the_active_gear_turns_either_way_before_it_leaves_a_passive_gears_front_arc() -> None:
    # Line 531: the target of a melee reaction may turn before it leaves the hex (free turns at cruising).
    from tests.test_badlands_race_attack import AXE
    from tests.test_badlands_race_attack import gear as armed

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306", facing=3), armed("B", "0305", facing=3, weapons=(AXE,)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="ahead"))
    assert state.reaction is not None
    (left,) = run(rules, state, m.StepGear(gear="g1", step="left"))
    (right,) = run(rules, state, m.StepGear(gear="g1", step="right"))
    assert (left.facing, right.facing) == (2, 3) and state.reaction is not None


@pytest.mark.rule("BR-19")
def test_the_contested_check_takes_off_the_rattles_recorded_and_never_goes_below_zero() -> None:
    # 僅差勝利 (digest lines 561-563): 2D6 initiative check (−1D6 rattled), less the rattles recorded, at least 0.
    # A has 2 rattles on record (no token now): 6 5 → 6 + 1 = 7, less 2 = 5. B has 1: 4 4 → 5, less 1 = 4.
    # A wins. Then B with 3 rattles rolls 1 1 → 0, less 3: 0, not below.
    from dataclasses import replace

    from tests.test_badlands_victory_race import COURSE, laps
    from tests.test_badlands_victory_race import gear as lap_gear

    def finished(rattles: tuple[int, int]) -> tuple[RallyRules, object]:
        rules = RallyRules()
        state = rules.initial_state()
        run(rules, state, m.SetCourse(course=COURSE), lap_gear("A", "0106"), lap_gear("B", "0506"),
            m.StartRound(first="g1"), *laps("g1", "0305"), m.EndActivation(gear="g1"), *laps("g2", "0205"),
            m.EndActivation(gear="g2"))
        for gid, count in zip(("g1", "g2"), rattles, strict=True):
            state.gears[gid].rattle = replace(state.gears[gid].rattle, count=count)
        return rules, state

    rules, state = finished((2, 1))
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (6, 5), "g2": (4, 4)}))
    assert ([c.value for c in won.checks], won.scores, won.winner) == ([7, 5], (5, 4), "g1")
    rules, state = finished((0, 3))
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (4, 1), "g2": (1, 1)}))
    assert (won.scores, won.winner) == ((4, 0), "g1")
    assert "B 1 1 → 0, less the rattles: 0" in rules.describe(won)


@pytest.mark.rule("BR-19")
def test_a_contested_tie_with_no_gear_ahead_is_rolled_again_at_the_table() -> None:
    # Ties go to the gear ahead (digest line 563). A ends in 0305 and B in 0505, the finish zone's two hexes either
    # side of checkpoint 1 (0404), as far from it: neither is ahead. Typed 6 6 each → 7: the GM rolls again.
    from gmtool.core.hex.map_file import HexMapFile

    level = HexMapFile(name="Level", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305", "0505"]},
                       checkpoints=[["0404"]])
    rules = RallyRules()
    state = rules.initial_state()
    around = ("0404", "0406")
    run(rules, state, m.SetCourse(course=level), m.AddGear(name="A", seat="A", attack=4, defence=4, initiative=4,
                                                           armour=6, hull=2, structure=2, cruising_mr=5, top_mr=8,
                                                           hex="0306"),
        m.AddGear(name="B", seat="B", attack=4, defence=4, initiative=4, armour=6, hull=2, structure=2, cruising_mr=5,
                  top_mr=8, hex="0506"), m.StartRound(first="g1"))
    for gid, finish in (("g1", "0305"), ("g2", "0505")):
        run(rules, state, *(m.PlaceGear(gear=gid, hex=h, facing=0) for _ in range(2) for h in (*around, finish)),
            m.EndActivation(gear=gid))
    assert state.contest == ("g1", "g2")
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.ContestVictory(faces={"g1": (6, 6), "g2": (6, 6)}))
    assert refused.value.key == "error.br_initiative_tie" and "A, B" in refused.value.message()


@pytest.mark.rule("BR-16")
def test_a_skid_across_open_course_hits_nothing() -> None:
    # The wreck again: B spins 1 side anticlockwise (north → north-west) and skids 1 + 1 beyond = 2 hexes over
    # open course: no collision, no hex hit, no damage.
    from tests.test_badlands_spin import wrecked

    rules, state, _made = wrecked()
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=False, spin_die=1, skid_die=1))
    assert (spun.facing, spun.distance, spun.before, spun.hit, spun.hit_hex, spun.collisions) == (5, 2, "0304", "",
                                                                                                   "", ())


@pytest.mark.rule("BR-18")
@pytest.mark.rule("BR-11")
def test_an_impact_reaction_that_damages_spins_the_active_gear_out_and_its_step_is_dropped() -> None:
    # A (0306, facing south) leaves 0306, straight ahead of B (0305, facing south) whose Hammer (melee,
    # impact, reach 1) reacts from A's rear: 4 dice, 5 4 2 1 → 6 against 4 3 → 4: MOS 2; melee 2 + POW 3 = 5
    # damage dice, 4 1 1 1 1 → 1 hit (hull 2 → 1). Impact (digest line 326): damaged, A spins out and skids —
    # so the held step is not made (it waits to spin out, line 413).
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard
    from tests.test_badlands_race_attack import gear as armed

    hammer = WeaponCard(name="Hammer", optimal=1, maximum=1, power=3, traits=("melee", "impact"))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306", facing=3), armed("B", "0305", facing=3, weapons=(hammer,)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="ahead"))
    _chosen, made, resolved = run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(5, 4, 2, 1),
                                                         defence_faces=(4, 3), damage_faces=(4, 1, 1, 1, 1)))
    assert (made.margin, made.damage_dice, made.hits, made.hull, made.spins_out) == (2, 5, 1, 1, True)
    assert (resolved.step, resolved.step_dropped) == ("ahead", "spins")
    from gmtool.core.hex.coords import label

    assert state.pending == (("g1", 0),) and label(state.gears["g1"].hex) == "0306"  # it did not leave


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-11")
def test_a_second_spin_out_in_one_activation_is_skipped() -> None:
    # Digest line 407: each gear spins out and skids once in an activation of a round. A (2 actions, a Ram:
    # impact) hits B twice; each hit spins B out (Impact, line 326). The second spin-out is skipped: no turn,
    # no skid. Flank (3 dice): 6 1 1 → 6, 1 1 → 0, MOS 6, 6 + 1 = 7 damage dice; one 4: 1 hit each time.
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard
    from tests.test_badlands_race_attack import gear as armed

    ram = WeaponCard(name="Ram", optimal=2, maximum=3, power=7, traits=("impact",))
    hit = m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 1, 1), defence_faces=(1, 1),
                       damage_faces=(4, 1, 1, 1, 1, 1, 1))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0505", facing=5, weapons=(ram,), actions=2), armed("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), hit,
        m.ResolveSpin(gear="g2", clockwise=True, spin_die=1, skid_die=1))
    facing, where = state.gears["g2"].facing, state.gears["g2"].hex
    # B now faces north-east, A in its front: 2 attack dice, 6 1 → 6.
    (made,) = run(rules, state, hit.model_copy(update={"attack_faces": (6, 1)}))
    assert made.spins_out and state.pending == (("g2", 0),)
    (skipped,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=3, skid_die=4))
    assert (skipped.skipped, skipped.recovered, skipped.distance) == (True, False, 0)
    assert (state.gears["g2"].facing, state.gears["g2"].hex, state.pending) == (facing, where, ())
    assert rules.describe(skipped) == "B has spun out already this activation: no second spin-out."


@pytest.mark.rule("BR-20")
def test_exposed_movement_read_as_the_checks_value_never_spins_a_defence_at_four_plus() -> None:
    # The option reads ★エクスポーズド・ムーブメント's "1 or 2" as the check's value. At Defence 4+ the digest's
    # check (line 51) is 0 or 4 and more: never 1 or 2, so the chance is 0. Counted (BR-2's option), 2 dice
    # at 4+ give 1 with 1/2 and 2 with 1/4: 3/4.
    from fractions import Fraction

    from gmtool.core.readings import RuleReadings
    from tests.test_badlands_specials import GUN, race, shot
    from tests.test_badlands_specials import gear as special_gear

    for book, chance in (({"br_exposed_check_value"}, Fraction(0)),
                         ({"br_exposed_check_value", "br_check_count"}, Fraction(3, 4))):
        rules = RallyRules(RuleReadings(book_for=frozenset(book)))
        rules, state = race(special_gear("A", "0306", weapons=(GUN,)), special_gear("B", "0303", "exposed_movement"),
                            rules=rules)
        assert rules.attack_preview(state, shot()).exposed_spin == chance


@pytest.mark.rule("BR-20")
def test_a_special_the_gear_lacks_cannot_be_added_to_its_roll() -> None:
    # Jump Jets add 2D6 to a jump (digest line 681) — only for a gear that has them.
    rules, state = racing(gear("A", "0306"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.SpecialMove(gear="g1", move="jump", specials=("jump_jets",)))
    assert (refused.value.key, refused.value.message()) == ("error.br_special_not_usable",
                                                            "A cannot add Jump Jets to this roll.")


@pytest.mark.rule("BR-10")
def test_the_attack_plan_reads_the_rear_as_the_row_behind_unless_told_otherwise() -> None:
    # Digest (側面と背面): only the side straight behind is the rear — the row behind. On the 150° vertex ray
    # behind a target facing north (tests/test_badlands_attack.py): the flank, +1D6, by default; the rear,
    # +2D6, with the cone.
    from gmtool.core.hex.coords import ORIGIN, Hex
    from gmtool.games.badlands_rally.rules.attack import Gear, Weapon, plan_attack
    from gmtool.games.badlands_rally.rules.terrain import ground

    shooter, behind_ray = Gear(ORIGIN, 5, rating=4), Gear(Hex(-1, -1, 2), 0, rating=4)
    default = plan_attack(shooter, behind_ray, Weapon(optimal=4, maximum=8), ground({}))
    cone = plan_attack(shooter, behind_ray, Weapon(optimal=4, maximum=8), ground({}), rear_cone=True)
    assert (default.side, default.attack_dice, cone.side, cone.attack_dice) == ("flank", 3, "rear", 4)


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-10")
def test_the_odds_an_attack_records_count_the_dice_with_the_option() -> None:
    # A (0306) at B (0303, facing south: A in its front): 2 dice against 2, at 4+. Counted: each 0 with 1/4,
    # 1 with 1/2, 2 with 1/4; the attack fails only below the defence: 1/4·3/4 + 1/2·1/4 = 5/16, so it
    # succeeds 11/16 = 68.75 % → "68.8%". The digest's reading: (1 + 17/81)/2 = 49/81 = 60.5 %.
    from gmtool.core.readings import RuleReadings
    from tests.test_badlands_race_attack import GUN
    from tests.test_badlands_race_attack import gear as armed

    for readings, odds in ((RuleReadings(book_for=frozenset({"br_check_count"})), "68.8%"), (RuleReadings(), "60.5%")):
        rules = RallyRules(readings)
        state = rules.initial_state()
        run(rules, state, course({}), armed("A", "0306", weapons=(GUN,)), armed("B", "0303", facing=3),
            m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
        (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(1, 1),
                                                 defence_faces=(1, 1), damage_faces=(1,)))
        assert made.odds == odds


@pytest.mark.rule("BR-11")
def test_heat_doubles_the_sixes_of_the_area_effects_damage_too() -> None:
    # Area Effect (digest lines 308-309): the gears next to the target take half the damage roll; Heat
    # (line 322): each 6 of a damage roll is 2 hits. A (0306) at B (0303, A in its rear row: 4 dice); C at
    # 0302 next to B. 5 4 2 1 → 6 against 4 3 → 4: MOS 2, 2 + (7 − 6) = 3 dice; C: 3 // 2 = 1 die, a 6 → 2 hits.
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard
    from tests.test_badlands_race_attack import gear as armed

    napalm = WeaponCard(name="Napalm", optimal=3, maximum=6, power=7, traits=("area", "heat"))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306", weapons=(napalm,)), armed("B", "0303"), armed("C", "0302"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(5, 4, 2, 1),
                                             defence_faces=(4, 3), damage_faces=(6, 1, 1), area_faces={"g3": (6,)}))
    (hit,) = made.area
    assert (made.hits, hit.gear, hit.dice, hit.hits, hit.hull) == (2, "g3", 1, 2, 0)
    from gmtool.core.game import Involved

    assert rules.involved(made) == (Involved("g1", "A"), Involved("g2", "B"), Involved("g3", "C"))


@pytest.mark.rule("BR-18")
def test_while_a_window_is_open_a_third_gear_first_attacked_is_offered_its_own_reaction() -> None:
    # A (0306, facing south, a Gun) steps ahead, leaving 0306: straight ahead of B (0305, facing south) and
    # of D (0406, facing south-west), each with an Axe — both are offered a reaction (line 530). B reacts;
    # D has not answered yet. A, its action still unspent, attacks C (0308, facing north: A in its front, the
    # line clear) before it leaves (line 531): C is first targeted and has lock on A — C is offered a
    # reaction of its own (line 535), whoever reacted before.
    from gmtool.games.badlands_rally.rules import race_reaction_messages as r
    from tests.test_badlands_race_attack import AXE, GUN
    from tests.test_badlands_race_attack import gear as armed

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306", facing=3, weapons=(GUN,)),
        armed("B", "0305", facing=3, weapons=(AXE,)), armed("C", "0308", facing=0, weapons=(GUN,)),
        armed("D", "0406", facing=4, weapons=(AXE,)), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="ahead"))
    assert state.reaction is not None and state.reaction.offers == (("g2", "melee"), ("g4", "melee"))
    run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(1, 1, 1, 1), defence_faces=(4, 3)))
    assert state.reaction is not None and state.reaction.offers == (("g4", "melee"),)
    (held,) = run(rules, state, m.AttackGear(attacker="g1", target="g3", weapon=0, attack_faces=(1, 1),
                                             defence_faces=(4, 3)))
    assert [(o.gear, o.reason) for o in held.offers] == [("g3", "attacked")]


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-9")
def test_a_spin_out_left_waiting_after_the_rounds_last_activation_still_resolves() -> None:
    # C goes first, then A, the round's last. A jumps from 0306 with 4 5 onto C in 0303: both spin out (lines
    # 221-222). A's spin (a 1: no recovery) ends its activation (line 413) and so the round; C's spin, still
    # waiting, is a 6: a full turn, no skid and a rally-the-crowd token (lines 416-422). No gear is active then.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"), gear("C", "0303"), m.StartRound(first="g2"),
        m.EndActivation(gear="g2"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert state.pending == (("g1", 0), ("g2", 0))
    run(rules, state, m.ResolveSpin(gear="g1", clockwise=True, spin_die=1, skid_die=1))
    assert state.current is None and state.pending == (("g2", 0),)
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=6))
    assert spun.recovered and state.gears["g2"].rally_tokens == 1 and state.pending == ()


@pytest.mark.rule("BR-19")
def test_in_a_derby_a_spin_out_no_gear_caused_counts_for_nobody() -> None:
    # Derby (line 607): the spin-outs a gear made another gear do. A jump of all ones spins A out by itself.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=6), course({}), gear("A", "0306"), gear("C", "0503"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.SpecialMove(gear="g1", move="jump", faces=(1, 1)))
    done = run(rules, state, m.ResolveSpin(gear="g1", clockwise=True, spin_die=1, skid_die=1))
    assert [e.kind for e in done] == ["br_spin_resolved", "br_activation_ended"]
    assert all(g.spins_caused == 0 for g in state.gears.values())


@pytest.mark.rule("BR-20")
def test_reliable_rerolls_the_off_road_roll() -> None:
    # Reliable (digest lines 755-756): one test a lap rolled again — the off-road specialist's roll too (660).
    from gmtool.games.badlands_rally.rules import special_messages as sp
    from gmtool.games.badlands_rally.rules.race_specials import reroll_command

    rules = RallyRules()
    state = rules.initial_state()
    card = gear("A", "0306").model_copy(update={"specials": ("off_road_specialist", "reliable")})
    run(rules, state, course({}), card, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    command = sp.OffRoad(gear="g1", faces=(1, 2))
    again = reroll_command(state, command, tuple(run(rules, state, command)))
    assert isinstance(again, sp.OffRoad) and (again.faces, again.rerolled) == (None, (1, 2))


@pytest.mark.rule("BR-16")
def test_a_skid_stopped_by_terrain_went_through_the_hexes_before_it() -> None:
    # Digest lines 453-454: forced into terrain off the course, the gear stops in the course hex before it.
    from gmtool.core.hex.coords import ORIGIN, ahead
    from gmtool.games.badlands_rally.rules.spin import forced_move

    first, second, third = ahead(ORIGIN, 0), ahead(ORIGIN, 0, 2), ahead(ORIGIN, 0, 3)
    forced = forced_move(ORIGIN, 0, 4, lambda h: h != third, lambda h: False)
    assert (forced.hex, forced.path, forced.hit) == (second, (first, second), ("terrain", third))


@pytest.mark.rule("BR-19")
def test_a_rolled_contested_check_is_rolled_again_until_one_gear_is_highest() -> None:
    # 僅差勝利 (digest line 563): ties go to the gear ahead; A and B stand level (tests above), so a tie is
    # rolled again by the tied gears: whatever the dice, one gear ends with the highest score alone.
    import random

    from gmtool.core.hex.map_file import HexMapFile

    level = HexMapFile(name="Level", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305", "0505"]},
                       checkpoints=[["0404"]])
    rules = RallyRules()
    state = rules.initial_state()
    card = dict(seat="A", attack=4, defence=4, initiative=4, armour=6, hull=2, structure=2, cruising_mr=5, top_mr=8)
    run(rules, state, m.SetCourse(course=level), m.AddGear(name="A", hex="0306", **card),
        m.AddGear(name="B", hex="0506", **card), m.StartRound(first="g1"))
    for gid, finish in (("g1", "0305"), ("g2", "0505")):
        run(rules, state, *(m.PlaceGear(gear=gid, hex=h, facing=0) for _ in range(2) for h in ("0404", "0406", finish)),
            m.EndActivation(gear=gid))
    for seed in range(60):  # about one roll in five ties (17/81 for 2D6 against 2D6 at 4+)
        (won,) = rules.decide(state, m.ContestVictory(), random.Random(seed))
        best = max(won.scores)
        assert won.scores.count(best) == 1 and won.scores[("g1", "g2").index(won.winner)] == best
