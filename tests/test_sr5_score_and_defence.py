"""SR5 figures worked out by hand: the initiative score explained term by term, and a defender's own effects in its
defence pool.

001 = the SR5 combat digest; rules.md SR5-I1 (score = Initiative attribute + the dice), SR5-I3 (−10 per pass),
SR5-A2 (defence: Reaction + Intuition ± modifiers), SR5-A6 (−1 per 3 boxes).
"""

from __future__ import annotations

import pytest

from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.rules.attack.plan import plan
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.score import score_terms
from tests.test_attack_flow import run, sr5_fight
from tests.test_sr5_initiative import three_fighters


@pytest.mark.rule("SR5-I1")
@pytest.mark.rule("SR5-I3")
def test_the_score_is_explained_as_attribute_dice_passes_adjustments_and_wounds() -> None:
    # Ann: Reaction 3 + Intuition 3 = 6, typed dice 19 (score 25).
    fight = three_fighters((25, 14, 8))
    ann = fight.ids["Ann"]
    assert score_terms(fight.state, fight.c("Ann")) == (("score.attribute", 6), ("score.dice", 19))
    fight.do(cmd.AdjustInitiative(combatant=ann, delta=2))
    fight.do(cmd.EditSheet(combatant=ann, field="physical_damage", value=3))  # −1 per 3 boxes: −1
    fight.do(cmd.EditSheet(combatant=ann, field="attr.REA", value=5))  # applies at once: 5 + 3 = 8
    fight.actors_until_pass_ends()
    # The second pass: one pass over, −10. 8 + 19 − 10 + 2 − 1 = 18.
    assert score_terms(fight.state, fight.c("Ann")) == (
        ("score.attribute", 8), ("score.dice", 19), ("score.passes", -10), ("score.adjustments", 2),
        ("pool.wound_modifier", -1))
    assert fight.score("Ann") == 18
    fight.do(cmd.SetRuleOption(option="wound_modifier_on_initiative", value=False))
    assert score_terms(fight.state, fight.c("Ann"))[-1] == ("score.adjustments", 2)  # no wound term: 19
    assert fight.score("Ann") == 19


def test_no_score_is_explained_before_the_roll() -> None:
    from tests.test_sr5_initiative import Fight

    fight = Fight()
    fight.add("Ann")
    assert score_terms(fight.state, fight.c("Ann")) == ()


@pytest.mark.rule("SR5-A2")
def test_a_spell_the_defender_sustains_takes_two_dice_from_its_defence() -> None:
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER

    # Reaction 4 + Intuition 4 = 8; a sustained spell: −2 to all its tests (the SR5 rulebook, p. 281, the effects
    # table's row): 6. The shooter's pool (Agility 5 + Pistols 6 = 11) does not change.
    enc = sr5_fight()
    gun = Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)
    assert plan(ADAPTER, enc.state, gun).pools.defence_pool == 8
    run(enc, AddEffect(combatant="c2", key="sustained_spell"))
    pools = plan(ADAPTER, enc.state, gun).pools
    assert (pools.attack_pool, pools.defence_pool) == (11, 6)
