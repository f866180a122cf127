"""A manifest promising a capability its rules lack (the coin duel has no map)."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(key="promises", api=GAME_API, names={"en": "Promises"}, rules="tests.games.coin.rules:CoinRules",
                        capabilities=frozenset({"map", "player_line"}))
