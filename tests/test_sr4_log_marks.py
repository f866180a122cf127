"""SR4 log lines that carry a rule's count: a typed initiative test with its glitch marks (SR4-C1, D2, D3) and a
subscribed group counted once against System × 2 (SR4-V1).

000 = the SR4 digest, 004 = the SR4 dice digest (``shared/seeds/``); hits are fives and sixes.
"""

from __future__ import annotations

import pytest

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr4.rules.describe import describe


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("SR4-C1")
@pytest.mark.rule("SR4-D2")
@pytest.mark.rule("SR4-D3")
def test_a_typed_initiative_test_is_marked_typed_and_a_glitch_without_hits_critical() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from tests.test_sr4_turn import fight, run, sheet

    # SR4-C1: pool = Initiative (Reaction + Intuition), score = Initiative + hits. Ann: 4 + 3 = 7 dice, 6 5 → 2 hits,
    # score 9; three ones of seven dice is less than half: no glitch. Bob: 3 + 3 = 6 dice, three ones of six is half
    # (SR4-D2: half or more) and no hit: a critical glitch (SR4-D3).
    encounter = fight(sheet("Ann", rea=4, int_=3), sheet("Bob"))
    [ann] = run(encounter, cmd.EnterInitiativeDice(combatant="c1", faces=(6, 5, 1, 1, 1, 2, 3)))
    assert describe(ann) == "Ann's initiative test: 7 dice [6 5 1 1 1 2 3] → 2 hits; score 7 + 2 = 9. (typed)"
    [bob] = run(encounter, cmd.EnterInitiativeDice(combatant="c2", faces=(1, 1, 1, 2, 3, 4)))
    assert describe(bob) == ("Bob's initiative test: 6 dice [1 1 1 2 3 4] → 0 hits; score 6 + 0 = 6. (typed) "
                             "Critical glitch.")


@pytest.mark.rule("SR4-V1")
def test_the_control_lines_count_a_subscribed_group_once_against_system_times_two() -> None:
    from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
    from tests.test_sr4_rigging import LYNX, rigged, run

    # 000 §7.1 line 478: System 1 → 2 devices; two drones subscribed as one group count as one device.
    encounter = rigged()
    run(encounter, vm.RegisterVehicle(combatant="c5", stats=LYNX))
    lines = [describe(e) for cid in ("c2", "c5")
             for e in run(encounter, vm.ControlVehicle(vehicle=cid, mode="remote", rigger="c1", system=1, group="wing"))]
    assert lines == ["Deck controls Lynx remotely in AR (1 of 2 devices). Subscribed group: wing.",
                     "Deck controls Wing remotely in AR (1 of 2 devices). Subscribed group: wing."]
    [car] = run(encounter, vm.ControlVehicle(vehicle="c3", mode="remote", rigger="c1", system=1))
    assert describe(car) == "Deck controls Hearse remotely in AR (2 of 2 devices)."
