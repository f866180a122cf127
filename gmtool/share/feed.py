"""What the shared page shows, as JSON: read from the local player view's model, never computed again.

:func:`feed` turns a :class:`~gmtool.viewmodels.player_view_model.PlayerViewModel` (the players' snapshot
with the GM's masks applied: NPC names, figures) into plain values: the heading, who acts now, each place
of the order with its public tracks and effects, and for a game played on a map the board as SVG (the
printed maps' code, :mod:`gmtool.printing.map_svg`) with only the units the order lists, named as it
names them. Anything the model hides is absent here, so it never leaves the laptop.
"""

from __future__ import annotations

import json
from typing import Any

from gmtool.core.declared import map_rules
from gmtool.core.i18n import tr
from gmtool.viewmodels import player_view_model as pvm
from gmtool.viewmodels.player_view_model import PlayerViewModel


def feed(model: PlayerViewModel, language: str) -> dict[str, Any]:
    """The page's content now, in the active language (the caller has made it ``language``)."""
    name = model.current_name()
    now = tr("panel.current_actor", name=name) if name else model.status_line() or tr("panel.no_current_actor")
    rows = [_place(model, row) for row in range(model.rowCount())]
    return {"lang": language, "heading": model.heading(), "now": now, "rows": rows, "map": _map_svg(model, language)}


def feed_json(model: PlayerViewModel, language: str) -> str:
    """:func:`feed` as compact JSON on one line (an event's data)."""
    return json.dumps(feed(model, language), ensure_ascii=False, separators=(",", ":"))


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


def _map_svg(model: PlayerViewModel, language: str) -> str:
    """The board as the players' map shows it, as an inline ``<svg>``; '' for a game without a map (or
    none yet)."""
    bridge = model.bridge
    on_map = map_rules(bridge.ruleset)
    if on_map is None:
        return ""
    board = on_map.board(bridge.state, language)
    if board is None:
        return ""
    from gmtool.printing.html import MAP_INKS, font_stack  # the hex and print modules load for a map game only
    from gmtool.printing.map_picture import picture
    from gmtool.printing.map_svg import picture_svg
    from gmtool.viewmodels.player_map_model import board_for_players

    shown = board_for_players(board, model.shown_names(), model.settings)
    return picture_svg(picture(shown, MAP_INKS), tr("share.page.map"), font_stack())
