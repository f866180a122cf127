"""SR4-X5 Matrix perception and SR4-X6 cybercombat (000 §5.4, §5.5).

Perception: Computer + Analyze (an agent, IC or sprite: Rating + Analyze); a hidden icon (PAN mode
hidden, SR4-X1) opposes with Hacking + Stealth, or Firewall + Stealth when it is a program or a
node; else a success test against the GM's threshold. A resonance signature: threshold 3 (SR4-T2).
Cybercombat: Cybercombat + attack program (or Rating + program) against Response + Firewall (+
Hacking or Rating on full defence); a tie misses; DV = the program's rating + net hits; resisted
with System + Armor to Matrix damage, or, when the attacker is black IC, with Willpower +
Biofeedback Filter to the user's stun (cold sim, AR) or physical damage (hot sim).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.decide_sheet import apply_damage
from gmtool.games.shadowrun.sr4.rules.matrix_decide import damaged
from gmtool.games.shadowrun.sr4.rules.matrix_phase import action_events
from gmtool.games.shadowrun.sr4.rules.matrix_pools import (
    hits_of,
    hot,
    icon,
    matrix,
    owner,
    program_term,
    situation_terms,
    skill_term,
)
from gmtool.games.shadowrun.sr4.rules.matrix_state import Icon
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

SIGNATURE_THRESHOLD = 3  # SR4-T2 (000 §6.2): Matrix perception (3)


def perception_terms(state: EncounterState, i: Icon) -> Terms:
    return (skill_term(state, i, "computer"), program_term(i, "analyze"), *situation_terms(state, i, perception=True))


def hiding_terms(state: EncounterState, target: Icon) -> Terms:
    """A persona: Hacking + Stealth; a program or node: Firewall + Stealth."""
    first = skill_term(state, target, "hacking") if target.sheet.kind == "persona" else (
        "matrix.attr.firewall", target.sheet.firewall)
    return (first, program_term(target, "stealth"), *situation_terms(state, target))


def hidden(target: Icon) -> bool:
    return target.pan == "hidden"


def _check_pool(terms: Terms) -> None:
    if pool_of(terms) <= 0:
        raise RulesError("error.pool_empty", pool=pool_of(terms))


def perceive(state: EncounterState, command: mx.MatrixPerception, rng: random.Random) -> list[Event]:
    i = icon(state, command.icon)
    terms = perception_terms(state, i)
    _check_pool(terms)
    events: list[Event] = action_events(state, i, command.charge_action, rng)
    name = i.sheet.name
    if command.signature is not None:
        signature = matrix(state).signatures.get(command.signature)
        if signature is None:
            raise RulesError("error.matrix_no_signature", signature=command.signature)
        target_name, opposed, needed = signature.name, False, SIGNATURE_THRESHOLD
    elif command.target is not None:
        target = icon(state, command.target)
        target_name, opposed = target.sheet.name, hidden(target)
        needed = command.threshold
    else:
        raise RulesError("error.matrix_no_target")
    hits = hits_of(name, "matrix.test.perception", "actor" if opposed else "test", terms, rng, command.faces,
                   events, 0 if opposed else needed)
    if opposed:
        needed = 1 + hits_of(target_name, "matrix.test.hide", "opponent", hiding_terms(state, target), rng,
                             command.target_faces, events)
    events.append(mx.PerceptionResolved(name=name, target_name=target_name, opposed=opposed, hits=hits,
                                        needed=needed, spotted=hits >= needed))
    return events


def attack_terms(state: EncounterState, i: Icon, program: str) -> Terms:
    return (skill_term(state, i, "cybercombat"), program_term(i, program), *situation_terms(state, i))


def defence_terms(state: EncounterState, target: Icon, full_defence: bool) -> Terms:
    terms: Terms = (("matrix.attr.response", target.sheet.response), ("matrix.attr.firewall", target.sheet.firewall))
    if full_defence:
        terms += (skill_term(state, target, "hacking"),)
    return terms + situation_terms(state, target)


def biofeedback(attacker: Icon, target: Icon, state: EncounterState) -> bool:
    """SR4-X6: black IC against a persona with a user: the user resists, Willpower + Biofeedback Filter."""
    return attacker.sheet.black_ic and target.sheet.kind == "persona" and owner(state, target) is not None


def resist_terms(state: EncounterState, attacker: Icon, target: Icon) -> tuple[Terms, str]:
    """The resistance pool and the track the damage goes to."""
    user = owner(state, target)
    if biofeedback(attacker, target, state) and user is not None:
        track = "physical" if hot(target) else "stun"
        return (("attr.WIL", user.sheet.attributes["WIL"]), program_term(target, "biofeedback_filter")), track
    return (("matrix.attr.system", target.sheet.system), program_term(target, "armor")), "matrix"


def cybercombat(state: EncounterState, command: mx.Cybercombat, rng: random.Random) -> list[Event]:
    attacker, target = icon(state, command.icon), icon(state, command.target)
    if command.program not in mx.ATTACK_PROGRAMS or attacker.sheet.programs.get(command.program, 0) < 1:
        raise RulesError("error.matrix_no_program", name=attacker.sheet.name, program=command.program)
    if attacker.id == target.id:
        raise RulesError("error.matrix_self_attack")
    terms = attack_terms(state, attacker, command.program)
    _check_pool(terms)
    events: list[Event] = action_events(state, attacker, command.charge_action, rng)
    hits = hits_of(attacker.sheet.name, "matrix.test.cybercombat", "actor", terms, rng, command.faces, events)
    defence = hits_of(target.sheet.name, "matrix.test.defence", "opponent",
                      defence_terms(state, target, command.full_defence), rng, command.defence_faces, events)
    hit = hits > defence  # a tie misses
    dv = attacker.sheet.programs[command.program] + hits - defence if hit else 0
    r_terms, track = resist_terms(state, attacker, target)
    resisted = hits_of(target.sheet.name, "matrix.test.resist", "test", r_terms, rng, command.resist_faces,
                       events) if hit else 0
    boxes = max(0, dv - resisted)
    events.append(mx.CyberAttackResolved(
        name=attacker.sheet.name, target_name=target.sheet.name, program=command.program, hits=hits,
        defence_hits=defence, hit=hit, dv=dv, resist_hits=resisted, boxes=boxes, track=track,
    ))
    if boxes and track == "matrix":
        events.append(damaged(target, boxes))
    elif boxes:
        user = owner(state, target)
        assert user is not None
        events.extend(apply_damage(state, cmd.ApplyDamage(combatant=user.id, track=track, boxes=boxes), rng))
    return events


HANDLERS: dict[str, Handler[EncounterState]] = {"matrix_perception": perceive, "cybercombat": cybercombat}
