"""The value of a row that follows a named rule rather than a fixed figure.

First pass (:func:`base_value`): rules that read only the context
(``wound_modifier``, ``recoil``, counts such as ``friends_in_melee`` …). Second
pass (:func:`dependent_value`): rules that read the other ticked rows:

* ``recoil_doubled`` (SR4 heavy weapons, burst-fire shotguns): the ticked recoil
  rows once more, so uncompensated recoil counts twice.
* ``recoil_compensation``: cancels recoil penalty up to the context's
  ``recoil_compensation`` points (tick it only when the recoil row was entered by
  hand: the weapon code's figure is already compensated).
* ``gyro``: cancels recoil and movement penalties (attacker running, attacker in
  a moving vehicle) up to the context's ``gyro`` rating.
* ``cancel_range`` (SR4 image scope): the ticked range row's value, reversed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from gmtool.games.shadowrun.rules.tables.models import COUNT_RULES, MARKER_RULES, SPECIAL_RULES, Row

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.tables.context import ActionContext

DEPENDENT_RULES: tuple[str, ...] = ("recoil_doubled", "recoil_compensation", "gyro", "cancel_range")
MOVEMENT_FLAGS: frozenset[str] = frozenset({"attacker_running", "attacker_in_moving_vehicle"})

# (row, value) of every ticked row computed so far, by row key
Ticked = Mapping[str, tuple[Row, int]]


def base_value(row: Row, context: ActionContext, count: int | None = None) -> int | None:
    """The row's value from the context alone (a counted row: ``count`` when the GM gave one);
    None for rules that need the other rows."""
    if row.value is not None:
        return row.value
    rule = row.rule
    if rule in COUNT_RULES:
        value = row.factor * (context.count(COUNT_RULES[rule]) if count is None else count)
        return value if row.cap is None else max(-row.cap, min(row.cap, value))
    if rule == "wound_modifier":
        return -abs(context.wound_modifier)
    if rule == "recoil":
        return context.recoil_penalty
    if rule == "vision_mode" and row.by_vision is not None:
        return row.by_vision[context.vision]
    if rule in SPECIAL_RULES or rule in MARKER_RULES:
        return 0
    return None


def _recoil(ticked: Ticked) -> int:
    return sum(value for row, value in ticked.values() if row.group == "recoil" or row.rule == "recoil")


def _sum_of(ticked: Ticked, rules: tuple[str, ...]) -> int:
    return sum(value for row, value in ticked.values() if row.rule in rules)


def _cancel(penalty: int, points: int) -> int:
    """How much of a penalty (≤ 0) ``points`` of compensation cancel (≥ 0)."""
    return max(0, min(points, -penalty))


def dependent_value(row: Row, context: ActionContext, ticked: Ticked) -> int:
    """A second-pass rule's value, given the rows ticked and computed before it."""
    if row.rule == "recoil_doubled":
        return _recoil(ticked)
    recoil = _recoil(ticked) + _sum_of(ticked, ("recoil_doubled",))
    if row.rule == "recoil_compensation":
        return _cancel(recoil, context.recoil_compensation)
    if row.rule == "gyro":
        movement = sum(value for r, value in ticked.values() if r.context in MOVEMENT_FLAGS)
        left = recoil + _sum_of(ticked, ("recoil_compensation",)) + movement
        return _cancel(left, context.gyro)
    if row.rule == "cancel_range":
        return -sum(value for r, value in ticked.values() if r.group == "range")
    raise ValueError(f"not a dependent rule: {row.rule}")
