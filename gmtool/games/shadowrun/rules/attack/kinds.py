"""The kinds of the attack's commands and events, known without importing their classes.

Both editions' codecs decode these kinds through :mod:`.messages`, imported on the first
record of one of them (:class:`gmtool.core.messages.MessageCodec` ``later``): opening an
encounter that has seen no attack does not import them. ``tests/test_attack_kinds.py``
keeps these lists equal to the classes' kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from gmtool.core.messages import Message

COMMAND_KINDS = ("attack", "reload", "mark_suppressed", "suppression_test")
EVENT_KINDS = (
    "attack_resolved", "rounds_fired", "reloaded", "called_shot_resolved", "suppressive_fire_started",
    "zone_marked", "suppressive_fire_ended", "full_defence_declared", "suppression_tested",
)


def _classes(name: str) -> Callable[[], tuple[type[Message], ...]]:
    def load() -> tuple[type[Message], ...]:
        classes: tuple[type[Message], ...] = getattr(import_module("gmtool.games.shadowrun.rules.attack.messages"), name)
        return classes

    return load


def later_commands() -> dict[str, Callable[[], tuple[type[Message], ...]]]:
    """The attack's command kinds, each loading the attack's command classes."""
    return dict.fromkeys(COMMAND_KINDS, _classes("COMMAND_CLASSES"))


def later_events() -> dict[str, Callable[[], tuple[type[Message], ...]]]:
    """The attack's event kinds, each loading the attack's event classes."""
    return dict.fromkeys(EVENT_KINDS, _classes("EVENT_CLASSES"))
