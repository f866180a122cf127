"""Game rulesets: one package per game, pure Python, each a :class:`Ruleset`."""

from __future__ import annotations

from gmtool.rulesets.base import Ruleset


def get_ruleset(key: str) -> Ruleset:
    """The ruleset registered under ``key`` (``"sr5"``, ``"sr4"`` …)."""
    if key == "sr5":
        from gmtool.rulesets.sr5 import SR5Ruleset

        return SR5Ruleset()
    if key == "sr4":
        from gmtool.rulesets.sr4 import SR4Ruleset

        return SR4Ruleset()
    from gmtool.core.errors import FileFormatError

    raise FileFormatError("error.unknown_ruleset", ruleset=key)
