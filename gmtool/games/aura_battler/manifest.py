"""The Aura Battler duel as the shell knows it at start-up (plain data; the duel loads with its encounter)."""

from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.readings import ReadingOption

PACKAGE = "gmtool.games.aura_battler"

MANIFEST = GameManifest(
    key="aura_battler",
    api=GAME_API,
    names={"en": "Aura Battler hex duel", "ja": "オーラバトラー ヘックス戦"},
    order=40,
    rules=f"{PACKAGE}.rules.duel:AuraRules",
    view=f"{PACKAGE}.gui.view:AuraView",
    demo=f"{PACKAGE}.rules.demo:demo",
    library=f"{PACKAGE}.library.kind:LIBRARY",
    library_gui=f"{PACKAGE}.gui.library_parts:LIBRARY_GUI",
    capabilities=frozenset({"player_line", "report_words", "map", "target_hint", "carry"}),  # carry: machine damage
    readings=(  # where the digest's words allow two readings (it has no page numbers: page 0)
        ReadingOption(key="ab_defence_pp_kept", rule="AB-16", page=0),
    ),
)
