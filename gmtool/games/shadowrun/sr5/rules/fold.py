"""Folding SR5 events into the state. Never rolls, never refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack.phase import ATTACK_ACTIONS
from gmtool.games.shadowrun.rules.shared_folds import SHARED_FOLDERS, fold_added, fold_nothing
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.fold_tests import FOLDERS as TEST_FOLDERS
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState


def _added(state: EncounterState, e: ev.CombatantAdded) -> None:
    fold_added(state, e, Combatant)


def _turn_started(state: EncounterState, e: ev.TurnStarted) -> None:
    state.turn = e.turn
    state.pass_number = 0
    state.acting_now = None
    for c in state.combatants.values():
        c.score, c.faces, c.typed, c.adjustment = None, (), False, 0
        c.acted = c.delayed = c.seized = c.blitzed = False
        c.simple_actions, c.complex_action, c.free_action = 0, False, False
        c.surprised_by = ()
        c.recoil_rounds = c.defences = c.attacks_in_phase = 0


def _rolled(state: EncounterState, e: ev.InitiativeRolled) -> None:
    c = state.combatants[e.combatant]
    c.score = e.base + sum(e.faces) - e.reduction + c.adjustment
    c.faces, c.tiebreak, c.typed = e.faces, e.tiebreak, e.typed
    c.blitzed = c.blitzed or e.blitz
    if e.blitz:
        c.blitz_declared = False  # the declared Blitz is rolled


def _blitz_declared(state: EncounterState, e: ev.BlitzDeclared) -> None:
    state.combatants[e.combatant].blitz_declared = True


def _pass_started(state: EncounterState, e: ev.PassStarted) -> None:
    state.turn, state.pass_number, state.acting_now = e.turn, e.pass_number, None
    for c in state.combatants.values():
        c.acted = c.delayed = False
        if e.pass_number > 1:
            c.surprised_by = ()  # surprise lasts the first pass


def _reduced(state: EncounterState, e: ev.ScoresReduced) -> None:
    for c in state.combatants.values():
        if c.score is not None:
            c.score -= e.amount


def _phase_ended(state: EncounterState, e: ev.ActionPhaseEnded) -> None:
    c = state.combatants[e.combatant]
    c.acted, c.delayed = True, False
    c.phases_ended += 1
    c.simple_actions, c.complex_action, c.free_action = 0, False, False
    c.attacks_in_phase = 0
    if state.acting_now == e.combatant:
        state.acting_now = None


def _delayed(state: EncounterState, e: ev.PhaseDelayed) -> None:
    state.combatants[e.combatant].delayed = True


def _act_now(state: EncounterState, e: ev.DelayedActionTaken) -> None:
    state.combatants[e.combatant].delayed = False
    state.acting_now = e.combatant


def _edge_spent(state: EncounterState, e: ev.EdgeSpent) -> None:
    c = state.combatants[e.combatant]
    c.sheet = c.sheet.model_copy(update={"edge_points": e.after})


def _seized(state: EncounterState, e: ev.InitiativeSeized) -> None:
    state.combatants[e.combatant].seized = True


def _adjusted(state: EncounterState, e: ev.ScoreAdjusted) -> None:
    c = state.combatants[e.combatant]
    if c.score is not None:
        c.score += e.delta
        if e.reason != "initiative_attribute":  # a re-roll recomputes the attribute part itself
            c.adjustment += e.delta


def _action(state: EncounterState, e: ev.ActionTaken) -> None:
    c = state.combatants[e.combatant]
    if e.action != "free" and e.listed not in FIRING_ACTIONS:
        c.recoil_rounds = 0  # SR5 p. 175: an action without firing ends the recoil
    if e.listed in ATTACK_ACTIONS:
        c.attacks_in_phase += 1  # SR5-A1/F1/F2: the phase's one attack action
    if e.action == "free":
        c.free_action = True
    elif e.action == "simple":
        c.simple_actions += 1
    else:
        c.complex_action = True




FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    **SHARED_FOLDERS,
    "combatant_added": _added,
    "turn_started": _turn_started,
    "initiative_rolled": _rolled,
    "pass_started": _pass_started,
    "scores_reduced": _reduced,
    "action_phase_ended": _phase_ended,
    "phase_delayed": _delayed,
    "delayed_action_taken": _act_now,
    "edge_spent": _edge_spent,
    "initiative_seized": _seized,
    "blitz_declared": _blitz_declared,
    "score_adjusted": _adjusted,
    "action_taken": _action,
    "test_rolled": fold_nothing,
}

FIRING_ACTIONS = frozenset({"fire_weapon", "fire_long_burst", "fire_full_auto", "fire_bow", "fire_mounted_weapon"})


def apply(state: EncounterState, event: Event) -> None:
    folder = FOLDERS.get(event.kind) or TEST_FOLDERS[event.kind]
    folder(state, event)
    state.revision += 1  # every change goes through here: derived caches key on it
