"""A weapon's loaded ammunition as a pure, immutable value: rounds left and their type.

Every change returns a new :class:`Magazine`; firing more rounds than are loaded, or
loading past capacity, raises RulesError and changes nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.weapon import FeedType, Weapon


class Magazine(BaseModel):
    """Rounds left (never negative, never above capacity) and the ammunition type loaded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    capacity: int = Field(ge=0)
    rounds: int = Field(ge=0)
    ammo_type: str = "regular"
    feed: FeedType | None = None

    @model_validator(mode="after")
    def _within_capacity(self) -> Magazine:
        if self.rounds > self.capacity:
            raise ValueError("more rounds than the magazine holds")
        return self

    @classmethod
    def full(cls, weapon: Weapon, ammo_type: str | None = None, feed_index: int = 0) -> Magazine:
        """A weapon's feed loaded to capacity (a weapon without ammunition: capacity 0)."""
        if not weapon.ammo:
            return cls(capacity=0, rounds=0, ammo_type=ammo_type or weapon.ammo_type)
        feed = weapon.ammo[feed_index]
        return cls(capacity=feed.capacity, rounds=feed.capacity, ammo_type=ammo_type or weapon.ammo_type, feed=feed.feed)

    @property
    def empty(self) -> bool:
        return self.rounds == 0

    @property
    def room(self) -> int:
        """Rounds that still fit."""
        return self.capacity - self.rounds

    def fire(self, rounds: int) -> Magazine:
        """The magazine after firing ``rounds``; RulesError when fewer are loaded."""
        if rounds < 0:
            raise RulesError("weapons.error.rounds_negative", rounds=rounds)
        if rounds > self.rounds:
            raise RulesError("weapons.error.not_enough_rounds", needed=rounds, left=self.rounds)
        return self.model_copy(update={"rounds": self.rounds - rounds})

    def load(self, rounds: int, ammo_type: str | None = None) -> Magazine:
        """Add loose rounds; mixing ammunition types in one magazine is refused."""
        kind = ammo_type or self.ammo_type
        if rounds < 0:
            raise RulesError("weapons.error.rounds_negative", rounds=rounds)
        if rounds > self.room:
            raise RulesError("weapons.error.magazine_full", rounds=rounds, room=self.room)
        if kind != self.ammo_type and self.rounds > 0:
            raise RulesError("weapons.error.mixed_ammo", loaded=self.ammo_type, new=kind)
        return self.model_copy(update={"rounds": self.rounds + rounds, "ammo_type": kind})

    def refill(self, ammo_type: str | None = None) -> Magazine:
        """A fresh full load (a new clip, belt, drum or speed loader)."""
        return self.model_copy(update={"rounds": self.capacity, "ammo_type": ammo_type or self.ammo_type})
