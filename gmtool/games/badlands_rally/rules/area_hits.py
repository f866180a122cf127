"""One gear hit by an Area Effect weapon beside the attack's target (BR-11): its damage and what it did
(a journal message, part of :class:`~.race_messages.AttackMade`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class AreaHit(BaseModel):
    """A gear next to the target: its half damage roll (or half the target's hits) and the result."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: str
    name: str
    dice: int  # its damage roll's dice (0 with the half-hits reading: no roll)
    faces: tuple[int, ...]
    hits: int
    hull_before: int
    hull: int
    structure_before: int
    structure: int
    excess: int
    rattled: bool
    spins_out: bool  # emptied, an Impact hit, or off balance (BR-15): it waits to spin out
