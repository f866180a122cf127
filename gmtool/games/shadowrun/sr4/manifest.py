"""Shadowrun 4 as the shell knows it at start-up (plain data; the rules load with an SR4 encounter)."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(
    key="sr4",
    api=GAME_API,
    names={"en": "Shadowrun 4", "ja": "シャドウラン4版"},
    order=20,
    rules="gmtool.games.shadowrun.sr4.rules.game:SR4Ruleset",
    demo="gmtool.games.shadowrun.sr4.rules.demo:demo",
    house_rules="gmtool.games.shadowrun.rules.house:load",  # both editions' tables: loaded once
    view="gmtool.games.shadowrun.sr4.gui.view:SR4View",
    library="gmtool.games.shadowrun.library.kind:LIBRARY",  # both editions' templates: one library
    library_gui="gmtool.games.shadowrun.gui.library_parts:LIBRARY_GUI",
)
