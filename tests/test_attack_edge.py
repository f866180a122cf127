"""Edge on the attack's tests, both editions (SR5-E1..E3, SR4-E2..E4, E8, SR5-CS9's split).

The shooter (Agility 5, Pistols 6, Edge 3 with 3 points) fires the Ares Predator V
(Accuracy 5) at the target (Reaction 4, Intuition 4, Body 4, armour 9, Edge 3 with 3
points). Typed faces make the figures exact: sixes hit, twos do not, ones glitch.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.edge import TestStreams
from gmtool.games.shadowrun.rules.attack.messages import Attack, AttackResolved
from gmtool.games.shadowrun.rules.attack.plan import plan, plan_odds
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from tests.test_attack_flow import ATTR, blanks, resolved, run, sixes

EDGE = 3


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def sr5_fight(seed: int = 7, target_points: int = EDGE) -> Encounter:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(), seed)
    shooter = Sheet(
        name="Shooter", attributes=ATTR, initiative_bonus=10, skills={"pistols": 6, "blades": 4}, edge_points=EDGE,
        weapons=(weapon("sr5", "ares_predator_v"), weapon("sr5", "combat_knife")),
    )
    target = Sheet(name="Target", attributes=ATTR, armour=9, edge_points=target_points)
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=target))
    run(enc, cmd.StartTurn())
    return enc


def sr4_fight(seed: int = 7) -> Encounter:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
    from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

    enc = Encounter(SR4Ruleset(), seed)
    shooter = Sheet(
        name="Shooter", attributes=ATTR | {"REA": 6, "INT": 6}, initiative_bonus=4, skills={"pistols": 4},
        edge_points=EDGE, weapons=(weapon("sr4", "ares_predator_iv"),),
    )
    target = Sheet(name="Target", attributes=ATTR | {"REA": 1, "INT": 1}, ballistic_armour=6, impact_armour=4,
                   skills={"dodge": 2}, edge_points=EDGE)
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=target))
    run(enc, cmd.StartTurn())
    return enc


def shot(**fields: object) -> Attack:
    base: dict[str, object] = {"attacker": "c1", "target": "c2", "weapon": 0, "mode": "SA", "distance": 4}
    return Attack(**(base | fields))


def points(enc: Encounter, cid: str) -> int:
    return enc.state.combatants[cid].sheet.edge_points


def spent(events) -> list[tuple[str, str]]:
    return [(e.combatant, e.purpose) for e in events if e.kind == "edge_spent"]


# -- SR5 ---------------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-E1")
def test_push_the_limit_before_adds_edge_dice_explodes_sixes_and_ignores_accuracy() -> None:
    enc = sr5_fight()
    # 11 pool dice + 3 Edge dice, seven sixes among them: seven rule-of-six extras (one more six).
    first = sixes(7) + blanks(7)
    events = run(enc, shot(attack_edge="add_before", attack_faces=first + (6, 2, 2, 2, 2, 2, 2) + (2,),
                           defence_faces=blanks(8), soak_faces=blanks(12)))
    e = resolved(events)
    assert e.attack.edge_use == "add_before" and e.attack.edge_dice == EDGE
    assert e.attack.hits == 8 and e.net_hits == 8  # the Accuracy 5 limit does not count
    assert spent(events) == [("c1", "push_before")]
    assert points(enc, "c1") == EDGE - 1
    line = enc.ruleset.describe(e)
    assert "Edge: " in line and "(limit" not in line


@pytest.mark.rule("SR5-E1")
def test_push_the_limit_after_adds_edge_dice_without_the_rule_of_six() -> None:
    enc = sr5_fight()
    e = resolved(run(enc, shot(attack_edge="add_after", attack_faces=sixes(2) + blanks(9) + (6, 6, 2),
                               defence_faces=blanks(8), soak_faces=blanks(12))))
    assert len(e.attack.faces) == 11 + EDGE and e.attack.hits == 4  # no extras for the Edge sixes


@pytest.mark.rule("SR5-E2")
def test_second_chance_rerolls_the_dice_that_missed_and_is_refused_on_a_glitch() -> None:
    enc = sr5_fight()
    events = run(enc, shot(attack_edge="reroll_failures", attack_faces=sixes(3) + blanks(8) + sixes(2) + blanks(6),
                           defence_faces=blanks(8), soak_faces=blanks(12)))
    e = resolved(events)
    assert e.attack.rerolls == 8 and e.attack.hits == 5 and e.net_hits == 5
    assert "rerolled: 6 6 2 2 2 2 2 2" in enc.ruleset.describe(e)
    assert spent(events) == [("c1", "second_chance")]
    glitching = (1,) * 6 + (6,) + blanks(4)
    with pytest.raises(RulesError) as refused:  # (not the phase's action: that shot is fired, SR5-F2)
        enc.prepare(shot(attack_edge="reroll_failures", attack_faces=glitching + blanks(10),
                         defence_faces=blanks(8), soak_faces=blanks(12), charge_action=False))
    assert refused.value.key == "error.second_chance_glitch"


@pytest.mark.rule("SR5-E3")
def test_close_call_negates_the_glitch() -> None:
    enc = sr5_fight()
    e = resolved(run(enc, shot(attack_edge="negate_glitch", attack_faces=(1,) * 6 + (6,) + blanks(4),
                               defence_faces=blanks(8), soak_faces=blanks(12))))
    assert not e.attack.glitch and e.attack.glitch_negated
    assert "glitch negated" in enc.ruleset.describe(e)


@pytest.mark.rule("SR5-E1")
def test_the_defender_pays_for_defence_and_soak_one_point_each_and_is_refused_without() -> None:
    enc = sr5_fight()
    events = run(enc, shot(defence_edge="add_before", soak_edge="add_before", attack_faces=sixes(6) + blanks(5),
                           defence_faces=blanks(8 + EDGE), soak_faces=blanks(12 + EDGE)))
    assert spent(events) == [("c2", "push_before"), ("c2", "push_before")]
    assert points(enc, "c2") == EDGE - 2
    poor = sr5_fight(target_points=1)
    with pytest.raises(RulesError) as refused:
        poor.prepare(shot(defence_edge="add_before", soak_edge="add_before", attack_faces=sixes(6) + blanks(5),
                          defence_faces=blanks(8 + EDGE), soak_faces=blanks(12 + EDGE)))
    assert refused.value.key == "error.no_edge"


@pytest.mark.rule("SR5-E1")
def test_soak_edge_is_spent_only_when_the_soak_test_is_rolled() -> None:
    enc = sr5_fight()
    events = run(enc, shot(soak_edge="add_before", attack_faces=blanks(11), defence_faces=blanks(8)))
    assert not resolved(events).hit and spent(events) == [] and points(enc, "c2") == EDGE


def test_edge_on_a_defence_that_is_not_rolled_is_refused() -> None:
    enc = sr5_fight()
    with pytest.raises(RulesError) as refused:
        enc.prepare(shot(no_defence=True, defence_edge="add_before"))
    assert refused.value.key == "error.attack_edge_no_defence"


@pytest.mark.rule("SR5-E1")
def test_one_undo_gives_the_points_back() -> None:
    enc = sr5_fight()
    run(enc, shot(attack_edge="add_before", defence_edge="reroll_failures"))
    assert points(enc, "c1") == EDGE - 1 and points(enc, "c2") == EDGE - 1
    enc.commit(enc.prepare_undo())
    assert points(enc, "c1") == EDGE and points(enc, "c2") == EDGE


@pytest.mark.rule("SR5-E1")
def test_edge_raises_the_exact_odds_of_a_hit() -> None:
    enc = sr5_fight()
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER as adapter
    plain = plan_odds(adapter, plan(adapter, enc.state, shot())).hit.hit
    pushed = plan_odds(adapter, plan(adapter, enc.state, shot(attack_edge="add_before"))).hit.hit
    second = plan_odds(adapter, plan(adapter, enc.state, shot(attack_edge="reroll_failures"))).hit.hit
    assert 0 < plain < second and plain < pushed < 1


def test_adding_edge_to_the_attack_keeps_every_other_die() -> None:
    """X-1: each test draws from its own generator, so Edge chosen after a Roll changes no other die."""
    plain = resolved(sr5_fight(seed=11).prepare(shot()).events)
    chance = resolved(sr5_fight(seed=11).prepare(shot(attack_edge="add_after")).events)
    assert chance.attack.faces[:11] == plain.attack.faces and len(chance.attack.faces) == 11 + EDGE
    assert chance.defence == plain.defence
    streams = TestStreams.split(random.Random(5))
    again = TestStreams.split(random.Random(5))
    assert streams.soak.random() == again.soak.random() != streams.attack.random()


@pytest.mark.rule("SR5-CS9")
@pytest.mark.rule("SR5-E1")
def test_multiple_attacks_put_the_edge_dice_in_before_the_split() -> None:
    enc = sr5_fight()
    knife = {"attacker": "c1", "target": "c2", "weapon": 1, "called_shot": "multiple_attacks", "attacks": 2,
             "attack_edge": "add_before"}
    first = run(enc, Attack(**knife, attack_faces=sixes(1) + blanks(3) + blanks(1),
                            defence_faces=sixes(1) + blanks(7)))  # a tie: the defender wins
    second = run(enc, Attack(**knife, pool_share=1, attack_faces=blanks(4), defence_faces=blanks(7)))
    a, b = resolved(first).attack, resolved(second).attack
    assert {t.label: t.value for t in a.terms}["attack.term.edge_in_split"] == EDGE
    # 001 digest 連続攻撃: "エッジ等を使用しダイスを増やす場合は、分割される前のダイスプールの方に修正を入れます":
    # Agility 5 + Blades 4 + Edge 3 − 4 (called shot, the digest's reading) = 8, split evenly: 4 + 4
    assert a.pool == 4 and b.pool == 4
    assert len(a.faces) == 5  # the six rolled again: the rule of six applies to every share
    assert spent(first) == [("c1", "push_before")] and spent(second) == []
    assert points(enc, "c1") == EDGE - 1


# -- SR4 -----------------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-E2")
def test_sr4_edge_before_adds_the_attribute_and_every_six_rolls_again() -> None:
    enc = sr4_fight()
    # 9 pool dice + 3 Edge dice with two sixes: two extras, one of them a six: one more.
    events = run(enc, shot(attack_edge="add_before", attack_faces=sixes(2) + blanks(10) + (6, 2) + (2,),
                           defence_faces=blanks(1), soak_faces=blanks(9)))
    e = resolved(events)
    assert e.attack.pool == 5 + 4 and len(e.attack.faces) == 9 + EDGE + 3
    assert e.attack.hits == 3
    assert spent(events) == [("c1", "sr4_before")]
    assert "Edge dice before the test" in enc.ruleset.describe(next(x for x in events if x.kind == "edge_spent"))


@pytest.mark.rule("SR4-E5")
def test_sr4_an_attack_with_no_dice_left_rolls_edge_alone() -> None:
    from gmtool.games.shadowrun.rules.attack.messages import FreeTerm, TableChoices

    enc = sr4_fight()
    hopeless = TableChoices(free=(FreeTerm(label="Smoke and a bad angle", value=-9),))
    plain = resolved(run(enc, shot(attack_choices=hopeless, defence_faces=blanks(1))))
    assert plain.attack.pool == 0 and plain.attack.faces == () and not plain.hit  # nothing to roll
    e = resolved(run(enc, shot(attack_choices=hopeless, attack_edge="add_before",
                               attack_faces=sixes(1) + blanks(2) + (2,), soak_faces=blanks(9))))  # no defence dice left
    assert e.attack.pool == 0 and e.attack.edge_dice == EDGE and e.attack.hits == 1 and e.hit


@pytest.mark.rule("SR4-E3")
def test_sr4_edge_after_explodes_only_the_added_dice() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, shot(attack_edge="add_after", attack_faces=sixes(1) + blanks(8) + (6, 2, 2) + (2,),
                               defence_faces=blanks(1), soak_faces=blanks(9))))
    assert len(e.attack.faces) == 9 + EDGE + 1 and e.attack.hits == 2


@pytest.mark.rule("SR4-E4")
def test_sr4_reroll_failures() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, shot(attack_edge="reroll_failures", attack_faces=sixes(1) + blanks(8) + sixes(4) + blanks(4),
                               defence_faces=blanks(1), soak_faces=blanks(9))))
    assert e.attack.rerolls == 8 and e.attack.hits == 5


@pytest.mark.rule("SR4-E8")
def test_sr4_negate_a_glitch() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, shot(attack_edge="negate_glitch", attack_faces=(1,) * 5 + blanks(4),
                               defence_faces=blanks(1))))
    assert e.attack.glitch_negated and not e.attack.glitch and not e.attack.critical_glitch


# -- invariants ----------------------------------------------------------------------------------------
USES = st.sampled_from(["none", "add_before", "add_after", "reroll_failures", "negate_glitch"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), attack=USES, defence=USES, soak=USES, target_points=st.integers(0, EDGE))
@pytest.mark.rule("SR5-E1")
def test_edge_points_never_go_below_zero_and_each_use_costs_one(
    seed: int, attack: str, defence: str, soak: str, target_points: int
) -> None:
    enc = sr5_fight(seed=seed, target_points=target_points)
    try:
        events = run(enc, shot(attack_edge=attack, defence_edge=defence, soak_edge=soak))
    except RulesError as refused:
        assert refused.key in {"error.no_edge", "error.second_chance_glitch"}
        assert points(enc, "c1") == EDGE and points(enc, "c2") == target_points  # nothing written
        return
    e: AttackResolved = resolved(events)
    paid_by_target = (defence != "none") + (soak != "none" and e.soak is not None)
    assert points(enc, "c1") == EDGE - (attack != "none")
    assert points(enc, "c2") == target_points - paid_by_target >= 0
