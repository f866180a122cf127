"""SR4 refusals as the GM reads them (the message names who and what), and tests whose rolls count hits
without a threshold: a teamwork helper's (SR4-D10) and a spellcaster's opposed test (SR4-S2).

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``).
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.actions import budget_left
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.initiative import SR4Initiative, new_turn
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet


def sheet(name: str, rea: int = 3, int_: int = 3, passes: int = 1, magic: int = 0, **attrs: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"REA": rea, "INT": int_} | attrs
    return Sheet(name=name, attributes=values, initiative_passes=passes, edge_points=values["EDG"], magic=magic)


def run(encounter: Encounter, command: Command) -> tuple:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refusal(encounter: Encounter, command: Command) -> str:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return str(info.value)


def fight(*sheets: Sheet, start: bool = True) -> Encounter:
    encounter = Encounter(SR4Ruleset(), 11)
    for s in sheets:
        run(encounter, cmd.AddCombatant(sheet=s))
    if start:
        run(encounter, cmd.StartTurn())
    return encounter


def trio() -> Encounter:
    """Fast (Initiative 15), Mid (6), Slow (2): scores 15-30, 6-12, 2-4, so the order never depends on dice."""
    return fight(sheet("Fast", rea=9, int_=6, passes=3), sheet("Mid", passes=2), sheet("Slow", rea=1, int_=1))


def test_a_second_delayed_combatant_cannot_step_in_while_another_acts_out_of_turn() -> None:
    encounter = trio()
    run(encounter, cmd.DelayPhase(combatant="c1"))  # Fast waits; Mid's phase
    run(encounter, cmd.DelayPhase(combatant="c2"))  # Mid waits; Slow's phase
    run(encounter, cmd.ActNow(combatant="c1"))  # Fast steps in
    assert refusal(encounter, cmd.ActNow(combatant="c2")) == "Fast is already acting out of turn; end that phase first."


@pytest.mark.rule("SR4-C1")
def test_a_new_turn_takes_one_to_four_passes() -> None:
    # SR4-C1: 1-4 initiative passes; the new turn's passes replace the last turn's.
    sam = SR4Initiative(name="Sam", score=9, passes=3, edge_points=2)
    assert new_turn(sam, score=12, passes=1).passes == 1
    with pytest.raises(RulesError) as info:
        new_turn(sam, score=12, passes=5)
    assert str(info.value) == "Initiative passes must be from 1 to 4."


@pytest.mark.rule("SR4-C2")
def test_a_complex_action_leaves_no_simple_action_in_the_phase() -> None:
    # SR4-C2: a phase holds one complex action or two simple ones: after a complex one, 0 simple actions are left.
    encounter = trio()
    run(encounter, cmd.TakeAction(combatant="c1", action="complex"))
    assert budget_left(encounter.state.combatants["c1"]) == (0, False, True)
    other = trio()
    run(other, cmd.TakeAction(combatant="c1", action="simple"))
    assert budget_left(other.state.combatants["c1"]) == (1, False, True)


@pytest.mark.rule("SR4-D10")
def test_a_teamwork_helper_counts_hits_with_no_threshold() -> None:
    # 000 §1.2 (SR4-D10): each helper rolls skill + attribute and its hits go to the leader; the helper's test
    # has no threshold of its own: Rook, Agility 3 + 1 = 4 dice, is a hits-only roll.
    encounter = fight(sheet("Kat"), sheet("Rook"), start=False)
    events = run(encounter, tc.RollTeamworkTest(
        combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=3), threshold=2,
        helpers=(tc.TeamHelper(combatant="c2", pool=tc.PoolSpec(attribute="AGI", skill=1)),),
    ))
    helper = events[0]
    assert (helper.role, helper.pool, helper.threshold) == ("helper", 4, 0)
    assert describe(helper).endswith("hits counted")


@pytest.mark.rule("SR4-S2")
def test_the_spellcasting_test_is_opposed_and_counts_hits_only() -> None:
    # 000 §4.1 (SR4-S2): Magic 4 + Spellcasting 3 = 7 dice, opposed by the target's resisting attribute: no threshold.
    encounter = fight(sheet("Mage", magic=4, WIL=4, LOG=5), sheet("Goon"), start=False)
    events = run(encounter, mm.CastSpell(combatant="c1", spell="manabolt", force=4, targets=("c2",), skill=3,
                                         faces=(6, 6, 2, 2, 2, 2, 2), target_faces=((2, 2, 2),),
                                         drain_faces=(6,) * 9))
    cast = next(e for e in events if e.kind == "dice_test_rolled")
    assert (cast.combatant, cast.pool, cast.threshold, cast.hits) == ("c1", 7, 0, 2)


@pytest.mark.rule("SR4-S8")
def test_ending_a_projection_that_never_began_is_refused_by_name() -> None:
    encounter = fight(sheet("Mage", magic=4), start=False)
    assert refusal(encounter, mm.AstralProjection(combatant="c1", hours=0)) == "Mage is not projecting."


@pytest.mark.rule("SR4-D5")
def test_the_opposed_test_line_gives_the_net_hits_or_the_defenders_tie() -> None:
    # 000 §1.2 (SR4-D5): net hits = the winner's hits − the loser's; a tie goes to the defender.
    # Kat: Agility 3 + 3 = 6 dice, faces 5 5 6 6 2 3: 4 hits, against 4 dice 5 6 1 2: 2 hits → 2 net hits.
    encounter = fight(sheet("Kat"), sheet("Rook"), start=False)
    won = run(encounter, tc.RollOpposedTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=3),
                                            opponent_dice=4, faces=(5, 5, 6, 6, 2, 3), opponent_faces=(5, 6, 1, 2)))
    assert describe(won[-1]) == "Opposed test: 4 against 2 hits — the actor wins with 2 net hits."
    tie = run(encounter, tc.RollOpposedTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=3),
                                            opponent_dice=4, faces=(5, 5, 1, 2, 2, 3), opponent_faces=(5, 6, 1, 2)))
    assert describe(tie[-1]) == "Opposed test: 2 against 2 hits — the defender holds (ties go to the defender)."


@pytest.mark.rule("SR4-C8")
def test_an_action_of_the_list_is_logged_with_its_kind_and_target() -> None:
    encounter = trio()
    events = run(encounter, cmd.TakeAction(combatant="c1", action="take_aim", target="c3"))
    assert describe(events[0]) == "Fast: Take aim (simple action). Target: Slow."


@pytest.mark.rule("SR4-E6")
def test_going_first_spends_edge_for_acting_first_in_the_pass() -> None:
    encounter = trio()
    spent = run(encounter, cmd.GoFirst(combatant="c3"))[0]
    assert describe(spent) == "Slow spends Edge for Act First in the Pass: 3 → 2."


@pytest.mark.rule("SR4-C9")
def test_a_surprised_combatant_cannot_test_against_its_surpriser_in_the_first_pass() -> None:
    # 000 / SR4-C9: the surprised cannot act directly against those who surprised them (in the first pass).
    from tests.test_sr4_actions import duo, entries

    encounter = duo(start=False)
    run(encounter, entries((5,) * 4 + (1,) * 17, (5, 2)))  # Ace 4 hits against Bob's 1: Bob is surprised by Ace
    run(encounter, cmd.StartTurn())
    run(encounter, cmd.NextPhase())  # Bob's phase, pass 1
    opposed = tc.RollOpposedTest(combatant="c2", pool=tc.PoolSpec(attribute="AGI", skill=1), opponent="c1",
                                 opponent_pool=tc.PoolSpec(attribute="REA"))
    assert refusal(encounter, opposed) == (
        "Bob was surprised by Ace and cannot act directly against them in the first initiative pass.")


@pytest.mark.rule("SR4-E7")
def test_an_extra_pass_needs_an_initiative_score() -> None:
    # A combatant whose score was never rolled this turn (only a state built by hand has one: the commands roll every
    # newcomer): the extra pass of SR4-E7 is refused, by name.
    encounter = trio()
    encounter.state.combatants["c3"].hits = None
    assert refusal(encounter, cmd.ExtraPass(combatant="c3")) == "Slow has no initiative score this turn."
