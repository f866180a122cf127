"""The race's standings in words (:mod:`.standings` computes them): one short line a gear, as the
order list shows it under the gear's name and the players' screen beside it — "P2 · Lap 1/2 · CP 3"."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules.standings import Standing


def standing_text(standing: Standing) -> str:
    """Position, lap and the checkpoint next (or the finish next, or finished)."""
    place = tr("br.standing.position", position=standing.position) if standing.position else tr("br.standing.out")
    if standing.finished:
        return tr("br.standing.finished_line", place=place)
    lap = tr("br.standing.lap", lap=standing.lap, laps=standing.laps)
    next_one = tr("br.standing.checkpoint", number=standing.checkpoint) if standing.checkpoint else tr("br.standing.finish")
    return tr("br.standing.line", place=place, lap=lap, next=next_one)

