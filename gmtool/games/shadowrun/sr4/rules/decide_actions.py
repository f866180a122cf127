"""SR4 actions in a phase: the action list (SR4-C8), movement (SR4-C6), surprise (SR4-C9)."""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.actions import action_kind, payment
from gmtool.games.shadowrun.sr4.rules.common import combatant, require_turn
from gmtool.games.shadowrun.sr4.rules.flow import end_surprise
from gmtool.games.shadowrun.sr4.rules.movement import move_limit, run_rate, sprint_metres, sprint_terms
from gmtool.games.shadowrun.sr4.rules.rolls import roll, roll_required
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.surprise import surprise_terms, surprised_by
from gmtool.games.shadowrun.sr4.rules.turn import current_actor, phase_untouched


def _action_event(state: EncounterState, c: Combatant, action: str, target: str | None = None) -> ev.ActionTaken:
    """Pay ``action`` from the budget (SR4-C2/C3), refusing a target the actor was surprised by."""
    target_name = None
    if target is not None:
        target_name = combatant(state, target).sheet.name
        if target in c.surprised_by:
            raise RulesError("error.sr4_surprised_target", name=c.sheet.name, target=target_name)
    kind = action_kind(action)
    return ev.ActionTaken(
        combatant=c.id, name=c.sheet.name, action=action, action_kind=kind,
        paid=payment(state, c, kind), target=target, target_name=target_name,
    )


def take_action(state: EncounterState, command: cmd.TakeAction, rng: random.Random) -> list[Event]:
    """SR4-C8: a listed action (or a bare kind), refused when the budget cannot pay it."""
    require_turn(state)
    c = combatant(state, command.combatant)
    if command.action == "intercept":
        _check_intercept(state, c, command.target)
    if command.action == "full_defense":  # SR4-R1: as when declared against an attack
        from gmtool.games.shadowrun.sr4.rules.attack import full_defence_events

        return full_defence_events(state, c)
    return [_action_event(state, c, command.action, command.target)]


def _check_intercept(state: EncounterState, c: Combatant, target: str | None) -> None:
    """SR4-C7: the free action Intercept names the one moving now (whose phase it is).

    gmtool keeps no map: that the mover passes within 1 m is the GM's call.
    """
    if target is None or target == c.id:
        raise RulesError("error.sr4_intercept_target", name=c.sheet.name)
    mover = combatant(state, target)
    if state.actor != mover.id:
        raise RulesError("error.sr4_intercept_not_moving", name=c.sheet.name, target=mover.sheet.name)
    if c.hits is None or c.sheet.dead:
        raise RulesError("error.sr4_intercept_cannot_act", name=c.sheet.name)


def move(state: EncounterState, command: cmd.Move, rng: random.Random) -> list[Event]:
    """SR4-C6: the free walk once per turn, or running (the free action Run), in one's own phase."""
    require_turn(state)
    c = combatant(state, command.combatant)
    name = c.sheet.name
    if state.actor != c.id:
        raise RulesError("error.not_your_phase", name=name)
    events: list[Event] = []
    running = c.running
    if command.mode == "walk" and c.walked:
        raise RulesError("error.sr4_walk_used", name=name)
    if command.mode == "run" and not running:
        events.append(_action_event(state, c, "run"))
        running = True
    limit = move_limit(c.sheet, running, c.sprint_bonus)
    if c.moved + command.metres > limit:
        raise RulesError("error.sr4_move_too_far", name=name, left=max(0, limit - c.moved), limit=limit)
    total = c.moved + command.metres
    return events + [
        ev.Moved(combatant=c.id, name=name, mode=command.mode, metres=command.metres, total=total, limit=limit)
    ]


def sprint(state: EncounterState, command: cmd.Sprint, rng: random.Random) -> list[Event]:
    """SR4-C6: Running + Strength; each hit adds 2 m to this turn's run limit."""
    require_turn(state)
    c = combatant(state, command.combatant)
    if not c.running:
        raise RulesError("error.sr4_sprint_needs_run", name=c.sheet.name)
    action = _action_event(state, c, "sprint")
    terms = sprint_terms(c.sheet, command.running_skill)
    result = roll_required(sum(v for _, v in terms), rng, command.faces)
    bonus = sprint_metres(result.hits)
    return [
        action,
        ev.Sprinted(
            combatant=c.id, name=c.sheet.name, terms=terms, pool=result.pool, faces=result.faces,
            hits=result.hits, glitch=result.glitch, critical_glitch=result.critical_glitch,
            typed=result.typed, bonus=bonus, limit=run_rate(c.sheet) + c.sprint_bonus + bonus,
        ),
    ]


def _surprise_allowed(state: EncounterState) -> bool:
    """Before initiative, or in the first pass before anyone has acted."""
    if state.turn == 0:
        return True
    actor = current_actor(state)
    nobody_acted = not any(c.acted for c in state.combatants.values())
    return state.pass_number == 1 and nobody_acted and (actor is None or phase_untouched(actor))


def _check_entries(state: EncounterState, entries: tuple[cmd.SurpriseEntry, ...]) -> None:
    ids = [e.combatant for e in entries]
    for cid in ids:
        combatant(state, cid)
    if len(set(ids)) != len(ids) or {e.side for e in entries} != {"a", "b"}:
        raise RulesError("error.sr4_surprise_sides")


def surprise_test(state: EncounterState, command: cmd.SurpriseTest, rng: random.Random) -> list[Event]:
    """SR4-C9: everyone named rolls; marks last to the end of the first pass (see surprise.py)."""
    if not _surprise_allowed(state):
        raise RulesError("error.sr4_surprise_too_late")
    _check_entries(state, command.entries)
    events: list[Event] = list(end_surprise(state))
    results: list[tuple[str, str, int]] = []
    for entry in command.entries:
        c = state.combatants[entry.combatant]
        terms = surprise_terms(c.sheet, entry.awareness)
        r = roll(sum(v for _, v in terms), rng, entry.faces)
        results.append((c.id, entry.side, r.hits))
        events.append(
            ev.SurpriseRolled(
                combatant=c.id, name=c.sheet.name, side=entry.side, terms=terms, pool=r.pool, faces=r.faces,
                hits=r.hits, glitch=r.glitch, critical_glitch=r.critical_glitch, typed=r.typed,
            )
        )
    names = {cid: state.combatants[cid].sheet.name for cid, _, _ in results}
    marks = tuple(
        ev.SurpriseMark(combatant=cid, name=names[cid], by=by, by_names=tuple(names[b] for b in by))
        for cid, by in surprised_by(results).items()
    )
    return events + [ev.SurpriseDecided(turn=max(state.turn, 1), marks=marks)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "take_action": take_action,
    "move": move,
    "sprint": sprint,
    "surprise_test": surprise_test,
}
