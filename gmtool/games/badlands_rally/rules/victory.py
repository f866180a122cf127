"""Who goes first and who wins (BR-6, BR-19), from the digest's ラウンド, 決定的勝利 and 僅差勝利 sections.

Each round every player makes an initiative check (2D6, +1 die per rally-the-crowd token, −1D6
rattled): the highest goes first; a tie goes to the gear ahead in the race, and when that is not
clear the tied players roll again. A race is won outright by the only gear to finish every lap in
a round; when several finish in the same round, each makes a 2D6 initiative check (−1D6 rattled;
rally dice do not count) and loses one point per rattle recorded (never below 0): the highest
wins, a tie going to the gear ahead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gmtool.games.badlands_rally.rules.dice import Reading, check_value

BASE_DICE = 2


def first_to_act(values: Mapping[str, int], ahead: Sequence[str] | None) -> str | None:
    """The gear with the highest check; a tie to the one earliest in ``ahead`` (the race order, front
    first); ``None`` when tied and the order is not clear (``ahead`` None): roll again."""
    best = max(values.values())
    tied = [gear for gear, value in values.items() if value == best]
    if len(tied) == 1:
        return tied[0]
    if ahead is None or not all(gear in ahead for gear in tied):
        return None
    return min(tied, key=list(ahead).index)


def contested_dice(rattled: bool) -> int:
    """The victory check's dice: 2D6, −1D6 rattled (no rally dice)."""
    return BASE_DICE - int(rattled)


def contested_score(faces: Sequence[int], rating: int, rattles: int, reading: Reading = "digest") -> int:
    """The check's value less one per rattle recorded, 0 at least."""
    return max(0, check_value(faces, rating, reading) - rattles)


def winner(finished: Sequence[str], scores: Mapping[str, int] | None, ahead: Sequence[str]) -> str | None:
    """The race's winner: the only gear to finish this round, else the highest contested score (ties
    to the gear ahead); ``None`` while nobody has finished."""
    if not finished:
        return None
    if len(finished) == 1:
        return finished[0]
    if scores is None:
        raise ValueError("several gears finished: the contested check decides")
    return first_to_act({gear: scores[gear] for gear in finished}, ahead)
