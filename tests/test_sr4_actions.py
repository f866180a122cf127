"""SR4 actions in a phase: the action list (SR4-C8), movement (SR4-C6), intercept
eligibility (SR4-C7) and surprise (SR4-C9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.actions import (
    ActionList,
    action_kind,
    action_label,
    action_list,
    actions_of_kind,
    can_pay,
)
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.movement import (
    can_intercept,
    interceptors,
    melee_available,
    passes_within,
    run_rate,
    sprint_terms,
    walk_rate,
)
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.surprise import surprise_terms, surprised_by
from gmtool.games.shadowrun.sr4.rules.turn import current_actor


def sheet(name: str, rea: int = 3, int_: int = 3, metatype: str = "human", **attrs: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES}
    values.update({"REA": rea, "INT": int_}, **attrs)
    if metatype == "troll":
        values.update(BOD=6, STR=6, INT=min(values["INT"], 5))
    return Sheet(name=name, metatype=metatype, attributes=values, edge_points=1)


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


def duo(start: bool = True, **kw: str) -> Encounter:
    """Ace (Initiative 15, acts first) and Bob (Initiative 2)."""
    encounter = Encounter(SR4Ruleset(), 5)
    run(encounter, cmd.AddCombatant(sheet=sheet("Ace", rea=9, int_=6, **kw)))
    run(encounter, cmd.AddCombatant(sheet=sheet("Bob", rea=1, int_=1)))
    if start:
        run(encounter, cmd.StartTurn())
    return encounter


# -- SR4-C8 the action list ---------------------------------------------------------------------------
@pytest.mark.rule("SR4-C8")
def test_the_digest_action_list_is_data_with_both_languages() -> None:
    table = action_list()
    assert [len(actions_of_kind(k)) for k in ("free", "simple", "complex")] == [9, 13, 7]
    assert action_kind("call_shot") == "free" and action_kind("sprint") == "simple"
    assert action_kind("full_defense") == "complex" and action_kind("simple") == "simple"
    assert action_label("drop_prone", "ja") == "伏せる" and action_label("drop_prone", "en") == "Drop prone"
    assert all(a.label["en"] and a.label["ja"] for a in table.actions)
    raw = table.model_dump()
    with pytest.raises(ValidationError):
        ActionList.model_validate({**raw, "actions": [*raw["actions"], raw["actions"][0]]})
    with pytest.raises(ValidationError):
        ActionList.model_validate({**raw, "actions": [{**raw["actions"][0], "label": {"en": "x"}}]})
    with pytest.raises(ValidationError):
        ActionList.model_validate({**raw, "actions": [{**raw["actions"][0], "kind": "interrupt"}]})


@pytest.mark.rule("SR4-C8")
@pytest.mark.parametrize("action", [a.id for a in action_list().actions])
def test_every_listed_action_can_be_taken_in_ones_phase(action: str) -> None:
    encounter = duo()
    if action == "intercept":  # SR4-C7: taken against the one moving, in that one's phase
        (taken,) = run(encounter, cmd.TakeAction(combatant="c2", action=action, target="c1"))
    else:
        taken = run(encounter, cmd.TakeAction(combatant="c1", action=action))[0]  # full defence adds its effect
    assert isinstance(taken, ev.ActionTaken) and taken.action_kind == action_kind(action)
    assert taken.paid == action_kind(action)


@pytest.mark.rule("SR4-C8")
def test_an_action_the_phase_budget_cannot_pay_is_refused_with_the_reason() -> None:
    encounter = duo()
    run(encounter, cmd.TakeAction(combatant="c1", action="fire_weapon"))
    error = refused(encounter, cmd.TakeAction(combatant="c1", action="melee_attack"))
    assert error.key == "error.phase_budget_spent" and error.args_for_message == {"name": "Ace"}
    assert not can_pay(encounter.state, encounter.state.combatants["c1"], "complex")
    assert can_pay(encounter.state, encounter.state.combatants["c1"], "simple")
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="fire_weapon")).key == "error.not_your_phase"


# -- SR4-C6 movement -------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-C6")
@pytest.mark.parametrize(
    ("metatype", "walk", "run"),
    [("human", 10, 25), ("elf", 10, 25), ("ork", 10, 25), ("dwarf", 8, 20), ("troll", 15, 35)],
)
def test_walk_and_run_rates_by_metatype(metatype: str, walk: int, run: int) -> None:
    s = Sheet(name="X", metatype=metatype, attributes={a: 5 for a in ATTRIBUTES})
    assert (walk_rate(s), run_rate(s)) == (walk, run)


@pytest.mark.rule("SR4-C6")
def test_the_free_walk_is_once_per_turn_in_ones_own_phase() -> None:
    encounter = duo()
    assert refused(encounter, cmd.Move(combatant="c2", mode="walk", metres=3)).key == "error.not_your_phase"
    error = refused(encounter, cmd.Move(combatant="c1", mode="walk", metres=11))
    assert error.key == "error.sr4_move_too_far" and error.args_for_message["limit"] == 10
    (moved,) = run(encounter, cmd.Move(combatant="c1", mode="walk", metres=6))
    assert isinstance(moved, ev.Moved) and (moved.total, moved.limit) == (6, 10)
    assert refused(encounter, cmd.Move(combatant="c1", mode="walk", metres=1)).key == "error.sr4_walk_used"
    assert encounter.state.combatants["c1"].simple_slots == 0  # walking is free
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.NextPhase())  # turn 2
    run(encounter, cmd.Move(combatant="c1", mode="walk", metres=10))


@pytest.mark.rule("SR4-C6")
def test_running_takes_the_free_action_run_and_sprint_adds_two_metres_per_hit() -> None:
    encounter = duo()
    assert refused(encounter, cmd.Sprint(combatant="c1", running_skill=2)).key == "error.sr4_sprint_needs_run"
    taken, moved = run(encounter, cmd.Move(combatant="c1", mode="run", metres=20))
    assert isinstance(taken, ev.ActionTaken) and (taken.action, taken.paid) == ("run", "free")
    assert isinstance(moved, ev.Moved) and moved.limit == 25
    assert refused(encounter, cmd.Move(combatant="c1", mode="run", metres=6)).key == "error.sr4_move_too_far"
    action, sprinted = run(encounter, cmd.Sprint(combatant="c1", running_skill=2, faces=(5, 6, 1, 2, 5)))
    assert isinstance(action, ev.ActionTaken) and (action.action, action.paid) == ("sprint", "simple")
    assert isinstance(sprinted, ev.Sprinted)
    assert sprinted.terms == (("attr.STR", 3), ("sr4.term.running", 2)) and sprinted.pool == 5
    assert (sprinted.hits, sprinted.bonus, sprinted.limit) == (3, 6, 31)
    run(encounter, cmd.Move(combatant="c1", mode="run", metres=11))
    assert encounter.state.combatants["c1"].moved == 31


@pytest.mark.rule("SR4-C6")
def test_sprint_defaults_to_strength_minus_one_with_wounds() -> None:
    hurt = sheet("Hurt", STR=4).model_copy(update={"physical_damage": 3})
    assert sprint_terms(hurt, 0) == (("attr.STR", 4), ("pool.defaulting", -1), ("pool.wound_modifier", -1))


# -- SR4-C7 intercept --------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-C7")
def test_a_path_within_one_metre_of_someone_with_a_melee_action_can_be_intercepted() -> None:
    path = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    assert passes_within(path, (5.0, 1.0)) and passes_within(path, (11.0, 5.0))
    assert not passes_within(path, (5.0, 1.5)) and not passes_within(path, (12.0, -2.0))
    assert passes_within([(3.0, 3.0)], (3.5, 3.5)) and not passes_within([], (0.0, 0.0))
    assert can_intercept(path, (5.0, 0.5), melee_available=True)
    assert not can_intercept(path, (5.0, 0.5), melee_available=False)


@pytest.mark.rule("SR4-C7")
def test_intercept_needs_the_free_action_and_no_surprise() -> None:
    encounter = duo()
    positions = {"c1": (0.0, 0.0), "c2": (5.0, 0.5)}
    assert interceptors(encounter.state, "c1", [(0.0, 0.0), (10.0, 0.0)], positions) == ["c2"]
    assert not melee_available(encounter.state, "c1", "c1")
    run(encounter, cmd.TakeAction(combatant="c2", action="speak"))  # Bob's free action is gone
    assert interceptors(encounter.state, "c1", [(0.0, 0.0), (10.0, 0.0)], positions) == []
    assert not melee_available(duo(start=False).state, "c2", "c1")


@pytest.mark.rule("SR4-C7")
def test_intercept_as_a_command_names_the_mover_whose_phase_it_is() -> None:
    encounter = duo()  # Ace's phase: Ace moves, Bob may intercept with his free action
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="intercept")).key == "error.sr4_intercept_target"
    assert refused(encounter, cmd.TakeAction(combatant="c1", action="intercept", target="c2")).key == "error.sr4_intercept_not_moving"
    events = run(encounter, cmd.TakeAction(combatant="c2", action="intercept", target="c1"))
    assert [(e.action, e.paid, e.target) for e in events] == [("intercept", "free", "c1")]
    assert refused(encounter, cmd.TakeAction(combatant="c2", action="intercept", target="c1")).key == "error.free_action_used"


@given(x=st.floats(-20, 20), y=st.floats(-20, 20))
def test_distance_is_symmetric_along_a_straight_path(x: float, y: float) -> None:
    path = [(0.0, 0.0), (10.0, 0.0)]
    assert passes_within(path, (x, y)) == passes_within(list(reversed(path)), (x, y))


# -- SR4-C9 surprise ----------------------------------------------------------------------------------------
def entries(ace: tuple[int, ...], bob: tuple[int, ...], awareness: str = "ambush") -> cmd.SurpriseTest:
    return cmd.SurpriseTest(entries=(
        cmd.SurpriseEntry(combatant="c1", side="a", awareness=awareness, faces=ace),  # type: ignore[arg-type]
        cmd.SurpriseEntry(combatant="c2", side="b", faces=bob),
    ))


@pytest.mark.rule("SR4-C9")
def test_surprise_pool_is_reaction_intuition_plus_three_or_six() -> None:
    s = sheet("X", rea=4, int_=3)
    assert surprise_terms(s, "none") == (("attr.REA", 4), ("attr.INT", 3))
    assert surprise_terms(s, "aware")[-1] == ("sr4.term.aware", 3)
    assert surprise_terms(s, "ambush")[-1] == ("sr4.term.ambush", 6)
    results = [("a1", "a", 3), ("a2", "a", 1), ("b1", "b", 2), ("b2", "b", 3)]
    assert surprised_by(results) == {"a2": ("b1", "b2"), "b1": ("a1",)}


@pytest.mark.rule("SR4-C9")
def test_the_surprised_cannot_act_against_their_surprisers_in_the_first_pass() -> None:
    encounter = duo(start=False)
    ace_faces = (5,) * 4 + (1,) * 17  # 9 + 6 + 6 (ambush) = 21 dice
    events = run(encounter, entries(ace_faces, (5, 2)))
    rolled = [e for e in events if isinstance(e, ev.SurpriseRolled)]
    assert [(r.pool, r.hits) for r in rolled] == [(21, 4), (2, 1)]
    decided = events[-1]
    assert isinstance(decided, ev.SurpriseDecided) and decided.turn == 1
    assert [(m.combatant, m.by) for m in decided.marks] == [("c2", ("c1",))]
    run(encounter, cmd.StartTurn())
    run(encounter, cmd.NextPhase())  # Bob's phase in pass 1
    assert current_actor(encounter.state).id == "c2"  # type: ignore[union-attr]
    error = refused(encounter, cmd.TakeAction(combatant="c2", action="fire_weapon", target="c1"))
    assert error.key == "error.sr4_surprised_target"
    run(encounter, cmd.TakeAction(combatant="c2", action="fire_weapon"))  # anything not against Ace
    assert melee_available(encounter.state, "c2", "c1") is False
    ended = run(encounter, cmd.NextPhase())
    assert [e.kind for e in ended][:3] == ["action_phase_ended", "surprise_ended", "turn_ended"]
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.TakeAction(combatant="c2", action="fire_weapon", target="c1"))


@pytest.mark.rule("SR4-C9")
def test_surprise_comes_before_anyone_acts_and_needs_two_sides() -> None:
    encounter = duo()
    one_side = cmd.SurpriseTest(entries=(cmd.SurpriseEntry(combatant="c1", side="a"),))
    assert refused(encounter, one_side).key == "error.sr4_surprise_sides"
    twice = cmd.SurpriseTest(entries=(cmd.SurpriseEntry(combatant="c1", side="a"),) * 2)
    assert refused(encounter, twice).key == "error.sr4_surprise_sides"
    run(encounter, entries((6,) * 21, (1, 1)))  # first pass, nobody acted yet: allowed
    events = run(encounter, entries((1,) * 15, (6, 6), awareness="none"))  # replaces the marks
    assert events[0].kind == "surprise_ended" and events[-1].kind == "surprise_decided"
    assert encounter.state.combatants["c1"].surprised_by == ("c2",)
    run(encounter, cmd.NextPhase())
    assert refused(encounter, entries((6,) * 21, (1, 1))).key == "error.sr4_surprise_too_late"
    assert run(encounter, cmd.StartTurn())[0].kind == "surprise_ended"  # a new turn ends it early
