"""Game rulesets (moving under ``gmtool/games``): :func:`get_ruleset` asks the game registry."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gmtool.rulesets.base import Ruleset

if TYPE_CHECKING:
    from gmtool.rulesets.readings import Readings


def get_ruleset(key: str, readings: Readings | None = None) -> Ruleset:
    """A new ruleset of the game registered under ``key`` (:mod:`gmtool.core.registry`), deciding
    with the campaign's rule ``readings`` (the digest's when not given). An unknown key raises
    ``FileFormatError("error.unknown_ruleset")``."""
    from gmtool.core.registry import registry

    return cast(Ruleset, registry().new_rules(key, readings))
