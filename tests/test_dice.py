"""Dice rules: hits, glitches, success and opposed tests, defaulting, typed faces.

Rules from rules.md: SR4-D1 to D5 and D8, and the SR5 glitch difference (the
ones must exceed half of the dice pool). The digest's worked example is checked
literally.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.dice import DiceSource, roll_d6, validate_faces
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.dice import GlitchRule, count_hits, is_glitch, opposed_test, success_test
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr5.rules.simple_test import pool_of, simple_test_terms

faces_lists = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=40).map(tuple)


def make_sheet(**attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update(attributes)
    return Sheet(name="Tester", attributes=values)


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


# -- the worked example (004) ----------------------------------------------
@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("SR4-D2")
def test_worked_example_six_dice_one_hit_no_glitch() -> None:
    faces = (6, 4, 4, 4, 3, 2)
    for rule in GlitchRule:
        result = success_test(faces, 1, rule)
        assert result.hits == 1
        assert result.ones == 0
        assert not result.glitch
        assert not result.critical_glitch
        assert result.success


# -- SR4-D1: hits ------------------------------------------------------------
@pytest.mark.rule("SR4-D1")
@pytest.mark.parametrize(
    ("faces", "hits"),
    [((5,), 1), ((6,), 1), ((4,), 0), ((1, 2, 3, 4), 0), ((5, 6, 5, 6), 4), ((1, 5, 2, 6, 3), 2)],
)
def test_hits_are_fives_and_sixes(faces: tuple[int, ...], hits: int) -> None:
    assert count_hits(faces) == hits


@pytest.mark.rule("SR4-D1")
@given(faces_lists)
def test_hits_property(faces: tuple[int, ...]) -> None:
    expected = len([f for f in faces if f in (5, 6)])
    assert count_hits(faces) == expected
    assert success_test(faces, 0, GlitchRule.SR4).hits == expected


# -- glitches ----------------------------------------------------------------
@pytest.mark.rule("SR4-D2")
@pytest.mark.rule("SR4-D3")
@given(faces_lists)
def test_sr4_glitch_is_half_or_more_ones(faces: tuple[int, ...]) -> None:
    ones = faces.count(1)
    result = success_test(faces, 1, GlitchRule.SR4)
    assert result.ones == ones
    assert result.glitch == (Fraction(ones, len(faces)) >= Fraction(1, 2))
    assert result.critical_glitch == (result.glitch and result.hits == 0)


@given(faces_lists)
def test_sr5_glitch_is_more_than_half_the_pool(faces: tuple[int, ...]) -> None:
    ones = faces.count(1)
    result = success_test(faces, 1, GlitchRule.SR5)
    assert result.glitch == (Fraction(ones, len(faces)) > Fraction(1, 2))
    assert result.critical_glitch == (result.glitch and result.hits == 0)
    # The SR5 rule is the stricter one: every SR5 glitch is an SR4 glitch.
    if result.glitch:
        assert success_test(faces, 1, GlitchRule.SR4).glitch


@pytest.mark.rule("SR4-D2")
@pytest.mark.parametrize(
    ("ones", "pool", "sr4", "sr5"),
    [
        (3, 6, True, False),  # exactly half: SR4 glitch, not SR5
        (4, 6, True, True),
        (2, 6, False, False),
        (2, 5, False, False),
        (3, 5, True, True),
        (1, 1, True, True),
        (1, 2, True, False),
        (0, 0, False, False),
    ],
)
def test_glitch_boundaries(ones: int, pool: int, sr4: bool, sr5: bool) -> None:
    assert is_glitch(ones, pool, GlitchRule.SR4) is sr4
    assert is_glitch(ones, pool, GlitchRule.SR5) is sr5


def test_sr5_glitch_counts_against_the_pool_not_the_faces() -> None:
    """SR5: the pool is the dice before extras; three ones out of 7 faces from a pool of 5 glitch."""
    faces = (1, 1, 1, 2, 3, 6, 6)  # 5 pool dice + 2 extra dice
    assert success_test(faces, 1, GlitchRule.SR5, pool=5).glitch
    assert not success_test(faces, 1, GlitchRule.SR5, pool=7).glitch


@pytest.mark.rule("SR4-D3")
def test_critical_glitch_needs_zero_hits() -> None:
    assert success_test((1, 1, 1, 2), 1, GlitchRule.SR4).critical_glitch
    with_hit = success_test((1, 1, 1, 5), 1, GlitchRule.SR4)
    assert with_hit.glitch and not with_hit.critical_glitch


# -- SR4-D4: success test ----------------------------------------------------------
@pytest.mark.rule("SR4-D4")
@given(faces_lists, st.integers(min_value=0, max_value=12))
def test_success_and_net_hits(faces: tuple[int, ...], threshold: int) -> None:
    result = success_test(faces, threshold, GlitchRule.SR5)
    hits = count_hits(faces)
    assert result.success == (hits >= threshold)
    assert result.net_hits == (hits - threshold if hits >= threshold else 0)
    assert result.threshold == threshold
    assert result.pool == len(faces)


@pytest.mark.rule("SR4-D4")
def test_success_test_examples() -> None:
    result = success_test((5, 6, 6, 2, 1), 2, GlitchRule.SR4)
    assert result.success and result.net_hits == 1
    result = success_test((5, 2, 2), 2, GlitchRule.SR4)
    assert not result.success and result.net_hits == 0
    result = success_test((5, 5), 2, GlitchRule.SR4)
    assert result.success and result.net_hits == 0


def test_negative_threshold_is_refused() -> None:
    with pytest.raises(RulesError) as info:
        success_test((5,), -1, GlitchRule.SR5)
    assert info.value.key == "error.threshold_negative"


# -- SR4-D5: opposed test -----------------------------------------------------------
@pytest.mark.rule("SR4-D5")
@given(st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=30))
def test_opposed_test_in_combat(actor_hits: int, opponent_hits: int) -> None:
    result = opposed_test(actor_hits, opponent_hits, combat=True)
    assert result.actor_wins == (actor_hits > opponent_hits)  # a tie goes to the defender
    assert result.net_hits == abs(actor_hits - opponent_hits)


@pytest.mark.rule("SR4-D5")
def test_opposed_tie_goes_to_the_defender_in_combat() -> None:
    tie = opposed_test(3, 3)  # combat is the default
    assert not tie.actor_wins
    assert tie.net_hits == 0
    win = opposed_test(5, 2)
    assert win.actor_wins and win.net_hits == 3
    loss = opposed_test(1, 4)
    assert not loss.actor_wins and loss.net_hits == 3


def test_opposed_test_refuses_negative_hits() -> None:
    for actor, opponent in ((-1, 0), (0, -1)):
        with pytest.raises(RulesError) as info:
            opposed_test(actor, opponent)
        assert info.value.key == "error.hits_negative"


# -- SR4-D8: defaulting --------------------------------------------------------------
@pytest.mark.rule("SR4-D8")
@pytest.mark.parametrize("attribute", ["AGI", "LOG", "BOD"])
def test_defaulting_terms_are_attribute_minus_one(attribute: str) -> None:
    sheet = make_sheet(**{attribute: 5})
    terms = simple_test_terms(sheet, attribute, 0, 0)
    assert terms == ((f"attr.{attribute}", 5), ("pool.defaulting", -1))
    assert pool_of(terms) == 4
    with_skill = simple_test_terms(sheet, attribute, 3, 0)
    assert with_skill == ((f"attr.{attribute}", 5), ("pool.skill", 3))
    assert pool_of(with_skill) == 8


@pytest.mark.rule("SR4-D8")
def test_defaulting_in_a_rolled_simple_test() -> None:
    encounter = Encounter(SR5Ruleset(), seed=7)
    run(encounter, cmd.AddCombatant(sheet=make_sheet(AGI=5)))
    (event,) = run(
        encounter,
        cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=0, modifier=0, threshold=1),
    )
    assert isinstance(event, ev.TestRolled)
    assert event.pool == 4
    assert len(event.faces) == 4
    assert ("pool.defaulting", -1) in event.terms
    assert event.hits == count_hits(event.faces)
    assert not event.typed
    assert event.glitch == is_glitch(event.faces.count(1), 4, GlitchRule.SR5)


@pytest.mark.rule("SR4-D8")
def test_defaulting_with_typed_faces_needs_attribute_minus_one_dice() -> None:
    encounter = Encounter(SR5Ruleset(), seed=7)
    run(encounter, cmd.AddCombatant(sheet=make_sheet(AGI=5)))
    test = dict(combatant="c1", attribute="AGI", skill=0, modifier=0, threshold=2)
    with pytest.raises(RulesError) as info:
        encounter.prepare(cmd.RollSimpleTest(**test, faces=(5, 5, 5, 5, 5)))  # type: ignore[arg-type]
    assert info.value.key == "error.faces_count"
    assert info.value.args_for_message == {"expected": 4, "got": 5}
    (event,) = run(encounter, cmd.RollSimpleTest(**test, faces=(6, 5, 1, 1)))  # type: ignore[arg-type]
    assert isinstance(event, ev.TestRolled)
    assert event.typed and event.pool == 4 and event.hits == 2
    assert not event.glitch  # 2 ones do not exceed half of 4 (SR5)


def test_simple_test_with_no_dice_is_refused() -> None:
    encounter = Encounter(SR5Ruleset(), seed=7)
    run(encounter, cmd.AddCombatant(sheet=make_sheet(AGI=1)))
    with pytest.raises(RulesError) as info:
        encounter.prepare(cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=0, modifier=0, threshold=1))
    assert info.value.key == "error.pool_empty"


# -- typed faces --------------------------------------------------------------------------
@pytest.mark.parametrize("faces", [(0,), (7,), (1, 2, 9), (-1, 3)])
def test_validate_faces_refuses_faces_outside_one_to_six(faces: tuple[int, ...]) -> None:
    with pytest.raises(RulesError) as info:
        validate_faces(faces, len(faces))
    assert info.value.key == "error.faces_range"


def test_validate_faces_refuses_non_integers() -> None:
    with pytest.raises(RulesError) as info:
        validate_faces((2.5,), 1)  # type: ignore[arg-type]
    assert info.value.key == "error.faces_range"


@pytest.mark.parametrize(("faces", "count"), [((1, 2), 3), ((1, 2, 3), 2), ((), 1)])
def test_validate_faces_refuses_the_wrong_count(faces: tuple[int, ...], count: int) -> None:
    with pytest.raises(RulesError) as info:
        validate_faces(faces, count)
    assert info.value.key == "error.faces_count"
    assert info.value.args_for_message == {"expected": count, "got": len(faces)}


@given(faces_lists)
def test_validate_faces_accepts_any_proper_roll(faces: tuple[int, ...]) -> None:
    validate_faces(faces, len(faces))  # raises on failure
    assert all(1 <= f <= 6 for f in faces)


# -- the dice source -------------------------------------------------------------------------
@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=10_000))
def test_dice_source_is_reproducible_per_command(seed: int, seq: int) -> None:
    first = roll_d6(DiceSource(seed).for_command(seq), 12)
    again = roll_d6(DiceSource(seed).for_command(seq), 12)
    assert first == again
    assert len(first) == 12
    assert all(1 <= f <= 6 for f in first)


def test_dice_source_differs_between_commands_and_seeds() -> None:
    rolls = {roll_d6(DiceSource(seed).for_command(seq), 20) for seed in (1, 2) for seq in (1, 2, 3)}
    assert len(rolls) == 6
