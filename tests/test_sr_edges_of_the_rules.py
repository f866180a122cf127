"""Shadowrun rules at their edges: an effect that lasts to the end of the holder's next action, retries cleared,
Edge after the roll on dice the tool rolls, fading of nothing, opposed tests the tool rolls, a multiple attack
that cannot be split, the words of a retry's key and of an effect's time left.

000 = the SR4 digest, 001 = the SR5 digest (``shared/seeds/``).
"""

from __future__ import annotations

import pytest

from gmtool.core.effects import Duration, Effect, Scope
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.describe_tests import readable_key
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.rules.shared_describe import time_left
from gmtool.games.shadowrun.rules.weapons.called_shots_sr5 import multiple_attack_pools
from gmtool.games.shadowrun.rules.weapons.chummer_fields import weapon_from_chummer
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.describe import describe
from tests.test_sr4_matrix_words import TECHNO, Run
from tests.test_sr4_refusals_and_rolls import fight, run, sheet, trio

AGI = tc.PoolSpec(attribute="AGI", skill=3)  # Agility 3 + 3 = 6 dice


def test_an_effect_to_the_end_of_the_next_action_taken_in_ones_own_phase_lasts_through_the_next_phase() -> None:
    # Aimed (+1, until the end of the holder's next action): put on Fast in Fast's own phase, it lasts past this
    # phase and ends with Fast's next one (this phase's end is the first, the next phase's the second).
    encounter = trio()
    (added,) = [e for e in run(encounter, AddEffect(combatant="c1", key="aimed")) if e.kind == "effect_added"]
    phases = encounter.state.combatants["c1"].phases_ended
    assert added.expires_at_phase == phases + 2
    other = trio()
    (later,) = [e for e in run(other, AddEffect(combatant="c2", key="aimed")) if e.kind == "effect_added"]
    assert later.expires_at_phase == other.state.combatants["c2"].phases_ended + 1  # Mid waits: its next phase


@pytest.mark.rule("SR4-D11")
def test_clearing_the_retry_penalties_names_the_combatant() -> None:
    encounter = fight(sheet("Kat"), start=False)
    run(encounter, tc.RollTest(combatant="c1", pool=AGI, threshold=3, faces=(5, 1, 2, 2, 3, 4)))
    run(encounter, tc.RollTest(combatant="c1", pool=AGI, threshold=3, retry=True, faces=(1, 2, 2, 3)))
    (cleared,) = run(encounter, tc.ClearRetries(combatant="c1"))
    assert cleared.combatant == "c1" and describe(cleared) == "Kat: retry penalties cleared."
    assert not encounter.state.combatants["c1"].retries


@pytest.mark.rule("SR4-E4")
def test_edge_after_the_roll_rerolls_as_many_dice_as_missed() -> None:
    # SR4-E4: reroll every die that did not hit: faces 5 1 2 2 3 4 → five misses, five dice rerolled by the tool.
    encounter = fight(sheet("Kat"), start=False)
    run(encounter, tc.RollTest(combatant="c1", pool=AGI, threshold=3, faces=(5, 1, 2, 2, 3, 4)))
    events = run(encounter, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.REROLL_FAILURES))
    rolled = next(e for e in events if e.kind == "dice_test_rolled")
    assert len(rolled.dice) == 6 + 5
    with pytest.raises(RulesError) as info:
        encounter.prepare(tc.RollTest(combatant="c1", pool=AGI, threshold=3, edge_use=EdgeUse.REROLL_FAILURES))
    assert str(info.value) == "Edge after the roll applies to a test already rolled: roll first, then use Edge."


@pytest.mark.rule("SR4-T1")
def test_threading_without_a_hit_fades_nothing_and_resists_nothing() -> None:
    # 000 line 333: fading = the rating's increase: no hit, no increase, no fading test.
    run_ = Run(TECHNO)
    events = run_.run(mx.ThreadForm(icon="m1", form="Exploit", rating=2, sustain=False, faces=(1, 2, 3, 4, 1, 2, 3)))
    threaded = next(e for e in events if e.kind == "form_threaded")
    assert (threaded.rating, threaded.fading, threaded.resist_hits, threaded.boxes) == (2, 0, 0, 0)


@pytest.mark.rule("SR4-D5")
def test_an_opposed_test_against_dice_the_tool_rolls() -> None:
    encounter = fight(sheet("Kat"), start=False)
    events = run(encounter, tc.RollOpposedTest(combatant="c1", pool=AGI, opponent_dice=4, faces=(5, 5, 1, 2, 2, 3)))
    opponent = [e for e in events if e.kind == "dice_test_rolled"][-1]
    assert opponent.role == "opponent" and len(opponent.dice) == 4


@pytest.mark.rule("SR5-CS9")
def test_a_multiple_attack_needs_a_die_per_attack() -> None:
    # 001 / SR5-CS9: the pool split evenly across the attacks; 2 dice cannot make 3 attacks (skill 6: up to 3).
    with pytest.raises(RulesError) as info:
        multiple_attack_pools((2,), 6, 3, False)
    assert str(info.value) == "A pool of 2 dice cannot be split into 3 attacks."


def test_the_words_of_a_retry_key_and_an_effects_turns_left() -> None:
    assert readable_key("AGI+STR") == "Agility + Strength" and readable_key("AGI+3") == "Agility + 3"
    assert readable_key("Climbing") == "Climbing"
    lasting = Effect(1, "c1", "custom", "Smoke", -2, Scope.ALL, Duration.TURNS, expires_after_turn=4)
    assert time_left(lasting, 3) == "2 turns" and time_left(lasting, 4) == "1 turn"


def test_a_chummer_weapon_with_an_unreadable_reach_names_it() -> None:
    with pytest.raises(FileFormatError) as info:
        weapon_from_chummer({"name": "Odd blade", "type": "Melee", "damage": "(STR+1)P", "reach": "far"}, "sr5")
    assert str(info.value) == 'Chummer weapon field reach cannot be read: "far".'


@pytest.mark.rule("SR5-I6")
def test_a_complex_attack_after_a_simple_action_is_refused() -> None:
    # 001 / SR5-I6: a phase holds one complex action or two simple ones: after a simple one, no complex melee attack.
    from gmtool.games.shadowrun.rules.attack.messages import Attack
    from gmtool.games.shadowrun.sr5.rules import commands as sr5
    from tests.test_attack_flow import sr5_fight

    enc = sr5_fight()
    run(enc, sr5.TakeAction(combatant="c1", action="simple", name="take_aim"))
    with pytest.raises(RulesError) as info:
        enc.prepare(Attack(attacker="c1", target="c2", weapon=1))
    assert str(info.value) == "Shooter's phase allows 1 complex or 2 simple actions; that budget is spent."


def test_a_shipped_table_pointing_at_a_table_that_does_not_exist_is_refused() -> None:
    from gmtool.core.errors import ResourceError
    from gmtool.games.shadowrun.rules.tables.loader import _check_references, shipped_tables

    tables = dict(shipped_tables())
    first = next(iter(tables.values()))
    tables[first.id] = first.model_copy(update={"shifted_by": "sr5.nowhere"})
    with pytest.raises(ResourceError) as info:
        _check_references(tables)
    assert info.value.key == "error.resource_invalid" and "unknown table sr5.nowhere" in str(info.value)


def test_a_chummer_weapon_with_an_unknown_firing_mode_names_it() -> None:
    from gmtool.games.shadowrun.rules.weapons.chummer_fields import parse_modes

    assert parse_modes("SA/BF") == ("SA", "BF")
    with pytest.raises(FileFormatError) as info:
        parse_modes("SA/ZZ")
    assert str(info.value) == 'Chummer weapon field mode cannot be read: "SA/ZZ".'


@pytest.mark.rule("SR5-I6")
def test_an_unlisted_sr5_action_is_logged_by_its_kind_and_an_other_editions_command_refused() -> None:
    import random

    from gmtool.games.shadowrun.sr4.rules import commands as sr4
    from gmtool.games.shadowrun.sr5.rules import commands as sr5
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.turn import current_actor
    from tests.test_sr5_words_and_refusals import fight as sr5_encounter

    encounter = sr5_encounter()
    actor = current_actor(encounter.state)
    (taken,) = run(encounter, sr5.TakeAction(combatant=actor.id, action="simple"))
    assert encounter.ruleset.describe(taken) == f"{actor.sheet.name} takes a simple action."
    with pytest.raises(RulesError) as info:
        SR5Ruleset().decide(encounter.state, sr4.GoFirst(combatant="c1"), random.Random(1))
    assert str(info.value) == "Unknown command: go_first"
