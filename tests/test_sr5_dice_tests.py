"""The SR5 ruleset's dice tests: pools from sheets, Edge bookkeeping, opposed, teamwork,
extended tests and retries, as journaled commands (the dice engine is tested on its own)."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

TROLL = {"BOD": 8, "AGI": 3, "REA": 4, "STR": 8, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 3}
ELF = {"BOD": 3, "AGI": 6, "REA": 5, "STR": 2, "WIL": 4, "LOG": 3, "INT": 5, "CHA": 4, "EDG": 4}


def encounter() -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=7)
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Grain", metatype="troll", attributes=TROLL, edge_points=3)))
    run(enc, cmd.AddCombatant(sheet=Sheet(name="Kestrel", metatype="elf", attributes=ELF, edge_points=4)))
    return enc


def run(enc: Encounter, command):  # noqa: ANN001, ANN201
    entry = enc.prepare(command)
    enc.commit(entry)
    return entry.events


def refused(enc: Encounter, command) -> RulesError:  # noqa: ANN001
    with pytest.raises(RulesError) as info:
        enc.prepare(command)
    return info.value


def pool(attribute: str = "AGI", skill: int = 4, modifier: int = 0, **kw) -> tc.PoolSpec:  # noqa: ANN003
    return tc.PoolSpec(attribute=attribute, skill=skill, modifier=modifier, **kw)


@pytest.mark.rule("SR4-D1")
@pytest.mark.rule("X-2")
def test_the_digest_example_as_a_journaled_typed_test() -> None:
    """004: troll, Agility 3 + Shadowing 4 − 1 = 6 dice, faces 6,4,4,4,3,2 → 1 hit."""
    enc = encounter()
    (event,) = run(enc, tc.RollTest(combatant="c1", pool=pool(modifier=-1), label="Shadowing", faces=(6, 4, 4, 4, 3, 2)))
    assert event.pool == 6 and event.hits == 1 and not event.glitch and event.typed
    assert [label for label, _ in event.terms] == ["attr.AGI", "pool.skill", "pool.modifier"]
    assert "(typed)" in enc.ruleset.describe(event)


@pytest.mark.rule("SR4-D7")
def test_attribute_only_test_adds_two_attributes() -> None:
    enc = encounter()
    spec = tc.PoolSpec(attribute="INT", second_attribute="WIL")
    (event,) = run(enc, tc.RollTest(combatant="c2", pool=spec, threshold=2))
    assert event.pool == ELF["INT"] + ELF["WIL"]


@pytest.mark.rule("SR5-E1")
def test_push_the_limit_spends_a_point_and_ignores_the_limit() -> None:
    enc = encounter()
    spec = pool(skill=6, limit="custom", custom_limit=1)
    events = run(enc, tc.RollTest(combatant="c2", pool=spec, edge_use=EdgeUse.ADD_BEFORE))
    spent, rolled = events
    assert (spent.before, spent.after) == (4, 3)
    assert rolled.limit == 1 and rolled.counted_hits == rolled.hits  # limit ignored
    assert enc.state.combatants["c2"].sheet.edge_points == 3
    assert refused(enc, tc.UseEdgeAfter(combatant="c2", edge_use=EdgeUse.REROLL_FAILURES)).key == "error.edge_once_per_action"


@pytest.mark.rule("SR5-E2")
def test_second_chance_after_the_roll_rerolls_the_failures_and_keeps_the_limit() -> None:
    enc = encounter()
    run(enc, tc.RollTest(combatant="c2", pool=pool(skill=2, limit="custom", custom_limit=2), faces=(5, 3, 3, 2, 4, 6, 2, 3)))
    spent, after = run(enc, tc.UseEdgeAfter(combatant="c2", edge_use=EdgeUse.REROLL_FAILURES, faces=(5, 5, 5, 1, 2, 3)))
    assert spent.purpose == "second_chance"
    assert after.role == "edge_after" and after.hits == 5 and after.counted_hits == 2
    replaced = [d for d in after.dice if d[2]]
    assert len(replaced) == 6


@pytest.mark.rule("SR5-E2")
def test_second_chance_is_refused_after_a_glitch() -> None:
    enc = encounter()
    run(enc, tc.RollTest(combatant="c1", pool=pool(skill=1), faces=(1, 1, 1, 2)))
    error = refused(enc, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.REROLL_FAILURES, faces=(5, 5, 5, 5)))
    assert error.key == "error.second_chance_glitch"


@pytest.mark.rule("SR5-E3")
def test_close_call_ignores_a_glitch_and_is_refused_without_one() -> None:
    enc = encounter()
    run(enc, tc.RollTest(combatant="c1", pool=pool(skill=1), faces=(5, 3, 3, 2)))
    assert refused(enc, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.NEGATE_GLITCH)).key == "error.no_glitch_to_negate"
    run(enc, tc.RollTest(combatant="c1", pool=pool(skill=1), faces=(1, 1, 1, 5)))
    _spent, after = run(enc, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.NEGATE_GLITCH))
    assert after.glitch_negated and not after.glitch


@pytest.mark.rule("SR5-E1")
def test_push_the_limit_after_the_roll_adds_edge_dice_without_rule_of_six() -> None:
    enc = encounter()
    run(enc, tc.RollTest(combatant="c1", pool=pool(skill=1), faces=(5, 3, 3, 2)))
    _spent, after = run(enc, tc.UseEdgeAfter(combatant="c1", edge_use=EdgeUse.ADD_AFTER, faces=(6, 6, 1)))
    assert after.hits == 3 and not any(source == "extra" for _f, source, _r in after.dice)


@pytest.mark.rule("SR4-E1")
def test_edge_points_spend_burn_and_refresh() -> None:
    enc = encounter()
    for _ in range(3):
        run(enc, tc.RollTest(combatant="c1", pool=pool(), edge_use=EdgeUse.ADD_BEFORE))
    assert refused(enc, tc.RollTest(combatant="c1", pool=pool(), edge_use=EdgeUse.ADD_BEFORE)).key == "error.no_edge"
    (refreshed,) = run(enc, tc.RefreshEdge(combatant="c1"))
    assert (refreshed.before, refreshed.after) == (0, 3)
    (burnt,) = run(enc, tc.BurnEdge(combatant="c1"))
    sheet = enc.state.combatants["c1"].sheet
    assert sheet.attributes["EDG"] == 2 and sheet.edge_points == 2 and burnt.attribute_before == 3
    run(enc, tc.BurnEdge(combatant="c1"))
    run(enc, tc.BurnEdge(combatant="c1"))
    assert enc.state.combatants["c1"].sheet.attributes["EDG"] == 0
    assert refused(enc, tc.BurnEdge(combatant="c1")).key == "error.no_edge_to_burn"
    assert refused(enc, tc.RefreshEdge(combatant="c1")).key == "error.edge_full"


@pytest.mark.rule("SR4-D11")
def test_retries_carry_a_cumulative_minus_two_until_cleared() -> None:
    enc = encounter()
    failing = tc.RollTest(combatant="c1", pool=pool(skill=2), threshold=3, retry=True, label="Climb", faces=(1, 2, 3, 4, 5))
    events = run(enc, failing)
    assert events[-1].kind == "retry_counted" and events[-1].count == 1
    second = failing.model_copy(update={"faces": (2, 3, 4)})
    rolled, counted = run(enc, second)
    assert ("pool.retry", -2) in rolled.terms and rolled.pool == 3 and counted.count == 2
    third = run(enc, failing.model_copy(update={"faces": (5,)}))
    assert ("pool.retry", -4) in third[0].terms
    run(enc, tc.ClearRetries(combatant="c1"))
    fresh = run(enc, failing)
    assert all(label != "pool.retry" for label, _ in fresh[0].terms)


@pytest.mark.rule("SR4-D12")
def test_buying_hits_rolls_nothing_and_cannot_use_edge() -> None:
    enc = encounter()
    (event,) = run(enc, tc.RollTest(combatant="c2", pool=pool(skill=6), threshold=2, buy_hits=True))
    assert event.bought and event.dice == () and event.hits == (ELF["AGI"] + 6) // 4 and not event.glitch
    error = refused(enc, tc.RollTest(combatant="c2", pool=pool(), buy_hits=True, edge_use=EdgeUse.ADD_BEFORE))
    assert error.key == "error.buy_hits_no_edge"


@pytest.mark.rule("SR4-D5")
def test_opposed_test_against_a_combatant_and_against_plain_dice() -> None:
    enc = encounter()
    events = run(
        enc,
        tc.RollOpposedTest(
            combatant="c2", pool=pool(skill=5), opponent="c1", opponent_pool=tc.PoolSpec(attribute="REA", skill=0),
            faces=(5, 5, 6, 1, 2, 3, 4, 4, 2, 3, 3), opponent_faces=(5, 5, 6),
        ),
    )
    actor, opponent, resolved = events
    assert actor.role == "actor" and opponent.role == "opponent" and opponent.combatant == "c1"
    assert resolved.actor_hits == resolved.opponent_hits == 3 and not resolved.actor_wins  # tie → defender
    plain = run(enc, tc.RollOpposedTest(combatant="c2", pool=pool(skill=5), opponent_dice=4, opponent_faces=(1, 2, 3, 4)))
    assert plain[1].combatant == "" and plain[-1].opponent_hits == 0


@pytest.mark.rule("SR4-D10")
def test_teamwork_adds_the_helpers_hits_to_the_leaders_pool() -> None:
    enc = encounter()
    helper = tc.TeamHelper(combatant="c1", pool=tc.PoolSpec(attribute="AGI", skill=2))
    events = run(enc, tc.RollTeamworkTest(combatant="c2", pool=pool(skill=3), helpers=(helper,), threshold=2))
    helper_roll, leader_roll = events
    assert helper_roll.role == "helper" and leader_roll.role == "leader"
    assert ("pool.teamwork", helper_roll.counted_hits) in leader_roll.terms
    assert leader_roll.pool == ELF["AGI"] + 3 + helper_roll.counted_hits
    bad = tc.RollTeamworkTest(combatant="c2", pool=pool(), helpers=(tc.TeamHelper(combatant="c2", pool=pool()),))
    assert refused(enc, bad).key == "error.leader_helps_self"


@pytest.mark.rule("SR4-D6")
def test_extended_test_accumulates_hits_time_and_stops_at_the_roll_limit() -> None:
    enc = encounter()
    (started,) = run(enc, tc.StartExtendedTest(combatant="c1", pool=pool(skill=1), threshold=5, interval_minutes=30, label="Decrypt"))
    assert started.roll_limit == TROLL["AGI"] + 1  # default: the starting pool
    test = started.test
    _roll, progress = run(enc, tc.RollExtendedTest(test=test, faces=(5, 6, 2, 3)))
    assert (progress.rolls, progress.accumulated, progress.elapsed_minutes, progress.outcome) == (1, 2, 30, "continues")
    _roll, progress = run(enc, tc.RollExtendedTest(test=test, faces=(5, 5, 5, 2)))
    assert (progress.accumulated, progress.elapsed_minutes, progress.outcome) == (5, 60, "succeeded")
    assert refused(enc, tc.RollExtendedTest(test=test)).key == "error.extended_test_finished"
    (limited,) = run(enc, tc.StartExtendedTest(combatant="c1", pool=pool(skill=1), threshold=30, roll_limit=2))
    run(enc, tc.RollExtendedTest(test=limited.test, faces=(2, 2, 2, 3)))
    _roll, last = run(enc, tc.RollExtendedTest(test=limited.test, faces=(2, 2, 2, 3)))
    assert last.outcome == "limit_reached"
    run(enc, tc.EndExtendedTest(test=limited.test))
    assert limited.test not in enc.state.extended_tests


def test_ones_on_extras_option_reaches_the_spec() -> None:
    from gmtool.games.shadowrun.sr5.rules.preview import preview_test

    enc = encounter()
    assert preview_test(enc.state, "c1", pool(), edge_use=EdgeUse.ADD_BEFORE).spec.extras_ones_count
    run(enc, cmd.SetRuleOption(option="ones_on_extras_count", value=False))
    assert not preview_test(enc.state, "c1", pool(), edge_use=EdgeUse.ADD_BEFORE).spec.extras_ones_count


def test_limits_come_from_the_sheet() -> None:
    enc = encounter()
    sheet = enc.state.combatants["c2"].sheet
    # Physical (2·STR + BOD + REA)/3 = (4 + 3 + 5)/3 = 4; mental (6 + 5 + 4)/3 = 5; social (8 + 4 + 6)/3 = 6
    assert (sheet.physical_limit, sheet.mental_limit, sheet.social_limit) == (4, 5, 6)


# SR4-D11 (rules.md): "each retry of a failed, repeatable test takes a cumulative −2"; 004 digest
# 再試行: "失敗したばかりの行動を再び試みる場合 … ペナルティを受けます" — the first try's failure counts
# whether or not it was marked as a retry.
@pytest.mark.rule("SR4-D11")
def test_a_plain_first_try_that_fails_still_gives_the_retry_minus_two() -> None:
    enc = encounter()
    first = tc.RollTest(combatant="c1", pool=pool(skill=2), threshold=3, label="Climb", faces=(1, 2, 3, 4, 5))
    events = run(enc, first)  # not ticked as a retry: no penalty, but the failure is counted
    assert all(label != "pool.retry" for label, _ in events[0].terms)
    assert events[-1].kind == "retry_counted" and events[-1].count == 1
    rolled = run(enc, first.model_copy(update={"retry": True, "faces": (2, 3, 4)}))[0]
    assert ("pool.retry", -2) in rolled.terms  # one earlier failure: −2
    assert rolled.pool == TROLL["AGI"] + 2 - 2  # Grain: Agility + skill 2, −2
    passed = run(enc, first.model_copy(update={"label": "Swim", "faces": (5, 5, 6, 1, 1)}))
    assert [e.kind for e in passed] == ["dice_test_rolled"]  # a success counts nothing


@pytest.mark.rule("SR4-D5")
def test_an_opposed_test_refused_for_a_short_pool_names_whose_pool_it_is() -> None:
    """Issue 31: "pool −7" said nobody's. Grain's Reaction 4, no skill (defaulting −1) and −10: −7 dice for
    the opponent; Kestrel's Agility 6 + 2 − 12 = −4 for the actor (each refused, as before, but named)."""
    enc = encounter()
    short_opponent = refused(enc, tc.RollOpposedTest(
        combatant="c2", pool=pool(skill=5), opponent="c1", opponent_pool=tc.PoolSpec(attribute="REA", skill=0, modifier=-10),
    ))
    assert short_opponent.key == "error.opponent_pool_empty"
    assert short_opponent.args_for_message == {"name": "Grain", "pool": -7}
    assert "Grain" in short_opponent.message() and "-7" in short_opponent.message()
    short_actor = refused(enc, tc.RollOpposedTest(
        combatant="c2", pool=pool(skill=2, modifier=-12), opponent="c1", opponent_pool=tc.PoolSpec(attribute="REA", skill=2),
    ))
    assert short_actor.key == "error.pool_empty_of" and short_actor.args_for_message == {"name": "Kestrel", "pool": -4}
    no_dice = refused(enc, tc.RollOpposedTest(combatant="c2", pool=pool(skill=5), opponent_dice=0))
    assert no_dice.key == "error.opponent_dice_empty" and no_dice.args_for_message == {"pool": 0}
