"""The shell reaches a game's optional parts only as its manifest declares them (:mod:`gmtool.core.declared`):
the duel declares all four, the rally its report words and map, the Shadowrun editions none."""

from __future__ import annotations

import pytest

from gmtool.core.declared import map_rules, player_line, report_words, target_hint
from gmtool.core.registry import registry

ACCESSORS = {"player_line": player_line, "report_words": report_words, "map": map_rules, "target_hint": target_hint}
DECLARED = {  # from each game's manifest.py
    "aura_battler": {"player_line", "report_words", "map", "target_hint"},
    "badlands_rally": {"report_words", "map"},
    "sr4": set(),
    "sr5": set(),
}


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_each_capability_is_the_rules_themselves_when_declared_else_none(game: str) -> None:
    rules = registry().new_rules(game)
    got = {name: accessor(rules) for name, accessor in ACCESSORS.items()}
    assert {name for name, value in got.items() if value is not None} == DECLARED[game]
    assert all(value is rules for value in got.values() if value is not None)
