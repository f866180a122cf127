"""Folding SR4 events into the state. Never rolls, never refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_rules import fold_effect_added, fold_effect_ended
from gmtool.games.shadowrun.rules.grunt_groups import fold_group_formed, fold_group_left, fold_group_split
from gmtool.games.shadowrun.rules.shared_folds import SHARED_FOLDERS, fold_added, fold_nothing, fold_removed
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.fold_tests import FOLDERS as TEST_FOLDERS
from gmtool.games.shadowrun.sr4.rules.magic_fold import FOLDERS as MAGIC_FOLDERS
from gmtool.games.shadowrun.sr4.rules.magic_fold import tidy as tidy_magic
from gmtool.games.shadowrun.sr4.rules.matrix_fold import MATRIX_FOLDERS
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_fold import FOLDERS as VEHICLE_FOLDERS
from gmtool.games.shadowrun.sr4.rules.vehicle_fold import forget as forget_vehicle

if TYPE_CHECKING:  # the attack messages load with the first attack record
    from gmtool.games.shadowrun.rules.attack.messages import FullDefenceDeclared


def _added(state: EncounterState, e: ev.CombatantAdded) -> None:
    fold_added(state, e, Combatant)


def _removed(state: EncounterState, e: ev.CombatantRemoved) -> None:
    """SR4 also forgets who acted, was interrupted or surprised by the one who left."""
    fold_removed(state, e)
    if state.actor == e.combatant:
        state.actor = None
    if state.interrupted == e.combatant:
        state.interrupted = None
    for c in state.combatants.values():
        c.surprised_by = tuple(other for other in c.surprised_by if other != e.combatant)
    forget_vehicle(state, e.combatant)


def _damage(state: EncounterState, e: ev.DamageApplied) -> None:
    c = state.combatants[e.combatant]
    c.sheet = c.sheet.model_copy(update={"physical_damage": e.physical_after, "stun_damage": e.stun_after})


def _turn_started(state: EncounterState, e: ev.TurnStarted) -> None:
    state.turn, state.pass_number = e.turn, 0
    state.actor = state.acting_now = state.interrupted = None
    for c in state.combatants.values():
        c.hits, c.faces, c.pool, c.typed, c.glitch, c.adjustment = None, (), 0, False, False, 0
        c.acted = c.delayed = c.extra_pass = False
        c.first_in_pass = None
        c.simple_slots, c.complex_action, c.free_action = 0, False, False
        c.walked, c.running, c.moved, c.sprint_bonus = False, False, 0, 0
        c.recoil_rounds = c.defences = 0


def _rolled(state: EncounterState, e: ev.InitiativeRolled) -> None:
    c = state.combatants[e.combatant]
    c.hits, c.faces, c.pool, c.typed, c.glitch, c.tiebreak = e.hits, e.faces, e.pool, e.typed, e.glitch, e.tiebreak


def _pass_started(state: EncounterState, e: ev.PassStarted) -> None:
    state.turn, state.pass_number = e.turn, e.pass_number
    state.actor = state.acting_now = state.interrupted = None
    for c in state.combatants.values():
        c.acted = c.delayed = False


def _phase_started(state: EncounterState, e: ev.PhaseStarted) -> None:
    state.actor, state.interrupted = e.combatant, None
    _pay_owed(state.combatants[e.combatant])


def _pay_owed(c: Combatant) -> None:
    """SR4-R1: a full defence declared outside the phase takes this phase's complex action."""
    if c.owes_complex:
        c.complex_action, c.owes_complex = True, False


def _full_defence(state: EncounterState, e: FullDefenceDeclared) -> None:
    if e.owed:
        state.combatants[e.combatant].owes_complex = True


def _phase_ended(state: EncounterState, e: ev.ActionPhaseEnded) -> None:
    c = state.combatants[e.combatant]
    c.acted, c.delayed = True, False
    c.phases_ended += 1
    c.recoil_rounds = 0  # SR4-MT6: recoil counts within one action phase
    c.simple_slots, c.complex_action, c.free_action = 0, False, False
    if state.actor == e.combatant:
        state.actor = None
    if state.acting_now == e.combatant:
        state.acting_now = None


def _delayed(state: EncounterState, e: ev.PhaseDelayed) -> None:
    state.combatants[e.combatant].delayed = True
    if state.actor == e.combatant:
        state.actor = None


def _act_now(state: EncounterState, e: ev.DelayedActionTaken) -> None:
    state.combatants[e.combatant].delayed = False
    state.actor = state.acting_now = e.combatant
    state.interrupted = e.interrupted
    _pay_owed(state.combatants[e.combatant])


def _edge_spent(state: EncounterState, e: ev.EdgeSpent) -> None:
    c = state.combatants[e.combatant]
    c.sheet = c.sheet.model_copy(update={"edge_points": e.after})


def _first(state: EncounterState, e: ev.FirstInPass) -> None:
    state.combatants[e.combatant].first_in_pass = e.pass_number


def _extra_pass(state: EncounterState, e: ev.ExtraPassGained) -> None:
    state.combatants[e.combatant].extra_pass = True


def _adjusted(state: EncounterState, e: ev.ScoreAdjusted) -> None:
    state.combatants[e.combatant].adjustment += e.delta


def _action(state: EncounterState, e: ev.ActionTaken) -> None:
    c = state.combatants[e.combatant]
    if e.paid == "free":
        c.free_action = True
    elif e.paid == "complex":
        c.complex_action = True
    else:
        c.simple_slots += 1
    if e.action == "run":
        c.running = True


def _moved(state: EncounterState, e: ev.Moved) -> None:
    c = state.combatants[e.combatant]
    c.moved = e.total
    if e.mode == "walk":
        c.walked = True


def _sprinted(state: EncounterState, e: ev.Sprinted) -> None:
    state.combatants[e.combatant].sprint_bonus += e.bonus


def _surprise(state: EncounterState, e: ev.SurpriseDecided) -> None:
    state.surprise_turn = e.turn
    for mark in e.marks:
        state.combatants[mark.combatant].surprised_by = mark.by


def _surprise_ended(state: EncounterState, e: ev.SurpriseEnded) -> None:
    state.surprise_turn = None
    for c in state.combatants.values():
        c.surprised_by = ()




FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    **SHARED_FOLDERS,
    "combatant_added": _added,
    "combatant_removed": _removed,
    "damage_applied": _damage,
    "turn_started": _turn_started,
    "initiative_rolled": _rolled,
    "pass_started": _pass_started,
    "phase_started": _phase_started,
    "action_phase_ended": _phase_ended,
    "phase_delayed": _delayed,
    "delayed_action_taken": _act_now,
    "edge_spent": _edge_spent,
    "first_in_pass": _first,
    "extra_pass_gained": _extra_pass,
    "score_adjusted": _adjusted,
    "action_taken": _action,
    "moved": _moved,
    "sprinted": _sprinted,
    "surprise_rolled": fold_nothing,
    "surprise_decided": _surprise,
    "surprise_ended": _surprise_ended,
    "effect_added": fold_effect_added,
    "effect_ended": fold_effect_ended,
    "group_formed": fold_group_formed,
    "group_left": fold_group_left,
    "group_split_changed": fold_group_split,
    "full_defence_declared": _full_defence,
    **TEST_FOLDERS,
    **MAGIC_FOLDERS,
    **VEHICLE_FOLDERS,
    **MATRIX_FOLDERS,
}


def apply(state: EncounterState, event: Event) -> None:
    FOLDERS[event.kind](state, event)
    tidy_magic(state, event)  # SR4-S*: a sustained spell ends with its effect, a spirit with its combatant
    state.revision += 1  # every change goes through here: derived caches key on it
