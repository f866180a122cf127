"""SR4 turn flow as events: initiative rolls and ties, next phase, next pass, next turn.

SR4-C1 initiative; SR4-C2 phases in order; SR4-C4 next pass for those with
passes left; SR4-C5 a new turn re-rolls. The functions read a state (often a
preview) and return events; nothing here changes a state.
"""

from __future__ import annotations

import random
from itertools import groupby

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_rules import expiry_after_pass, expiry_after_turn
from gmtool.games.shadowrun.rules.grunt_groups import group_of
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.common import preview
from gmtool.games.shadowrun.sr4.rules.rolls import roll
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import acts_in_pass, effective_score, next_actor, wound_on_initiative

TIEBREAK_MAX = 1_000_000


def initiative_pool(state: EncounterState, c: Combatant) -> int:
    """SR4-C1: the Initiative attribute (lowered by wounds when the option is on), at least 0."""
    return max(0, c.sheet.initiative_attribute + wound_on_initiative(state, c))


def initiative_roll(
    state: EncounterState, c: Combatant, rng: random.Random, faces: tuple[int, ...] | None = None
) -> ev.InitiativeRolled:
    """Roll (or read) the initiative test; the tie draw is kept for a re-entered roll."""
    result = roll(initiative_pool(state, c), rng, faces)
    tiebreak = c.tiebreak if (faces is not None and c.tiebreak) else rng.randint(1, TIEBREAK_MAX)
    return ev.InitiativeRolled(
        combatant=c.id, name=c.sheet.name, attribute=c.sheet.initiative_attribute,
        wound=wound_on_initiative(state, c), pool=result.pool, faces=result.faces, hits=result.hits,
        glitch=result.glitch, critical_glitch=result.critical_glitch, tiebreak=tiebreak, typed=result.typed,
    )


def turn_rolls(state: EncounterState, rng: random.Random) -> list[ev.InitiativeRolled]:
    """Everyone's initiative test; a grunt group that is not split rolls once for all its members."""
    rolls: list[ev.InitiativeRolled] = []
    by_group: dict[str, ev.InitiativeRolled] = {}
    for c in state.combatants.values():
        group = group_of(state, c.id)
        together = group is not None and not group.split
        shared = by_group.get(group.id) if together and group is not None else None
        if shared is not None:
            rolls.append(shared.model_copy(update={"combatant": c.id, "name": c.sheet.name}))
            continue
        roll = initiative_roll(state, c, rng)
        if together and group is not None:
            by_group[group.id] = roll
        rolls.append(roll)
    return rolls


def ties(state: EncounterState, rolled: set[str]) -> list[Event]:
    """Log the draw for every group tied on score, Edge and Reaction that holds a new roll."""

    def key(c: Combatant) -> tuple[int, int, int]:
        return (effective_score(state, c) or 0, c.sheet.attributes["EDG"], c.sheet.attributes["REA"])

    ranked = sorted((c for c in state.combatants.values() if c.hits is not None), key=key, reverse=True)
    out: list[Event] = []
    for _, group in groupby(ranked, key=key):
        tied = sorted(group, key=lambda c: c.tiebreak, reverse=True)
        distinct = len({c.tiebreak for c in tied}) > 1  # one shared draw = a grunt group acting together
        if distinct and any(c.id in rolled for c in tied):
            out.append(ev.TiesDrawn(names=tuple(c.sheet.name for c in tied), draws=tuple(c.tiebreak for c in tied)))
    return out


def rolls_with_ties(state: EncounterState, rolls: list[ev.InitiativeRolled]) -> list[Event]:
    return [*rolls, *ties(preview(state, rolls), {r.combatant for r in rolls})]


def phase_start(state: EncounterState) -> list[Event]:
    """Start the next phase of this pass if anyone is left to act in it."""
    nxt = next_actor(state)
    return [ev.PhaseStarted(combatant=nxt.id, name=nxt.sheet.name)] if nxt else []


def new_turn(state: EncounterState, rng: random.Random) -> list[Event]:
    """SR4-C5: a new turn, everyone re-rolls; pass 1 starts with its first phase."""
    turn = state.turn + 1
    events: list[Event] = [ev.TurnStarted(turn=turn)]
    rolls = turn_rolls(state, rng)
    events += rolls_with_ties(preview(state, events), rolls)
    events.append(ev.PassStarted(turn=turn, pass_number=1))
    return events + phase_start(preview(state, events))


def end_surprise(state: EncounterState) -> list[Event]:
    """SR4-C9: surprise marks end (logged once)."""
    marked = any(c.surprised_by for c in state.combatants.values())
    return [ev.SurpriseEnded(turn=state.surprise_turn or state.turn)] if marked else []


def after_pass(state: EncounterState, rng: random.Random) -> list[Event]:
    """SR4-C4/C5: the next pass for those with passes left, else the next turn."""
    events: list[Event] = end_surprise(state) if state.pass_number == 1 else []
    following = state.pass_number + 1
    if any(acts_in_pass(c, following) for c in state.combatants.values()):
        events += [*expiry_after_pass(state, set()), ev.PassStarted(turn=state.turn, pass_number=following)]
        return events + phase_start(preview(state, events))
    events += turn_end(state)
    return events + new_turn(preview(state, events), rng)


def turn_end(state: EncounterState) -> list[Event]:
    """The turn ends: effects lasting to the end of the pass or turn expire, then the log line."""
    return [*expiry_after_turn(state, set()), ev.TurnEnded(turn=state.turn)]


def advance(state: EncounterState, rng: random.Random) -> list[Event]:
    """After a phase ended: the next phase, else the end of the pass."""
    return phase_start(state) or after_pass(state, rng)
