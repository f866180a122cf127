"""Reaction attacks in the race (BR-18), from the digest's リアクション攻撃 section: who may react, and
the reaction window the journal holds.

A passive gear that has not activated this round and has an action left may spend it now (it has no
action for it when it activates). Condition A: the active gear is about to leave a hex of the passive
gear's front arc within the reach (maximum range) of one of its melee weapons — the step is held, the
active gear may first turn or attack (that attack is held too), and the reaction is a melee attack.
Condition B: the active gear's attack makes the passive gear its target for the first time this round
(rule option: the first time by that gear) and the passive gear has lock on the attacker (front arc,
clear line; in table mode the GM judges the lock and answers "no reaction" without it). A jump never
holds a step: no reaction to a jump (digest: 飛び越えたヘクスからリアクション攻撃を受けない).

Every offered gear answers (react with a weapon, or no reaction); then the held attack and the
reactions are rolled together and their effects applied after all (:mod:`.race_reaction_resolve`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, distance
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race_attack import AttackPreview, checked, plan, preview
from gmtool.games.badlands_rally.rules.race_map import sight_ground
from gmtool.games.badlands_rally.rules.race_reaction_resolve import Stepper, as_reactor, resolve
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.reaction_window import ReactionWindow
from gmtool.games.badlands_rally.rules.rounds import attack_reaction, melee_reaction
from gmtool.games.badlands_rally.rules.scenario_rules import no_attack_reason

EACH_ATTACKER = "br_reaction_each_attacker"  # rule option: condition B for each attacker's first attack


def may_react(state: RaceState, gear: RaceGear) -> bool:
    """Passive, not yet activated this round, an action left, a weapon, not waiting to recover, and attacks
    allowed (not round 1 of the gentlemen's sport)."""
    return (gear.id != state.current and not gear.out and not gear.activated and gear.reacted < gear.actions
            and bool(gear.weapons) and (gear.hull > 0 or gear.structure > 0) and no_attack_reason(state) is None)


def melee_reach(gear: RaceGear) -> int:
    return max((w.maximum for w in gear.weapons if w.has("melee")), default=0)


def melee_reactors(state: RaceState, active: str, leaving: Hex, entering: Hex) -> Iterator[RaceGear]:
    """Condition A: the passive gears whose front arc the active gear leaves within melee reach."""
    for gear in state.gears.values():
        if gear.id == active or not may_react(state, gear):
            continue
        reach = melee_reach(gear)
        if reach and melee_reaction(gear.hex, gear.facing, reach, leaving, entering, passive_acted=False):
            yield gear


def attack_reacts(state: RaceState, attacker: RaceGear, target: RaceGear, readings: RuleReadings) -> bool:
    """Condition B: the target's first time as a target this round, with lock on the attacker."""
    if not may_react(state, target):
        return False
    first = attacker.id not in target.targeted_by if readings.book(EACH_ATTACKER) else not target.targeted_by
    if state.table_mode or state.course is None:
        return first  # the GM judges the lock at the table
    ground, _cone = sight_ground(state.course, readings)
    others = [g.hex for g in state.gears.values() if g.id not in (attacker.id, target.id) and not g.out]
    return attack_reaction(target.hex, target.facing, attacker.hex, first, False, ground, others)


def reaction_preview(state: RaceState, draft: m.AttackGear, readings: RuleReadings) -> AttackPreview:
    """The reaction's plan and odds before the roll, or why the passive gear cannot react so."""
    window = state.reaction
    reason = window.reason(draft.attacker) if window is not None else None
    if window is None or reason is None:
        return AttackPreview(refusal=RulesError("error.br_no_reaction_offered", name=draft.attacker).message())
    react = r.React(gear=draft.attacker, weapon=draft.weapon, table=draft.table)
    try:
        _reaction_attack(state, react, reason, window, readings)
    except RulesError as exc:
        return AttackPreview(refusal=exc.message())
    return preview(as_reactor(state, draft.attacker), draft, readings)


def intercept(state: RaceState, command: Command, rng: random.Random, readings: RuleReadings,
              step: Stepper) -> tuple[Event, ...] | None:
    """The command's events when a reaction window opens, grows, answers or refuses; None: decided as usual.
    ``step`` decides a step as usual (its refusals; the held step made when the window closes)."""
    window = state.reaction
    if isinstance(command, r.React | r.DeclineReaction):
        return _answer(state, command, rng, readings, step)
    if window is None:
        if isinstance(command, m.StepGear):
            return _step_held(state, command, step)
        if isinstance(command, m.AttackGear):
            return _attack_held(state, command, readings, None)
        return None
    turning = isinstance(command, m.StepGear) and command.step in ("left", "right")
    if turning and window.step is not None and window.attack is None:
        return None  # the active gear turns before it leaves the hex
    if isinstance(command, m.AttackGear) and window.step is not None and window.attack is None:
        return _attack_held(state, command, readings, window)
    if isinstance(command, m.EditGear):
        return None
    names = ", ".join(state.gears[g].name for g, _why in window.offers)
    raise RulesError("error.br_reactions_waiting", names=names)


def _step_held(state: RaceState, command: m.StepGear, step: Stepper) -> tuple[Event, ...] | None:
    stepped = step(state, command)  # its refusals first
    if stepped.before == stepped.after:
        return None
    offers = tuple(r.ReactionOffer(gear=g.id, name=g.name, reason="melee")
                   for g in melee_reactors(state, command.gear, hex_of(stepped.before), hex_of(stepped.after)))
    if not offers:
        return None
    return (r.ReactionOffered(gear=command.gear, name=stepped.name, offers=offers, step=command.step,
                              left=stepped.before),)


def _attack_held(state: RaceState, command: m.AttackGear, readings: RuleReadings,
                 window: ReactionWindow | None) -> tuple[Event, ...] | None:
    attacker, target, weapon = checked(state, command)
    plan(state, attacker, target, weapon, command.table, readings)  # its refusals first
    answered = window is not None and (window.reason(target.id) is not None
                                       or any(a.attacker == target.id for a in window.reactions))
    offers = () if answered or not attack_reacts(state, attacker, target, readings) else (
        r.ReactionOffer(gear=target.id, name=target.name, reason="attacked"),)
    if window is None and not offers:
        return None
    return (r.ReactionOffered(gear=attacker.id, name=attacker.name, offers=offers, attack=command,
                              target_name=target.name),)


def _answer(state: RaceState, command: r.React | r.DeclineReaction, rng: random.Random,
            readings: RuleReadings, step: Stepper) -> tuple[Event, ...]:
    window = state.reaction
    gear = state.gears.get(command.gear)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=command.gear)
    reason = window.reason(gear.id) if window is not None else None
    if window is None or reason is None:
        raise RulesError("error.br_no_reaction_offered", name=gear.name)
    active = state.gears[window.active]
    attack = _reaction_attack(state, command, reason, window, readings) if isinstance(command, r.React) else None
    chosen = r.ReactionChosen(gear=gear.id, attacker_name=gear.name, target=active.id, name=active.name,
                              reason=reason, attack=attack,
                              weapon=gear.weapons[attack.weapon].name if attack is not None else "")
    if len(window.offers) > 1:
        return (chosen,)
    done = replace(window, offers=(), reactions=(*window.reactions, attack) if attack else window.reactions)
    return (chosen, *resolve(state, done, rng, readings, step))


def _reaction_attack(state: RaceState, command: r.React, reason: str, window: ReactionWindow,
                     readings: RuleReadings) -> m.AttackGear:
    """The reaction as an attack on the active gear, checked now (condition A: a melee weapon in reach)."""
    attack = m.AttackGear(attacker=command.gear, target=window.active, weapon=command.weapon,
                          attack_faces=command.attack_faces, defence_faces=command.defence_faces,
                          damage_faces=command.damage_faces, table=command.table)
    view = as_reactor(state, command.gear)
    gear, target, weapon = checked(view, attack)
    if reason == "melee":
        if not weapon.has("melee"):
            raise RulesError("error.br_reaction_melee_only", name=gear.name, weapon=weapon.name)
        if not state.table_mode and distance(gear.hex, hex_of(window.left)) > weapon.maximum:
            raise RulesError("error.br_reaction_out_of_reach", weapon=weapon.name, reach=weapon.maximum)
    plan(view, gear, target, weapon, command.table, readings)
    return attack


def recovers_after_reaction(gear: RaceGear) -> bool:
    """It spent its action on a reaction and has no hits left: it recovers 1 hit all the same (BR-17)."""
    return bool(gear.reacted) and gear.hull == 0 and gear.structure == 0 and gear.actions_used >= gear.actions


def borrowed_recovery(state: RaceState, command: m.Recover, hull_first: bool) -> m.Recovered | None:
    """BR-17 after a reaction (digest lines 490-492): a gear that spent its action before it activated and
    has no hits left recovers all the same when it activates, 1 hit, no die (to the structure first, or the
    hull with the option). None: the usual recovery applies."""
    gear = state.gears.get(command.gear)
    if gear is None or state.current != gear.id or not recovers_after_reaction(gear):
        return None
    if gear.speed != "cruising":
        raise RulesError("error.br_recover_cruising" if gear.speed else "error.br_declare_first", name=gear.name)
    hull = 1 if hull_first and gear.hull_max else 0
    return m.Recovered(gear=gear.id, name=gear.name, die=1, hull_before=0, hull=hull, structure_before=0,
                       structure=1 - hull, action_back=False)
