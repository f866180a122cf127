"""A manifest with a misspelt key (``veiw`` for ``view``): refused, never a game without a window."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(key="typo", api=GAME_API, names={"en": "Typo"}, rules="tests.games.coin.rules:CoinRules",
                        veiw="tests.games.coin.gui:CoinView")  # type: ignore[call-arg]  # the misspelt key under test
