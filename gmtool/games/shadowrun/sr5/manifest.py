"""Shadowrun 5 as the shell knows it at start-up (plain data; the rules load with an SR5 encounter)."""

from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.readings import ReadingOption

MANIFEST = GameManifest(
    key="sr5",
    api=GAME_API,
    names={"en": "Shadowrun 5", "ja": "シャドウラン5版"},
    order=10,
    rules="gmtool.games.shadowrun.sr5.rules.game:SR5Ruleset",
    demo="gmtool.games.shadowrun.sr5.rules.demo:demo",
    house_rules="gmtool.games.shadowrun.rules.house:load",  # both editions' tables: loaded once
    view="gmtool.games.shadowrun.sr5.gui.view:SR5View",
    library="gmtool.games.shadowrun.library.kind:LIBRARY",  # both editions' templates: one library
    library_gui="gmtool.games.shadowrun.gui.library_parts:LIBRARY_GUI",
    readings=(
        ReadingOption(key="sr5_multiple_attacks", rule="SR5-CS9", page=196),
        ReadingOption(key="sr5_harder_knock", rule="SR5-CS3", page=195),
        ReadingOption(key="sr5_knockdown", rule="SR5-A5", page=194),
    ),
)
