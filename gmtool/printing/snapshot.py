"""The state of a fight at one moment, as the report prints it (pure Python, no Qt).

Each game answers the same few questions (pass order, current actor, score,
passes, effects) through its ruleset's own query functions; this module only
gathers the answers into plain values. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmtool.games.shadowrun.rules.shadowrun import LADDER_OFF
from gmtool.games.shadowrun.rules.shared_describe import effect_badge


@dataclass(frozen=True)
class CombatantSnapshot:
    """One combatant's figures (numbers; the renderers word them)."""

    id: str
    name: str
    is_npc: bool
    score: int | None
    passes: tuple[int, ...]  # the passes it acts in this turn (1-based)
    passes_left: int
    physical: tuple[int, int]  # boxes marked, boxes
    stun: tuple[int, int]
    edge: tuple[int, int]  # points left, Edge attribute
    effects: tuple[str, ...]  # in the active language
    current: bool


@dataclass(frozen=True)
class StateSnapshot:
    turn: int
    pass_number: int
    combatants: tuple[CombatantSnapshot, ...]  # in the pass order


@dataclass(frozen=True)
class GameQueries:
    """A game's read-only queries on its state (the ruleset's functions)."""

    pass_order: Callable[[Any], list[Any]]
    current_actor: Callable[[Any], Any | None]
    score: Callable[[Any, Any], int | None]
    passes_left: Callable[[Any, Any], int]
    ladder: Callable[[Any, Any], tuple[str, ...]]
    effects: Callable[[Any, Any], tuple[str, ...]]


def _effects(state: Any, c: Any) -> tuple[str, ...]:
    """The combatant's effects with their time left (both editions keep them alike)."""
    return tuple(effect_badge(e, state.turn) for e in state.effects.values() if e.holder == c.id)


def queries_for(ruleset_key: str) -> GameQueries:
    """The queries of a game (its modules are imported on demand)."""
    if ruleset_key == "sr5":
        from gmtool.games.shadowrun.sr5.rules import initiative as sr5

        return GameQueries(sr5.pass_order, sr5.current_actor, sr5.effective_score, sr5.passes_left,
                           sr5.pass_ladder, _effects)
    if ruleset_key == "sr4":
        from gmtool.games.shadowrun.sr4.rules import turn as sr4

        return GameQueries(sr4.pass_order, sr4.current_actor, sr4.effective_score, sr4.passes_left,
                           sr4.pass_ladder, _effects)
    from gmtool.core.errors import FileFormatError

    raise FileFormatError("error.unknown_ruleset", ruleset=ruleset_key)


def take_snapshot(queries: GameQueries, state: Any) -> StateSnapshot:
    """The figures of every combatant, in the current pass order."""
    actor = queries.current_actor(state)
    rows = []
    for c in queries.pass_order(state):
        sheet = c.sheet
        ladder = queries.ladder(state, c)
        rows.append(CombatantSnapshot(
            id=c.id,
            name=sheet.name,
            is_npc=sheet.is_npc,
            score=queries.score(state, c),
            passes=tuple(p for p, step in enumerate(ladder, 1) if step != LADDER_OFF),
            passes_left=queries.passes_left(state, c),
            physical=(sheet.physical_damage, sheet.physical_boxes),
            stun=(sheet.stun_damage, sheet.stun_boxes),
            edge=(sheet.edge_points, sheet.attributes["EDG"]),
            effects=queries.effects(state, c),
            current=actor is not None and actor.id == c.id,
        ))
    return StateSnapshot(turn=state.turn, pass_number=state.pass_number, combatants=tuple(rows))
