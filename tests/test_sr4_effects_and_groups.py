"""SR4 effects with durations and grunt groups through the journal.

Effects: added with the SR4 catalogue, expiring at the holder's next action, the
end of the pass, the end of the turn or after N turns, each with a log line; the
modifier feeds the pool terms while it lasts. Groups: one initiative test for all
members (or split), professional rating kept, members leave, SR4 refuses the
shared monitor (an SR5 option).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.effects import Duration
from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.effect_messages import AddEffect, RemoveEffect
from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.rules.grunt_groups import LeaveGroup, SplitGroup, group_of
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.groups import AddGruntGroup
from gmtool.games.shadowrun.sr4.rules.turn import SCORE_FLOOR, current_actor, effective_score
from tests.test_sr4_turn import fight, refused, run, sheet


def kinds(events) -> list[str]:  # noqa: ANN001
    return [e.kind for e in events]


def test_catalogue_has_labels_in_both_languages() -> None:
    from gmtool.core.i18n import catalogue

    for language in ("en", "ja"):
        messages = catalogue(language).messages
        for key in effect_table().effects:
            assert f"effect.{key}" in messages


def test_aim_lasts_until_the_holders_next_action_and_feeds_attacks() -> None:
    enc = fight(sheet("Fast", rea=9, int_=9), sheet("Slow", rea=1, int_=1))
    actor = current_actor(enc.state)
    assert actor is not None and actor.sheet.name == "Fast"
    other = "c2" if actor.id == "c1" else "c1"
    added = run(enc, AddEffect(combatant=other, key="aimed"))
    assert kinds(added) == ["effect_added"]
    assert effect_terms(enc.state, other, "attack") == (("effect.aimed", 1),)
    assert effect_terms(enc.state, other, "defence") == ()
    first = run(enc, cmd.NextPhase())  # Fast's phase ends: the aim of Slow stays
    assert "effect_ended" not in kinds(first)
    second = run(enc, cmd.NextPhase())  # Slow's phase ends: its aim is used up
    ended = [e for e in second if e.kind == "effect_ended"]
    assert len(ended) == 1 and ended[0].combatant == other and ended[0].reason == "expired"
    assert enc.state.effects == {}
    assert "Slow" in describe(ended[0])


def test_full_defence_lasts_to_the_end_of_the_turn_only() -> None:
    enc = fight(sheet("A", rea=9, int_=9, passes=2), sheet("B", rea=1, int_=1, passes=2))
    run(enc, AddEffect(combatant="c2", key="full_defence", modifier=4))
    assert effect_terms(enc.state, "c2", "defence") == (("effect.full_defence", 4),)
    turn = enc.state.turn
    while enc.state.turn == turn:
        events = run(enc, cmd.NextPhase())
        if enc.state.turn == turn:
            assert enc.state.effects, "full defence ended before the turn did"
    assert "effect_ended" in kinds(events)
    assert kinds(events).index("effect_ended") < kinds(events).index("turn_ended")
    assert enc.state.effects == {}


def test_an_effect_for_this_pass_ends_with_the_pass() -> None:
    enc = fight(sheet("A", rea=9, int_=9, passes=2), sheet("B", rea=1, int_=1, passes=2))
    run(enc, AddEffect(combatant="c1", key="custom", label="Smoke", modifier=-2, duration=Duration.END_OF_PASS))
    pass_number = enc.state.pass_number
    while enc.state.pass_number == pass_number:
        events = run(enc, cmd.NextPhase())
    assert kinds(events).index("effect_ended") < kinds(events).index("pass_started")
    assert enc.state.effects == {}


def test_removing_the_holder_or_the_effect_logs_it() -> None:
    enc = fight(sheet("A"), sheet("B"))
    run(enc, AddEffect(combatant="c1", key="prone"))
    run(enc, AddEffect(combatant="c2", key="sustained_spell"))
    effect_id = next(e.id for e in enc.state.effects.values() if e.holder == "c2")
    assert kinds(run(enc, RemoveEffect(effect=effect_id))) == ["effect_ended"]
    events = run(enc, cmd.RemoveCombatant(combatant="c1"))
    assert kinds(events)[0] == "effect_ended" and enc.state.effects == {}


def test_unknown_effect_and_timed_effect_before_initiative_are_refused() -> None:
    enc = fight(sheet("A"), start=False)
    assert refused(enc, AddEffect(combatant="c1", key="dirty_trick")) == "error.unknown_effect"  # SR5 only
    assert refused(enc, AddEffect(combatant="c1", key="aimed")) == "error.no_initiative"
    assert kinds(run(enc, AddEffect(combatant="c1", key="prone"))) == ["effect_added"]  # until removed


def test_a_grunt_group_rolls_one_initiative_test() -> None:
    enc = fight(sheet("Runner", rea=5, int_=5), start=False)
    events = run(enc, AddGruntGroup(sheet=sheet("Ganger"), count=4, professional_rating=2))
    group = next(iter(enc.state.groups.values()))
    assert group.professional_rating == 2 and len(group.members) == 4
    assert [enc.state.combatants[m].sheet.name for m in group.members] == [f"Ganger {i}" for i in range(1, 5)]
    assert "Ganger 4" in describe(events[-1]) or "Ganger" in describe(events[-1])
    run(enc, cmd.StartTurn())
    members = [enc.state.combatants[m] for m in group.members]
    assert len({(m.faces, m.hits, m.tiebreak) for m in members}) == 1
    assert len({effective_score(enc.state, m) for m in members}) == 1


def test_split_leave_and_no_shared_monitor() -> None:
    enc = fight(start=False)
    assert refused(enc, AddGruntGroup(sheet=sheet("Ganger"), count=3, shared_monitor=True)) == "error.sr4_no_shared_monitor"
    run(enc, AddGruntGroup(sheet=sheet("Ganger", rea=6, int_=6), count=6))
    group = next(iter(enc.state.groups.values()))
    run(enc, SplitGroup(group=group.id, split=True))
    run(enc, cmd.StartTurn())
    members = [enc.state.combatants[m] for m in group.members]
    assert len({(m.faces, m.tiebreak) for m in members}) > 1  # each rolled its own test
    run(enc, LeaveGroup(combatant=group.members[0]))
    assert group_of(enc.state, "c1") is None and len(enc.state.groups[group.id].members) == 5
    assert refused(enc, LeaveGroup(combatant="c1")) == "error.not_in_group"


def test_a_group_joining_mid_turn_rolls_once() -> None:
    enc = fight(sheet("Runner", rea=5, int_=5))
    run(enc, AddGruntGroup(sheet=sheet("Guard"), count=3))
    members = [c for c in enc.state.combatants.values() if c.sheet.name.startswith("Guard")]
    assert all(m.hits is not None for m in members)
    assert len({(m.faces, m.tiebreak) for m in members}) == 1


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["next", "add", "turn", "damage"]), st.sampled_from(list(Duration)), st.integers(1, 3), st.integers(1, 4)),
        min_size=1, max_size=40,
    )
)
def test_effects_never_outlive_their_duration_and_scores_keep_the_floor(steps) -> None:  # noqa: ANN001
    enc = fight(*(sheet(f"P{i}", rea=2 + i, int_=3, passes=1 + i % 3) for i in range(4)), seed=5)
    for action, duration, turns, who in steps:
        if action == "next":
            run(enc, cmd.NextPhase())
        elif action == "turn":
            run(enc, cmd.StartTurn())
        elif action == "damage":
            try:
                run(enc, cmd.ApplyDamage(combatant=f"c{who}", track="physical", boxes=3))
            except RulesError as refused:  # already past the box of death: nothing more to mark
                assert refused.key == "error.no_change"
        else:
            run(enc, AddEffect(combatant=f"c{who}", key="custom", label="x", modifier=-1, duration=duration, turns=turns))
        state = enc.state
        for effect in state.effects.values():
            if effect.duration is Duration.NEXT_ACTION:
                assert state.combatants[effect.holder].phases_ended < effect.expires_at_phase
            if effect.duration in (Duration.END_OF_TURN, Duration.TURNS):
                assert state.turn <= effect.expires_after_turn
        for c in state.combatants.values():
            score = effective_score(state, c)
            assert score is None or score >= SCORE_FLOOR
    again = Encounter(SR4Ruleset(), 5, enc.entries)
    assert again.state.effects == enc.state.effects


@pytest.mark.parametrize("language", ["en", "ja"])
def test_effect_and_group_lines_render_in_both_languages(language: str) -> None:
    from gmtool.core.i18n import set_language

    enc = fight(sheet("A"))
    set_language(language)
    lines = [describe(e) for e in run(enc, AddEffect(combatant="c1", key="astral_perception"))]
    lines += [describe(e) for e in run(enc, AddGruntGroup(sheet=sheet("Ganger"), count=2, professional_rating=1))]
    assert all(line and "log." not in line for line in lines)
