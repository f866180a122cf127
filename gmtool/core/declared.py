"""The capabilities a game's rules have, as its manifest declares them: the shell's only way to them.

Each accessor answers the rules as the capability's protocol (:mod:`gmtool.core.capabilities`) when the
game's manifest declares it, else None; the registry has checked, when it made the rules, that they
have every capability declared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from gmtool.core.capabilities import Capability, Carry, PlayerLine, ReportWords, TargetHint
from gmtool.core.registry import registry

if TYPE_CHECKING:
    from gmtool.core.hex.on_map import MapRules


class HasKey(Protocol):
    """Any game's rules: the key they are registered under."""

    key: str


def declares(rules: HasKey, capability: Capability) -> bool:
    """Whether the manifest of the game ``rules`` belong to declares ``capability``."""
    return capability in registry().manifest(rules.key).capabilities


def player_line(rules: HasKey) -> PlayerLine[object] | None:
    """The game's player line, if it declares one."""
    return cast("PlayerLine[object]", rules) if declares(rules, "player_line") else None


def report_words(rules: HasKey) -> ReportWords | None:
    """The game's own report words, if it declares them."""
    return cast("ReportWords", rules) if declares(rules, "report_words") else None


def map_rules(rules: HasKey) -> MapRules[object] | None:
    """The game's map, if its encounters are played on one."""
    return cast("MapRules[object]", rules) if declares(rules, "map") else None


def target_hint(rules: HasKey) -> TargetHint | None:
    """The game's words for the map dock before a target is chosen, if it declares them."""
    return cast("TargetHint", rules) if declares(rules, "target_hint") else None


def carry(rules: HasKey) -> Carry[object] | None:
    """What of a combatant carries over to the next encounter, if the game declares it."""
    return cast("Carry[object]", rules) if declares(rules, "carry") else None


def carry_of_game(game: str) -> Carry[object] | None:
    """:func:`carry` of a game by its key (its rules are made now, with the digest's readings)."""
    if "carry" not in registry().manifest(game).capabilities:
        return None
    from gmtool.core.registry import get_ruleset

    return cast("Carry[object]", get_ruleset(game))
