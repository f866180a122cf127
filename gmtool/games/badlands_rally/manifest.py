"""Badlands Rally as the shell knows it at start-up (plain data; the race loads with its encounter)."""

from gmtool.core.game import GAME_API, GameManifest

PACKAGE = "gmtool.games.badlands_rally"

MANIFEST = GameManifest(
    key="badlands_rally",
    api=GAME_API,
    names={"en": "Heavy Gear: Badlands Rally", "ja": "ヘビーギア：バッドランズ・ラリー"},
    order=30,
    rules=f"{PACKAGE}.rules.race:RallyRules",
    view=f"{PACKAGE}.gui.view:RallyView",
    demo=f"{PACKAGE}.rules.demo:demo",
)
