"""Issue 14, first step: the games come from the ``gmtool.games`` entry points through one registry;
a broken, misnamed or wrong-API game is reported and left out, never raised; rules load lazily."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.game import GAME_API, GameManifest
from gmtool.core.registry import GROUP, GameRegistry, registry, use_registry

COIN = GameManifest(key="coin", api=GAME_API, names={"en": "Coin duel", "ja": "コイン決闘"}, order=99,
                    rules="gmtool.games.shadowrun.sr4.rules.game:SR4Ruleset")
WRONG_API = COIN.model_copy(update={"key": "old", "api": GAME_API + 1})


def test_the_installed_games_are_the_shadowrun_editions_and_the_rally_in_order() -> None:
    assert registry().keys() == ("sr5", "sr4", "badlands_rally", "aura_battler")
    assert registry().problems() == ()
    assert registry().manifest("sr5").name("ja") == "シャドウラン5版"


def test_an_unknown_key_is_a_file_this_gmtool_cannot_read() -> None:
    with pytest.raises(FileFormatError) as refused:
        registry().manifest("no_such_game")
    assert refused.value.key == "error.unknown_ruleset"


def test_broken_misnamed_and_wrong_api_games_are_reported_and_left_out(monkeypatch) -> None:
    points = [
        EntryPoint("sr5", "gmtool.games.shadowrun.sr5.manifest:MANIFEST", GROUP),
        EntryPoint("broken", "tests.no_such_module:MANIFEST", GROUP),
        EntryPoint("misnamed", "tests.test_game_registry:COIN", GROUP),
        EntryPoint("old", "tests.test_game_registry:WRONG_API", GROUP),
        EntryPoint("text", "tests.test_game_registry:__doc__", GROUP),
    ]
    games = GameRegistry(source=lambda: points)
    assert games.keys() == ("sr5",)
    reasons = {problem.source.split(" = ")[0]: problem.reason for problem in games.problems()}
    assert set(reasons) == {"broken", "misnamed", "old", "text"}
    assert "ModuleNotFoundError" in reasons["broken"]
    assert "'coin'" in reasons["misnamed"]
    assert f"API {GAME_API + 1}" in reasons["old"]
    assert reasons["text"] == "not a GameManifest"


def test_a_registered_game_is_listed_and_its_rules_load_on_first_use() -> None:
    games = GameRegistry(source=lambda: [EntryPoint("coin", "tests.test_game_registry:COIN", GROUP)])
    with use_registry(games):
        assert registry() is games and registry().keys() == ("coin",)
        rules = registry().new_rules("coin")
        assert type(rules).__name__ == "SR4Ruleset"
    assert registry() is not games


def test_reading_the_manifests_imports_no_game_rules() -> None:
    """Start-up reads manifests only: no ruleset module is imported by listing the games."""
    code = textwrap.dedent("""
        import sys
        from gmtool.core.registry import registry
        print(registry().keys())
        loaded = sorted(m for m in sys.modules if m.startswith("gmtool.games"))
        print(loaded)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    keys, loaded = done.stdout.splitlines()
    assert keys == "('sr5', 'sr4', 'badlands_rally', 'aura_battler')"
    assert eval(loaded) == ["gmtool.games", "gmtool.games.aura_battler", "gmtool.games.aura_battler.manifest",  # noqa: S307
                            "gmtool.games.badlands_rally",
                            "gmtool.games.badlands_rally.manifest",
                            "gmtool.games.shadowrun", "gmtool.games.shadowrun.editions",
                            "gmtool.games.shadowrun.sr4", "gmtool.games.shadowrun.sr4.manifest",
                            "gmtool.games.shadowrun.sr5", "gmtool.games.shadowrun.sr5.manifest"]


def test_a_game_registered_directly_is_listed_until_its_undo() -> None:
    games = GameRegistry(source=lambda: [EntryPoint("sr5", "gmtool.games.shadowrun.sr5.manifest:MANIFEST", GROUP)])
    undo = games.register(COIN)
    assert games.keys() == ("sr5", "coin") and games.manifest("coin").name("ja") == "コイン決闘"
    undo()
    assert games.keys() == ("sr5",)


COIN_AGAIN = COIN.model_copy(update={"order": 98})  # the same key, another manifest


def test_a_second_game_with_a_key_taken_is_reported_and_the_first_kept() -> None:
    games = GameRegistry(source=lambda: [EntryPoint("coin", "tests.test_game_registry:COIN", GROUP),
                                         EntryPoint("coin", "tests.test_game_registry:COIN_AGAIN", GROUP)])
    assert games.keys() == ("coin",) and games.manifest("coin") == COIN
    [problem] = games.problems()
    assert (problem.source, problem.reason, problem.game, problem.key) == (
        "coin = tests.test_game_registry:COIN_AGAIN", "a second game with the key 'coin'", "coin", "key")


def test_games_are_listed_by_their_order_then_their_key() -> None:
    games = GameRegistry(source=lambda: [])
    for key, order in (("b", 5), ("a", 5), ("z", 1)):
        games.register(COIN.model_copy(update={"key": key, "order": order, "messages": None}))
    assert games.keys() == ("z", "a", "b")


def test_a_manifest_value_of_the_wrong_kind_is_reported_with_pydantic_s_words() -> None:
    games = GameRegistry(source=lambda: [EntryPoint("wrong", "tests.games.bad_manifests.wrong_type:MANIFEST", GROUP)])
    [problem] = games.problems()
    assert (problem.source, problem.game, problem.key) == (
        "wrong = tests.games.bad_manifests.wrong_type:MANIFEST", "wrong", "order")
    assert problem.reason == ("the manifest of 'wrong' has a bad 'order': Input should be a valid integer, "
                              "unable to parse string as an integer")


def test_rules_that_are_not_a_factory_are_an_unknown_ruleset() -> None:
    games = GameRegistry(source=lambda: [])
    games.register(COIN.model_copy(update={"rules": "tests.test_game_registry:COIN", "messages": None}))
    with pytest.raises(FileFormatError) as refused:
        games.new_rules("coin")
    assert (refused.value.key, refused.value.args_for_message) == ("error.unknown_ruleset", {"ruleset": "coin"})


def test_a_game_s_messages_that_cannot_be_found_are_a_problem_the_game_still_loads() -> None:
    games = GameRegistry(source=lambda: [EntryPoint("coin", "tests.test_game_registry:COIN_LOST_WORDS", GROUP)])
    assert games.keys() == ("coin",)
    [problem] = games.problems()
    assert (problem.source, problem.reason) == ("coin = tests.test_game_registry:COIN_LOST_WORDS",
                                                "messages 'no_such_package:messages': No module named 'no_such_package'")


COIN_LOST_WORDS = COIN.model_copy(update={"messages": "no_such_package:messages"})


def test_a_registry_in_use_brings_its_games_messages_and_forgets_them_after() -> None:
    from gmtool.core.i18n import tr

    games = GameRegistry(source=lambda: [EntryPoint("coin", "tests.games.coin.manifest:MANIFEST", GROUP)])
    with use_registry(games):
        assert registry().keys() == ("coin",) and registry().problems() == ()
        assert tr("coin.column.coins") == "Coins"
    assert tr("coin.column.coins") == "coin.column.coins"
