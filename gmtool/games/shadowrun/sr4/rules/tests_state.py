"""What an SR4 combatant keeps of its dice tests: the last test (for Edge after the roll) and extended tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class LastTest:
    """The combatant's last test, kept so Edge can still be used after the roll (SR4-E3, E4, E8)."""

    label: str
    terms: tuple[tuple[str, int], ...]
    pool: int
    threshold: int
    faces: tuple[int, ...]  # the pool's own dice as first rolled (Edge dice and their sixes are not kept)
    edge_used: bool  # SR4-E1: one point per action
    typed: bool
    glitch: bool


@dataclass
class ExtendedTest:
    """SR4-D6: an extended test in progress."""

    id: int
    combatant: str
    label: str
    pool: Any  # the PoolSpec each interval rolls
    threshold: int
    interval_minutes: int
    roll_limit: int
    rolls: int = 0
    accumulated: int = 0
    finished: bool = False
