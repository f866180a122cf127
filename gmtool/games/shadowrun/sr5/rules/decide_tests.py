"""SR5 handlers for dice tests and Edge bookkeeping (SR4-D4..D14, SR4-E1, SR5-E1..E3, X-1, X-2).

The dice themselves are the core's (:mod:`gmtool.games.shadowrun.rules.dice_tests`); this module
forms pools from sheets, spends and tracks Edge, and turns outcomes into events.
One Edge point per action: a test takes at most one Edge use, before or after.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gmtool.core.dice import roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.dice_spec import check_side
from gmtool.games.shadowrun.rules.dice_tests import (
    EdgeUse,
    Edition,
    TestOutcome,
    TestSpec,
    buy_hits,
    roll_test,
    typed_test,
)
from gmtool.games.shadowrun.rules.edge_points import refreshed
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules import dice_test_events as te
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.common import check_not_surprised_by
from gmtool.games.shadowrun.sr5.rules.common import combatant as _combatant
from gmtool.games.shadowrun.sr5.rules.effects import Side, effect_terms
from gmtool.games.shadowrun.sr5.rules.simple_test import Terms, limit_of, pool_of, pool_terms, retry_key
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState

AFTER_USES = (EdgeUse.ADD_AFTER, EdgeUse.REROLL_FAILURES, EdgeUse.NEGATE_GLITCH)
EDGE_PURPOSE = {
    EdgeUse.ADD_BEFORE: "push_before",
    EdgeUse.ADD_AFTER: "push_after",
    EdgeUse.REROLL_FAILURES: "second_chance",
    EdgeUse.NEGATE_GLITCH: "close_call",
    EdgeUse.CRITICAL_SUCCESS: "critical_success",
}


def _spend(c: Combatant, use: EdgeUse) -> list[Event]:
    """The EdgeSpent event for a use, or nothing when no Edge is used."""
    if use is EdgeUse.NONE:
        return []
    points = c.sheet.edge_points
    if points < 1:
        raise RulesError("error.no_edge", name=c.sheet.name)
    return [
        ev.EdgeSpent(combatant=c.id, name=c.sheet.name, purpose=EDGE_PURPOSE[use], before=points, after=points - 1)
    ]


def spec_for(state: EncounterState, c: Combatant, pool: int, threshold: int, limit: int | None, use: EdgeUse) -> TestSpec:
    return TestSpec(
        edition=Edition.SR5,
        pool=pool,
        threshold=threshold,
        limit=limit,
        edge=c.sheet.attributes["EDG"],
        edge_use=use,
        extras_ones_count=state.options.get("ones_on_extras_count", True),
    )


def _event(c: Combatant, label: str, role: str, terms: Terms, o: TestOutcome) -> te.DiceTestRolled:
    s = o.spec
    return te.DiceTestRolled(
        combatant=c.id, name=c.sheet.name, label=label, role=role, terms=terms, pool=s.pool,
        threshold=s.threshold, limit=s.limit, edge=s.edge, edge_use=s.edge_use,
        dice=tuple((d.face, d.source, d.replaced) for d in o.dice), hits=o.hits, counted_hits=o.counted_hits,
        ones=o.ones, glitch=o.glitch, critical_glitch=o.critical_glitch, glitch_negated=o.glitch_negated,
        reroll_refused=o.reroll_refused, typed=o.typed, bought=o.bought,
    )


def terms_for(state: EncounterState, c: Combatant, pool: tc.PoolSpec, side: Side, retries: int = 0) -> Terms:
    """The pool breakdown: sheet terms, then the modifiers of the holder's effects on this side."""
    return pool_terms(c.sheet, pool, retries) + effect_terms(state, c.id, side)


def _resolve(spec: TestSpec, rng: random.Random, faces: tuple[int, ...] | None, rerolls: tuple[int, ...] | None) -> TestOutcome:
    if spec.edge_use in AFTER_USES and faces is None:
        raise RulesError("error.edge_after_use_button")
    if faces is not None:
        return typed_test(spec, faces, rerolls or ())
    return roll_test(spec, rng)


def roll_test_command(state: EncounterState, command: tc.RollTest, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    key = retry_key(command.pool, command.label)
    retries = c.retries.get(key, 0) if command.retry else 0
    terms = terms_for(state, c, command.pool, "test", retries)
    spec = spec_for(state, c, pool_of(terms), command.threshold, limit_of(c.sheet, command.pool), command.edge_use)
    if command.buy_hits:
        if command.edge_use is not EdgeUse.NONE:
            raise RulesError("error.buy_hits_no_edge")
        outcome = buy_hits(spec)
    else:
        outcome = _resolve(spec, rng, command.faces, command.reroll_faces)
    events: list[Event] = [*_spend(c, command.edge_use), _event(c, command.label, "test", terms, outcome)]
    if command.threshold and not command.buy_hits and not outcome.success:  # counted ticked or not (SR4-D11)
        events.append(te.RetryCounted(combatant=c.id, name=c.sheet.name, key=key, count=c.retries.get(key, 0) + 1))
    return events


def _new_dice(last_faces: tuple[int, ...], use: EdgeUse, edge: int, rng: random.Random) -> tuple[int, ...]:
    """Dice rolled for an Edge use after the roll: SR5 adds Edge dice without the rule of six."""
    if use is EdgeUse.ADD_AFTER:
        return roll_d6(rng, edge)
    if use is EdgeUse.REROLL_FAILURES:
        return roll_d6(rng, sum(1 for f in last_faces if f < 5))
    return ()


def use_edge_after(state: EncounterState, command: tc.UseEdgeAfter, rng: random.Random) -> list[Event]:
    """SR5-E1 (after), SR5-E2, SR5-E3 on the combatant's last test."""
    c = _combatant(state, command.combatant)
    last = c.last_test
    if last is None:
        raise RulesError("error.no_last_test", name=c.sheet.name)
    if command.edge_use not in AFTER_USES:
        raise RulesError("error.edge_use_edition")
    if last.edge_used:
        raise RulesError("error.edge_once_per_action", name=c.sheet.name)
    if command.edge_use is EdgeUse.NEGATE_GLITCH and not last.glitch:
        raise RulesError("error.no_glitch_to_negate", name=c.sheet.name)
    spec = spec_for(state, c, last.pool, last.threshold, last.limit, command.edge_use)
    new = command.faces if command.faces is not None else _new_dice(last.faces, command.edge_use, spec.edge, rng)
    if command.edge_use is EdgeUse.REROLL_FAILURES:
        outcome = typed_test(spec, last.faces, new)
    else:
        outcome = typed_test(spec, last.faces + new)
    outcome = replace(outcome, typed=last.typed or command.faces is not None)
    return [*_spend(c, command.edge_use), _event(c, last.label, "edge_after", last.terms, outcome)]


def roll_opposed(state: EncounterState, command: tc.RollOpposedTest, rng: random.Random) -> list[Event]:
    """SR4-D5: both roll; the actor needs more hits than the opponent (ties to the defender).

    A test of the test box, not an attack: effects for attacks (taking aim) and for defence
    tests against attacks (Full Defence, Block, Dodge, Parry: SR5-N1/N2/N5/N6) neither apply
    nor get used up; the attack panel rolls attacks and their defences.
    """
    c = _combatant(state, command.combatant)
    terms = terms_for(state, c, command.pool, "test")
    spec = spec_for(state, c, pool_of(terms), 0, limit_of(c.sheet, command.pool), command.edge_use)
    check_side(spec, c.sheet.name)  # a pool of 0 or less: refused naming whose it is (issue 31)
    actor = _resolve(spec, rng, command.faces, None)
    events: list[Event] = [*_spend(c, command.edge_use), _event(c, command.label, "actor", terms, actor)]
    if command.opponent is not None:
        o = _combatant(state, command.opponent)
        check_not_surprised_by(state, c.id, o.id)
        if command.opponent_pool is None:
            raise RulesError("error.opponent_pool_missing")
        o_terms = terms_for(state, o, command.opponent_pool, "test")
        o_spec = spec_for(state, o, pool_of(o_terms), 0, limit_of(o.sheet, command.opponent_pool), EdgeUse.NONE)
        check_side(o_spec, o.sheet.name, opponent=True)
        opponent = _resolve(o_spec, rng, command.opponent_faces, None)
        events.append(_event(o, command.label, "opponent", o_terms, opponent))
        opponent_id = o.id
    else:
        o_terms = (("pool.opponent_dice", command.opponent_dice),)
        o_spec = spec_for(state, c, command.opponent_dice, 0, None, EdgeUse.NONE)
        check_side(o_spec, "", opponent=True)
        opponent = _resolve(o_spec, rng, command.opponent_faces, None)
        events.append(_plain_opponent_event(c, command.label, o_terms, opponent))
        opponent_id = ""
    wins = actor.counted_hits > opponent.counted_hits
    events.append(
        te.OpposedTestResolved(
            actor=c.id, opponent=opponent_id, actor_hits=actor.counted_hits, opponent_hits=opponent.counted_hits,
            actor_wins=wins, net_hits=max(0, actor.counted_hits - opponent.counted_hits),
        )
    )
    return events


def _plain_opponent_event(c: Combatant, label: str, terms: Terms, outcome: TestOutcome) -> te.DiceTestRolled:
    event = _event(c, label, "opponent", terms, outcome)
    return event.model_copy(update={"combatant": "", "name": ""})


def roll_teamwork(state: EncounterState, command: tc.RollTeamworkTest, rng: random.Random) -> list[Event]:
    """SR4-D10: helpers roll skill + attribute first; their hits join the leader's pool."""
    leader = _combatant(state, command.combatant)
    events: list[Event] = []
    helper_hits = 0
    for helper in command.helpers:
        h = _combatant(state, helper.combatant)
        if h.id == leader.id:
            raise RulesError("error.leader_helps_self", name=h.sheet.name)
        terms = terms_for(state, h, helper.pool, "test")
        outcome = roll_test(spec_for(state, h, pool_of(terms), 0, limit_of(h.sheet, helper.pool), EdgeUse.NONE), rng)
        helper_hits += outcome.counted_hits
        events.append(_event(h, command.label, "helper", terms, outcome))
    terms = terms_for(state, leader, command.pool, "test") + (("pool.teamwork", helper_hits),)
    spec = spec_for(state, leader, pool_of(terms), command.threshold, limit_of(leader.sheet, command.pool), command.edge_use)
    outcome = roll_test(spec, rng)
    return events + [*_spend(leader, command.edge_use), _event(leader, command.label, "leader", terms, outcome)]


def clear_retries(state: EncounterState, command: tc.ClearRetries, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    if not c.retries:
        raise RulesError("error.no_retries", name=c.sheet.name)
    return [te.RetriesCleared(combatant=c.id, name=c.sheet.name)]


def burn_edge(state: EncounterState, command: tc.BurnEdge, rng: random.Random) -> list[Event]:
    """SR4-E1: the attribute drops by one for good; current points cannot exceed it."""
    c = _combatant(state, command.combatant)
    edge = c.sheet.attributes["EDG"]
    if edge < 1:
        raise RulesError("error.no_edge_to_burn", name=c.sheet.name)
    return [
        te.EdgeBurnt(
            combatant=c.id, name=c.sheet.name, attribute_before=edge, attribute_after=edge - 1,
            points_after=min(c.sheet.edge_points, edge - 1),
        )
    ]


def refresh_edge(state: EncounterState, command: tc.RefreshEdge, rng: random.Random) -> list[Event]:
    """SR4-E1: points back to the attribute, at the GM's call (one combatant or all)."""
    return [*refreshed([_combatant(state, command.combatant)] if command.combatant else state.combatants.values())]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "roll_test": roll_test_command,
    "use_edge_after": use_edge_after,
    "roll_opposed_test": roll_opposed,
    "roll_teamwork_test": roll_teamwork,
    "clear_retries": clear_retries,
    "burn_edge": burn_edge,
    "refresh_edge": refresh_edge,
}
