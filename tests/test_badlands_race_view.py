"""What the GM reads of a race (rules/race_view.py): the heading, each gear's badges in the order list
(text, tone, tooltip), its sheet, and the speed offers, in English exactly. The numbers in them are
worked out by hand from the digest (shared/seeds/002) as the comments say."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.core.display import Badge, Heading, Offer
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, gear

SEAT_A = Badge("seat", "A", "neutral", "Player: A")
SEAT_B = Badge("seat", "B", "neutral", "Player: B")
RATTLED_ONCE = Badge("rattled", "Rattled (1)", "warning",
                     "Rattled: −1D6 on every test, no top speed until its hull is back to 1 or more; 1 rattle recorded "
                     "(the 5th for good, the 6th knocks it out)")
OFF_BALANCE = Badge("off_balance", "Off balance", "harm")


# B spins 2 sides clockwise (north → south-east) and skids 1 + 1 hit beyond: 0404, then A in 0505 stops it;
# the collision's 2 dice each (the skid's 2 ± the armour difference 0) roll 1 1: nobody is hurt.
SPIN = m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1, collision_faces=(1, 1), other_faces=(1, 1))


def badges(rules: RallyRules, state: RaceState) -> dict[str, tuple[Badge, ...]]:
    return {row.id: row.badges for row in rules.order(state)}


def wrecked(rules: RallyRules) -> RaceState:
    """A (0505, facing north-west) shoots B (0304, two hexes ahead, flank: 3 attack dice). Attack 6 6 6 → 8,
    defence 1 1 → 0: MOS 8; 8 + (POW 7 − AR 6) = 9 damage dice, 5 hits on hull 2 and structure 2: both
    emptied, B is rattled (BR-14) and spins out (BR-13, BR-15)."""
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0505", facing=5, weapons=(GUN,)), gear("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    return state


@pytest.mark.rule("BR-6")
def test_the_heading_follows_the_round_and_says_the_initiative_odds_before_the_roll() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0505"), gear("B", "0304"))
    # Two gears alike (2D6 at 4+ each): each wins the check half the time.
    assert rules.heading(state) == Heading("The race has not started", "Initiative before the roll: A 50.0% · B 50.0%")
    run(rules, state, m.StartRound(first="g1"))
    assert rules.heading(state) == Heading("Round 1 · A", "Declare cruising or top speed")
    run(rules, state, m.DeclareSpeed(gear="g1", speed="top"))
    assert rules.heading(state) == Heading("Round 1 · A", "8 MR left")  # top speed: MR 8
    run(rules, state, m.StepGear(gear="g1", step="left"))  # top speed: a turn costs 1 MR (BR-8)
    assert rules.heading(state) == Heading("Round 1 · A", "7 MR left")
    run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert rules.heading(state).text == "Round 1: every gear has activated"


@pytest.mark.rule("BR-6")
@pytest.mark.rule("BR-14")
def test_a_rattled_gear_rolls_one_die_less_for_the_initiative_and_a_tie_is_rolled_again() -> None:
    # B rattled: 1D6 against A's 2D6, both 4+ (digest line 387: −1D6 on every test). The check (line 51):
    # the highest die reaching 4 plus one per other die reaching it, 0 when none does.
    # A over 36 rolls: 0 ×9, 4 ×6, 5 ×7 (4 4 and the one-die 5s), 6 ×9, 7 ×5; B over 6: 0 ×3, 4, 5, 6 ×1.
    # A above B: (27·3 + 21 + 14 + 5) / 216 = 121/216; a tie: (9·3 + 6 + 7 + 9) / 216 = 49/216; B above A:
    # 46/216. Neither is ahead of the other (both on lap 1, no checkpoint): a tie is rolled again
    # (line 110), so A wins 121/167 = 72.5 %, B 46/167 = 27.5 %.
    assert Fraction(121, 167) == pytest.approx(0.7246, abs=1e-4)
    rules = RallyRules()
    state = wrecked(rules)
    run(rules, state, SPIN, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert rules.heading(state) == Heading("Round 1: every gear has activated",
                                           "Initiative before the roll: A 72.5% · B 27.5%")


@pytest.mark.rule("BR-14")
@pytest.mark.rule("BR-15")
def test_the_badges_put_what_the_gm_must_act_on_first() -> None:
    rules = RallyRules()
    state = wrecked(rules)
    a, b = badges(rules, state)["g1"], badges(rules, state)["g2"]
    assert a == (Badge("actions", "Act. 0/1", "warning", "0 of 1 action left this activation"),
                 Badge("speed", "Cruising", "neutral", "Declared cruising speed: 5 MR left"), SEAT_A)
    spin_waits = Badge("spin_waiting", "Spin-out waits", "harm", "It waits to spin out and skid: resolve it in the "
                       "Spin-out tab (Ctrl+Shift+Return) before anything else")
    assert b == (spin_waits, OFF_BALANCE, RATTLED_ONCE, SEAT_B)
    run(rules, state, SPIN)
    spun = Badge("spun", "Spun out", "warning", "It has spun out since its activation began: no second spin-out in "
                 "this activation (unless off balance)")
    assert badges(rules, state)["g2"] == (OFF_BALANCE, RATTLED_ONCE, spun, SEAT_B)
    run(rules, state, m.EndActivation(gear="g1"), m.DeclareSpeed(gear="g2", speed="cruising"))
    assert badges(rules, state)["g2"] == (OFF_BALANCE, RATTLED_ONCE,
                                          Badge("speed", "Cruising", "neutral", "Declared cruising speed: 5 MR left"),
                                          Badge("actions", "Act. 1/1", "neutral", "1 of 1 action left this activation"),
                                          SEAT_B)
    assert badges(rules, state)["g1"] == (SEAT_A,)


@pytest.mark.rule("BR-15")
def test_off_balance_from_an_empty_hull_is_the_rule_options_badge_too() -> None:
    # Digest line 375 read as the option br_off_balance_hull: hull 0 alone puts the gear off balance.
    # A shoots B: attack 6 6 6 → 8, defence 1 1 → 0, 9 damage dice, two hits (6 6): hull 2 → 0, structure 2.
    for readings, shown in ((RuleReadings(), False), (RuleReadings(book_for=frozenset({"br_off_balance_hull"})), True)):
        rules = RallyRules(readings)
        state = rules.initial_state()
        run(rules, state, course({}), gear("A", "0505", facing=5, weapons=(GUN,)), gear("B", "0304"),
            m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
            m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                         damage_faces=(6, 6, 1, 1, 1, 1, 1, 1, 1)))
        assert (state.gears["g2"].hull, state.gears["g2"].structure) == (0, 2)
        assert (OFF_BALANCE in badges(rules, state)["g2"]) is shown


def test_the_sheet_says_where_the_gear_is_and_its_rattles() -> None:
    rules = RallyRules()
    state = wrecked(rules)
    run(rules, state, SPIN)
    sheet = rules.sheet(state, "g2")
    assert sheet is not None
    fields = {f.key: f for f in sheet.fields}
    # The spin: 2 sides clockwise from north → south-east; the skid 1 + 1 hit beyond → 0404 (then A in 0505).
    assert (fields["where"].label, fields["where"].value) == ("On the map", "0404, facing south-east")
    assert not fields["where"].editable
    assert (fields["rattles"].label, fields["rattles"].value) == ("Rattles", "1")
    assert (fields["actions_left"].value, fields["hull"].value, fields["structure"].value) == ("1/1", 0, 0)
    assert (fields["hull"].low, fields["hull"].high, fields["top_mr"].high) == (0, 2, 40)
    assert rules.sheet(state, "g9") is None


def test_the_speed_offers_say_why_they_are_off() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0505"), gear("B", "0304"), m.StartRound(first="g1"))
    assert rules.offers(state, "g1") == (Offer("cruising", "Cruising speed", True, ""), Offer("top", "Top speed", True, ""),
                                         Offer("end", "End activation", True))
    not_b = "It is not B's activation."
    assert rules.offers(state, "g2") == (Offer("cruising", "Cruising speed", False, not_b),
                                         Offer("top", "Top speed", False, not_b),
                                         Offer("end", "End activation", False, not_b))
    run(rules, state, m.DeclareSpeed(gear="g1", speed="cruising"))
    declared = "A has already declared its speed this activation."
    assert rules.offers(state, "g1") == (Offer("cruising", "Cruising speed", False, declared),
                                         Offer("top", "Top speed", False, declared),
                                         Offer("end", "End activation", True))
    assert rules.offers(state, "g9") == ()
    assert rules.take(state, "g1", "end") == m.EndActivation(gear="g1")


@pytest.mark.rule("BR-14")
def test_a_rattled_gear_is_offered_no_top_speed() -> None:
    # Digest line 387: a gear with a rattled token cannot move at top speed.
    rules = RallyRules()
    state = wrecked(rules)
    run(rules, state, SPIN, m.EndActivation(gear="g1"))
    top = rules.offers(state, "g2")[1]
    assert (top.key, top.enabled, top.reason) == ("top", False, rules_error_words("error.br_rattled_no_top_speed"))


def rules_error_words(key: str) -> str:
    from gmtool.core.i18n import tr

    return tr(key)


def test_an_edit_of_the_sheet_is_the_gms_command() -> None:
    assert RallyRules().edit("g2", "armour", 7) == m.EditGear(gear="g2", field="armour", value=7)


@pytest.mark.rule("BR-14")
@pytest.mark.rule("BR-17")
def test_the_order_row_and_sheet_of_a_derby_gear_at_top_speed() -> None:
    from dataclasses import replace

    from gmtool.core.display import OrderLayout, Track
    from gmtool.games.badlands_rally.rules.weapons import WeaponCard

    mg = WeaponCard(name="MG", optimal=2, maximum=5, power=5, dice=-1, burst=2, traits=("heat", "area"))
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=6), course({}), gear("A", "0505", weapons=(GUN, mg)),
        gear("B", "0304"), m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="top"),
        m.RallyTheCrowd(gear="g1"))
    assert rules.order_layout() == OrderLayout("MR", (("hull", "Hull"), ("structure", "Str.")), "State")
    a, b = rules.order(state)
    assert (a.id, a.score, a.current, a.out, a.npc, b.current) == ("g1", "8", True, False, False, False)
    assert a.tracks == (Track("hull", "Hull", "boxes", 2, 2, "armour", "left"),
                        Track("structure", "Structure", "boxes", 2, 2, "harm", "left"))
    derby = Badge("derby", "Spin-outs 0/6", "neutral")  # a derby: six spin-outs caused win (digest line 608)
    assert a.badges == (Badge("actions", "Act. 0/1", "warning", "0 of 1 action left this activation"),
                        Badge("speed", "Top speed", "good", "Declared top speed: 8 MR left"),
                        Badge("rally", "Rally 1", "good"), SEAT_A, derby)
    # The sixth rattle knocks a gear out (digest line 395).
    state.gears["g2"].rattle = replace(state.gears["g2"].rattle, count=6)
    b = rules.order(state)[1]
    assert b.out and b.badges == (Badge("out", "Knocked out", "harm"), SEAT_B, derby)
    sheet = rules.sheet(state, "g1")
    assert sheet is not None
    fields = {f.key: (f.label, f.kind, f.value) for f in sheet.fields}
    assert fields["name"] == ("Name", "text", "A")
    assert fields["weapon_0"] == ("Weapon 1", "text", "Gun: range 3/6, POW 7")
    assert fields["weapon_1"] == ("Weapon 2", "text", "MG: range 2/5, POW 5 · -1D6, Burst 2, Heat, Area Effect")
    assert fields["specials"] == ("Special rules", "text", "none")
    assert fields["rally_tokens"] == ("Rally-the-crowd tokens", "text", "1")
    assert fields["spins_caused"] == ("Spin-outs caused", "text", "0 of 6")
