"""SR4 attack figures worked out by hand: a prone defender, armour halved by AP −half, a called shot for damage.

The fighters are those of ``tests/test_attack_flow.py`` (Shooter: Agility 5, Pistols 4, Blades 3; Target: Body 4,
Reaction 1, Dodge 2) unless a test builds its own. 000 = the SR4 digest.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.rules.attack.plan import plan
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.rules.weapons import called_shots_sr4 as sr4
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from tests.test_attack_flow import ATTR, blanks, resolved, run, sixes, sr4_fight


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


# 000 近接戦闘修正表 line 435: "目標が伏せている +3 158"; 防御修正表 line 449: "防御側が伏せている 近接戦闘時のみ -2 161".
@pytest.mark.rule("SR4-MT3")
@pytest.mark.rule("SR4-MT4")
def test_a_prone_defender_gives_the_knife_plus_three_and_defends_at_minus_two_against_it_only() -> None:
    from gmtool.games.shadowrun.sr4.rules.attack import ADAPTER

    enc = sr4_fight()
    knife = Attack(attacker="c1", target="c2", weapon=1)
    gun = Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)
    standing = plan(ADAPTER, enc.state, knife).pools
    assert (standing.attack_pool, standing.defence_pool) == (5 + 3, 1 + 2)  # Agility + Blades; Reaction + Dodge
    run(enc, AddEffect(combatant="c2", key="prone"))
    prone = plan(ADAPTER, enc.state, knife).pools
    assert (prone.attack_pool, prone.defence_pool) == (5 + 3 + 3, 1 + 2 - 2)
    assert plan(ADAPTER, enc.state, gun).pools.defence_pool == 1  # Reaction 1: the −2 is for melee only


@pytest.mark.rule("SR4-R5")
def test_ap_minus_half_counts_the_armour_at_half_rounded_down() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
    from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

    enc = Encounter(SR4Ruleset(), 7)
    shooter = Sheet(name="Shooter", attributes=ATTR, initiative_bonus=4, skills={"pistols": 4},
                    weapons=(weapon("sr4", "defiance_ex_shocker"),))  # 8S(e), AP −half
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Target", attributes=ATTR | {"REA": 1}, ballistic_armour=7)))
    run(enc, cmd.StartTurn())
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SS", distance=4,
                                 attack_faces=sixes(2) + blanks(7), defence_faces=blanks(1), soak_faces=blanks(7))))
    parts = {p.title: p for p in enc.ruleset.breakdown_parts(e)}
    # Ballistic armour 7 counts half, rounded down: 3, so 7 − 4; soak Body 4 + 3 = 7 dice.
    assert parts["Armour"].text == "Ballistic armour +7 (SR4-R5) · Armour halved (AP −half) −4 (SR4-R5) = 3"
    assert parts["Damage resistance test"].roll.pool == "Body +4 (SR4-R6) · Modified armour +3 (SR4-R6) = 7 dice"


# The SR4 rulebook (p. 160-161, called_shots_sr4's docstring; the digest only says "special"): a called shot for
# damage takes −1 to −4 dice and adds as much DV when it hits.
def test_a_called_shot_for_damage_takes_one_to_four_dice_and_adds_as_much_dv() -> None:
    assert [sr4.called_shot_damage(m, 1).extra_dv for m in (-1, -4)] == [1, 4]
    for outside in (0, -5):
        with pytest.raises(RulesError) as refused:
            sr4.called_shot_damage(outside, 1)
        assert refused.value.message() == f"A called shot for damage takes −1 to −4 dice (got {outside})."
