"""What the two Shadowrun editions' manifests share: where each edition's parts live, by its key.

Imports only the core's game types (a manifest is read at start-up; nothing of the game loads).
"""

from __future__ import annotations

from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.readings import ReadingOption

PACKAGE = "gmtool.games.shadowrun"


def edition_manifest(key: str, names: dict[str, str], order: int,
                     readings: tuple[ReadingOption, ...] = ()) -> GameManifest:
    """An edition's manifest: its own rules, demo and view; the house rules and library both share."""
    upper = key.upper()
    return GameManifest(
        key=key, api=GAME_API, names=names, order=order, readings=readings,
        rules=f"{PACKAGE}.library.carry_{key}:{upper}CarryRules",  # the edition's rules, and its runners' carry
        demo=f"{PACKAGE}.{key}.rules.demo:demo",
        view=f"{PACKAGE}.{key}.gui.view:{upper}View",
        house_rules=f"{PACKAGE}.rules.house:load",  # both editions' tables: loaded once
        library=f"{PACKAGE}.library.kind:LIBRARY",  # both editions' templates: one library
        library_gui=f"{PACKAGE}.gui.library_parts:LIBRARY_GUI",
        capabilities=frozenset({"carry"}),  # a runner's damage, Edge and rounds go on to the next encounter
    )
