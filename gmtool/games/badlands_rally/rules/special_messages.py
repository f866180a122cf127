"""The journal messages of the datacards' special rules (BR-20) that are deeds of their own: the
Off-Road Specialist's roll, and the Pyrotechnics' rally when another gear took a rally token."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command, Event


class OffRoad(Command):
    """Off-Road Specialist (once per turn): a defence roll, typed or rolled; each success ignores one
    of the consecutive rough hexes entered next."""

    kind: Literal["br_off_road"] = "br_off_road"
    gear: str
    faces: tuple[int, ...] | None = None
    rerolled: tuple[int, ...] | None = None  # Reliable: the faces rerolled (None: not a reroll)


class OffRoadRolled(Event):
    kind: Literal["br_off_road_rolled"] = "br_off_road_rolled"
    gear: str
    name: str
    round: int
    dice: int
    rating: int
    faces: tuple[int, ...]
    successes: int  # rough hexes to ignore
    odds: str  # P(at least one success) before the roll
    rerolled: tuple[int, ...] | None = None


class PyrotechnicsRallied(Event):
    """Pyrotechnics: the gear gave another a rally token (its spin-out recovered on a 6) and rallies."""

    kind: Literal["br_pyrotechnics_rallied"] = "br_pyrotechnics_rallied"
    gear: str
    name: str
    other: str  # the other gear's name
    tokens: int = Field(ge=0)  # after
