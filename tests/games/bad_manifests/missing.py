"""A manifest without its rules: refused, naming the key it lacks."""

from gmtool.core.game import GAME_API, GameManifest

MANIFEST = GameManifest(key="missing", api=GAME_API, names={"en": "Missing"})  # type: ignore[call-arg]  # no rules
