"""SR4 turn commands: start a turn, next phase, delay, act now, Edge on initiative, typed dice.

SR4-E6 (go first): declared while the combatant still has to act in this pass;
it then acts before everyone else left in the pass. If the current actor has not
yet taken a simple or complex action, the Edge user takes the phase at once;
otherwise it goes right after that phase. SR4-E7 (extra pass): once per turn;
the extra pass is the one after the combatant's last, so it must not be over.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_rules import phase_ended
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.sheet_edits import manual_adjustment
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.common import combatant, preview, require_turn, spend_edge
from gmtool.games.shadowrun.sr4.rules.flow import advance, end_surprise, initiative_roll, new_turn, ties, turn_end
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import acts_in_pass, current_actor, next_actor, phase_untouched, waiting


def start_turn(state: EncounterState, command: cmd.StartTurn, rng: random.Random) -> list[Event]:
    if not state.combatants:
        raise RulesError("error.no_combatants")
    events: list[Event] = []
    if state.turn > 0:
        events += end_surprise(state)
        events += turn_end(preview(state, events))
    return events + new_turn(preview(state, events), rng)


def next_phase(state: EncounterState, command: cmd.NextPhase, rng: random.Random) -> list[Event]:
    require_turn(state)
    if not state.combatants:
        raise RulesError("error.no_combatants")
    events = phase_ended(state, current_actor(state))
    return events + advance(preview(state, events), rng)


def delay_phase(state: EncounterState, command: cmd.DelayPhase, rng: random.Random) -> list[Event]:
    require_turn(state)
    c = combatant(state, command.combatant)
    name = c.sheet.name
    if state.actor != c.id:
        raise RulesError("error.delay_not_current", name=name)
    if c.delayed or state.acting_now == c.id:
        raise RulesError("error.already_delayed", name=name)
    if not phase_untouched(c):
        raise RulesError("error.sr4_phase_in_progress", name=name)
    events: list[Event] = [ev.PhaseDelayed(combatant=c.id, name=name)]
    nxt = next_actor(preview(state, events))
    if nxt is None or nxt.delayed:
        raise RulesError("error.delay_nobody_left", name=name)
    return events + [ev.PhaseStarted(combatant=nxt.id, name=nxt.sheet.name)]


def act_now(state: EncounterState, command: cmd.ActNow, rng: random.Random) -> list[Event]:
    require_turn(state)
    c = combatant(state, command.combatant)
    if not c.delayed or c.acted or state.actor == c.id:
        raise RulesError("error.not_delayed", name=c.sheet.name)
    if state.acting_now is not None:
        raise RulesError("error.someone_acting_now", name=state.combatants[state.acting_now].sheet.name)
    return [ev.DelayedActionTaken(combatant=c.id, name=c.sheet.name, interrupted=state.actor)]


def _first_ready(state: EncounterState) -> str | None:
    ready = [c for c in waiting(state) if not c.delayed]
    return ready[0].id if ready else None


def go_first(state: EncounterState, command: cmd.GoFirst, rng: random.Random) -> list[Event]:
    """SR4-E6: act first in the current pass (see the module docstring)."""
    require_turn(state)
    c = combatant(state, command.combatant)
    name, pass_number = c.sheet.name, state.pass_number
    if not acts_in_pass(c, pass_number):
        raise RulesError("error.no_pass_left", name=name)
    if c.acted:
        raise RulesError("error.sr4_already_acted", name=name)
    if c.first_in_pass == pass_number:
        raise RulesError("error.already_first", name=name)
    events: list[Event] = [
        spend_edge(c, "first_in_pass"),
        ev.FirstInPass(combatant=c.id, name=name, pass_number=pass_number),
    ]
    actor = current_actor(state)
    if actor is not None and actor.id != c.id and state.acting_now is None and phase_untouched(actor):
        first = _first_ready(preview(state, events))
        if first is not None and first != actor.id:
            events.append(ev.PhaseStarted(combatant=first, name=state.combatants[first].sheet.name))
    return events


def extra_pass(state: EncounterState, command: cmd.ExtraPass, rng: random.Random) -> list[Event]:
    """SR4-E7: one more pass this turn, once per turn."""
    require_turn(state)
    c = combatant(state, command.combatant)
    name = c.sheet.name
    if c.hits is None:
        raise RulesError("error.no_score", name=name)
    if c.extra_pass:
        raise RulesError("error.extra_pass_taken", name=name)
    passes = c.sheet.initiative_passes + 1
    if passes < state.pass_number:
        raise RulesError("error.sr4_extra_pass_too_late", name=name, pass_number=passes)
    return [spend_edge(c, "extra_pass"), ev.ExtraPassGained(combatant=c.id, name=name, passes=passes)]


def enter_initiative_dice(
    state: EncounterState, command: cmd.EnterInitiativeDice, rng: random.Random
) -> list[Event]:
    """X-2: the initiative test's faces rolled at the table (as many as the pool now)."""
    require_turn(state)
    c = combatant(state, command.combatant)
    roll = initiative_roll(state, c, rng, command.faces)
    return [roll, *ties(preview(state, [roll]), {c.id})]


def adjust_initiative(state: EncounterState, command: cmd.AdjustInitiative, rng: random.Random) -> list[Event]:
    require_turn(state)
    c = combatant(state, command.combatant)
    return [manual_adjustment(c, c.hits is not None, command.delta)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "start_turn": start_turn,
    "next_phase": next_phase,
    "delay_phase": delay_phase,
    "act_now": act_now,
    "go_first": go_first,
    "extra_pass": extra_pass,
    "enter_initiative_dice": enter_initiative_dice,
    "adjust_initiative": adjust_initiative,
}
