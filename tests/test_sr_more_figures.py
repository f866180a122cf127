"""More Shadowrun figures and words worked out by hand: an internal magazine's reload, a spell defence that outlives
an onlooker, an agent acting on its own, a chase's positioning and bands, a grunt group's places, refusals in words.

000 = the SR4 digest, 001 = the SR5 combat digest (``shared/seeds/``); rules.md names the rules. Faces are typed.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import Reload
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("SR5-T2")
def test_an_internal_magazine_loads_agility_rounds_as_a_complex_action() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet
    from tests.test_attack_flow import ATTR, run

    # rules.md SR5-T2: internal magazine (m), Agility rounds, complex. The Remington Roomsweeper holds 8(m); another
    # ammunition takes the old load out first, then Agility 3 rounds go in: 3 of 8.
    enc = Encounter(SR5Ruleset(), 7)
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Shooter", attributes=ATTR | {"AGI": 3}, initiative_bonus=10,
                                          skills={"shotguns": 4}, weapons=(weapon("sr5", "remington_roomsweeper"),))))
    run(enc, cmd.StartTurn())
    events = run(enc, Reload(combatant="c1", weapon=0, ammo_type="gel"))
    assert [(e.kind, e.action) for e in events] == [("action_taken", "complex"), ("reloaded", "complex")]
    magazine = enc.state.magazines["c1:0"]
    assert (magazine.rounds, magazine.capacity, magazine.ammo_type) == (3, 8, "gel")
    assert enc.ruleset.describe(events[-1]) == ("Shooter reloads Remington Roomsweeper: 3 rounds of Gel rounds "
                                                "(complex action).")


@pytest.mark.rule("SR4-S4")
def test_a_spell_defence_outlives_an_onlooker_leaving_and_ends_when_its_guard_leaves() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
    from tests.test_sr4_magic import Fight, cast, faces, kinds, sheet

    # 000 §4.2 line 206: the guarded add the guard's Counterspelling: the goon's Willpower 3 + 3 = 6 dice.
    fight = Fight()
    fight.run(cmd.AddCombatant(sheet=sheet("Onlooker")))
    fight.run(mm.DeclareSpellDefence(combatant="c3", protects=("c2",), counterspelling=3))
    fight.run(cmd.RemoveCombatant(combatant="c4"))
    events = cast(fight, faces=faces(0, 7), target_faces=(faces(0, 6),), drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[1].pool == 6
    fight.run(cmd.RemoveCombatant(combatant="c3"))  # the guard leaves: Willpower 3 alone
    events = cast(fight, faces=faces(0, 7), target_faces=(faces(0, 3),), drain_faces=faces(9, 9))
    assert kinds(events, "dice_test_rolled")[1].pool == 3


@pytest.mark.rule("SR4-X5")
def test_an_agent_perceives_on_its_own_in_another_users_phase() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
    from tests.test_sr4_matrix import NODE, PERSONA, Run

    # An agent acts on its own (test_sr4_matrix_phase's docstring): in Weaver's phase Deck's agent, Rating 3 +
    # Analyze 3 = 6 dice, perceives without paying anyone's action.
    fight = Run(PERSONA, NODE, mx.IconSheet(name="Agent", kind="agent", owner="c1", rating=3, programs={"analyze": 3}))
    fight.run(cmd.StartTurn())
    assert fight.state.actor == "c2"
    events = fight.run(mx.MatrixPerception(icon="m3", target="m2", threshold=1, faces=(5,) + (1,) * 5))
    assert [e.kind for e in events] == ["dice_test_rolled", "matrix_perception_resolved"]
    assert events[0].pool == 6 and events[1].spotted  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V7")
def test_positioning_dice_wait_for_the_next_turns_range_test() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
    from tests.test_sr4_chase import MISS, chase, next_turn, run

    # 000 §7.7 line 533: positioning's hits are dice on the NEXT turn's range test. Two hits in turn 1: a range test
    # still to roll in turn 1 keeps Pilot 3 + Maneuver 2 + Handling 0 = 5 dice; turn 2's has 5 + 2 = 7.
    encounter = chase()
    run(encounter, cmd.StartTurn())
    run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="positioning", faces=(5, 6, 1, 1, 2)))
    same_turn = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=MISS, pursuer_faces=MISS))[0]
    assert same_turn.terms == (("sr4rig.term.pilot", 3), ("sr4rig.term.maneuver", 2), ("sr4rig.term.handling", 0))
    next_turn(encounter)
    lead = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=(1,) * 7, pursuer_faces=MISS))[0]
    assert lead.pool == 7 and ("sr4rig.term.positioning", 2) in lead.terms  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V7")
def test_a_manoeuvre_at_the_wrong_range_names_the_band_it_needs() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
    from tests.test_sr4_chase import MISS, ONE, chase, range_test, run

    # rules.md SR4-V7: break away at long range, ram at close range; the pursuer won short range.
    encounter = chase()
    range_test(encounter, MISS, ONE, pursuer_wants="short")
    run(encounter, cmd.StartTurn())
    for manoeuvre, band in (("break_away", "long"), ("ram", "close")):
        with pytest.raises(RulesError) as info:
            encounter.prepare(vm.ChaseManoeuvre(vehicle="c1", manoeuvre=manoeuvre, target="c2"))
        assert info.value.message() == f"This manoeuvre needs the {band} band."


@pytest.mark.rule("SR4-D12")
def test_buying_hits_with_edge_is_refused_in_words() -> None:
    from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
    from tests.test_sr4_dice_tests import Fight, tc

    # 004: buying hits rolls no dice, so no Edge (which adds or rerolls dice) goes with it.
    with pytest.raises(RulesError) as info:
        Fight().run(tc.RollTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=3), threshold=1,
                                edge_use=EdgeUse.ADD_BEFORE, buy_hits=True))
    assert info.value.message() == "Buying hits rolls no dice, so Edge cannot be used on it."


def test_a_grunt_group_takes_the_next_places_after_those_already_there() -> None:
    from tests.test_sr5_groups import with_group

    enc = with_group()
    assert {cid: c.sheet.name for cid, c in enc.state.combatants.items()} == {
        "c1": "Kestrel (demo runner)", "c2": "Halloweener 1", "c3": "Halloweener 2", "c4": "Halloweener 3",
        "c5": "Halloweener 4"}


def test_weapon_refusals_in_words() -> None:
    from gmtool.games.shadowrun.rules.weapons import called_shots_sr5
    from gmtool.games.shadowrun.rules.weapons.chummer_fields import parse_ammo
    from gmtool.games.shadowrun.rules.weapons.ranges import RangeBands

    for text in ("15(q)", "lots"):  # a feed Chummer has no letter for; no count at all
        with pytest.raises(FileFormatError) as bad:
            parse_ammo(text)
        assert bad.value.message() == f'Chummer weapon field ammo cannot be read: "{text}".'
    with pytest.raises(RulesError) as no_pool:
        called_shots_sr5.multiple_attack_pools([], 4, 2)
    assert no_pool.value.message() == "Multiple attacks need the attack's dice pool."
    with pytest.raises(RulesError) as behind:
        RangeBands(short=5, medium=20, long=40, extreme=60).band(-1.5)
    assert behind.value.message() == "A distance cannot be negative (-1.5 m)."
