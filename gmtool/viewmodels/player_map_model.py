"""The units of a hex game's board as the players may see them: as the player view's order list shows them.

The list's rules (:class:`~gmtool.viewmodels.player_view_model.PlayerViewSettings`) map onto a token so:

- a unit is drawn only if it has a place in the players' order list (``names`` holds exactly those units):
  a unit the game keeps from the players' snapshot is kept off their map too;
- its label is the name the list shows: an NPC's "NPC 1", "NPC 2" … while NPC names are hidden, so
  players match a token with its place in the list without learning more from the map;
- its damage bar is a figure: it is drawn only when the list shows that unit's figures (NPC figures,
  or player characters' figures, as the GM chose); hidden, the token reads as unhurt.

Its place, facing and NPC colour stay, as the list keeps an NPC's place in the order. Pure functions (no
Qt): the player view's map draws what :func:`board_for_players` answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from gmtool.core.hex.board import Board, Token
from gmtool.viewmodels.player_view_model import PlayerViewSettings


def figures_shown(token: Token, settings: PlayerViewSettings) -> bool:
    """Whether the players see this unit's figures (its damage), as in the order list."""
    return settings.show_npc_figures if token.npc else settings.show_pc_figures


def tokens_for_players(tokens: Iterable[Token], names: Mapping[str, str],
                       settings: PlayerViewSettings) -> tuple[Token, ...]:
    """The tokens of units listed for the players (``names``: unit id → the name the list shows),
    labelled with that name, their damage left out where the list hides the unit's figures."""
    return tuple(
        replace(token, name=names[token.id], damage=token.damage if figures_shown(token, settings) else 0.0)
        for token in tokens if token.id in names
    )


def board_for_players(board: Board, names: Mapping[str, str], settings: PlayerViewSettings) -> Board:
    """The same board (terrain, size) with only what the players may see of its units."""
    return replace(board, tokens=tokens_for_players(board.tokens, names, settings))
