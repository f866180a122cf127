"""The rally says what each event touched, and the views redraw only that: the oracle of the conformance
kit (gmtool.testing.moments.untouched_differences) applied event by event over a race that goes through
setup, speeds, steps, special moves, an attack, a reaction, a spin-out with its collision, a push and a
recovery: the row and the sheet of every gear the event does not name are the same after it."""

from __future__ import annotations

from gmtool.core.messages import Command
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.testing.moments import moment, untouched_differences
from tests.test_badlands_race import RNG, course
from tests.test_badlands_race_attack import AXE, GUN, gear


def checked(rules: RallyRules, state: RaceState, *commands: Command) -> list[str]:
    """Each command's events applied one by one; what changed that the event's Touched does not name."""
    found = []
    for command in commands:
        for event in rules.decide(state, command, RNG):
            before = moment(rules, state)
            rules.apply(state, event)
            found += [f"{event.kind}: {problem}"
                      for problem in untouched_differences(before, moment(rules, state), rules.touched(event))]
    return found


def test_every_event_of_a_race_names_what_it_changed() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    # A (0306, facing south, a Gun) and B (0305, facing south, an Axe: A is in its front arc), C far off.
    assert checked(
        rules, state, course({}), gear("A", "0306", facing=3, weapons=(GUN,), actions=2),
        gear("B", "0305", facing=3, weapons=(AXE,)), gear("C", "0701"),
        s.SetPlayers(players=("A", "B", "C")), s.AssignGear(gear="g3", player="A"), s.AssignGear(gear="g3", player="C"),
        s.GiveUpgrade(gear="g3", die=4),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"), m.RallyTheCrowd(gear="g1"),
        m.StepGear(gear="g1", step="ahead"),  # A leaves B's front arc in its Axe's reach: a reaction is offered
        r.React(gear="g2", weapon=0, attack_faces=(5, 4, 2, 1), defence_faces=(4, 3), damage_faces=(6, 6, 6, 6, 1)),
    ) == []
    assert state.gears["g2"].reacted == 1
    assert checked(
        rules, state, *(m.ResolveSpin(gear=g, clockwise=True, spin_die=2, skid_die=1) for g, _x in state.pending),
    ) == []
    assert checked(rules, state, *(m.EndActivation(gear=g) for g in ("g1", "g2", "g3") if state.current == g)) == []


def test_an_attack_a_spin_a_push_and_a_recovery_name_what_they_changed() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    assert checked(
        rules, state, course({}), gear("A", "0505", facing=5, weapons=(GUN,), actions=3), gear("B", "0304"),
        gear("C", "0606"), gear("D", "0607"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)),
        m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1, collision_faces=(1, 1), other_faces=(1, 1)),
        m.StepGear(gear="g1", step="right"), m.StepGear(gear="g1", step="ahead"),
        # the GM puts A in 0605 facing south: C (0606) right ahead, D (0607) behind C. A pushes C into D.
        m.PlaceGear(gear="g1", hex="0605", facing=3),
        PushGear(pusher="g1", target="g3", attack_faces=(6, 6), defence_faces=(1, 1), collision_faces=(4,) * 7,
                 other_faces=(4,) * 7),
    ) == []
    assert len(state.pending) == 2
    assert checked(rules, state, *(m.ResolveSpin(gear=g, clockwise=False, spin_die=1, skid_die=1)
                                   for g, _x in list(state.pending))) == []
    # A's activation ends: B's begins, and B's "spun out" of this round goes (BR-15: once per activation).
    assert checked(rules, state, m.EndActivation(gear="g1")) == []
    assert state.current == "g2" and not state.gears["g2"].spun
    assert checked(rules, state, m.DeclareSpeed(gear="g2", speed="cruising"), m.Recover(gear="g2", die=3),
                   m.EditGear(gear="g3", field="hull", value=1), m.EndActivation(gear="g2")) == []
