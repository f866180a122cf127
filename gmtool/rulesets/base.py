"""The small protocol every game's ruleset implements (now :class:`gmtool.core.game.GameRules`;
this name stays while the Shadowrun code moves under ``gmtool/games``)."""

from __future__ import annotations

from gmtool.core.game import GameRules as Ruleset

__all__ = ["Ruleset"]
