"""A reaction window (BR-18) as the race holds it: what the active gear is about to do (a step out of
a hex, an attack), which passive gears may still answer it with a reaction attack and why, and the
reactions already chosen. Nothing is rolled until every offered gear has answered; then the held
attack and the reactions are rolled together and their effects applied after all were rolled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from gmtool.games.badlands_rally.rules.race_messages import AttackGear, Step

Reason = Literal["melee", "attacked"]  # condition A (leaving its front arc in melee range), B (targeted)


@dataclass(frozen=True)
class ReactionWindow:
    active: str  # the active gear
    offers: tuple[tuple[str, Reason], ...]  # passive gears still to answer, with the condition met
    step: Step | None = None  # the step held: it resolves after the reactions (condition A)
    left: str = ""  # the hex the held step leaves
    attack: AttackGear | None = None  # the active gear's attack held (simultaneous with the reactions)
    reactions: tuple[AttackGear, ...] = ()  # the reactions chosen (each a passive gear's attack on the active)

    def reason(self, gear: str) -> Reason | None:
        return next((why for g, why in self.offers if g == gear), None)
