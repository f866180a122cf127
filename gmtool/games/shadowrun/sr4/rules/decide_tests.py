"""SR4 handlers for dice tests and Edge (SR4-D1..D14, SR4-E1..E5, E8, E10; X-1, X-2).

The dice are the shared engine's (:mod:`gmtool.games.shadowrun.rules.dice_tests`, edition SR4:
the glitch is half or more of the dice rolled, SR4-D2; no limits). This module forms pools from
the sheet, spends, burns and tracks Edge, and turns outcomes into the shared test events.
One Edge point per action (SR4-E1): a test takes one Edge use, before or after the roll.
SR4's Edge after the roll differs from SR5's: the added Edge dice follow the rule of six
(SR4-E3), and failures may be rerolled after a glitch (SR4-E4; the digest forbids nothing).
"""

from __future__ import annotations

import random
from dataclasses import replace

from gmtool.core.dice import FACES, roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice import HIT_MIN
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
from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of, pool_terms, retry_key
from gmtool.games.shadowrun.sr4.rules.common import combatant, spend_edge
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

AFTER_USES = (EdgeUse.ADD_AFTER, EdgeUse.REROLL_FAILURES, EdgeUse.NEGATE_GLITCH)  # SR4-E3, E4, E8
ROLL_USES = (EdgeUse.NONE, EdgeUse.ADD_BEFORE)  # opposed, teamwork and extended rolls (SR4-E2, E5)
PURPOSE = {  # the log's words for the point spent (edge.<purpose>, as the attack's Edge uses)
    EdgeUse.ADD_BEFORE: "sr4_before",
    EdgeUse.ADD_AFTER: "sr4_after",
    EdgeUse.REROLL_FAILURES: "sr4_reroll",
    EdgeUse.NEGATE_GLITCH: "sr4_negate_glitch",
}


def spec_for(c: Combatant, pool: int, threshold: int, use: EdgeUse) -> TestSpec:
    return TestSpec(edition=Edition.SR4, pool=pool, threshold=threshold, edge=c.sheet.attributes["EDG"], edge_use=use)


def terms_for(state: EncounterState, c: Combatant, pool: tc.PoolSpec, retries: int = 0) -> Terms:
    """The pool breakdown: attribute + skill (or defaulting), wounds, modifier, retries, then effects."""
    if pool.limit != "none":
        raise RulesError("error.sr4_no_limits")
    return pool_terms(c.sheet, pool, retries) + effect_terms(state, c.id, "test")


def pay_edge(c: Combatant, use: EdgeUse) -> list[Event]:
    """SR4-E1: spend a point (burn one for SR4-E10's critical success); nothing without Edge."""
    if use is EdgeUse.NONE:
        return []
    if use is EdgeUse.CRITICAL_SUCCESS:
        return [burnt(c)]
    return [spend_edge(c, PURPOSE[use])]


def burnt(c: Combatant) -> te.EdgeBurnt:
    """SR4-E1: the attribute drops by one for good; the points cannot exceed it."""
    edge = c.sheet.attributes["EDG"]
    if edge < 1:
        raise RulesError("error.no_edge_to_burn", name=c.sheet.name)
    return te.EdgeBurnt(
        combatant=c.id, name=c.sheet.name, attribute_before=edge, attribute_after=edge - 1,
        points_after=min(c.sheet.edge_points, edge - 1),
    )


def rolled_event(c: Combatant, label: str, role: str, terms: Terms, o: TestOutcome) -> te.DiceTestRolled:
    s = o.spec
    return te.DiceTestRolled(
        combatant=c.id, name=c.sheet.name, label=label, role=role, terms=terms, pool=s.pool,
        threshold=s.threshold, limit=None, edge=s.edge, edge_use=s.edge_use,
        dice=tuple((d.face, d.source, d.replaced) for d in o.dice), hits=o.hits, counted_hits=o.counted_hits,
        ones=o.ones, glitch=o.glitch, critical_glitch=o.critical_glitch, glitch_negated=o.glitch_negated,
        typed=o.typed, bought=o.bought,
    )


def resolve(spec: TestSpec, rng: random.Random, faces: tuple[int, ...] | None) -> TestOutcome:
    """Rolled, or the faces typed at the table (X-2); Edge after the roll has its own command."""
    if spec.edge_use in AFTER_USES:
        raise RulesError("error.edge_after_use_button")
    return typed_test(spec, faces) if faces is not None else roll_test(spec, rng)


def check_roll_use(use: EdgeUse) -> None:
    """Opposed, teamwork and extended rolls: Edge before the roll only (SR4-E10 needs a success test)."""
    if use is EdgeUse.CRITICAL_SUCCESS:
        raise RulesError("error.sr4_burn_success_only")
    if use not in ROLL_USES:
        raise RulesError("error.edge_use_edition")


def roll_test_command(state: EncounterState, command: tc.RollTest, rng: random.Random) -> list[Event]:
    """SR4-D4 success test (threshold 0: hits only), D8 defaulting, D11 retries, D12 buying hits, E2/E5/E10."""
    c = combatant(state, command.combatant)
    key = retry_key(command.pool, command.label)
    retries = c.retries.get(key, 0) if command.retry else 0
    terms = terms_for(state, c, command.pool, retries)
    spec = spec_for(c, pool_of(terms), command.threshold, command.edge_use)
    if command.buy_hits:
        if command.edge_use is not EdgeUse.NONE:
            raise RulesError("error.buy_hits_no_edge")
        outcome = buy_hits(spec)
    else:
        outcome = resolve(spec, rng, command.faces)
    events: list[Event] = [*pay_edge(c, command.edge_use), rolled_event(c, command.label, "test", terms, outcome)]
    if command.threshold and not command.buy_hits and not outcome.success:
        events.append(te.RetryCounted(combatant=c.id, name=c.sheet.name, key=key, count=c.retries.get(key, 0) + 1))
    return events


def _added_dice(edge: int, rng: random.Random) -> tuple[int, ...]:
    """SR4-E3: Edge dice, and the rule of six on them (SR4-D13): each six adds a die, recursively."""
    faces = roll_d6(rng, edge)
    pending = faces.count(FACES)
    while pending:
        extras = roll_d6(rng, pending)
        faces += extras
        pending = extras.count(FACES)
    return faces


def use_edge_after(state: EncounterState, command: tc.UseEdgeAfter, rng: random.Random) -> list[Event]:
    """SR4-E3 (add Edge dice), E4 (reroll the failures), E8 (negate the glitch) on the last test."""
    c = combatant(state, command.combatant)
    last = c.last_test
    if last is None:
        raise RulesError("error.no_last_test", name=c.sheet.name)
    if command.edge_use not in AFTER_USES:
        raise RulesError("error.edge_use_edition")
    if last.edge_used:
        raise RulesError("error.edge_once_per_action", name=c.sheet.name)
    if command.edge_use is EdgeUse.NEGATE_GLITCH and not last.glitch:
        raise RulesError("error.sr4_no_glitch_to_negate", name=c.sheet.name)
    if command.edge_use is EdgeUse.ADD_AFTER and last.pool < 1:
        raise RulesError("error.add_after_needs_pool")
    spec = spec_for(c, last.pool, last.threshold, command.edge_use)
    new = command.faces
    if new is None and command.edge_use is EdgeUse.ADD_AFTER:
        new = _added_dice(spec.edge, rng)
    elif new is None and command.edge_use is EdgeUse.REROLL_FAILURES:
        new = roll_d6(rng, sum(1 for f in last.faces if f < HIT_MIN))
    if command.edge_use is EdgeUse.REROLL_FAILURES:
        outcome = typed_test(spec, last.faces, new or ())
    else:
        outcome = typed_test(spec, last.faces + (new or ()))
    outcome = replace(outcome, typed=last.typed or command.faces is not None)
    return [*pay_edge(c, command.edge_use), rolled_event(c, last.label, "edge_after", last.terms, outcome)]


def roll_opposed(state: EncounterState, command: tc.RollOpposedTest, rng: random.Random) -> list[Event]:
    """SR4-D5: both roll; the actor needs more hits than the opponent (a tie goes to the defender)."""
    check_roll_use(command.edge_use)
    c = combatant(state, command.combatant)
    terms = terms_for(state, c, command.pool)
    actor = resolve(spec_for(c, pool_of(terms), 0, command.edge_use), rng, command.faces)
    events: list[Event] = [*pay_edge(c, command.edge_use), rolled_event(c, command.label, "actor", terms, actor)]
    opponent_id = ""
    if command.opponent is not None:
        o = combatant(state, command.opponent)
        if state.pass_number <= 1 and o.id in c.surprised_by:  # SR4-C9
            raise RulesError("error.sr4_surprised_target", name=c.sheet.name, target=o.sheet.name)
        if command.opponent_pool is None:
            raise RulesError("error.opponent_pool_missing")
        o_terms = terms_for(state, o, command.opponent_pool)
        opponent = resolve(spec_for(o, pool_of(o_terms), 0, EdgeUse.NONE), rng, command.opponent_faces)
        events.append(rolled_event(o, command.label, "opponent", o_terms, opponent))
        opponent_id = o.id
    else:
        o_terms = (("pool.opponent_dice", command.opponent_dice),)
        opponent = resolve(plain_spec(command.opponent_dice), rng, command.opponent_faces)
        events.append(rolled_event(c, command.label, "opponent", o_terms, opponent).model_copy(
            update={"combatant": "", "name": ""}))
    events.append(te.OpposedTestResolved(
        actor=c.id, opponent=opponent_id, actor_hits=actor.hits, opponent_hits=opponent.hits,
        actor_wins=actor.hits > opponent.hits, net_hits=max(0, actor.hits - opponent.hits),
    ))
    return events


def plain_spec(dice: int) -> TestSpec:
    """An opponent that is only a number of dice (no sheet, no Edge)."""
    return TestSpec(edition=Edition.SR4, pool=dice)


def roll_teamwork(state: EncounterState, command: tc.RollTeamworkTest, rng: random.Random) -> list[Event]:
    """SR4-D10: each helper rolls skill + attribute; the leader's pool gains the helpers' hits."""
    check_roll_use(command.edge_use)
    leader = combatant(state, command.combatant)
    events: list[Event] = []
    helper_hits = 0
    for helper in command.helpers:
        h = combatant(state, helper.combatant)
        if h.id == leader.id:
            raise RulesError("error.leader_helps_self", name=h.sheet.name)
        terms = terms_for(state, h, helper.pool)
        outcome = roll_test(spec_for(h, pool_of(terms), 0, EdgeUse.NONE), rng)
        helper_hits += outcome.hits
        events.append(rolled_event(h, command.label, "helper", terms, outcome))
    terms = terms_for(state, leader, command.pool) + (("pool.teamwork", helper_hits),)
    outcome = roll_test(spec_for(leader, pool_of(terms), command.threshold, command.edge_use), rng)
    return events + [*pay_edge(leader, command.edge_use), rolled_event(leader, command.label, "leader", terms, outcome)]


def clear_retries(state: EncounterState, command: tc.ClearRetries, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    if not c.retries:
        raise RulesError("error.no_retries", name=c.sheet.name)
    return [te.RetriesCleared(combatant=c.id, name=c.sheet.name)]


def burn_edge(state: EncounterState, command: tc.BurnEdge, rng: random.Random) -> list[Event]:
    """SR4-E1: burning lowers the Edge attribute for good."""
    return [burnt(combatant(state, command.combatant))]


def refresh_edge(state: EncounterState, command: tc.RefreshEdge, rng: random.Random) -> list[Event]:
    """SR4-E1: points back to the attribute, at the GM's call (one combatant or all)."""
    return [*refreshed([combatant(state, command.combatant)] if command.combatant else state.combatants.values())]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "roll_test": roll_test_command,
    "use_edge_after": use_edge_after,
    "roll_opposed_test": roll_opposed,
    "roll_teamwork_test": roll_teamwork,
    "clear_retries": clear_retries,
    "burn_edge": burn_edge,
    "refresh_edge": refresh_edge,
}
