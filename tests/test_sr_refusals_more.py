"""More Shadowrun refusals as the GM reads them (who, what, the limit the rule sets) and the figures behind them.

000 = the SR4 digest, 001 = the SR5 digest (``shared/seeds/``); the limits are the rules' (IDs cited).
"""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.tables.toml_lines import value_lines
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.reload import reload
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.edge import SR4EdgeState, dead_mans_trigger
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import check_force
from tests.test_sr4_refusals_and_rolls import fight, refusal, run, sheet, trio


def message(error: pytest.ExceptionInfo[RulesError]) -> str:
    return str(error.value)


@pytest.mark.rule("SR4-S1")
def test_force_above_magic_times_two_names_the_limit() -> None:
    # 000 §4.1 line 181: Force up to Magic × 2: Magic 4 → 8.
    with pytest.raises(RulesError) as info:
        check_force(9, 4, "Mage")
    assert message(info) == "Mage: Force 9 is not allowed; 1 to Magic × 2 = 8."


@pytest.mark.rule("SR4-S8")
def test_a_mundane_cannot_project() -> None:
    encounter = fight(sheet("Goon"), start=False)
    assert refusal(encounter, mm.AstralProjection(combatant="c1", hours=1)) == (
        "Goon has no Magic (set Magic on the sheet).")


@pytest.mark.rule("SR4-S1")
def test_a_single_target_spell_takes_one_target() -> None:
    encounter = fight(sheet("Mage", magic=4), sheet("Goon"), sheet("Thug"), start=False)
    assert refusal(encounter, mm.CastSpell(combatant="c1", spell="manabolt", force=4, targets=("c2", "c3"),
                                           skill=3)) == "Manabolt takes one target (only area spells take several)."


@pytest.mark.rule("SR4-E9")
def test_the_dead_mans_trigger_needs_a_full_monitor() -> None:
    # SR4-E9: act once more when going down; Sam's 10 physical boxes are not full (0 taken).
    with pytest.raises(RulesError) as info:
        dead_mans_trigger(SR4EdgeState("Sam", 3, 3, 0, 10, 4))
    assert message(info) == "Sam is not going down: a monitor is not full."


def test_delaying_twice_in_a_pass_is_refused_by_name() -> None:
    encounter = trio()
    run(encounter, cmd.DelayPhase(combatant="c1"))
    run(encounter, cmd.ActNow(combatant="c1"))  # Fast steps in: its delayed phase now
    assert refusal(encounter, cmd.DelayPhase(combatant="c1")) == "Fast has already delayed this pass."


@pytest.mark.rule("SR4-D6")
def test_an_extended_test_without_dice_is_refused_with_its_pool() -> None:
    # Agility 3 + skill 0 − 1 (defaulting, SR4-D8) − 4 = −2 dice.
    encounter = fight(sheet("Kat"), start=False)
    pool = tc.PoolSpec(attribute="AGI", skill=0, modifier=-4)
    with pytest.raises(RulesError) as info:
        encounter.prepare(tc.StartExtendedTest(combatant="c1", pool=pool, threshold=4))
    assert message(info).startswith("The dice pool is -2: ")


@pytest.mark.rule("SR5-T2")
def test_a_full_clip_takes_no_round() -> None:
    predator = weapon("sr5", "ares_predator_v")
    with pytest.raises(RulesError) as info:
        reload(predator, Magazine.full(predator), "load_clip", agility=4)
    assert message(info) == "1 round do not fit: room for 0."


def test_a_house_rule_files_single_table_header_is_found() -> None:
    assert value_lines("[weather]\nvalue = 1\n") == {("weather",): 1, ("weather", "value"): 2}
