"""The race's log lines as a GM reads them (English, whole lines): each names the right gears and the
right figures. The figures are worked out by hand from the digest (shared/seeds/002) in the comments,
on odd-q labels (odd columns half a hex lower; facing 0 north, sides clockwise)."""

from __future__ import annotations

import pytest

from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests.test_badlands_push import gear as pushing_gear
from tests.test_badlands_push import race as push_race
from tests.test_badlands_push import shove
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import AXE, GUN, gear
from tests.test_badlands_victory_race import COURSE, laps
from tests.test_badlands_victory_race import gear as lap_gear


def lines(rules: RallyRules, state: RaceState, *commands: m.Command) -> list[str]:
    return [rules.describe(e) for e in run(rules, state, *commands)]


def started(rules: RallyRules, *gears: m.AddGear, speed: str = "cruising") -> RaceState:
    state = rules.initial_state()
    run(rules, state, course({}), *gears, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed=speed))
    return state


@pytest.mark.rule("BR-8")
def test_steps_turns_and_the_gms_own_moves_in_the_log() -> None:
    # Cruising: turns are free, a step on normal ground 1 MR (digest lines 122, 141); MR 5.
    rules = RallyRules()
    state = started(rules, gear("A", "0505", facing=5, actions=2), gear("B", "0304"))
    assert lines(rules, state, m.StepGear(gear="g1", step="left"), m.StepGear(gear="g1", step="right"),
                 m.StepGear(gear="g1", step="ahead"), m.StepGear(gear="g1", step="back")) == [
        "A turns left to face south-west (0 MR, 5 left).",
        "A turns right to face north-west (0 MR, 5 left).",
        "A moves ahead 0505 → 0404 (1 MR, 4 left).",  # column 5 sits half a hex lower than column 4
        "A moves back 0404 → 0505 (1 MR, 3 left).",
    ]
    assert lines(rules, state, m.PlaceGear(gear="g1", hex="0505", facing=4), m.PlaceGear(gear="g1", hex="0605", facing=5),
                 m.EditGear(gear="g2", field="armour", value=7), m.SetTableMode(on=True), m.SetTableMode(on=False)) == [
        "GM: A turned to face south-west (no MR spent).",
        "GM: A placed 0505 → 0605, facing north-west (no MR spent).",
        "Armour: 6 → 7.",
        "Played on the table from now on: the map is off.",
        "Played on the map again.",
    ]


@pytest.mark.rule("BR-8")
def test_at_top_speed_each_turn_costs_a_mr_in_the_log() -> None:
    # Top speed: 1 MR per hex side turned (digest line 146); MR 8.
    rules = RallyRules()
    state = started(rules, gear("A", "0505"), speed="top")
    assert lines(rules, state, m.StepGear(gear="g1", step="left"), m.StepGear(gear="g1", step="right")) == [
        "A turns left to face north-west (1 MR, 7 left).", "A turns right to face north (1 MR, 6 left)."]


@pytest.mark.rule("BR-13")
@pytest.mark.rule("BR-16")
def test_an_attack_that_wrecks_and_the_spin_and_collision_it_causes_in_the_log() -> None:
    # A (0505, facing north-west) shoots B (0304) two hexes ahead, in its flank: 3 attack dice. 6 6 6 → 8;
    # 1 1 → 0; margin 8; 8 + (7 − 6) = 9 damage dice, 5 hits: hull 2 → 0, structure 2 → 0, 1 hit beyond.
    # B spins 2 clockwise (north → south-east), skids 1 + 1 = 2: 0404, then A in 0505 stops it. Collision:
    # the skid's 2 dice ± the armour difference 0: B 1 1 → 0 hits; A 4 5 → 2 hits, hull 2 → 0: A rattled,
    # and damaged in a collision, A spins out in turn (digest line 473).
    rules = RallyRules()
    state = started(rules, gear("A", "0505", facing=5, weapons=(GUN,)), gear("B", "0304"))
    (attack,) = lines(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6),
                                                 defence_faces=(1, 1), damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    assert attack == ("A attacks B with Gun (range 2, flank): attack 6 6 6 → 8, defence 1 1 → 0: margin 8. "
                      "Damage 9D6: 6 6 6 6 6 1 1 1 1 → 5 hits. Hull 2 → 0, structure 2 → 0. B is rattled. "
                      "B spins out and skids (1 excess hit adds to the skid): resolve it on the Spin-out page "
                      "(Ctrl+Shift+Return).")
    (spin,) = lines(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                                collision_faces=(1, 1), other_faces=(4, 5)))
    assert spin == ("B spins out: 2 sides clockwise, now facing south-east; skids 1 + excess = 2 hexes, 0304 → 0404. "
                    "It runs into the gear at 0505. B: collision 2D6 1 1 → 0 hits (hull 0, structure 0). "
                    "A: collision 2D6 4 5 → 2 hits (hull 0, structure 2). A is rattled. A spins out and skids in turn.")


@pytest.mark.rule("BR-9")
@pytest.mark.rule("BR-17")
def test_special_moves_recovery_and_the_crowd_in_the_log() -> None:
    # Top speed: 2D6 + 1D6 against Defence 4+ (digest lines 183-185); P(≥ 1 success) = 1 − (1/2)³ = 87.5 %.
    # Burn rubber 5 2 4: 2 successes, MR 8 → 10. Jump 5 2 4: 2 successes, over 2 hexes, lands on the third
    # (line 211): 0505 → 0502, 3 MR: 7 left. All ones: a spin-out (line 176).
    rules = RallyRules()
    state = started(rules, gear("A", "0505", actions=3), gear("B", "0304"), speed="top")
    assert lines(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5, 2, 4)),
                 m.SpecialMove(gear="g1", move="jump", faces=(5, 2, 4)),
                 m.SpecialMove(gear="g1", move="jump", faces=(1, 1, 1))) == [
        "A burns rubber: 3D6 at 4+ (87.5% before the roll): 5 2 4 → 2 successes. MR 8 → 10.",
        "A jumps: 3D6 at 4+ (87.5% before the roll): 5 2 4 → 2 successes. It flies 0505 → 0502 (7 MR left).",
        "A jumps: 3D6 at 4+ (87.5% before the roll): 1 1 1 → 0 successes. All ones: A spins out and skids.",
    ]
    # A 6 on the spin: a full turn, no skid, a rally token (lines 416-422).
    assert lines(rules, state, m.ResolveSpin(gear="g1", clockwise=False, spin_die=6), m.EndActivation(gear="g1")) == [
        "A spins all the way round (anticlockwise, a 6) and recovers: no skid, a rally-the-crowd token.",
        "A ends its activation (7 MR unused).",
    ]
    # B at no hits recovers 6: 4 back (the maximum 2 + 2), the action back on a 6 (lines 484-488).
    run(rules, state, m.EditGear(gear="g2", field="hull", value=0), m.EditGear(gear="g2", field="structure", value=0),
        m.DeclareSpeed(gear="g2", speed="cruising"))
    assert lines(rules, state, m.Recover(gear="g2", die=6), m.RallyTheCrowd(gear="g2")) == [
        "B recovers: 6 → hull 0 → 2, structure 0 → 2. A 6 from no hits: the action comes back.",
        "B rallies the crowd (1 token: one more die each on the next initiative check).",
    ]


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-16")
def test_a_push_into_a_gear_in_the_log() -> None:
    # A (0306) pushes B (0305) from its rear: 5 4 2 1 → 6 against 4 3 → 4, MOS 2. One hex to 0304, then C
    # (AR 5) in 0303: B stops and collides. B (AR 6): 2 − 1 = 1 die, 4 → 1 hit; C: 2 + 1 = 3 dice, 6 1 1 → 1
    # hit (digest lines 457, 468-469); both damaged: both spin out (line 473).
    rules = RallyRules()
    state = push_race(rules, pushing_gear("A", "0306"), pushing_gear("B", "0305"), pushing_gear("C", "0303", armour=5))
    (pushed,) = lines(rules, state, shove(collision_faces=(4,), other_faces=(6, 1, 1)))
    assert pushed.startswith("A pushes B (rear): check 5 4 2 1 = 6 against 4 3 = 4, margin 2 (odds ")
    assert pushed.endswith("B is pushed 1 hex, 0305 → 0304; A follows to 0305 (2 MR paid, 3 left). "
                           "B is pushed into the gear at 0303 and collides (MR paid so far: 2). "
                           "B: collision 1D6 4 → 1 hit (hull 1, structure 2). B spins out and skids in turn. "
                           "C: collision 3D6 6 1 1 → 1 hit (hull 1, structure 2). C spins out and skids in turn.")


@pytest.mark.rule("BR-18")
def test_a_reaction_offered_taken_and_declined_in_the_log() -> None:
    # A (0306, facing south) steps ahead to 0307, leaving 0306 straight ahead of B (0305, facing south, Axe).
    rules = RallyRules()
    state = started(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)))
    assert lines(rules, state, m.StepGear(gear="g1", step="ahead")) == [
        "A is about to leave 0306: the step waits for the reactions. May react: B (A leaves 0306 in its front arc, "
        "within melee reach)."]
    heading = rules.heading(state)
    assert (heading.text, heading.detail) == ("Reaction attack? B", "B (A leaves 0306 in its front arc, within melee reach)")
    # B from A's rear (+2D6): 5 4 2 1 → 6 against 4 3 → 4, MOS 2; melee: 2 + POW 3 = 5 dice, 6 4 → 2 hits.
    assert lines(rules, state, r.React(gear="g2", weapon=0, attack_faces=(5, 4, 2, 1), defence_faces=(4, 3),
                                       damage_faces=(6, 4, 1, 1, 1))) == [
        "B reacts to A with Axe (its action for the round); rolled with the other attacks.",
        "B attacks A with Axe (range 1, rear): attack 5 4 2 1 → 6, defence 4 3 → 4: margin 2. Damage 5D6: "
        "6 4 1 1 1 → 2 hits. Hull 2 → 0, structure 2 → 2. A is rattled.",
        "Rolled together, the effects applied after all (reacting: B).",
        "A moves ahead 0306 → 0307 (1 MR, 4 left).",
    ]
    state = started(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)))
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert lines(rules, state, r.DeclineReaction(gear="g2")) == [
        "B does not react to A.", "No reaction: the attacks are rolled.", "A moves ahead 0306 → 0307 (1 MR, 4 left)."]


@pytest.mark.rule("BR-19")
def test_a_contested_victory_in_the_log() -> None:
    # 僅差勝利 (digest lines 561-563): A 6 1 at 4+ → 6, B 4 4 → 4 + 1 = 5, no rattles to take off: A wins.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), lap_gear("A", "0106"), lap_gear("B", "0506"),
        m.StartRound(first="g1"), *laps("g1", "0305"), m.EndActivation(gear="g1"), *laps("g2", "0205"))
    assert lines(rules, state, m.EndActivation(gear="g2"))[-1] == (
        "Several gears finished this round (A, B): the contested check decides.")
    assert lines(rules, state, m.ContestVictory(faces={"g1": (6, 1), "g2": (4, 4)})) == [
        "Contested check: A 6 1 → 6, less the rattles: 6; B 4 4 → 5, less the rattles: 5. A wins the race!"]


def test_the_log_is_headed_by_rounds_and_activations() -> None:
    shape = RallyRules().log_shape()
    assert (shape.heading_level("br_round_started"), shape.heading_level("br_speed_declared")) == (0, 1)
    assert shape.heading_level("br_stepped") is None
    assert shape.families_of("br_pushed") == frozenset({"br_attacks"})
    assert shape.families_of("br_stepped") == frozenset({"br_moves"})


@pytest.mark.rule("BR-6")
def test_the_initiative_and_a_lap_in_the_log() -> None:
    # A (0304) is one hex from checkpoint 0303, B (0306) three: A is ahead; both 6 2 at 4+ → 6: a tie, A wins it
    # (digest line 110). Before the roll A's chance is 49/81 = 60.5 % (tests/test_badlands_initiative.py).
    from tests.test_badlands_initiative import gear as initiative_gear
    from tests.test_badlands_initiative import racing

    rules, state = racing(initiative_gear("A", "0304"), initiative_gear("B", "0306"))
    assert lines(rules, state, m.RollInitiative(faces={"g1": (6, 2), "g2": (6, 2)})) == [
        "Round 1.",
        "Initiative check: A 6 2 → 6; B 6 2 → 6. A has the initiative (a tie, won by the gear ahead). "
        "(60.5% before the roll)"]
    # Column 3 runs north: finish 0305, checkpoint 1 at 0304, checkpoint 2 at 0302 (BR-19's laps).
    from gmtool.core.hex.map_file import HexMapFile

    rules = RallyRules()
    state = rules.initial_state()
    lapped = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305"]},
                        checkpoints=[["0304"], ["0302"]])
    run(rules, state, m.SetCourse(course=lapped), gear("A", "0306"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="top"))
    ahead = m.StepGear(gear="g1", step="ahead")
    assert lines(rules, state, ahead, ahead, ahead, ahead)[1:] == [
        "A moves ahead 0305 → 0304 (1 MR, 6 left). A passes checkpoint 1.",
        "A moves ahead 0304 → 0303 (1 MR, 5 left).",
        "A moves ahead 0303 → 0302 (1 MR, 4 left). A passes checkpoint 2."]
    assert lines(rules, state, m.PlaceGear(gear="g1", hex="0306", facing=0), ahead)[1] == (
        "A moves ahead 0306 → 0305 (1 MR, 3 left). A completes lap 1.")


@pytest.mark.rule("BR-10")
def test_an_attack_in_the_report_term_by_term() -> None:
    # A (0306, facing north) at B (0303, facing north: A is behind it, in its rear row): base 2D6 + rear 2D6
    # (digest line 246) against base 2D6. 5 4 2 1 → 6, 4 3 → 4: MOS 2; damage 2 + (7 − 6) = 3 dice, 6 4 → 2 hits.
    from gmtool.core.display import ModifierLine

    rules = RallyRules()
    state = started(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(5, 4, 2, 1),
                                             defence_faces=(4, 3), damage_faces=(6, 4, 1)))
    seen = rules.breakdown(made)
    assert seen is not None and seen.pool == "Attack 4D6 at 4+ against defence 2D6 at 4+"
    assert seen.modifiers == (ModifierLine("Attack: Base dice", "+2D6", ""),
                              ModifierLine("Attack: Attack on the rear", "+2D6", ""),
                              ModifierLine("Defence: Base dice", "+2D6", ""))
    assert seen.dice == "attack 5 4 2 1; defence 4 3; damage 6 4 1"


@pytest.mark.rule("BR-20")
def test_upgrades_in_the_log() -> None:
    # Upgrades by 1D6 (digest lines 634-652): 5 the Whacker, POW 7 melee reaching 1-2 hexes; 6 Twins.
    from gmtool.games.badlands_rally.rules import setup_messages as s

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    assert lines(rules, state, s.SetUpgradeMode(mode="chosen"), s.GiveUpgrade(gear="g1", die=5),
                 s.GiveUpgrade(gear="g2", die=6)) == [
        "Upgrades this race: chosen.",
        "A chooses its upgrade: 5 Whacker. Whacker (POW 7, melee, range 1-2) joins its weapons.",
        "B chooses its upgrade: 6 Twins."]


@pytest.mark.rule("BR-20")
def test_a_reliable_reroll_names_the_gear_that_rerolled() -> None:
    # Reliable (digest lines 755-756): once a lap, one test rolled again. A (reliable) rerolls its attack
    # 1 1 2 1 (nothing reaches 4) as 6 5 2 1 → 6 + 1 = 7 against B's 4 3 → 4: MOS 3, 3 + 1 = 4 damage dice.
    from tests.test_badlands_specials import gear as special_gear
    from tests.test_badlands_specials import race

    rules, state = race(special_gear("A", "0306", "reliable", weapons=(GUN,)), special_gear("B", "0303"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 5, 2, 1),
                                             defence_faces=(4, 3), damage_faces=(1, 1, 1, 1), reliable="g1",
                                             rerolled=(1, 1, 2, 1)))
    assert rules.describe(made) == ("A attacks B with Gun (range 3, rear): attack 6 5 2 1 → 7, defence 4 3 → 4: "
                                    "margin 3. Damage 4D6: 1 1 1 1 → 0 hits. Hull 2 → 2, structure 2 → 2. "
                                    "(Reliable: A rerolled 1 1 2 1)")
    rules, state = race(special_gear("A", "0306", "reliable"))
    (moved,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5, 5), rerolled=(1, 2)))
    assert rules.describe(moved) == ("A burns rubber: 2D6 at 4+ (75.0% before the roll): 5 5 → 2 successes. "
                                     "MR 5 → 7. (Reliable: A rerolled 1 2)")
    # B (reliable) rerolls its defence 1 1 as 6 6 → 7: A's 5 4 2 1 → 6 misses by 1.
    rules, state = race(special_gear("A", "0306", weapons=(GUN,)), special_gear("B", "0303", "reliable"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(5, 4, 2, 1),
                                             defence_faces=(6, 6), reliable="g2", rerolled=(1, 1)))
    assert rules.describe(made).endswith("defence 6 6 → 7: margin -1. (Reliable: B rerolled 1 1)")
