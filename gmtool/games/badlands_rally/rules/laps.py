"""Laps on a course (BR-19's groundwork): a gear passes the course's checkpoints in order and
completes a lap on entering the finish zone after the last one. A course without checkpoints
counts a lap at each entry into the finish zone from outside it. Where a gear stands in the race
("ahead") is its laps, then the checkpoints passed since, then how near the next one it is."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.core.hex.coords import Hex, distance, label
from gmtool.core.hex.map_file import HexMapFile, hex_of


@dataclass(frozen=True)
class Progress:
    laps: int = 0
    next_checkpoint: int = 0  # index into the course's checkpoints


@dataclass(frozen=True)
class Passed:
    """What entering a hex did: the checkpoint passed (its index), the lap completed (its number)."""

    progress: Progress
    checkpoint: int | None = None
    lap: int | None = None


def entered(course: HexMapFile, progress: Progress, before: Hex, after: Hex) -> Passed:
    """``after`` entered (from ``before``): a checkpoint passed in order, or a lap completed."""
    checkpoints = course.checkpoints
    finish = set(course.zones.get("finish", []))
    where = label(after)
    if progress.next_checkpoint < len(checkpoints) and where in checkpoints[progress.next_checkpoint]:
        return Passed(Progress(progress.laps, progress.next_checkpoint + 1), checkpoint=progress.next_checkpoint)
    if where in finish and label(before) not in finish and progress.next_checkpoint >= len(checkpoints):
        lap = progress.laps + 1
        return Passed(Progress(lap, 0), lap=lap)
    return Passed(progress)


def standing(course: HexMapFile, progress: Progress, at: Hex) -> tuple[int, int, int]:
    """A key that is larger for a gear further ahead in the race."""
    checkpoints = course.checkpoints
    goal = checkpoints[progress.next_checkpoint] if progress.next_checkpoint < len(checkpoints) else \
        course.zones.get("finish", [])
    nearest = min((distance(at, hex_of(h)) for h in goal), default=0)
    return progress.laps, progress.next_checkpoint, -nearest
