"""What the shared page shows, as JSON: read from the local player view's model, never computed again.

:func:`feed` turns a :class:`~gmtool.viewmodels.player_view_model.PlayerViewModel` (the players' snapshot
with the GM's masks applied: NPC names, figures) into plain values: the heading, who acts now, each place
of the order with its public tracks and effects, the last roll the players may read
(:mod:`gmtool.viewmodels.player_roll`), and for a game played on a map the board as SVG (the
printed maps' code, :mod:`gmtool.printing.map_svg`) with only the units the order lists, named as it
names them. Anything the model hides is absent here, so it never leaves the laptop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.core.declared import map_rules
from gmtool.core.i18n import tr
from gmtool.viewmodels import player_view_model as pvm
from gmtool.viewmodels.player_roll import PublicRolls
from gmtool.viewmodels.player_view_model import PlayerViewModel

if TYPE_CHECKING:
    from gmtool.core.hex.board import Board


class MapCache:
    """The last board drawn as SVG in each language: a change that moved no unit (most key presses)
    draws no map again (drawing a rally's board takes ~15 ms, comparing it ~0.05 ms)."""

    def __init__(self) -> None:
        self._drawn: dict[str, tuple[Board, str]] = {}

    def svg(self, board: Board, language: str) -> str:
        drawn = self._drawn.get(language)
        if drawn is not None and drawn[0] == board:
            return drawn[1]
        from gmtool.printing.html import MAP_INKS, font_stack  # the hex and print modules load for a map game only
        from gmtool.printing.map_picture import picture
        from gmtool.printing.map_svg import picture_svg

        text = picture_svg(picture(board, MAP_INKS), tr("share.page.map"), font_stack())
        self._drawn[language] = (board, text)
        return text


def feed(model: PlayerViewModel, language: str, maps: MapCache | None = None,
         rolls: PublicRolls | None = None) -> dict[str, Any]:
    """The page's content now, in the active language (the caller has made it ``language``); ``maps``,
    ``rolls``: the boards drawn and the events read before (none: read anew)."""
    name = model.current_name()
    now = tr("panel.current_actor", name=name) if name else model.status_line() or tr("panel.no_current_actor")
    rows = [_place(model, row) for row in range(model.rowCount())]
    board = _players_board(model, language)
    shown = "" if board is None else (maps or MapCache()).svg(board, language)
    roll = (rolls or PublicRolls()).last(model.bridge, model.fully_shown)
    return {"lang": language, "heading": model.heading(), "now": now, "rows": rows, "map": shown,
            "roll": tr("share.page.last_roll", roll=roll) if roll else ""}


def _place(model: PlayerViewModel, row: int) -> dict[str, Any]:
    index = model.index(row, 0)
    tracks = index.data(pvm.TRACKS) or ()
    return {
        "place": index.data(pvm.PLACE),
        "name": index.data(pvm.SHOWN_NAME),
        "current": bool(index.data(pvm.IS_CURRENT)),
        "done": bool(index.data(pvm.DONE)),
        "npc": bool(index.data(pvm.IS_NPC)),
        "score": index.data(pvm.SCORE),
        "note": index.data(pvm.NOTE) or "",
        "tracks": [{"value": v, "max": m, "tone": t, "kind": k} for v, m, t, k in tracks],
        "effects": list(index.data(pvm.EFFECTS) or ()),
    }


def _players_board(model: PlayerViewModel, language: str) -> Board | None:
    """The board as the players' map shows it (only the units the order lists, named as it names them);
    None for a game without a map (or none yet)."""
    bridge = model.bridge
    on_map = map_rules(bridge.ruleset)
    board = on_map.board(bridge.state, language) if on_map is not None else None
    if board is None:
        return None
    from gmtool.viewmodels.player_map_model import board_for_players

    return board_for_players(board, model.shown_names(), model.settings)
