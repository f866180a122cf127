"""Game rulesets: one package per game, pure Python, each a :class:`Ruleset`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rulesets.base import Ruleset

if TYPE_CHECKING:
    from gmtool.rulesets.readings import Readings


def get_ruleset(key: str, readings: Readings | None = None) -> Ruleset:
    """The ruleset registered under ``key`` (``"sr5"``, ``"sr4"`` …), deciding with the campaign's
    rule ``readings`` (the digest's when not given)."""
    if key == "sr5":
        from gmtool.rulesets.sr5 import SR5Ruleset

        return SR5Ruleset(readings)
    if key == "sr4":
        from gmtool.rulesets.sr4 import SR4Ruleset

        return SR4Ruleset(readings)
    from gmtool.core.errors import FileFormatError

    raise FileFormatError("error.unknown_ruleset", ruleset=key)
