"""The round's order and the reaction attacks (BR-4, BR-5, BR-18), from the digest's 準備, ラウンド and
リアクション攻撃 sections.

Players act clockwise from the winner of the initiative check (at setup: the pole position's
player places first, then clockwise). An activation begins by declaring cruising or top speed
(rattled: cruising only); actions and movement go in any order; at its end the gear is back at
cruising speed and loses the actions it did not use. A passive gear that has not activated this
round may spend its action on a reaction attack: (A) a melee attack when an active gear next to it
leaves a hex of its front arc within its melee weapon's range; (B) an attack on the active gear that
made it the target of its first attack, when it has lock on that gear.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gmtool.core.errors import RulesError
from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.coords import Hex, distance
from gmtool.core.hex.sight import Ground
from gmtool.games.badlands_rally.rules.terrain import Speed


def clockwise_from(seats: Sequence[str], first: str) -> list[str]:
    """The seats clockwise (``seats`` in clockwise order) starting with ``first``."""
    start = list(seats).index(first)
    return [*seats[start:], *seats[:start]]


def declare_speed(speed: Speed, rattled: bool) -> Speed:
    """An activation's speed: top speed is refused while rattled (BR-14)."""
    if speed == "top" and rattled:
        raise RulesError("error.br_rattled_no_top_speed")
    return speed


@dataclass(frozen=True)
class Activation:
    speed: Speed
    actions_left: int


def end_activation(state: Activation) -> Activation:
    """Back at cruising speed; unused actions are lost."""
    return Activation("cruising", 0)


def melee_reaction(passive: Hex, passive_facing: int, melee_range: int, leaving: Hex, entering: Hex,
                   passive_acted: bool) -> bool:
    """Condition A: the active gear leaves a hex of the passive gear's front arc within melee range."""
    if passive_acted or leaving == passive or distance(passive, leaving) > melee_range:
        return False
    in_front = bearing(passive, passive_facing, leaving).ahead >= 0
    return in_front and entering != leaving


def attack_reaction(passive: Hex, passive_facing: int, attacker: Hex, first_attack_on_it: bool,
                    passive_acted: bool, ground: Ground, units: Iterable[Hex] = ()) -> bool:
    """Condition B: first targeted by the active gear's attack, with lock on it (front arc and line)."""
    if passive_acted or not first_attack_on_it:
        return False
    if bearing(passive, passive_facing, attacker).ahead < 0:
        return False
    return ground.sight(passive, attacker, units).lock
