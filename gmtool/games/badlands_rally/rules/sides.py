"""Whose gears are whose (BR-4): a gear's side is its player. The digest has no teams: every player
races one or two gears (a two-player game: two each), so a gear's own side is its player's other gear.

An attack on a gear of one's own side is allowed (the digest forbids nothing), but a GM asked before
it is made (the attack panel) never makes one by a slip. A gear typed without a player carries the
placeholder "Player" (in the language it was typed in): that names nobody, so such gears are no side.
"""

from __future__ import annotations

from gmtool.core.i18n import LANGUAGES, catalogue
from gmtool.games.badlands_rally.rules.race_state import RaceState

PLACEHOLDER = "br.add_gear.default_seat"


def _placeholders() -> frozenset[str]:
    return frozenset(catalogue(language).messages.get(PLACEHOLDER, "") for language in LANGUAGES)


def player_of(state: RaceState, gear_id: str) -> str | None:
    """The gear's player, or None when it names nobody (no player typed)."""
    gear = state.gears.get(gear_id)
    if gear is None or not gear.seat or (gear.seat not in state.players and gear.seat in _placeholders()):
        return None
    return gear.seat


def same_side(state: RaceState, one: str, other: str) -> bool:
    """Both gears raced by the same player (never a gear with itself)."""
    player = player_of(state, one)
    return one != other and player is not None and player == player_of(state, other)


def enemies_first(state: RaceState, gear_id: str, targets: list[str]) -> list[str]:
    """``targets`` with the other players' gears first, the gear's own side after (each kept in order)."""
    return sorted(targets, key=lambda target: same_side(state, gear_id, target))
