"""SR4-X2 hacking on the fly and SR4-X3 probing (000 §5.2): extended tests for a personal account.

On the fly: Hacking + Exploit (threshold the node's Firewall, interval one initiative pass); each
time the hacker rolls, the node rolls an extended Analyze + Firewall test with the hacker's Stealth
as threshold; reaching it detects the hacker. Probing: Hacking + Exploit (threshold System +
Firewall, interval one hour in VR, one day in AR); the node rolls once, Analyze + Firewall
(Stealth), when the hacker logs in with the account. A critical glitch ends the hack (SR4-D6).
In a combat turn an interval on the fly is a complex action of the persona's user (:mod:`.matrix_phase`).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.matrix_phase import action_events
from gmtool.games.shadowrun.sr4.rules.matrix_pools import (
    hits_of,
    icon,
    matrix,
    program_term,
    roll,
    rolled,
    situation_terms,
    skill_term,
)
from gmtool.games.shadowrun.sr4.rules.matrix_state import Hack, Icon
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

HACKERS = ("persona", "agent")


def hacker_terms(state: EncounterState, i: Icon) -> Terms:
    """Hacking + Exploit (an agent: Rating + Exploit), then hot sim, wounds, threads."""
    return (skill_term(state, i, "hacking"), program_term(i, "exploit"), *situation_terms(state, i))


def node_terms(node: Icon) -> Terms:
    """The node's Analyze + Firewall (its detection test)."""
    return (program_term(node, "analyze"), ("matrix.attr.firewall", node.sheet.firewall))


def thresholds(hacker: Icon, node: Icon, method: str) -> tuple[int, int]:
    """(the hack's threshold, the detection threshold = the hacker's Stealth)."""
    threshold = node.sheet.firewall if method == "on_the_fly" else node.sheet.system + node.sheet.firewall
    return max(1, threshold), hacker.sheet.programs.get("stealth", 0)


def start_hack(state: EncounterState, command: mx.StartHack, rng: random.Random) -> list[Event]:
    hacker, node = icon(state, command.icon), icon(state, command.node)
    if hacker.sheet.kind not in HACKERS:
        raise RulesError("error.matrix_not_a_hacker", name=hacker.sheet.name)
    if node.sheet.kind != "node":
        raise RulesError("error.matrix_not_a_node", name=node.sheet.name)
    if any(h.icon == hacker.id and h.node == node.id and not h.finished for h in matrix(state).hacks.values()):
        raise RulesError("error.matrix_hack_running", name=hacker.sheet.name, node=node.sheet.name)
    threshold, detect = thresholds(hacker, node, command.method)
    interval = "pass" if command.method == "on_the_fly" else ("day" if hacker.sim == "ar" else "hour")
    return [mx.HackStarted(
        hack=matrix(state).next_hack, icon=hacker.id, name=hacker.sheet.name, node=node.id,
        node_name=node.sheet.name, method=command.method, threshold=threshold, detect_threshold=detect,
        interval=interval,
    )]


def hack_of(state: EncounterState, hack_id: int) -> Hack:
    hack = matrix(state).hacks.get(hack_id)
    if hack is None:
        raise RulesError("error.matrix_no_hack", hack=hack_id)
    if hack.finished:
        raise RulesError("error.matrix_hack_finished", hack=hack_id)
    return hack


def roll_hack(state: EncounterState, command: mx.RollHack, rng: random.Random) -> list[Event]:
    """One interval: the hacker's roll, and the node's detection roll (on the fly; probing: at login)."""
    hack = hack_of(state, command.hack)
    hacker, node = icon(state, hack.icon), icon(state, hack.node)
    terms = hacker_terms(state, hacker)
    if pool_of(terms) <= 0:
        raise RulesError("error.pool_empty", pool=pool_of(terms))
    events: list[Event] = action_events(state, hacker, command.charge_action and hack.method == "on_the_fly", rng)
    outcome = roll(terms, rng, command.faces)
    events.append(rolled(hacker.sheet.name, "matrix.test.hack", "extended", terms, outcome))
    total = hack.accumulated + outcome.hits
    account = total >= hack.threshold and not outcome.critical_glitch
    node_total, detected = hack.node_accumulated, hack.detected
    if hack.method == "on_the_fly" and not detected:
        node_total += hits_of(node.sheet.name, "matrix.test.detect", "extended", node_terms(node), rng,
                              command.node_faces, events)
        detected = node_total >= hack.detect_threshold
    elif hack.method == "probe" and account:  # the single test at login
        detect_hits = hits_of(node.sheet.name, "matrix.test.detect", "test", node_terms(node), rng,
                              command.node_faces, events, hack.detect_threshold)
        detected = detect_hits >= hack.detect_threshold
    events.append(mx.HackProgressed(
        hack=hack.id, name=hacker.sheet.name, node_name=node.sheet.name, rolls=hack.rolls + 1, accumulated=total,
        threshold=hack.threshold, node_accumulated=node_total, detect_threshold=hack.detect_threshold,
        account=account, detected=detected, finished=account or outcome.critical_glitch,
    ))
    return events


HANDLERS: dict[str, Handler[EncounterState]] = {"start_hack": start_hack, "roll_hack": roll_hack}
