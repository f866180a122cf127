"""What an SR4 combatant keeps of its last dice test (for Edge after the roll); its extended tests are
both editions' :class:`gmtool.games.shadowrun.rules.extended_tests.ExtendedTest`."""

from __future__ import annotations

from dataclasses import dataclass


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
