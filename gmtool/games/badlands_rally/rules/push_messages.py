"""The push's journal messages (BR-17, 1 action): the command and the event, with every die, the
distance asked and pushed, the MR paid, where both gears went and the collision it caused."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command, Event
from gmtool.games.badlands_rally.rules.race_messages import Collision, Side


class PushGear(Command):
    """The active gear pushes an adjacent gear: the check's dice typed or rolled; ``distance`` the hexes
    the player wants (at most the MOS and what the MR pays for; None: as far as that allows)."""

    kind: Literal["br_push"] = "br_push"
    pusher: str
    target: str
    distance: int | None = Field(default=None, ge=0, le=30)
    attack_faces: tuple[int, ...] | None = None
    defence_faces: tuple[int, ...] | None = None
    collision_faces: tuple[int, ...] | None = None  # the pushed gear's collision damage roll
    other_faces: tuple[int, ...] | None = None  # the gear it is pushed into


class GearPushed(Event):
    """A push: the opposed check, the hexes pushed and paid for, the collision and a fumble's spin-out."""

    kind: Literal["br_pushed"] = "br_pushed"
    pusher: str
    pusher_name: str
    target: str
    name: str  # the target's
    side: Side
    attack_terms: tuple[tuple[str, int], ...]
    defence_terms: tuple[tuple[str, int], ...]
    attack_rating: int
    defence_rating: int
    attack_faces: tuple[int, ...]
    defence_faces: tuple[int, ...]
    attack_value: int
    defence_value: int
    margin: int
    asked: int | None  # the distance the player asked for (None: as far as possible)
    distance: int  # hexes the target moved
    cost: int  # MR the pusher paid
    mr_left: int
    pusher_before: str
    pusher_after: str
    before: str  # the target's
    after: str
    hit: Literal["", "terrain", "gear"]
    hit_hex: str
    collisions: tuple[Collision, ...]
    fumble: bool  # every attack die a 1: the pusher spins out and skids
    off_balance: bool  # the target was off balance: pushed (an attack check), it spins out again (BR-15)
    typed: bool
    odds: str  # P(success) before the roll


PUSH_COMMANDS = (PushGear,)
PUSH_EVENTS = (GearPushed,)
