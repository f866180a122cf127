"""SR5 command handlers: validate a command against the state, return its events.

Nothing here changes the state; :mod:`fold` does that from the events.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import groupby

from gmtool.core.dice import roll_d6, validate_faces
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.attack.phase import ATTACK_ACTIONS, check_one_attack
from gmtool.games.shadowrun.rules.attack.suppression import zone_endings
from gmtool.games.shadowrun.rules.carried_effects import carried_effect_events
from gmtool.games.shadowrun.rules.carried_rounds import checked_rounds
from gmtool.games.shadowrun.rules.dice import GlitchRule, success_test
from gmtool.games.shadowrun.rules.effect_rules import ended_ids, phase_ended
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.sheet_edits import manual_adjustment, option_changed
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.actions import action_list, check_action
from gmtool.games.shadowrun.sr5.rules.common import check_blitz
from gmtool.games.shadowrun.sr5.rules.common import combatant as _combatant
from gmtool.games.shadowrun.sr5.rules.decide_effects import (
    effects_of_removed,
    expiry_after_pass,
    expiry_after_turn,
)
from gmtool.games.shadowrun.sr5.rules.decide_sheet import edit_sheet
from gmtool.games.shadowrun.sr5.rules.groups import (
    AddGruntGroup,
    GroupFormed,
    group_of,
    leave_group,
    split_group,
)
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet, check_sheet
from gmtool.games.shadowrun.sr5.rules.simple_test import pool_of, simple_test_terms
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.surprise import surprise_test
from gmtool.games.shadowrun.sr5.rules.turn import (
    BLITZ_DICE,
    PASS_REDUCTION,
    current_actor,
    effective_score,
    waiting,
)

TIEBREAK_MAX = 1_000_000


def _require_turn(state: EncounterState) -> None:
    if state.turn == 0:
        raise RulesError("error.no_initiative")


def _roll_initiative(
    combatant: Combatant, rng: random.Random, reduction: int, dice: int | None = None
) -> ev.InitiativeRolled:
    sheet = combatant.sheet
    count = dice if dice is not None else sheet.initiative_dice
    return ev.InitiativeRolled(
        combatant=combatant.id,
        name=sheet.name,
        base=sheet.initiative_attribute,
        faces=roll_d6(rng, count),
        reduction=reduction,
        tiebreak=rng.randint(1, TIEBREAK_MAX),
        blitz=dice == BLITZ_DICE,
    )


def _ties(state: EncounterState, rolls: list[ev.InitiativeRolled]) -> list[Event]:
    """SR5-I2: log the random draw wherever score, Edge, Reaction and Intuition all tie."""

    def key(roll: ev.InitiativeRolled) -> tuple[int, ...]:
        c = state.combatants[roll.combatant]
        attrs = c.sheet.attributes
        score = roll.base + sum(roll.faces) - roll.reduction
        if state.options.get("wound_modifier_on_initiative", True):
            score += c.sheet.wound_modifier
        return (score, attrs["EDG"], attrs["REA"], attrs["INT"])

    out: list[Event] = []
    for _, group in groupby(sorted(rolls, key=key, reverse=True), key=key):
        tied = sorted(group, key=lambda r: r.tiebreak, reverse=True)
        if len({r.tiebreak for r in tied}) > 1:  # one shared draw = a grunt group acting together
            out.append(
                ev.TiesDrawn(names=tuple(r.name for r in tied), draws=tuple(r.tiebreak for r in tied))
            )
    return out


def _ties_during_turn(state: EncounterState, roll: ev.InitiativeRolled, sheet: Sheet) -> list[Event]:
    """SR5-I2 for a roll made during the turn (typed dice, Blitz, a late joiner):
    log the random draw when the new score fully ties with scores already rolled."""

    def key(score: int, sheet: Sheet) -> tuple[int, ...]:
        if state.options.get("wound_modifier_on_initiative", True):
            score += sheet.wound_modifier
        attrs = sheet.attributes
        return (score, attrs["EDG"], attrs["REA"], attrs["INT"])

    current = state.combatants.get(roll.combatant)
    kept = current.adjustment if current is not None else 0
    mine = key(roll.base + sum(roll.faces) - roll.reduction + kept, sheet)
    tied = [(roll.tiebreak, roll.name)] + [
        (c.tiebreak, c.sheet.name)
        for c in state.combatants.values()
        if c.id != roll.combatant and c.score is not None and key(c.score, c.sheet) == mine
    ]
    if len(tied) < 2:
        return []
    tied.sort(key=lambda t: t[0], reverse=True)
    return [ev.TiesDrawn(names=tuple(n for _, n in tied), draws=tuple(d for d, _ in tied))]


def _group_rolls(state: EncounterState, rng: random.Random, reduction: int) -> list[ev.InitiativeRolled]:
    """Everyone's roll; a grunt group that is not split rolls once for all its members."""
    rolls: list[ev.InitiativeRolled] = []
    by_group: dict[str, ev.InitiativeRolled] = {}
    for c in state.combatants.values():
        group = group_of(state, c.id)
        shared = by_group.get(group.id) if group is not None and not group.split else None
        if c.blitz_declared:  # SR5-I5: its own 5d6, even in a grunt group
            rolls.append(_roll_initiative(c, rng, reduction, dice=BLITZ_DICE))
            continue
        if shared is not None:
            roll = shared.model_copy(update={"combatant": c.id, "name": c.sheet.name, "base": c.sheet.initiative_attribute})
        else:
            roll = _roll_initiative(c, rng, reduction)
            if group is not None and not group.split:
                by_group[group.id] = roll
        rolls.append(roll)
    return rolls


def _new_turn(state: EncounterState, rng: random.Random) -> list[Event]:
    """SR5-I3: a new turn with fresh initiative for everyone (grunt groups roll once)."""
    turn = state.turn + 1
    rolls = _group_rolls(state, rng, 0)
    return [ev.TurnStarted(turn=turn), *rolls, *_ties(state, rolls), ev.PassStarted(turn=turn, pass_number=1)]


def _after_pass(state: EncounterState, rng: random.Random, skip: set[int]) -> list[Event]:
    """SR5-I3: everyone −10; a new pass if anyone is still above 0, else a new turn.

    Effects lasting to the end of the pass or turn expire here (``skip``: already ended).
    """
    reduced = [
        c for c in state.combatants.values() if (s := effective_score(state, c)) is not None and s - PASS_REDUCTION > 0
    ]
    if reduced:
        return [
            ev.ScoresReduced(amount=PASS_REDUCTION),
            *expiry_after_pass(state, skip),
            ev.PassStarted(turn=state.turn, pass_number=state.pass_number + 1),
        ]
    return [*expiry_after_turn(state, skip), ev.TurnEnded(turn=state.turn), *_new_turn(state, rng)]


# -- handlers --------------------------------------------------------------
def add_combatant(state: EncounterState, command: cmd.AddCombatant, rng: random.Random) -> list[Event]:
    check_sheet(command.sheet)
    if command.spirits:  # the SR5 tracker keeps no spirits
        raise RulesError("sr.carry.error.no_spirits")
    if command.spells:  # nor spells apart from their −2 effect
        raise RulesError("sr.carry.error.no_spells")
    new_id = f"c{state.next_number}"
    rounds = checked_rounds(command.sheet, command.rounds)
    events: list[Event] = [ev.CombatantAdded(combatant=new_id, sheet=command.sheet, rounds=rounds),
                           *carried_effect_events(state, new_id, command.sheet.name, command.effects)]
    if state.turn > 0:  # joins mid-turn: rolls, minus 10 per pass already over
        newcomer = Combatant(id=new_id, sheet=command.sheet)
        roll = _roll_initiative(newcomer, rng, PASS_REDUCTION * (state.pass_number - 1))
        events += [roll, *_ties_during_turn(state, roll, command.sheet)]
    return events


def add_grunt_group(state: EncounterState, command: AddGruntGroup, rng: random.Random) -> list[Event]:
    """N identical NPCs as one group; joining mid-turn, the group rolls once (−10 per pass over)."""
    check_sheet(command.sheet)
    members: list[tuple[str, Sheet]] = []
    for i in range(command.count):
        sheet = command.sheet.model_copy(update={"name": f"{command.sheet.name} {i + 1}"[:60], "is_npc": True})
        members.append((f"c{state.next_number + i}", sheet))
    events: list[Event] = [ev.CombatantAdded(combatant=cid, sheet=sheet) for cid, sheet in members]
    if state.turn > 0:
        first = Combatant(id=members[0][0], sheet=members[0][1])
        roll = _roll_initiative(first, rng, PASS_REDUCTION * (state.pass_number - 1))
        events += [roll.model_copy(update={"combatant": cid, "name": sheet.name}) for cid, sheet in members]
    events.append(
        GroupFormed(
            group=f"g{state.next_group}", name=command.sheet.name, professional_rating=command.professional_rating,
            shared_monitor=command.shared_monitor, members=tuple(cid for cid, _ in members),
        )
    )
    return events


def remove_combatant(state: EncounterState, command: cmd.RemoveCombatant, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    return [*effects_of_removed(state, c.id), ev.CombatantRemoved(combatant=c.id, name=c.sheet.name)]


def adjust_initiative(state: EncounterState, command: cmd.AdjustInitiative, rng: random.Random) -> list[Event]:
    _require_turn(state)
    c = _combatant(state, command.combatant)
    return [manual_adjustment(c, c.score is not None, command.delta)]


def start_turn(state: EncounterState, command: cmd.StartTurn, rng: random.Random) -> list[Event]:
    if not state.combatants:
        raise RulesError("error.no_combatants")
    events: list[Event] = [*expiry_after_turn(state, set()), ev.TurnEnded(turn=state.turn)] if state.turn > 0 else []
    return events + _new_turn(state, rng)


def next_phase(state: EncounterState, command: cmd.NextPhase, rng: random.Random) -> list[Event]:
    _require_turn(state)
    if not state.combatants:
        raise RulesError("error.no_combatants")
    actor = current_actor(state)
    events = phase_ended(state, actor)
    if not waiting(state, exclude=actor.id if actor else None):
        events += _after_pass(state, rng, ended_ids(events))
    return events


def delay_phase(state: EncounterState, command: cmd.DelayPhase, rng: random.Random) -> list[Event]:
    _require_turn(state)
    c = _combatant(state, command.combatant)
    actor = current_actor(state)
    if actor is None or actor.id != c.id:
        raise RulesError("error.delay_not_current", name=c.sheet.name)
    if c.delayed or state.acting_now == c.id:
        raise RulesError("error.already_delayed", name=c.sheet.name)
    if all(o.delayed for o in waiting(state, exclude=c.id)):
        raise RulesError("error.delay_nobody_left", name=c.sheet.name)
    return [ev.PhaseDelayed(combatant=c.id, name=c.sheet.name)]


def act_now(state: EncounterState, command: cmd.ActNow, rng: random.Random) -> list[Event]:
    _require_turn(state)
    c = _combatant(state, command.combatant)
    if not c.delayed or c.acted:
        raise RulesError("error.not_delayed", name=c.sheet.name)
    if state.acting_now is not None:
        raise RulesError("error.someone_acting_now", name=state.combatants[state.acting_now].sheet.name)
    return [ev.DelayedActionTaken(combatant=c.id, name=c.sheet.name)]


def _spend_edge(c: Combatant, purpose: str) -> ev.EdgeSpent:
    points = c.sheet.edge_points
    if points < 1:
        raise RulesError("error.no_edge", name=c.sheet.name)
    return ev.EdgeSpent(combatant=c.id, name=c.sheet.name, purpose=purpose, before=points, after=points - 1)


def seize_initiative(state: EncounterState, command: cmd.SeizeInitiative, rng: random.Random) -> list[Event]:
    """SR5-I4: declared any time in the turn; lasts to the end of the turn."""
    _require_turn(state)
    c = _combatant(state, command.combatant)
    if c.seized:
        raise RulesError("error.already_seized", name=c.sheet.name)
    return [_spend_edge(c, "seize"), ev.InitiativeSeized(combatant=c.id, name=c.sheet.name)]


def blitz(state: EncounterState, command: cmd.Blitz, rng: random.Random) -> list[Event]:
    """SR5-I5: declared before the roll, never after seeing it: the next initiative roll is 5d6.

    Before the first turn it is that turn's roll; during a turn, the next turn's (this
    turn's roll has been seen). The Edge point is spent now.
    """
    c = check_blitz(state, command.combatant)
    return [_spend_edge(c, "blitz"), ev.BlitzDeclared(combatant=c.id, name=c.sheet.name)]


def enter_initiative_dice(
    state: EncounterState, command: cmd.EnterInitiativeDice, rng: random.Random
) -> list[Event]:
    """X-2: the table's dice replace this turn's roll (reduced by the passes already over)."""
    _require_turn(state)
    c = _combatant(state, command.combatant)
    count = BLITZ_DICE if c.blitzed else c.sheet.initiative_dice
    validate_faces(command.faces, count)
    roll = ev.InitiativeRolled(
        combatant=c.id,
        name=c.sheet.name,
        base=c.sheet.initiative_attribute,
        faces=command.faces,
        reduction=PASS_REDUCTION * (state.pass_number - 1),
        tiebreak=c.tiebreak or rng.randint(1, TIEBREAK_MAX),
        blitz=c.blitzed,
        typed=True,
    )
    return [roll, *_ties_during_turn(state, roll, c.sheet)]


def take_action(state: EncounterState, command: cmd.TakeAction, rng: random.Random) -> list[Event]:
    """SR5-I6 / SR5-T1: spend the phase budget, optionally naming an action from the list."""
    c = _combatant(state, command.combatant)
    kind = command.action
    if command.name:
        info = action_list().by_key().get(command.name)
        if info is None:
            raise RulesError("error.unknown_action", action=command.name)
        if info.kind != kind:
            raise RulesError("error.action_kind", action=command.name, kind=info.kind)
    check_action(state, c, kind)
    if command.name in ATTACK_ACTIONS:
        check_one_attack(c)  # SR5-A1/F1/F2, as for an attack through the attack panel
    return [ev.ActionTaken(combatant=c.id, name=c.sheet.name, action=kind, listed=command.name)]


def roll_simple_test(state: EncounterState, command: cmd.RollSimpleTest, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    terms = simple_test_terms(c.sheet, command.attribute, command.skill, command.modifier)
    pool = pool_of(terms)
    if pool <= 0:
        # Pool 0 or less needs Push the Limit (SR5-E1), which comes with the Edge issue.
        raise RulesError("error.pool_empty", pool=pool)
    if command.faces is not None:
        validate_faces(command.faces, pool)
        faces = command.faces
    else:
        faces = roll_d6(rng, pool)
    result = success_test(faces, command.threshold, GlitchRule.SR5, pool=pool)
    return [
        ev.TestRolled(
            combatant=c.id,
            name=c.sheet.name,
            attribute=command.attribute,
            terms=terms,
            pool=pool,
            threshold=command.threshold,
            faces=faces,
            typed=command.faces is not None,
            hits=result.hits,
            glitch=result.glitch,
            critical_glitch=result.critical_glitch,
        )
    ]



def set_rule_option(state: EncounterState, command: cmd.SetRuleOption, rng: random.Random) -> list[Event]:
    return [option_changed(state.options, command.option, command.value)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "add_combatant": add_combatant,
    "remove_combatant": remove_combatant,
    "edit_sheet": edit_sheet,
    "adjust_initiative": adjust_initiative,
    "start_turn": start_turn,
    "next_phase": next_phase,
    "delay_phase": delay_phase,
    "act_now": act_now,
    "seize_initiative": seize_initiative,
    "blitz": blitz,
    "enter_initiative_dice": enter_initiative_dice,
    "take_action": take_action,
    "roll_simple_test": roll_simple_test,
    "set_rule_option": set_rule_option,
    "add_grunt_group": add_grunt_group,
    "leave_group": leave_group,
    "split_group": split_group,
    "surprise_test": surprise_test,
}


@lru_cache(maxsize=4)
def _all_handlers(readings: Readings) -> dict[str, Handler[EncounterState]]:
    from gmtool.games.shadowrun.sr5.rules import attack, decide_effects, decide_extended, decide_tests

    handlers = {
        **HANDLERS, **decide_tests.HANDLERS, **decide_extended.HANDLERS, **decide_effects.HANDLERS,
        **attack.handlers(attack.adapter_for(readings)),
    }
    return handlers


def decide(state: EncounterState, command: Command, rng: random.Random, readings: Readings = DIGEST) -> tuple[Event, ...]:
    """The command's events, decided with the campaign's rule ``readings``; a suppressive-fire
    zone these events end (its shooter acts, its marker ends) ends with them (SR5-F8)."""
    handler = _all_handlers(readings).get(command.kind)
    if handler is None:
        raise RulesError("error.unknown_command", kind=command.kind)
    return tuple(zone_endings(state, handler(state, command, rng)))

