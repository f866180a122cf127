"""The race's standings (BR-19, BR-6): each gear's position, the lap it runs and the checkpoint it
must pass next — what the order list and the players' screen show at a glance.

Nothing here is new rules: a lap is the course's checkpoints passed in order and then the finish zone
entered (:mod:`.laps`); who is ahead is the digest's 前にいる — more laps, then more checkpoints passed
since, then nearer the next one (:func:`.laps.standing`, the key the initiative and the contested
check break their ties with). Gears level on that key share a position (the digest rerolls such
ties: 不明瞭な場合、振り直す). A gear that has finished every lap ranks before every gear still
racing, the earlier round first, the winner first of all (決定的勝利 / 僅差勝利). A gear knocked out
before it finished has left the race (ノックアウト): no position. In race and return every second
lap runs the checkpoints backwards (:func:`.scenario_rules.lap_course`); the checkpoint named is
always the course's own number.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules.laps import standing
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.scenario_rules import RETURN, lap_course


@dataclass(frozen=True)
class Standing:
    """One gear in the race: ``position`` 1 is the gear ahead of all (None: knocked out before the
    finish); ``lap`` the lap it runs (1-based, at most ``laps``); ``checkpoint`` the course's number of
    the checkpoint it passes next (None: the finish zone is next, or it has finished)."""

    gear: str
    position: int | None
    lap: int
    laps: int
    checkpoint: int | None
    finished: bool


def standings(state: RaceState) -> dict[str, Standing]:
    """Every gear's standing, by gear id (empty without a course)."""
    course = state.course
    if course is None:
        return {}
    ranked = _ranked(state, course)
    places = _positions(ranked)
    return {g.id: _standing(state, course, g, places.get(g.id)) for g in state.gears.values()}


def _key(state: RaceState, course: HexMapFile, gear: RaceGear) -> tuple[int, ...]:
    """Larger for a gear further ahead: finished first (the winner, then the earlier round), then 前にいる."""
    finished = gear.id in state.finished
    first = (1 if gear.id == state.winner else 0, -state.finished[gear.id]) if finished else (0, 0)
    ahead = standing(lap_course(state, gear.progress) or course, gear.progress, gear.hex)
    return (1 if finished else 0, *first, *ahead)


def _ranked(state: RaceState, course: HexMapFile) -> list[tuple[str, tuple[int, ...]]]:
    racing = [g for g in state.gears.values() if g.id in state.finished or not g.out]
    keyed = [(g.id, _key(state, course, g)) for g in racing]
    return sorted(keyed, key=lambda pair: pair[1], reverse=True)


def _positions(ranked: list[tuple[str, tuple[int, ...]]]) -> dict[str, int]:
    """1, 2, 2, 4 …: gears level on the key share a place."""
    places: dict[str, int] = {}
    for number, (gear, key) in enumerate(ranked, start=1):
        level = number > 1 and key == ranked[number - 2][1]
        places[gear] = places[ranked[number - 2][0]] if level else number
    return places


def _standing(state: RaceState, course: HexMapFile, gear: RaceGear, position: int | None) -> Standing:
    finished = gear.id in state.finished
    lap = min(gear.progress.laps + 1, state.laps)
    count = len(course.checkpoints)
    index = gear.progress.next_checkpoint
    checkpoint = None
    if not finished and index < count:
        backwards = state.scenario == RETURN and gear.progress.laps % 2 == 1
        checkpoint = count - index if backwards else index + 1
    return Standing(gear.id, position, lap, state.laps, checkpoint, finished)
