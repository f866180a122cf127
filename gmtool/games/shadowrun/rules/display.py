"""A Shadowrun fight as the shell draws it for any game (:mod:`gmtool.core.display`), both editions.

Each edition hands over its own queries (pass order, current actor, score, passes left, the pass
ladder); the rows are built the same way: the score, the passes the combatant acts in, the
physical and stun monitors, Edge points left of the Edge attribute, and the effects with their
time left as badges. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmtool.core.display import Audience, Badge, Heading, OrderLayout, OrderRow, Snapshot, Track, for_players
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.shadowrun import LADDER_OFF
from gmtool.games.shadowrun.rules.shared_describe import effect_badge


@dataclass(frozen=True)
class EditionQueries:
    """An edition's read-only queries on its state (its own rules' functions)."""

    pass_order: Callable[[Any], list[Any]]
    current_actor: Callable[[Any], Any | None]
    score: Callable[[Any, Any], int | None]
    passes_left: Callable[[Any, Any], int]
    ladder: Callable[[Any, Any], tuple[str, ...]]
    done: Callable[[Any, Any], bool]  # acted, or does not act, in this pass


def heading(state: Any) -> Heading:
    """"Turn 2 · Pass 1", or that initiative is not rolled yet."""
    if state.turn == 0:
        return Heading(tr("panel.not_started"))
    return Heading(tr("panel.turn_pass", turn=state.turn, pass_number=state.pass_number))


def order_layout() -> OrderLayout:
    return OrderLayout(
        tr("report.column.score"),
        (("passes", tr("report.column.passes")), ("physical", tr("report.column.physical")),
         ("stun", tr("report.column.stun")), ("edge", tr("report.column.edge"))),
        tr("report.column.effects"),
    )


def tracks(queries: EditionQueries, state: Any, c: Any) -> tuple[Track, ...]:
    """One combatant's tracks: passes, physical and stun monitors, Edge."""
    sheet = c.sheet
    ladder = queries.ladder(state, c)
    passes = tuple(p for p, step in enumerate(ladder, 1) if step != LADDER_OFF)
    left = queries.passes_left(state, c)
    acted_in = ", ".join(str(p) for p in passes) if passes else "—"
    return (
        Track("passes", tr("report.column.passes"), "pips", left, len(passes), "neutral", "left", marks=passes,
              detail=tr("report.passes", passes=acted_in, left=left)),
        Track("physical", tr("report.column.physical"), "boxes", sheet.physical_damage, sheet.physical_boxes, "harm"),
        Track("stun", tr("report.column.stun"), "boxes", sheet.stun_damage, sheet.stun_boxes, "fatigue"),
        Track("edge", tr("report.column.edge"), "pips", sheet.edge_points, sheet.attributes["EDG"], "resource", "left"),
    )


def order(queries: EditionQueries, state: Any) -> tuple[OrderRow, ...]:
    """Every combatant in the current pass order, with its tracks and effect badges."""
    actor = queries.current_actor(state)
    rows = []
    for rank, c in enumerate(queries.pass_order(state)):
        score = queries.score(state, c)
        badges = tuple(Badge(f"effect.{e.id}", effect_badge(e, state.turn), "warning")
                       for e in state.effects.values() if e.holder == c.id)
        rows.append(OrderRow(
            id=c.id, name=c.sheet.name, rank=rank, score=None if score is None else str(score),
            current=actor is not None and actor.id == c.id, out=queries.done(state, c), npc=c.sheet.is_npc,
            badges=badges, tracks=tracks(queries, state, c),
        ))
    return tuple(rows)


def snapshot(queries: EditionQueries, state: Any, audience: Audience = "gm") -> Snapshot:
    """The fight now: heading, layout and rows (for the players: without what is not public)."""
    taken = Snapshot(heading(state), order_layout(), order(queries, state))
    return taken if audience == "gm" else for_players(taken)
