"""A scripted driver for whole races in tests: for the active gear, the commands a simple player gives —
declare speed, step along the cheapest way to its next checkpoint (or the finish zone), attack the first
gear it can hit, resolve the spin-outs waiting, end the activation — each through the real session.

The cheapest way is a table of MR to the goal per (hex, facing), computed backwards from the goal once
per goal and speed (other gears ignored there; a step into a gear is simply not taken).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, ahead, turn
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_map import terrain_of
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.scenario_rules import lap_course
from gmtool.games.badlands_rally.rules.terrain import kinds

MOVES_MAX = 30  # commands of movement in one activation, at most
State = tuple[Hex, int]


_COSTS: dict[tuple[int, str], tuple[HexMapFile, dict[Hex, int]]] = {}


def _entry_cost(course: HexMapFile, speed: str) -> dict[Hex, int]:
    """MR to enter each course hex at ``speed`` (hexes ordinary movement cannot enter are left out)."""
    kept = _COSTS.get((id(course), speed))
    if kept is not None and kept[0] is course:
        return kept[1]
    table, terrain, first = kinds(), terrain_of(course), next(iter(kinds()))
    costs = {}
    for col in range(1, course.columns + 1):
        for row in range(1, course.rows + 1):
            h = hex_of(f"{col:02d}{row:02d}")
            kind = table.get(terrain.get(h, first))
            cost = kind.mr(speed) if kind is not None and kind.course else None
            if cost is not None:
                costs[h] = cost
    _COSTS[(id(course), speed)] = (course, costs)
    return costs


_KEPT: dict[tuple[int, frozenset[Hex], str], tuple[HexMapFile, dict[State, int]]] = {}


def _to_goal(course: HexMapFile, goal: frozenset[Hex], speed: str, blocked: frozenset[Hex] = frozenset()) -> dict[State, int]:
    """MR from each (hex, facing) to any goal hex, backwards Dijkstra, around the ``blocked`` hexes (kept per
    course, goal and speed when nothing is blocked)."""
    key = (id(course), goal, speed)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is course and not blocked:
        return kept[1]
    enter = {h: cost for h, cost in _entry_cost(course, speed).items() if h not in blocked}
    turn_cost = 0 if speed == "cruising" else 1
    best: dict[State, int] = {}
    queue = [(0, h, f) for h in goal for f in range(6)]
    while queue:
        cost, h, f = heapq.heappop(queue)
        if (h, f) in best:
            continue
        best[(h, f)] = cost
        for side in (-1, 1):  # turned from the other facing
            heapq.heappush(queue, (cost + turn_cost, h, turn(f, side)))
        before = ahead(h, f, -1)  # stepped ahead from the hex behind
        if h in enter and before in enter:
            heapq.heappush(queue, (cost + enter[h], before, f))
    if not blocked:
        _KEPT[key] = (course, best)
    return best


def _goal(state: RaceState, gear: RaceGear) -> tuple[HexMapFile, frozenset[Hex]]:
    course = lap_course(state, gear.progress)
    assert course is not None
    checkpoints = course.checkpoints
    if gear.progress.next_checkpoint < len(checkpoints):
        return course, frozenset(hex_of(h) for h in checkpoints[gear.progress.next_checkpoint])
    return course, frozenset(hex_of(h) for h in course.zones["finish"])


def _next_move(state: RaceState, gear: RaceGear, last: str) -> str | None:
    """The step that keeps the gear on the cheapest way (ahead first; never undoing the last turn); when a
    gear stands in that way, the cheapest way around it."""
    course, goal = _goal(state, gear)
    assert gear.speed is not None and state.course is not None
    taken = frozenset(g.hex for g in state.gears.values() if g.id != gear.id and not g.out)
    move = _best(state, gear, last, _to_goal(state.course, goal, gear.speed), taken)
    if move is None:
        move = _best(state, gear, last, _to_goal(state.course, goal - taken, gear.speed, taken), taken)
    return move


def _best(state: RaceState, gear: RaceGear, last: str, table: dict[State, int], taken: frozenset[Hex]) -> str | None:
    assert gear.speed is not None and state.course is not None
    course = state.course
    here = table.get((gear.hex, gear.facing))
    enter = _entry_cost(course, gear.speed)
    options = []
    step_to = ahead(gear.hex, gear.facing)
    if step_to in enter and step_to not in taken and on_board(step_to, course.columns, course.rows):
        options.append((enter[step_to] + table.get((step_to, gear.facing), 10_000), 0, "ahead", enter[step_to]))
    for n, (move, side) in enumerate((("left", -1), ("right", 1)), start=1):
        if {"left": "right", "right": "left"}[move] != last:
            cost = 0 if gear.speed == "cruising" else 1
            options.append((cost + table.get((gear.hex, turn(gear.facing, side)), 10_000), n, move, cost))
    options = [o for o in options if o[3] <= gear.mr_left]
    if here is None or not options or min(options)[0] > here:
        return None  # nothing left on the cheapest way (a gear stands in it): it waits there
    return min(options)[2]


def _target(rules: RallyRules, state: RaceState, gear: RaceGear) -> m.AttackGear | None:
    """The first gear it can hit with its first weapon that has a chance (or None)."""
    for other in state.gears.values():
        if other.id == gear.id or other.out:
            continue
        for weapon in range(len(gear.weapons)):
            draft = m.AttackGear(attacker=gear.id, target=other.id, weapon=weapon)
            seen = rules.attack_preview(state, draft)
            if not seen.refusal and seen.success > 0:
                return draft
    return None


def answer_reactions(rules: RallyRules, state: Callable[[], RaceState], do: Callable[[Command], object]) -> None:
    """BR-18: each gear offered a reaction reacts with its first weapon that has a chance, else does not."""
    while (window := state().reaction) is not None:
        gear_id = window.offers[0][0]
        drafts = (m.AttackGear(attacker=gear_id, target=window.active, weapon=w)
                  for w in range(len(state().gears[gear_id].weapons)))
        chosen = next((d for d in drafts if not (seen := rules.reaction_preview(state(), d)).refusal
                       and seen.success > 0), None)
        do(r.React(gear=gear_id, weapon=chosen.weapon) if chosen else r.DeclineReaction(gear=gear_id))


def activation(rules: RallyRules, state: Callable[[], RaceState], do: Callable[[Command], object]) -> None:
    """The active gear's whole activation, each command through ``do`` (the session)."""
    gear_id = state().current
    assert gear_id is not None
    gear = state().gears[gear_id]
    do(m.DeclareSpeed(gear=gear_id, speed="cruising" if gear.rattle.token else "top"))
    if gear.hull == 0 and gear.structure == 0:
        do(m.Recover(gear=gear_id))
    last = ""
    for _ in range(MOVES_MAX):
        gear = state().gears[gear_id]
        move = _next_move(state(), gear, last)
        if move is None:
            break
        do(m.StepGear(gear=gear_id, step=move))  # type: ignore[arg-type]
        answer_reactions(rules, state, do)
        if state().pending or state().current != gear_id:
            break
        last = move
    ready = not state().pending and state().current == gear_id
    attack = _target(rules, state(), state().gears[gear_id]) if ready else None
    if attack is not None:
        do(attack)
        answer_reactions(rules, state, do)
    while state().pending:
        do(m.ResolveSpin(gear=state().pending[0][0]))
    if state().current == gear_id:
        do(m.EndActivation(gear=gear_id))


def race(rules: RallyRules, state: Callable[[], RaceState], do: Callable[[Command], object], rounds: int) -> int:
    """Rounds from the initiative check until the race is won (at most ``rounds``): the rounds run."""
    for played in range(1, rounds + 1):
        do(m.RollInitiative())
        while state().current is not None and state().winner is None:
            activation(rules, state, do)
        if state().contest:
            do(m.ContestVictory())
        if state().winner is not None:
            return played
    raise RulesError("error.br_no_contest")  # pragma: no cover - the race did not end
