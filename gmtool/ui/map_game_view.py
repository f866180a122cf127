"""What the view adapters of the games played on a hex map share (:class:`MapGameView`), written once.

Light on purpose: the shell imports a game's view adapter to read its keys before any window is made.
"""

from __future__ import annotations

from typing import Generic, TypeVar

R = TypeVar("R")


class MapGameView(Generic[R]):
    """A hex game's view adapter (:class:`gmtool.viewmodels.game_view.GameView`): the encounter's rules, or
    the game's own made fresh (``rules_class``), and no feature of the shell's panels (its map comes from
    the manifest's ``"map"`` capability). The game gives ``key``, ``action_specs``, ``current_actor`` and
    ``window_parts``."""

    features: frozenset[str] = frozenset()
    rules_class: type[R]

    def __init__(self, rules: R | None = None) -> None:
        self.rules: R = rules if rules is not None else self.rules_class()
