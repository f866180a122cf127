"""The small protocol every game's ruleset implements."""

from __future__ import annotations

import random
from typing import Any, Protocol

from gmtool.core.messages import Command, Event, MessageCodec


class Ruleset(Protocol):
    """What the core needs from a game."""

    key: str
    commands: MessageCodec
    events: MessageCodec
    readings: Any  # the campaign's rule readings it decides with (gmtool.rulesets.readings)

    def initial_state(self) -> Any:
        """The state of an empty encounter."""

    def decide(self, state: Any, command: Command, rng: random.Random) -> tuple[Event, ...]:
        """Validate ``command`` against ``state``; raise RulesError or return its events."""

    def apply(self, state: Any, event: Event) -> None:
        """Fold one event into ``state`` (in place). Never rolls, never refuses."""

    def describe(self, event: Event) -> str:
        """The event in words, in the active language."""
