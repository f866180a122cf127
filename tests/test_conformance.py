"""Issue 32: every game gmtool ships, and the coin duel (the example plug-in), pass the conformance kit
(:func:`gmtool.testing.conformance.check_game`): parts import, demo replayed, the Touched oracle, every
event described and involved, undo and redo of every command, no masked value on the players' screen,
every message key in English and Japanese. One test per game and language (each under 10 s)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from gmtool.core.i18n import LANGUAGES
from gmtool.core.messages import Command
from gmtool.core.registry import registry
from gmtool.testing.conformance import Moves, check_game, conformance_problems


def _ids(state: object, game: str) -> list[str]:
    return [cid for cid, _name in registry().new_rules(game).roster(state)]


def _shadowrun(state: object, rng: random.Random) -> Command | None:
    from gmtool.games.shadowrun.rules.turn_commands import NextPhase, StartTurn

    return StartTurn() if rng.random() < 0.2 else NextPhase()


def _rally(state: object, rng: random.Random) -> Command | None:
    from gmtool.games.badlands_rally.rules.race_messages import RollInitiative, StepGear

    gears = _ids(state, "badlands_rally")
    if rng.random() < 0.3 or not gears:
        return RollInitiative()
    return StepGear(gear=rng.choice(gears), step=rng.choice(("ahead", "left", "right")))


def _duel(state: object, rng: random.Random) -> Command | None:
    from gmtool.games.aura_battler.rules.duel_messages import StartTurn, StepUnit

    units = _ids(state, "aura_battler")
    if rng.random() < 0.3 or not units:
        return StartTurn()
    return StepUnit(unit=rng.choice(units), step=rng.choice(("ahead", "left", "right")))


MOVES: dict[str, Moves | None] = {"sr5": _shadowrun, "sr4": _shadowrun, "badlands_rally": _rally,
                                  "aura_battler": _duel, "coin": None}


@pytest.fixture
def with_coin() -> Iterator[None]:
    from tests.games.coin.manifest import MANIFEST

    unregister = registry().register(MANIFEST)
    try:
        yield
    finally:
        unregister()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["sr5", "sr4", "badlands_rally", "aura_battler", "coin"])
def test_the_game_passes_the_conformance_kit(game: str, language: str, with_coin: None) -> None:
    check_game(game, moves=MOVES[game], languages=(language,))


def test_the_kit_covers_every_registered_game() -> None:
    assert set(registry().keys()) <= set(MOVES)


def test_the_kit_finds_a_game_breaking_its_promises(with_coin: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not vacuous: an event with no words, a combatant named twice and an untold change are each found."""
    from gmtool.core.game import Involved, Touched
    from tests.games.coin import rules as coin

    monkeypatch.setattr(coin.CoinRules, "describe", lambda self, event: "")
    monkeypatch.setattr(coin.CoinRules, "involved", lambda self, event: (Involved("d1"), Involved("d1")))
    monkeypatch.setattr(coin.CoinRules, "touched", lambda self, event: Touched())
    found = "\n".join(conformance_problems("coin", languages=("en",)))
    assert "'duelist_added' is not described" in found
    assert "names a combatant twice" in found
    assert "without 'roster'" in found and "order row changed" in found
