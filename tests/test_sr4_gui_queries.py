"""The SR4 queries the GUI asks (no Qt): the pass ladder (SR4-C4, E7) and what the phase
budget can still take (SR4-C2/C3), including before initiative is rolled."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.actions import budget_left, can_pay, can_take
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.turn import current_actor, pass_ladder


def sheet(name: str, rea: int = 3, int_: int = 3, passes: int = 1) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | {"REA": rea, "INT": int_}
    return Sheet(name=name, attributes=values, initiative_passes=passes, edge_points=2)


def run(encounter: Encounter, command: Command) -> None:
    encounter.commit(encounter.prepare(command))


def fight(*sheets: Sheet, start: bool = True) -> Encounter:
    encounter = Encounter(SR4Ruleset(), 11)
    for s in sheets:
        run(encounter, cmd.AddCombatant(sheet=s))
    if start:
        run(encounter, cmd.StartTurn())
    return encounter


def trio() -> Encounter:
    """Fast (3 passes, Initiative 15), Mid (2, 6), Slow (1, 2): the order does not depend on the dice."""
    return fight(sheet("Fast", rea=9, int_=6, passes=3), sheet("Mid", passes=2), sheet("Slow", rea=1, int_=1))


@pytest.mark.rule("SR4-C4")
def test_the_ladder_marks_each_pass_of_the_turn() -> None:
    encounter = trio()
    state = encounter.state
    fast, mid, slow = (state.combatants[c] for c in ("c1", "c2", "c3"))
    assert current_actor(state) is fast
    assert pass_ladder(state, fast) == ("acting", "later", "later", "off")
    assert pass_ladder(state, mid) == ("due", "later", "off", "off")
    assert pass_ladder(state, slow) == ("due", "off", "off", "off")
    run(encounter, cmd.NextPhase())
    assert pass_ladder(state, fast) == ("acted", "later", "later", "off")
    assert pass_ladder(state, mid)[0] == "acting"
    while state.pass_number == 1:
        run(encounter, cmd.NextPhase())
    assert pass_ladder(state, fast)[:2] == ("past", "acting")
    assert pass_ladder(state, slow) == ("past", "off", "off", "off")


@pytest.mark.rule("SR4-E7")
def test_an_extra_pass_adds_a_rung_beyond_four() -> None:
    encounter = fight(sheet("Wired", rea=9, int_=6, passes=4), sheet("Other"))
    assert len(pass_ladder(encounter.state, encounter.state.combatants["c1"])) == 4
    run(encounter, cmd.ExtraPass(combatant="c2"))
    run(encounter, cmd.ExtraPass(combatant="c1"))
    assert pass_ladder(encounter.state, encounter.state.combatants["c1"])[4] == "later"  # a fifth pass
    assert pass_ladder(encounter.state, encounter.state.combatants["c2"])[1] == "later"


def test_no_ladder_before_the_roll() -> None:
    encounter = fight(sheet("A"), sheet("B"), start=False)
    assert pass_ladder(encounter.state, encounter.state.combatants["c1"]) == ()


@pytest.mark.rule("SR4-C2")
def test_can_take_needs_initiative_and_the_budget() -> None:
    encounter = fight(sheet("A", rea=9, int_=6), sheet("B"), start=False)
    a = encounter.state.combatants["c1"]
    assert can_pay(encounter.state, a, "free")  # the budget alone would pay it …
    assert not can_take(encounter.state, a, "free")  # … but nothing is taken before initiative
    run(encounter, cmd.StartTurn())
    state = encounter.state
    a, b = state.combatants["c1"], state.combatants["c2"]
    assert current_actor(state) is a
    assert all(can_take(state, a, kind) for kind in ("free", "simple", "complex"))
    assert can_take(state, b, "free") and not can_take(state, b, "simple")
    assert budget_left(a) == (2, True, True)
    run(encounter, cmd.TakeAction(combatant="c1", action="take_aim"))
    assert budget_left(a) == (1, False, True)
    assert not can_take(state, a, "complex") and can_take(state, a, "simple")
    run(encounter, cmd.TakeAction(combatant="c1", action="run"))
    assert budget_left(a) == (1, False, False)
    run(encounter, cmd.TakeAction(combatant="c1", action="simple"))
    assert budget_left(a) == (0, False, False)
    assert not can_take(state, a, "simple")
