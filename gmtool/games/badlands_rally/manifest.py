"""Badlands Rally as the shell knows it at start-up (plain data; the race loads with its encounter)."""

from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.readings import ReadingOption

PACKAGE = "gmtool.games.badlands_rally"

MANIFEST = GameManifest(
    key="badlands_rally",
    api=GAME_API,
    names={"en": "Heavy Gear: Badlands Rally", "ja": "ヘビーギア：バッドランズ・ラリー"},
    order=30,
    rules=f"{PACKAGE}.rules.race:RallyRules",
    view=f"{PACKAGE}.gui.view:RallyView",
    demo=f"{PACKAGE}.rules.demo:demo",
    library=f"{PACKAGE}.library.kind:LIBRARY",
    library_gui=f"{PACKAGE}.gui.library_parts:LIBRARY_GUI",
    capabilities=frozenset({"report_words", "map", "carry"}),  # carry: a gear's damage and upgrades go on
    readings=(  # where the digest leaves a choice open (the rules booklet's figures, pp. 8-9)
        ReadingOption(key="br_rear_cone", rule="BR-10", page=9),
        ReadingOption(key="br_corner_open", rule="BR-10", page=8),
        ReadingOption(key="br_gear_cover_1d6", rule="BR-10", page=8),
        ReadingOption(key="br_check_count", rule="BR-2", page=4),
        ReadingOption(key="br_recover_hull_first", rule="BR-17", page=13),
        ReadingOption(key="br_reaction_each_attacker", rule="BR-18", page=13),
        ReadingOption(key="br_area_half_hits", rule="BR-11", page=10),
        ReadingOption(key="br_off_balance_hull", rule="BR-15", page=12),
        ReadingOption(key="br_exposed_check_value", rule="BR-20", page=16),
    ),
)
