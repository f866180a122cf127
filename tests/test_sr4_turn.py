"""The SR4 combat turn through the journal: initiative (SR4-C1), phases in order (C2),
the free action between phases (C3), passes (C4), turns (C5), delay, and Edge on
initiative as commands (SR4-E6 act first in a pass, SR4-E7 one extra pass per turn).

Combatants get Initiative attributes far apart (15, 6, 2) where the order must
not depend on the dice: their scores lie in 15-30, 6-12 and 2-4.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.dice import count_hits
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.flow import initiative_pool
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.turn import (
    SCORE_FLOOR,
    current_actor,
    effective_score,
    pass_order,
    passes_left,
    score_terms,
    waiting,
)


def sheet(name: str, rea: int = 3, int_: int = 3, passes: int = 1, edge: int = 2, **attrs: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update({"REA": rea, "INT": int_, "EDG": max(edge, 2)}, **attrs)
    return Sheet(name=name, attributes=values, initiative_passes=passes, edge_points=edge)


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refused(encounter: Encounter, command: Command) -> str:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value.key


def fight(*sheets: Sheet, seed: int = 11, start: bool = True) -> Encounter:
    encounter = Encounter(SR4Ruleset(), seed)
    for s in sheets:
        run(encounter, cmd.AddCombatant(sheet=s))
    if start:
        run(encounter, cmd.StartTurn())
    return encounter


def trio(seed: int = 11) -> Encounter:
    """Fast (3 passes, Initiative 15), Mid (2, 6), Slow (1, 2)."""
    return fight(
        sheet("Fast", rea=9, int_=6, passes=3), sheet("Mid", passes=2), sheet("Slow", rea=1, int_=1), seed=seed
    )


def actor(encounter: Encounter) -> str:
    c = current_actor(encounter.state)
    return c.sheet.name if c else "-"


def actors_until_turn_ends(encounter: Encounter) -> list[tuple[int, str]]:
    seen = []
    turn = encounter.state.turn
    while encounter.state.turn == turn:
        seen.append((encounter.state.pass_number, actor(encounter)))
        run(encounter, cmd.NextPhase())
    return seen


# -- SR4-C1 initiative ----------------------------------------------------------------------------
@pytest.mark.rule("SR4-C1")
@pytest.mark.parametrize("seed", range(5))
def test_score_is_the_initiative_attribute_plus_the_hits_of_a_test_with_that_pool(seed: int) -> None:
    encounter = trio(seed)
    rolls = [e for e in encounter.entries[-1].events if isinstance(e, ev.InitiativeRolled)]
    assert len(rolls) == 3
    for roll in rolls:
        c = encounter.state.combatants[roll.combatant]
        assert roll.pool == roll.attribute == c.sheet.initiative_attribute == len(roll.faces)
        assert roll.hits == count_hits(roll.faces)
        assert roll.glitch == (sum(f == 1 for f in roll.faces) * 2 >= len(roll.faces))  # SR4 glitch rule
        assert effective_score(encounter.state, c) == roll.attribute + roll.hits


@pytest.mark.rule("SR4-C1")
def test_faces_typed_at_the_table_replace_the_roll() -> None:
    encounter = trio()
    events = run(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(6, 5, 1, 1, 1, 2)))
    roll = events[0]
    assert isinstance(roll, ev.InitiativeRolled) and roll.typed and roll.hits == 2 and roll.glitch
    mid = encounter.state.combatants["c2"]
    assert effective_score(encounter.state, mid) == 8
    assert score_terms(encounter.state, mid) == (("field.derived.initiative", 6), ("sr4.term.hits", 2))
    assert refused(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(6, 5))) == "error.faces_count"
    assert refused(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(7,) * 6)) == "error.faces_range"


@pytest.mark.rule("SR4-C1")
def test_wound_modifiers_lower_the_score_at_once_and_the_next_pool() -> None:
    encounter = trio()
    run(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(6, 6, 1, 2, 3, 4)))
    mid = encounter.state.combatants["c2"]
    first = actor(encounter)
    run(encounter, cmd.ApplyDamage(combatant="c2", track="physical", boxes=3))
    run(encounter, cmd.ApplyDamage(combatant="c2", track="stun", boxes=3))
    mid = encounter.state.combatants["c2"]
    assert effective_score(encounter.state, mid) == 6 + 2 - 2
    assert ("pool.wound_modifier", -2) in score_terms(encounter.state, mid)
    assert actor(encounter) == first  # a phase already begun stays with its actor
    assert initiative_pool(encounter.state, mid) == 4
    assert refused(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(6,) * 6)) == "error.faces_count"
    run(encounter, cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False))
    assert effective_score(encounter.state, encounter.state.combatants["c2"]) == 8


@pytest.mark.rule("SR4-C1")
def test_the_score_never_goes_below_zero() -> None:
    encounter = fight(sheet("Hurt", rea=1, int_=1, BOD=1, WIL=1))
    run(encounter, cmd.ApplyDamage(combatant="c1", track="stun", boxes=30))
    hurt = encounter.state.combatants["c1"]
    assert hurt.sheet.wound_modifier < -2
    assert effective_score(encounter.state, hurt) == SCORE_FLOOR
    run(encounter, cmd.StartTurn())
    roll = next(e for e in encounter.entries[-1].events if isinstance(e, ev.InitiativeRolled))
    assert roll.pool == 0 and roll.faces == () and roll.hits == 0
    run(encounter, cmd.AdjustInitiative(combatant="c1", delta=-5))
    assert effective_score(encounter.state, encounter.state.combatants["c1"]) == 0


@pytest.mark.rule("SR4-C1")
def test_ties_go_to_edge_then_reaction_then_a_logged_draw() -> None:
    encounter = fight(
        sheet("Lucky", rea=3, int_=3, edge=4), sheet("Quick", rea=4, int_=2, edge=2),
        sheet("Twin", rea=4, int_=2, edge=2),
    )
    for cid in ("c1", "c2"):
        run(encounter, cmd.EnterInitiativeDice(combatant=cid, faces=(5, 5, 1, 2, 3, 4)))
    events = run(encounter, cmd.EnterInitiativeDice(combatant="c3", faces=(5, 5, 1, 2, 3, 4)))
    (drawn,) = [e for e in events if isinstance(e, ev.TiesDrawn)]
    assert set(drawn.names) == {"Quick", "Twin"} and list(drawn.draws) == sorted(drawn.draws, reverse=True)
    assert [c.sheet.name for c in pass_order(encounter.state)] == ["Lucky", *drawn.names]


@pytest.mark.rule("SR4-C1")
def test_a_combatant_joining_mid_turn_rolls_at_once() -> None:
    encounter = trio()
    events = run(encounter, cmd.AddCombatant(sheet=sheet("Late")))
    assert any(isinstance(e, ev.InitiativeRolled) and e.name == "Late" for e in events)
    assert effective_score(encounter.state, encounter.state.combatants["c4"]) is not None


# -- SR4-C2, C4, C5: phases, passes, turns -----------------------------------------------------------
@pytest.mark.rule("SR4-C2")
@pytest.mark.rule("SR4-C4")
@pytest.mark.rule("SR4-C5")
def test_passes_run_only_those_with_passes_left_in_score_order_then_a_new_turn_rerolls() -> None:
    encounter = trio()
    assert encounter.state.pass_number == 1 and actor(encounter) == "Fast"
    assert [passes_left(encounter.state, c) for c in encounter.state.combatants.values()] == [3, 2, 1]
    assert actors_until_turn_ends(encounter) == [
        (1, "Fast"), (1, "Mid"), (1, "Slow"), (2, "Fast"), (2, "Mid"), (3, "Fast"),
    ]
    last = encounter.entries[-1].events
    kinds = [e.kind for e in last]
    assert kinds[:3] == ["action_phase_ended", "turn_ended", "turn_started"]
    assert kinds.count("initiative_rolled") == 3 and kinds[-2:] == ["pass_started", "phase_started"]
    assert (encounter.state.turn, encounter.state.pass_number, actor(encounter)) == (2, 1, "Fast")


@pytest.mark.rule("SR4-C2")
def test_a_phase_is_one_complex_or_two_simple_actions() -> None:
    encounter = trio()
    run(encounter, cmd.TakeAction(combatant="c1", action="melee_attack"))
    assert refused(encounter, cmd.TakeAction(combatant="c1", action="fire_weapon")) == "error.phase_budget_spent"
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="simple")) == "error.not_your_phase"
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.TakeAction(combatant="c2", action="fire_weapon"))
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="complex")) == "error.phase_budget_spent"
    run(encounter, cmd.TakeAction(combatant="c2", action="take_aim"))
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="simple")) == "error.phase_budget_spent"


@pytest.mark.rule("SR4-C2")
@pytest.mark.rule("SR4-C3")
def test_a_simple_may_be_swapped_for_a_free_action_and_one_free_action_comes_between_phases() -> None:
    encounter = trio()
    (taken,) = run(encounter, cmd.TakeAction(combatant="c3", action="speak"))  # in Fast's phase
    assert isinstance(taken, ev.ActionTaken) and taken.paid == "free"
    assert refused(encounter, cmd.TakeAction(combatant="c3", action="gesture")) == "error.free_action_used"
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.NextPhase())  # Slow's phase
    (swapped,) = run(encounter, cmd.TakeAction(combatant="c3", action="drop_prone"))
    assert isinstance(swapped, ev.ActionTaken) and swapped.paid == "slot"
    run(encounter, cmd.TakeAction(combatant="c3", action="stand_up"))
    assert refused(encounter, cmd.TakeAction(combatant="c3", action="gesture")) == "error.phase_budget_spent"
    run(encounter, cmd.NextPhase())  # Slow's phase ended: its free action comes back
    (again,) = run(encounter, cmd.TakeAction(combatant="c3", action="gesture"))
    assert isinstance(again, ev.ActionTaken) and again.paid == "free"


def test_actions_need_initiative_and_a_known_name() -> None:
    encounter = trio()
    assert refused(encounter, cmd.TakeAction(combatant="c1", action="dance")) == "error.sr4_unknown_action"
    assert refused(encounter, cmd.TakeAction(combatant="c9", action="simple")) == "error.no_such_combatant"
    idle = fight(sheet("A"), start=False)
    assert refused(idle, cmd.TakeAction(combatant="c1", action="free")) == "error.no_initiative"
    assert refused(idle, cmd.NextPhase()) == "error.no_initiative"
    assert refused(Encounter(SR4Ruleset(), 1), cmd.StartTurn()) == "error.no_combatants"


def test_delay_and_act_now_within_the_pass() -> None:
    encounter = trio()
    assert refused(encounter, cmd.DelayPhase(combatant="c2")) == "error.delay_not_current"
    run(encounter, cmd.DelayPhase(combatant="c1"))
    assert actor(encounter) == "Mid"
    assert refused(encounter, cmd.ActNow(combatant="c3")) == "error.not_delayed"
    run(encounter, cmd.ActNow(combatant="c1"))  # steps in before Mid
    assert actor(encounter) == "Fast"
    run(encounter, cmd.NextPhase())
    assert actor(encounter) == "Mid"  # Mid's phase resumes
    run(encounter, cmd.DelayPhase(combatant="c2"))
    assert actor(encounter) == "Slow"
    assert refused(encounter, cmd.DelayPhase(combatant="c3")) == "error.delay_nobody_left"
    run(encounter, cmd.NextPhase())
    assert actor(encounter) == "Mid"  # delayed to the end of the pass
    run(encounter, cmd.NextPhase())
    assert encounter.state.pass_number == 2


def test_a_phase_with_actions_taken_cannot_be_delayed() -> None:
    encounter = trio()
    run(encounter, cmd.TakeAction(combatant="c1", action="simple"))
    assert refused(encounter, cmd.DelayPhase(combatant="c1")) == "error.sr4_phase_in_progress"


def test_removing_the_actor_hands_the_phase_on() -> None:
    encounter = trio()
    run(encounter, cmd.RemoveCombatant(combatant="c1"))
    assert actor(encounter) == "Mid"


# -- SR4-E6 and SR4-E7 as commands ----------------------------------------------------------------------
@pytest.mark.rule("SR4-E6")
def test_edge_makes_a_combatant_act_first_in_this_pass_only() -> None:
    encounter = trio()
    events = run(encounter, cmd.GoFirst(combatant="c3"))
    assert [e.kind for e in events] == ["edge_spent", "first_in_pass", "phase_started"]
    assert actor(encounter) == "Slow" and encounter.state.combatants["c3"].sheet.edge_points == 1
    run(encounter, cmd.GoFirst(combatant="c2"))  # two users: their own score order
    assert actor(encounter) == "Mid"
    assert [c.sheet.name for c in waiting(encounter.state)] == ["Mid", "Slow", "Fast"]
    assert refused(encounter, cmd.GoFirst(combatant="c2")) == "error.already_first"
    assert actors_until_turn_ends(encounter)[:4] == [(1, "Mid"), (1, "Slow"), (1, "Fast"), (2, "Fast")]


@pytest.mark.rule("SR4-E6")
def test_edge_to_go_first_waits_for_a_phase_already_under_way() -> None:
    encounter = trio()
    run(encounter, cmd.TakeAction(combatant="c1", action="simple"))
    events = run(encounter, cmd.GoFirst(combatant="c3"))
    assert "phase_started" not in [e.kind for e in events] and actor(encounter) == "Fast"
    run(encounter, cmd.NextPhase())
    assert actor(encounter) == "Slow"
    assert refused(encounter, cmd.GoFirst(combatant="c1")) == "error.sr4_already_acted"
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.NextPhase())  # pass 2: Slow has no pass in it
    assert refused(encounter, cmd.GoFirst(combatant="c3")) == "error.no_pass_left"
    run(encounter, cmd.EditSheet(combatant="c2", field="edge_points", value=0))
    assert refused(encounter, cmd.GoFirst(combatant="c2")) == "error.no_edge"


@pytest.mark.rule("SR4-E7")
def test_edge_gives_one_extra_pass_per_turn() -> None:
    encounter = trio()
    events = run(encounter, cmd.ExtraPass(combatant="c3"))
    assert isinstance(events[1], ev.ExtraPassGained) and events[1].passes == 2
    assert refused(encounter, cmd.ExtraPass(combatant="c3")) == "error.extra_pass_taken"
    assert actors_until_turn_ends(encounter) == [
        (1, "Fast"), (1, "Mid"), (1, "Slow"), (2, "Fast"), (2, "Mid"), (2, "Slow"), (3, "Fast"),
    ]
    assert not encounter.state.combatants["c3"].extra_pass  # a new turn
    run(encounter, cmd.ExtraPass(combatant="c1"))
    assert [name for _, name in actors_until_turn_ends(encounter)].count("Fast") == 4


@pytest.mark.rule("SR4-E7")
def test_an_extra_pass_can_make_the_turn_longer_but_not_come_after_it() -> None:
    encounter = fight(sheet("A", rea=9, int_=6), sheet("B"))
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.ExtraPass(combatant="c1"))  # A has acted in pass 1; its pass 2 is to come
    run(encounter, cmd.NextPhase())
    assert (encounter.state.turn, encounter.state.pass_number, actor(encounter)) == (1, 2, "A")
    late = fight(sheet("A", rea=9, int_=6, passes=3), sheet("B"))
    for _ in range(3):
        run(late, cmd.NextPhase())
    assert late.state.pass_number == 3
    assert refused(late, cmd.ExtraPass(combatant="c2")) == "error.sr4_extra_pass_too_late"


# -- hypothesis: finite turns, the floor ----------------------------------------------------------------
@st.composite
def crews(draw: st.DrawFn) -> list[Sheet]:
    size = draw(st.integers(1, 6))
    return [
        sheet(
            f"C{i}", rea=draw(st.integers(1, 9)), int_=draw(st.integers(1, 6)),
            passes=draw(st.integers(1, 4)), edge=draw(st.integers(0, 3)),
        )
        for i in range(size)
    ]


@pytest.mark.rule("SR4-C5")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crew=crews(), seed=st.integers(0, 10_000), edge_users=st.lists(st.integers(0, 5), max_size=4))
def test_every_turn_ends_in_a_finite_number_of_phases(crew: list[Sheet], seed: int, edge_users: list[int]) -> None:
    encounter = fight(*crew, seed=seed)
    for index in edge_users:
        cid = f"c{index % len(crew) + 1}"
        for command in (cmd.ExtraPass(combatant=cid), cmd.GoFirst(combatant=cid)):
            try:
                run(encounter, command)
            except RulesError:
                pass
    bound = sum(c.sheet.initiative_passes + 1 for c in encounter.state.combatants.values())
    phases = actors_until_turn_ends(encounter)
    assert len(phases) <= bound
    assert all(name != "-" for _, name in phases)
    assert encounter.state.turn == 2


@pytest.mark.rule("SR4-C1")
@settings(max_examples=60, deadline=None)
@given(
    crew=crews(), seed=st.integers(0, 10_000),
    hurts=st.lists(st.tuples(st.integers(0, 5), st.sampled_from(["physical", "stun"]), st.integers(1, 12)), max_size=5),
    deltas=st.lists(st.integers(-30, 10), max_size=3),
)
def test_scores_never_go_below_the_floor(
    crew: list[Sheet], seed: int, hurts: list[tuple[int, str, int]], deltas: list[int]
) -> None:
    encounter = fight(*crew, seed=seed)
    for index, track, boxes in hurts:
        try:
            run(encounter, cmd.ApplyDamage(combatant=f"c{index % len(crew) + 1}", track=track, boxes=boxes))
        except RulesError:
            pass
    for delta in deltas:
        if delta:
            run(encounter, cmd.AdjustInitiative(combatant="c1", delta=delta))
    for _ in range(2):  # this turn's scores, then the next turn's rolls with the wounds
        for c in encounter.state.combatants.values():
            score = effective_score(encounter.state, c)
            assert score is not None and score >= SCORE_FLOOR
            assert c.pool >= 0
        run(encounter, cmd.StartTurn())
