"""Issue 17, phase 2: a heavily damaged machine's movement limits (AB-19), enforced on the GM's moves
— thrust changed with 1 PP only, one 60° turn per hex (response turns too), no side-slip. Values derived
by hand from the digest's section 19 (``shared/seeds/003``) and the made-up demo cards
(``resources/aura_battler/demo_duel.json``)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.core.i18n import set_language, tr
from gmtool.games.aura_battler.rules import duel_messages as m
from tests.test_aura_battler_duel import HORNET, LARK, Duel

RESPONDING = {LARK: (3, 2, 1, 1, 0, 1), HORNET: (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}


def heavy_duel() -> Duel:
    """The Lark (durability 20) with 11 damage: above half (19.1), so heavily damaged."""
    duel = Duel()
    duel.allocate(RESPONDING)
    duel.run(m.EditUnit(unit=LARK, field="damage", value=11))
    assert duel.state.units[LARK].heavily_damaged
    return duel


def refused(duel: Duel, command: m.Command) -> str:  # type: ignore[name-defined]
    with pytest.raises(RulesError) as caught:
        duel.run(command)
    assert caught.value.message()  # translated
    return caught.value.key


@pytest.mark.rule("AB-19")
def test_heavily_damaged_thrust_moves_one_pp_from_the_turns_start() -> None:
    duel = heavy_duel()
    # 19.1.1 "加減速を行なう場合、1PPしか使用できなくなる": the Lark began the turn at thrust 3 (demo); one PP
    # gains or sheds 1 (the card's default), so this turn its thrust stays within 2–4.
    assert refused(duel, m.SetThrust(unit=LARK, thrust=5)) == "error.ab_heavy_thrust"
    duel.run(m.SetThrust(unit=LARK, thrust=4))
    assert refused(duel, m.SetThrust(unit=LARK, thrust=5)) == "error.ab_heavy_thrust"
    duel.run(m.SetThrust(unit=LARK, thrust=2))
    assert refused(duel, m.SetThrust(unit=LARK, thrust=1)) == "error.ab_heavy_thrust"
    duel.run(m.SetThrust(unit=HORNET, thrust=8))  # the Hornet is not damaged: 4 → 8 is the GM's
    duel.run(m.StartTurn())  # a new turn starts from thrust 2: 1–3 now
    duel.allocate(RESPONDING)
    duel.run(m.SetThrust(unit=LARK, thrust=1))
    assert refused(duel, m.SetThrust(unit=LARK, thrust=0)) == "error.ab_heavy_thrust"


@pytest.mark.rule("AB-19")
def test_a_machine_that_cannot_accelerate_with_one_pp_never_accelerates_again() -> None:
    duel = Duel()
    lark = duel.state.units[LARK]
    lark.machine = lark.machine.model_copy(update={"accel_per_pp": 0})  # needs 2 PP for +1 thrust (made up)
    duel.allocate()
    duel.run(m.SetThrust(unit=LARK, thrust=4))  # not yet damaged: the GM's
    duel.run(m.SetThrust(unit=LARK, thrust=3))
    duel.run(m.EditUnit(unit=LARK, field="damage", value=11))
    # 19.1.1 "1PPで加速できない機体は、それ以降は加速できなくなる"
    assert refused(duel, m.SetThrust(unit=LARK, thrust=4)) == "error.ab_heavy_no_accel"
    duel.run(m.SetThrust(unit=LARK, thrust=2))  # 1 PP of deceleration sheds 1


@pytest.mark.rule("AB-19")
def test_heavily_damaged_one_sixty_degree_turn_per_hex_response_turns_included() -> None:
    duel = heavy_duel()
    duel.run(m.StepUnit(unit=LARK, step="right"))  # 60° in 0709: allowed (19.1.2)
    assert refused(duel, m.StepUnit(unit=LARK, step="left")) == "error.ab_heavy_turned_here"
    # "尚、対応による旋回についても適用される": a response turn in the same hex is a second turn
    assert refused(duel, m.ResponseTurn(unit=LARK, sides=1)) == "error.ab_heavy_turned_here"
    duel.run(m.StepUnit(unit=LARK, step="ahead"))  # a new hex: one turn again
    assert refused(duel, m.ResponseTurn(unit=LARK, sides=2)) == "error.ab_heavily_damaged_turn"  # 120°
    duel.run(m.ResponseTurn(unit=LARK, sides=-1))  # 60°, one response PP (12.2)
    assert refused(duel, m.StepUnit(unit=LARK, step="right")) == "error.ab_heavy_turned_here"
    here = duel.state.units[LARK]
    turned = m.PlaceUnit(unit=LARK, hex=label(here.hex), facing=(here.facing + 1) % 6)  # a drop in place, turned
    assert refused(duel, turned) == "error.ab_heavy_turned_here"
    fresh = heavy_duel()  # the Lark at 0709 facing north-east (1): 0708 is its north neighbour
    assert refused(fresh, m.PlaceUnit(unit=LARK, hex="0708", facing=3)) == "error.ab_heavily_damaged_turn"  # 120°
    fresh.run(m.PlaceUnit(unit=LARK, hex="0708", facing=0))  # one hex and 60°: allowed
    duel.run(m.StepUnit(unit=HORNET, step="left"))  # the Hornet is not damaged: turns freely
    duel.run(m.StepUnit(unit=HORNET, step="left"))


@pytest.mark.rule("AB-19")
def test_side_slip_keeps_the_facing_and_is_refused_when_heavily_damaged() -> None:
    duel = heavy_duel()
    # The Hornet at 1209 facing south-west (4): a side-slip right goes to its north-west (5) neighbour, facing kept.
    moved = duel.run(m.StepUnit(unit=HORNET, step="slip_right"))[0]
    assert (moved.after, moved.facing) == ("1109", 4)
    # 19.1.3 "サイドスリップが実施不可能となる"
    assert refused(duel, m.StepUnit(unit=LARK, step="slip_left")) == "error.ab_heavy_no_slip"
    # the Lark at 0709 facing north-east (1): its front-left neighbour is straight north, 0708; a drop
    # there with the same facing is a side-slip too
    assert refused(duel, m.PlaceUnit(unit=LARK, hex="0708", facing=1)) == "error.ab_heavy_no_slip"
    duel.run(m.PlaceUnit(unit=LARK, hex="0807", facing=1))  # two hexes away: the GM's move


@pytest.mark.rule("AB-19")
def test_the_refusals_read_in_japanese() -> None:
    duel = heavy_duel()
    set_language("ja")
    try:
        with pytest.raises(RulesError) as caught:
            duel.run(m.StepUnit(unit=LARK, step="slip_left"))
        assert "サイドスリップ" in caught.value.message()
        assert tr("action.ab_slip_left") == "左へサイドスリップ"
    finally:
        set_language("en")
