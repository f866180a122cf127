"""Badlands Rally's rattled track (BR-14), from the digest's ラタルド sections.

Each time a gear's hull is emptied it becomes rattled: one token (never more), kept until its hull
is back to at least 1; every rattle is recorded. At the 5th it stays rattled for good, even with
its hull repaired; at the 6th it is knocked out of the race (a gear already past the finish line
may still win) — a High-Tech gear (BR-20) one rattle sooner: for good at the 4th, out at the 5th. A gear rattled is not rattled again before its next activation. Rattled: −1D6 on
every test, no top speed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

FOR_GOOD = 5
KNOCKED_OUT = 6
PENALTY_DICE = -1


@dataclass(frozen=True)
class Rattle:
    """A gear's rattled state: the token, the rattles recorded, and whether it was rattled since its
    last activation (then the next emptied hull does not count)."""

    token: bool = False
    count: int = 0
    since_activation: bool = False
    high_tech: bool = False  # BR-20 High-Tech: each threshold one rattle sooner

    @property
    def for_good(self) -> bool:
        return self.count >= FOR_GOOD - self.high_tech

    @property
    def knocked_out(self) -> bool:
        return self.count >= KNOCKED_OUT - self.high_tech

    @property
    def dice(self) -> int:
        """The dice every test of the gear loses (or 0)."""
        return PENALTY_DICE if self.token else 0

    @property
    def top_speed_allowed(self) -> bool:
        return not self.token


def hull_emptied(state: Rattle) -> Rattle:
    """The hull reached 0: rattled (recorded) unless already rattled since the last activation."""
    if state.since_activation:
        return state
    return replace(state, token=True, count=state.count + 1, since_activation=True)


def hull_repaired(state: Rattle, hull: int) -> Rattle:
    """The hull is back at ``hull``: the token goes at 1 or more, unless rattled for good."""
    if hull >= 1 and state.token and not state.for_good:
        return replace(state, token=False)
    return state


def activated(state: Rattle) -> Rattle:
    """The gear's activation begins: it may be rattled again from now on."""
    return replace(state, since_activation=False)
