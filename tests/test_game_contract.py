"""Issue 32: the game contract is declared and checked. A manifest with an unknown or missing key is
refused and reported by the registry with the game and the key; a capability the manifest promises
must be in the rules; the shell uses a capability only when the manifest declares it."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from gmtool.core import capabilities, declared
from gmtool.core.errors import FileFormatError
from gmtool.core.registry import GROUP, GameRegistry, registry, use_registry


def _registry(*points: tuple[str, str]) -> GameRegistry:
    return GameRegistry(source=lambda: [EntryPoint(name, value, GROUP) for name, value in points])


def test_a_misspelt_manifest_key_is_refused_with_the_game_and_the_key() -> None:
    games = _registry(("typo", "tests.games.bad_manifests.typo:MANIFEST"))
    assert games.keys() == ()
    (problem,) = games.problems()
    assert (problem.game, problem.key) == ("typo", "veiw")
    assert "unknown key 'veiw'" in problem.reason and "'typo'" in problem.reason


def test_a_manifest_lacking_a_key_is_refused_with_the_game_and_the_key() -> None:
    games = _registry(("missing", "tests.games.bad_manifests.missing:MANIFEST"))
    assert games.keys() == ()
    (problem,) = games.problems()
    assert (problem.game, problem.key) == ("missing", "rules")
    assert "lacks the key 'rules'" in problem.reason


def test_the_other_games_load_beside_a_refused_manifest() -> None:
    games = _registry(("typo", "tests.games.bad_manifests.typo:MANIFEST"),
                      ("sr5", "gmtool.games.shadowrun.sr5.manifest:MANIFEST"))
    assert games.keys() == ("sr5",) and len(games.problems()) == 1


def test_rules_lacking_a_promised_capability_are_refused_when_the_encounter_opens() -> None:
    games = _registry(("promises", "tests.games.bad_manifests.promises:MANIFEST"))
    assert games.keys() == ("promises",)  # the manifest itself is well formed
    with use_registry(games), pytest.raises(FileFormatError) as refused:
        registry().new_rules("promises")
    assert refused.value.key == "error.game_lacks_capability"
    assert "player_line, map" in refused.value.message() and "promises" in refused.value.message()


def test_every_installed_game_has_what_its_manifest_promises() -> None:
    for manifest in registry().manifests():
        rules = registry().new_rules(manifest.key)  # refused if a promised capability is missing
        assert capabilities.lacking(manifest.capabilities, rules) == ()


@pytest.mark.parametrize(("game", "promised"), [
    ("sr5", set()), ("sr4", set()), ("badlands_rally", {"report_words", "map"}),
    ("aura_battler", {"player_line", "report_words", "map", "target_hint"}),
])
def test_the_shell_sees_a_capability_only_where_the_manifest_declares_it(game: str, promised: set[str]) -> None:
    rules = registry().new_rules(game)
    seen = {name for name, found in (
        ("player_line", declared.player_line(rules)), ("report_words", declared.report_words(rules)),
        ("map", declared.map_rules(rules)), ("target_hint", declared.target_hint(rules)),
    ) if found is not None}
    assert seen == promised


def test_a_game_registered_directly_brings_its_messages_and_takes_them_away() -> None:
    """``register`` (tests, tools) adds the game's own message fragments, like a game found by its
    entry point; removing the game removes them (the kit found the coin duel speaking raw keys)."""
    from gmtool.core.i18n import tr
    from tests.games.coin.manifest import MANIFEST

    assert tr("coin.column.coins") == "coin.column.coins"
    unregister = registry().register(MANIFEST)
    try:
        assert tr("coin.column.coins") == "Coins"
    finally:
        unregister()
    assert tr("coin.column.coins") == "coin.column.coins"
