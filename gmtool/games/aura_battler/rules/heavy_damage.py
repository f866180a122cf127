"""Heavily damaged machines (AB-19), from the digest's section 19.2: once its damage is above half its
durability a machine accelerates or decelerates with 1 PP only — a machine that cannot gain thrust with
one PP never accelerates again —, turns only 60° in one hex (response turns included, 19.1.2) and
cannot side-slip.

The digest has no movement rules (sections 1–11), so movement stays the GM's and gmtool reads these
limits as follows: the thrust one action PP gains or sheds is the card's (``accel_per_pp``,
``decel_per_pp``, 1 by default), and over one turn a heavily damaged machine's thrust may move from
where the turn began by at most that much either way; one 60° turn per hex, whether a step, a drop
or a response turn, until it enters another hex (a new turn starts afresh); a side-slip (the step
to the front-left or front-right hex keeping the facing, or a drop there) is refused.
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, ahead, distance, turn
from gmtool.games.aura_battler.rules.duel_state import DuelUnit

SLIPS = {"slip_left": -1, "slip_right": 1}


def slip_hex(at: Hex, facing: int, step: str) -> Hex:
    """The front-left or front-right neighbour: a side-slip keeps the facing."""
    return ahead(at, turn(facing, SLIPS[step]), 1)


def turn_sides(before: int, after: int) -> int:
    """How many hex sides lie between two facings (0–3)."""
    apart = (after - before) % 6
    return min(apart, 6 - apart)


def check_thrust(found: DuelUnit, thrust: int) -> None:
    """19.1.1: a heavily damaged machine's thrust this turn stays within 1 PP of the turn's start."""
    if not found.heavily_damaged:
        return
    start, card = found.turn_thrust, found.machine
    if thrust > start + card.accel_per_pp and thrust > found.thrust:
        if card.accel_per_pp == 0:
            raise RulesError("error.ab_heavy_no_accel", name=found.name)
        raise RulesError("error.ab_heavy_thrust", name=found.name, low=max(0, start - card.decel_per_pp),
                         high=start + card.accel_per_pp)
    if thrust < start - card.decel_per_pp and thrust < found.thrust:
        raise RulesError("error.ab_heavy_thrust", name=found.name, low=max(0, start - card.decel_per_pp),
                         high=start + card.accel_per_pp)


def check_turn(found: DuelUnit, sides: int) -> None:
    """19.1.2: 60° at most in one hex, a second turn in the same hex refused (response turns too)."""
    if not found.heavily_damaged or sides == 0:
        return
    if abs(sides) > 1:
        raise RulesError("error.ab_heavily_damaged_turn")
    if found.turned_here:
        raise RulesError("error.ab_heavy_turned_here", name=found.name)


def check_slip(found: DuelUnit) -> None:
    """19.1.3: no side-slip."""
    if found.heavily_damaged:
        raise RulesError("error.ab_heavy_no_slip", name=found.name)


def check_drop(found: DuelUnit, at: Hex, facing: int) -> None:
    """The GM's drop on the map, read as the moves it makes: a side-slip, or a turn (19.1.2, 19.1.3)."""
    if not found.heavily_damaged:
        return
    if facing == found.facing and at in (slip_hex(found.hex, found.facing, s) for s in SLIPS):
        check_slip(found)
    sides = turn_sides(found.facing, facing)
    if at == found.hex:
        check_turn(found, sides)
    elif sides > distance(found.hex, at):  # one 60° turn in each hex it entered at most
        raise RulesError("error.ab_heavily_damaged_turn")
