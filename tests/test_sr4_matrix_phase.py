"""Matrix deeds in a combat turn are taken in the persona's user's own phase, as spells are (issue 31:
they were taken outside it, at any moment).

A test is a complex action (the digest's action list, 000 §3.2: using a skill); a phase pays one
complex action (SR4-C2, line 66-67); outside the user's phase the deed is refused unless the GM
unticks *Uses the action* (the magic tab's rule, SR4-S1). IC, agents and sprites act on their own:
they take no one's action. Deck (c1) runs the persona m1, the black IC is m2 (see test_sr4_matrix).
"""

from __future__ import annotations

import pytest

from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from tests.test_sr4_matrix import IC, PERSONA, Run, of

MISS = (1, 2, 3, 4)


def in_turn() -> Run:
    """Deck (c1, persona m1) and Weaver (c2) after initiative; the seeded dice give Weaver the first phase."""
    fight = Run(PERSONA, IC)
    fight.run(cmd.StartTurn())
    assert fight.state.actor == "c2"
    return fight


def attack(**more):  # noqa: ANN003, ANN201
    values = {"icon": "m1", "target": "m2", "program": "attack", "faces": (1,) * 7, "defence_faces": (1,) * 8} | more
    return mx.Cybercombat(**values)


@pytest.mark.rule("SR4-C2")
@pytest.mark.rule("SR4-X6")
def test_a_persona_attacks_in_its_users_phase_with_a_complex_action() -> None:
    fight = in_turn()
    assert fight.refusal(attack()) == "error.not_your_phase"  # Weaver's phase
    fight.run(cmd.NextPhase())
    assert fight.state.actor == "c1"
    events = fight.run(attack())
    taken = of(events, "action_taken")[0]
    assert (taken.combatant, taken.action_kind, taken.paid) == ("c1", "complex", "complex")
    assert fight.state.combatants["c1"].complex_action
    # The phase paid its complex action: a second deed is refused (SR4-C2).
    assert fight.refusal(attack()) == "error.phase_budget_spent"


def test_unticked_the_deed_takes_no_action_and_outside_a_turn_none_is_taken() -> None:
    fight = Run(PERSONA, IC)
    assert not of(fight.run(attack()), "action_taken")  # before initiative: no phase to pay from
    fight.run(cmd.StartTurn())
    assert fight.state.actor == "c2"  # Weaver's phase: Deck's persona acts only with the box unticked
    assert not of(fight.run(attack(charge_action=False)), "action_taken")


def test_ic_acts_on_its_own() -> None:
    fight = in_turn()
    events = fight.run(mx.Cybercombat(icon="m2", target="m1", program="black_hammer", faces=(1,) * 8,
                                      defence_faces=(1,) * 8))
    assert not of(events, "action_taken") and of(events, "cyber_attack_resolved")


@pytest.mark.rule("SR4-T1")
def test_threading_and_perception_are_the_users_complex_actions_too() -> None:
    from tests.test_sr4_matrix import TECHNO

    fight = Run(TECHNO)  # Weaver (c2) runs m1; the seeded dice give her the first phase
    fight.run(cmd.StartTurn())
    assert fight.state.actor == "c2"
    events = fight.run(mx.ThreadForm(icon="m1", form="Exploit", rating=2, faces=(1,) * 7, sustain=False))
    assert of(events, "action_taken")[0].combatant == "c2"
    fight.run(cmd.NextPhase())  # Deck's phase: Weaver's persona waits for hers
    assert fight.refusal(mx.MatrixPerception(icon="m1", target=None, signature=1, faces=(1,) * 4)) == \
        "error.not_your_phase"
