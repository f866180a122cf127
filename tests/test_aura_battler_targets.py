"""The duel's targets and the AB-16 rule option (issue 31), without a window.

Targets: enemies first, then the attacker's own side, a destroyed machine last and never the default.
AB-16 (digest ``shared/seeds/003``, 16.4 and 16.5): whether "no defence" still lowers defence PP is a
rule option; both readings with values derived by hand from the made-up demo cards.
"""

from __future__ import annotations

import pytest

from gmtool.core.readings import RuleReadings
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.allocation import DEFENCE_PP_KEPT, allocate, defend
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_targets import default_target, same_side, targets
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel

KEPT = RuleReadings(book_for=frozenset({DEFENCE_PP_KEPT}))


def test_enemies_are_offered_first_then_the_own_side() -> None:
    duel = Duel()  # the demo: Lark (West), Hornet (East), Skyraft (West)
    assert [(c.id, c.enemy) for c in targets(duel.state, LARK)] == [(HORNET, True), (SKYRAFT, False)]
    assert [(c.id, c.enemy) for c in targets(duel.state, HORNET)] == [(LARK, True), (SKYRAFT, True)]
    assert default_target(duel.state, LARK) == HORNET
    assert same_side(duel.state, LARK, SKYRAFT) and not same_side(duel.state, LARK, HORNET)


def test_a_destroyed_enemy_is_listed_last_and_never_the_default() -> None:
    duel = Duel()
    duel.allocate()
    duel.run(m.EditUnit(unit=HORNET, field="damage", value=18))  # the Hornet's durability: destroyed (17.3)
    assert [(c.id, c.destroyed) for c in targets(duel.state, LARK)] == [(SKYRAFT, False), (HORNET, True)]
    # the Lark's only enemy is a wreck: no default target, never its own side's Skyraft
    assert default_target(duel.state, LARK) is None
    assert default_target(duel.state, SKYRAFT) is None


@pytest.mark.rule("AB-16")
def test_no_defence_lowers_defence_pp_by_default_and_keeps_them_with_the_option() -> None:
    points = allocate(6, attack=1, defence=2, power=0, barrier=0, response=0)  # action 3, defence 2
    # digest 16.4: declined, evasion and defence PP count 0; 16.5 read as "every attack is a defence": 2 → 1
    after, counts = defend(points, "none", sword=False, in_parry_arc=False)
    assert not counts and (after.action, after.defence) == (3, 1)
    # the option: no evasion or parry was made, so no defence ended: defence PP stay 2
    after, counts = defend(points, "none", sword=False, in_parry_arc=False, kept_without_defence=True)
    assert not counts and (after.action, after.defence) == (3, 2)
    # an evasion made lowers them under both readings (16.3: 1 action PP; 16.5: defence PP −1)
    after, counts = defend(points, "evade", sword=False, in_parry_arc=False, kept_without_defence=True)
    assert counts and (after.action, after.defence) == (2, 1)


@pytest.mark.rule("AB-16")
def test_the_option_in_a_duel_an_unpaid_evasion_keeps_the_defence_pp() -> None:
    split = {LARK: (3, 2, 1, 1, 1, 0), HORNET: (0, 2, 2, 1, 1, 1), SKYRAFT: (5, 0, 0, 0, 0, 0)}
    shots = []
    for readings in (RuleReadings(), KEPT):
        duel = Duel()
        duel.rules = AuraRules(readings)
        duel.allocate(split)
        # The Hornet has 0 action PP: its evasion cannot be paid (16.3), it counts 0 (16.4). The hit
        # value: 9 + 2 − 1 − 0 − 0 − ceil((4 − 5)/3) = 0 + 0 = 10 under both readings.
        shots.append(duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=0)))
        duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, hit_faces=(6, 6)))  # 12 > 10: a miss
        shots.append(duel.state.units[HORNET].points.defence)
    digest_plan, digest_after, kept_plan, kept_after = shots
    assert digest_plan.hit.value == kept_plan.hit.value == 10
    assert (digest_after, kept_after) == (1, 2)  # 16.5 by default: 2 → 1; with the option kept at 2


@pytest.mark.rule("AB-16")
def test_the_option_is_the_campaign_s_and_the_event_keeps_what_it_did() -> None:
    rules = AuraRules(KEPT)
    duel = Duel()
    duel.rules = rules
    duel.allocate()
    made = duel.run(m.Attack(attacker=LARK, target=HORNET, gun=0, defence="none", hit_faces=(6, 6)))[0]
    assert made.defender_points[2] == 1  # the Hornet's defence PP kept at its split's 1
    replayed = AuraRules()  # folded with the digest's reading: the event's points, not a new decision
    state = replayed.initial_state()
    for event in duel.events:
        replayed.apply(state, event)
    assert state.units[HORNET].points.defence == 1
