"""A manifest with a value of the wrong kind (an order in words): refused, naming the key and pydantic's words."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(key="wrong", api=GAME_API, names={"en": "Wrong"}, rules="tests.games.coin.rules:CoinRules",
                        order="first")  # type: ignore[arg-type]  # the wrong kind under test
