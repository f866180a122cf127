"""The coin duel as the shell knows it before anything of it is imported."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(
    key="coin",
    api=GAME_API,
    names={"en": "Coin duel", "ja": "コイン決闘"},
    order=90,
    rules="tests.games.coin.rules:CoinRules",
    view="tests.games.coin.gui:CoinView",
    demo="tests.games.coin.rules:demo",
    messages="tests.games.coin:messages",
    library="tests.games.coin.library:LIBRARY",
    library_gui="tests.games.coin.library_gui:LIBRARY_GUI",
    capabilities=frozenset({"carry"}),  # the coins still held go on to the next duel
)
