"""SR4-C6 movement and SR4-C7 intercept eligibility (core API; the commands use it).

SR4-C6: walk/run rates per combat turn by metatype (data: ``resources/sr4/
metatypes.json``: human, elf, ork 10/25 m; dwarf 8/20; troll 15/35). Once per
turn, in one's own phase, a character may walk for free. Running takes the free
action Run; the run rate then bounds the turn's movement. Sprint (a simple
action in the digest's list) is a Running + Strength test (no skill: Strength − 1,
defaulting) with the wound modifier; each hit adds 2 m to this turn's run limit.

SR4-C7 intercept: a character moving along a path that passes within 1 m of
someone who can still take a melee action may be attacked by that someone. In
the digest's list Intercept is a free action, so "can still take it" means the
interceptor has initiative this turn, can pay a free action now, is not dead,
and is not surprised by the mover (SR4-C9). The attack itself is not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import hypot

from gmtool.games.shadowrun.sr4.rules.actions import can_pay
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet, metatypes
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

SPRINT_METRES_PER_HIT = 2
INTERCEPT_RANGE_M = 1.0
DEFAULTING_PENALTY = -1  # SR4-D8

Point = tuple[float, float]
Terms = tuple[tuple[str, int], ...]


def walk_rate(sheet: Sheet) -> int:
    return metatypes().metatypes[sheet.metatype].walk


def run_rate(sheet: Sheet) -> int:
    return metatypes().metatypes[sheet.metatype].run


def move_limit(sheet: Sheet, running: bool, sprint_bonus: int) -> int:
    """The metres a character may move this turn: walk rate, or run rate + sprint."""
    return run_rate(sheet) + sprint_bonus if running else walk_rate(sheet)


def sprint_terms(sheet: Sheet, running_skill: int) -> Terms:
    """The Sprint test's pool breakdown: Running + Strength (defaulting: Strength − 1) + wounds."""
    terms: list[tuple[str, int]] = [("attr.STR", sheet.attributes["STR"])]
    if running_skill > 0:
        terms.append(("sr4.term.running", running_skill))
    else:
        terms.append(("pool.defaulting", DEFAULTING_PENALTY))
    if sheet.wound_modifier:
        terms.append(("pool.wound_modifier", sheet.wound_modifier))
    return tuple(terms)


def sprint_metres(hits: int) -> int:
    return SPRINT_METRES_PER_HIT * hits


def _distance_to_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def passes_within(path: Sequence[Point], point: Point, metres: float = INTERCEPT_RANGE_M) -> bool:
    """Whether a path (points in metres, in order) comes within ``metres`` of ``point``."""
    if not path:
        return False
    if len(path) == 1:
        return _distance_to_segment(point, path[0], path[0]) <= metres
    return any(_distance_to_segment(point, a, b) <= metres for a, b in zip(path, path[1:], strict=False))


def can_intercept(path: Sequence[Point], interceptor_at: Point, melee_available: bool) -> bool:
    """SR4-C7: a melee action available and the mover's path within 1 m."""
    return melee_available and passes_within(path, interceptor_at)


def melee_available(state: EncounterState, interceptor: str, mover: str) -> bool:
    """Whether ``interceptor`` could take the free action Intercept against ``mover`` now."""
    c = state.combatants.get(interceptor)
    if c is None or interceptor == mover or state.turn == 0 or c.hits is None or c.sheet.dead:
        return False
    return mover not in c.surprised_by and can_pay(state, c, "free")


def interceptors(
    state: EncounterState, mover: str, path: Sequence[Point], positions: dict[str, Point]
) -> list[str]:
    """Who may intercept ``mover`` along ``path`` (ids in the state's order)."""
    return [
        cid
        for cid in state.combatants
        if cid in positions and can_intercept(path, positions[cid], melee_available(state, cid, mover))
    ]
