"""Refusals a GM reads, word for word, with the name of whom they concern (SR4 and SR5), and the SR5 knock-down
that a critical glitch turns on the attacker.

000 = the SR4 digest, 001 = the SR5 combat digest (``shared/seeds/``). Faces are typed (X-2).
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import Attack


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def refusal(encounter: Encounter, command: object) -> str:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)  # type: ignore[arg-type]
    return info.value.message()


@pytest.mark.rule("SR4-R3")
def test_typed_defence_faces_for_a_defender_with_no_dice_are_refused() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from tests.test_attack_flow import resolved, run, sr4_fight

    # The target's Reaction 1 with 3 boxes of damage (−1 per 3 boxes, SR4-MT8): 1 − 1 = 0 dice to defend with.
    enc = sr4_fight()
    run(enc, cmd.ApplyDamage(combatant="c2", track="physical", boxes=3))
    gun = Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)
    assert refusal(enc, gun.model_copy(update={"defence_faces": (5,)})) == "Expected 0 dice, got 1."
    # Untyped, the defence has 0 hits: the attacker's one hit (Agility 5 + Pistols 4 = 9 dice) is more (SR4-R4).
    e = resolved(run(enc, gun.model_copy(update={"attack_faces": (5,) + (1, 2) * 4})))
    assert (e.defence.pool, e.defence.hits, e.hit) == (0, 0, True)


@pytest.mark.rule("SR4-E6")
def test_going_first_after_acting_in_the_pass_is_refused_by_name() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from tests.test_sr4_turn import run, trio

    # 000 §2: act first in an initiative pass: Fast has already had its phase in this pass.
    encounter = trio()
    run(encounter, cmd.TakeAction(combatant="c1", action="simple"))
    run(encounter, cmd.NextPhase())
    assert refusal(encounter, cmd.GoFirst(combatant="c1")) == "Fast has already acted in this initiative pass."


def test_a_character_made_a_vehicle_is_refused_by_name() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from tests.test_sr4_vehicle_combatants import fight

    encounter = fight()
    assert refusal(encounter, cmd.EditSheet(combatant="c1", field="metatype", value="vehicle")) == (
        "Runner: a character cannot become a vehicle, nor a vehicle a character (add a vehicle as a new combatant).")


@pytest.mark.rule("SR4-X1")
def test_a_second_persona_for_one_user_is_refused_by_name() -> None:
    from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
    from tests.test_sr4_matrix_words import PERSONA, Run

    run = Run(PERSONA)
    with pytest.raises(RulesError) as info:
        run.run(mx.AddIcon(sheet=PERSONA.model_copy(update={"name": "Spare deck"})))
    assert info.value.message() == "Deck already has a persona."


@pytest.mark.rule("SR5-CS4")
def test_a_knock_down_that_glitches_critically_drops_only_the_attacker() -> None:
    from tests.test_attack_called_shots import called, effects_of, knife, log_lines
    from tests.test_attack_flow import resolved, run, sr5_fight

    # 001 line 144: クリティカルグリッチを起こした場合は、攻撃側だけが地面へと倒れてしまいます。 Agility 5 + Blades 4 − 4 (called
    # shot) = 5 dice: 1 1 1 2 2, no hit and three ones of five (more than half): a critical glitch.
    enc = sr5_fight()
    events = run(enc, knife(called_shot="knock_down", attack_faces=(1, 1, 1, 2, 2), defence_faces=(6,) + (2,) * 7))
    assert resolved(events).attack.critical_glitch
    shot = called(events)
    assert (shot.hit, shot.prone) == (False, ("Shooter",))
    assert effects_of(enc, "c1") == {"prone": 0} and effects_of(enc, "c2") == {}
    assert log_lines(enc, events)[-1] == ("Shooter's called shot (Knock down (melee only)) on Target has no effect; "
                                          "Shooter falls prone.")
