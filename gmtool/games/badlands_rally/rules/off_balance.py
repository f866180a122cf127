"""Off balance (BR-15), from the digest's ヒット値0 and オフバランス状態 sections.

A gear whose hits are all gone (hull and structure at 0) spins out and is off balance until it
recovers. While off balance, every attack on it spins it out and skids it again, even in another
gear's activation (the once-per-activation limit does not hold), and it takes no further rattle nor
rattle record until its next activation. The digest's ハル section (line 375) reads it sooner: off
balance as soon as its hull is 0 — the rule option ``br_off_balance_hull``.
"""

from __future__ import annotations

from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules.race_state import RaceGear

HULL_READING = "br_off_balance_hull"  # rule option: off balance from an empty hull (default: no hits left)


def off_balance(gear: RaceGear, readings: RuleReadings | None = None) -> bool:
    """Whether ``gear`` is off balance now."""
    if gear.out or gear.hull > 0:
        return False
    return gear.structure == 0 or (readings is not None and readings.book(HULL_READING))


def rattles(gear: RaceGear, hull_emptied: bool, readings: RuleReadings | None = None) -> bool:
    """Whether emptying the hull rattles ``gear`` (counted on its record): never while off balance,
    nor a second time before its next activation (BR-14)."""
    return hull_emptied and not off_balance(gear, readings) and not gear.rattle.since_activation
