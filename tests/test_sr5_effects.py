"""SR5 interrupt actions and effects with durations: costs, refusals, exact expiry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.effects import Duration
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import catalogue
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules import effect_messages as em
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.effects import effect_table
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.turn import current_actor, effective_score


def fight(seed: int = 3) -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=seed)
    for sheet in demo_definition().combatants:
        run(enc, cmd.AddCombatant(sheet=sheet))
    run(enc, cmd.StartTurn())
    return enc


def run(enc: Encounter, command):  # noqa: ANN001, ANN201
    entry = enc.prepare(command)
    enc.commit(entry)
    return entry.events


def refused(enc: Encounter, command) -> RulesError:  # noqa: ANN001
    with pytest.raises(RulesError) as info:
        enc.prepare(command)
    return info.value


def typed_initiative(enc: Encounter, combatant: str, total: int) -> None:
    """Give a combatant an exact score: all-ones dice typed, then the GM's adjustment."""
    c = enc.state.combatants[combatant]
    run(enc, cmd.EnterInitiativeDice(combatant=combatant, faces=(1,) * c.sheet.initiative_dice))
    delta = total - effective_score(enc.state, c)
    if delta:
        run(enc, cmd.AdjustInitiative(combatant=combatant, delta=delta))
    assert effective_score(enc.state, c) == total


# 001 digest 全力防御: "その戦闘ターン中の全ての防御テストに対して、【意志力】分のボーナス" (イニシアティブスコア-10).
@pytest.mark.rule("SR5-N6")
def test_full_defence_costs_ten_once_and_adds_willpower_to_every_defence() -> None:
    from tests.test_attack_flow import next_own_phase, resolved
    from tests.test_attack_flow import sr5_fight as duel

    enc = fight()
    kestrel = enc.state.combatants["c1"]
    before = effective_score(enc.state, kestrel)
    events = run(enc, em.DeclareInterrupt(combatant="c1", interrupt="full_defence"))
    assert [e.kind for e in events] == ["interrupt_declared", "score_adjusted", "effect_added"]
    assert effective_score(enc.state, kestrel) == before - 10
    assert refused(enc, em.DeclareInterrupt(combatant="c1", interrupt="full_defence")).key == "error.interrupt_active"
    # Every defence test against an attack this turn, not just one: the target's WIL 3 in each.
    from gmtool.games.shadowrun.rules.attack.messages import Attack

    shots = duel()
    run(shots, em.DeclareInterrupt(combatant="c2", interrupt="full_defence"))
    for _ in range(2):
        e = resolved(run(shots, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)))
        assert e.defence is not None
        assert ("damage.term.full_defence_willpower", 3) in [(t.label, t.value) for t in e.defence.terms]
        next_own_phase(shots, "c1")
    run(enc, cmd.StartTurn())
    assert not enc.state.effects  # ended with the turn


# 001 digest ブロック/回避/受け流し: "防御テストに … ボーナス", "戦闘ターン終了までの間の1度だけ"; 全力防御:
# "相手の攻撃に対して" — defence tests against attacks. An opposed test of the test box (a Con against
# Negotiation) is not one: no interrupt's dice, nothing used up.
@pytest.mark.rule("SR5-N1")
@pytest.mark.rule("SR5-N2")
@pytest.mark.rule("SR5-N5")
@pytest.mark.rule("SR5-N6")
def test_interrupt_defences_stay_out_of_the_test_boxs_opposed_tests() -> None:
    enc = fight()
    typed_initiative(enc, "c2", 35)
    for kind, bonus in (("block", 4), ("dodge", 2), ("parry", 3)):
        run(enc, em.DeclareInterrupt(combatant="c2", interrupt=kind, bonus=bonus))
    run(enc, em.DeclareInterrupt(combatant="c2", interrupt="full_defence"))
    assert effective_score(enc.state, enc.state.combatants["c2"]) == 35 - 15 - 10
    opposed = run(enc, tc.RollOpposedTest(combatant="c4", pool=tc.PoolSpec(attribute="CHA", skill=3), opponent="c2",
                                          opponent_pool=tc.PoolSpec(attribute="CHA", skill=2)))
    c2 = enc.state.combatants["c2"].sheet
    assert dict(opposed[1].terms) == {"attr.CHA": c2.attributes["CHA"], "pool.skill": 2}
    assert not any(e.kind == "effect_ended" for e in opposed)
    assert sorted(e.key for e in enc.state.effects.values()) == ["block", "dodge", "full_defence", "parry"]


@pytest.mark.rule("SR5-N3")
def test_hit_the_dirt_leaves_the_combatant_prone_until_removed() -> None:
    enc = fight()
    typed_initiative(enc, "c3", 12)
    run(enc, em.DeclareInterrupt(combatant="c3", interrupt="hit_the_dirt"))
    # 001 line 242: 滑り込み/Hit the Dirt (イニシアティブスコア-5): 12 − 5 = 7.
    assert effective_score(enc.state, enc.state.combatants["c3"]) == 7
    (prone,) = enc.state.effects.values()
    assert prone.key == "prone" and prone.duration is Duration.UNTIL_REMOVED
    run(enc, cmd.StartTurn())
    assert prone.id in enc.state.effects
    run(enc, em.RemoveEffect(effect=prone.id))
    assert not enc.state.effects


@pytest.mark.rule("SR5-N4")
def test_intercept_pays_five_and_is_refused_when_unaffordable() -> None:
    enc = fight()
    typed_initiative(enc, "c5", 7)
    score = effective_score(enc.state, enc.state.combatants["c5"])
    run(enc, em.DeclareInterrupt(combatant="c5", interrupt="intercept"))
    assert effective_score(enc.state, enc.state.combatants["c5"]) == score - 5
    error = refused(enc, em.DeclareInterrupt(combatant="c5", interrupt="intercept"))
    assert error.key == "error.interrupt_unaffordable" and error.args_for_message["cost"] == 5


@pytest.mark.rule("SR5-N6")
def test_a_score_driven_to_zero_loses_the_next_action() -> None:
    enc = fight()
    typed_initiative(enc, "c6", 10)
    run(enc, em.DeclareInterrupt(combatant="c6", interrupt="full_defence"))
    order = []
    while enc.state.pass_number == 1 and enc.state.turn == 1:
        actor = current_actor(enc.state)
        order.append(actor.id)
        run(enc, cmd.NextPhase())
    assert "c6" not in order


def test_dirty_trick_lasts_exactly_through_the_holders_next_action() -> None:
    enc = fight()
    target = [c for c in enc.state.combatants.values() if c.id != current_actor(enc.state).id][0]
    run(enc, em.AddEffect(combatant=target.id, key="dirty_trick"))
    (trick,) = enc.state.effects.values()
    terms = run(enc, tc.RollTest(combatant=target.id, pool=tc.PoolSpec(attribute="AGI", skill=2)))[0].terms
    assert ("effect.dirty_trick", -4) in terms
    while current_actor(enc.state).id != target.id:
        run(enc, cmd.NextPhase())
        assert trick.id in enc.state.effects  # others' phases do not end it
    events = run(enc, cmd.NextPhase())  # the target's own phase ends
    assert any(e.kind == "effect_ended" and e.effect == trick.id and e.reason == "expired" for e in events)


def test_effect_added_during_own_phase_survives_that_phase() -> None:
    enc = fight()
    actor = current_actor(enc.state)
    run(enc, em.AddEffect(combatant=actor.id, key="aimed"))
    run(enc, cmd.NextPhase())
    assert len(enc.state.effects) == 1


def test_custom_effects_need_a_name_and_show_it_in_the_breakdown() -> None:
    enc = fight()
    assert refused(enc, em.AddEffect(combatant="c1", key="custom", modifier=-2)).key == "error.custom_effect_label"
    run(enc, em.AddEffect(combatant="c1", key="custom", label="Smoke in the eyes", modifier=-2, duration=Duration.TURNS, turns=2))
    terms = run(enc, tc.RollTest(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=2)))[0].terms
    assert ("text:Smoke in the eyes", -2) in terms
    assert "Smoke in the eyes -2" in enc.ruleset.describe(enc.entries[-1].events[0])


def test_every_effect_and_interrupt_is_translated() -> None:
    table = effect_table()
    for lang in ("en", "ja"):
        messages = catalogue(lang).messages
        for key in table.effects:
            assert f"effect.{key}" in messages
        for key in table.interrupts:
            assert f"interrupt.{key}" in messages
        for duration in Duration:
            assert f"log.effect_added.{duration.value}" in messages


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["next", "add", "turn"]),
            st.sampled_from(list(Duration)),
            st.integers(1, 3),
            st.integers(1, 6),
        ),
        min_size=1,
        max_size=40,
    )
)
def test_an_effect_never_outlives_its_duration(steps) -> None:  # noqa: ANN001
    enc = fight(seed=11)
    for action, duration, turns, who in steps:
        holder = f"c{who}"
        if action == "next":
            run(enc, cmd.NextPhase())
        elif action == "turn":
            run(enc, cmd.StartTurn())
        else:
            run(enc, em.AddEffect(combatant=holder, key="custom", label="x", modifier=-1, duration=duration, turns=turns))
        state = enc.state
        for effect in state.effects.values():
            holder_c = state.combatants[effect.holder]
            if effect.duration is Duration.NEXT_ACTION:
                assert holder_c.phases_ended < effect.expires_at_phase
            if effect.duration in (Duration.END_OF_TURN, Duration.TURNS):
                assert state.turn <= effect.expires_after_turn
    # replay agrees with the live state
    again = Encounter(SR5Ruleset(), 11, enc.entries)
    assert again.state.effects == enc.state.effects
