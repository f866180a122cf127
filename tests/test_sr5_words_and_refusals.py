"""SR5 lines a GM reads (a simple test with its glitch, initiative typed at the table, an extended test's end) and
refusals that name who and what (an interrupt already in effect, leaving no group, negative damage to split).

001 = the SR5 digest (``shared/seeds/001_2a821760440635b0.txt``); figures worked out by hand from the rule cited.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.damage.damage_value import sr4_track, sr5_track
from gmtool.games.shadowrun.rules.damage.inputs import Weapon
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import split_damage
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import effect_messages as em
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.groups import LeaveGroup
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet


def sheet(name: str, bonus: int = 0, **attrs: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | attrs
    return Sheet(name=name, attributes=values, edge_points=values["EDG"], initiative_bonus=bonus)


def run(encounter: Encounter, command: Command) -> tuple:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refusal(encounter: Encounter, command: Command) -> str:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return str(info.value)


def fight(start: bool = True) -> Encounter:
    """Ann (c1, Reaction 5, Intuition 5: Initiative 10) and Bob (c2)."""
    encounter = Encounter(SR5Ruleset(), 5)
    run(encounter, cmd.AddCombatant(sheet=sheet("Ann", REA=5, INT=5)))
    run(encounter, cmd.AddCombatant(sheet=sheet("Bob")))
    if start:
        run(encounter, cmd.StartTurn())
    return encounter


def test_a_simple_test_line_names_the_pool_the_hits_and_a_glitch_beside_a_success() -> None:
    # Agility 3 + skill 2 = 5 dice against threshold 2; faces 5 6 1 1 1: 2 hits, success with 0 net hits; three ones
    # of five dice are more than half: a glitch, not critical (there are hits).
    encounter = fight(start=False)
    (rolled,) = run(encounter, cmd.RollSimpleTest(combatant="c1", attribute="AGI", skill=2, modifier=0, threshold=2,
                                                  faces=(5, 6, 1, 1, 1)))
    assert (rolled.hits, rolled.glitch, rolled.critical_glitch) == (2, True, False)
    assert encounter.ruleset.describe(rolled) == (
        "Ann tests Agility +3 Skill +2 = 5 dice vs 2: [5 6 1 1 1] (typed) → 2 hits, success, 0 net hits, glitch")


@pytest.mark.rule("SR5-I1")
def test_initiative_typed_at_the_table_reads_its_score() -> None:
    # SR5-I1: Initiative attribute (Reaction 5 + Intuition 5 = 10) + the dice: 10 + 4 = 14.
    encounter = fight()
    events = run(encounter, cmd.EnterInitiativeDice(combatant="c1", faces=(4,)))
    rolled = next(e for e in events if e.kind == "initiative_rolled")
    assert encounter.ruleset.describe(rolled) == "Ann initiative from the table's dice: 10 + [4] = 14 (typed)."


@pytest.mark.rule("SR5-N6")
def test_full_defence_twice_in_a_turn_is_refused_by_name() -> None:
    # SR5-N6 costs 10 initiative: Cat (Reaction 6 + Intuition 6 + bonus 10 = 22, and a die: 23 or more) still has 13
    # or more after one, enough for a second: it is refused only because the first is in effect.
    encounter = fight(start=False)
    run(encounter, cmd.AddCombatant(sheet=sheet("Cat", bonus=10, REA=6, INT=6)))
    run(encounter, cmd.StartTurn())
    run(encounter, em.DeclareInterrupt(combatant="c3", interrupt="full_defence"))
    assert refusal(encounter, em.DeclareInterrupt(combatant="c3", interrupt="full_defence")) == (
        "Cat already has that interrupt in effect this turn.")


def test_leaving_a_group_one_is_not_in_is_refused_by_name() -> None:
    encounter = fight()
    assert refusal(encounter, LeaveGroup(combatant="c2")) == "Bob is not in a grunt group."
    assert refusal(encounter, LeaveGroup(combatant="c9")) == "c9 is not in a grunt group."


def test_ending_an_extended_test_names_whose_test_ends() -> None:
    encounter = fight(start=False)
    run(encounter, tc.StartExtendedTest(combatant="c2", pool=tc.PoolSpec(attribute="LOG", skill=2), threshold=6))
    test = next(iter(encounter.state.extended_tests))
    (ended,) = run(encounter, tc.EndExtendedTest(test=test))
    assert ended.name == "Bob"


@pytest.mark.rule("SR5-CS6")
def test_split_damage_refuses_negative_damage_by_its_figure() -> None:
    # SR5-CS6: DV 10 above armour 8: half each, stun takes the odd box: 5 → 2 physical, 3 stun.
    assert split_damage(5, 10, 8) == (2, 3)
    with pytest.raises(RulesError) as info:
        split_damage(-1, 10, 8)
    assert str(info.value) == "Damage cannot be negative (-1)."


def test_a_damage_type_neither_physical_nor_stun_is_refused_by_name() -> None:
    for track in (sr4_track, sr5_track):
        with pytest.raises(RulesError) as info:
            track(Weapon(dv=5, damage_type="mana"), 5, 3)  # type: ignore[arg-type]
        assert str(info.value) == "Unknown damage type: mana."


def test_a_limited_test_line_gives_the_limit_and_the_hits_it_counted() -> None:
    # A limit of 2: three hits rolled (5 6 6), two count; threshold 1: success, 1 net hit.
    encounter = fight(start=False)
    pool = tc.PoolSpec(attribute="AGI", skill=3, limit="custom", custom_limit=2)
    events = run(encounter, tc.RollTest(combatant="c1", pool=pool, threshold=1, faces=(5, 6, 6, 1, 2, 3)))
    assert [encounter.ruleset.describe(e) for e in events] == [
        "Ann — test: Agility +3 Skill +3 = 6 dice [limit 2] vs 1: [5 6 6 1 2 3] (typed) → 2/3 hits, success, 1 net hit"]


def test_an_opposed_test_against_dice_the_tool_rolls() -> None:
    encounter = fight(start=False)
    events = run(encounter, tc.RollOpposedTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=3),
                                               opponent_dice=4, faces=(5, 5, 1, 2, 2, 3)))
    opponent = [e for e in events if e.kind == "dice_test_rolled"][-1]
    assert opponent.role == "opponent" and len(opponent.dice) == 4
