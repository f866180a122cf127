"""The party log as one HTML document: each member's state now, then every change, oldest first.

Pure Python (no Qt): what the party window shows, prints and saves. Every text is escaped; the game's
words come through its declared ``carry`` (:mod:`gmtool.core.party`); ``players``: only what the
players may see of their own characters (the lines a game marks public).
"""

from __future__ import annotations

from html import escape

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.core.party import CarriedState
from gmtool.printing.html import font_stack
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_flow import carry_for, party_rows, what_words
from gmtool.storage.party_store import Carried, LogLine


def _cells(values: list[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{escape(v)}</{tag}>" for v in values) + "</tr>"


def _changes(game: str, line: LogLine) -> str:
    """The game's words for what the line changed (a member joining or leaving: its state then)."""
    carrying = carry_for(game)

    def read(carried: Carried) -> CarriedState:
        return carrying.read_carried(carried.document, carried.version)

    try:
        if line.before is not None and line.after is not None:
            return "; ".join(c.text() for c in carrying.describe_changes(read(line.before), read(line.after)))
        kept = line.after or line.before
        return "; ".join(f"{s.label} {s.value}" for s in carrying.state_lines(read(kept))) if kept else ""
    except GmtoolError as exc:
        return exc.message()


def party_log_html(campaign: Campaign, game: str, players: bool = False) -> str:
    """The party of ``game`` now and its log, as a printable HTML document (the log left out for the players)."""
    parts = [f'<html lang="{active_language()}"><head><meta charset="utf-8"><style>body {{ font-family: {font_stack()}; }}'
             " table { border-collapse: collapse; } td, th { border: 1px solid; padding: 2px 6px; }</style></head><body>",
             f"<h1>{escape(tr('party.log.title'))}</h1>", f"<h2>{escape(tr('party.log.now'))}</h2><table>",
             _cells([tr("party.column.member"), tr("party.column.now")], "th")]
    parts += [_cells([name, words]) for name, words in party_rows(campaign, game, players)]
    parts.append("</table>")
    if not players:
        parts += [f"<h2>{escape(tr('party.log.changes'))}</h2><table>",
                  _cells([tr("party.log.when"), tr("party.column.member"), tr("party.log.what"),
                          tr("party.log.encounter"), tr("party.column.changes")], "th")]
        for line in campaign.party.log(game):
            what = what_words(game, line.what) + (" " + tr("party.log.undone") if line.undone else "")
            parts.append(_cells([line.created.replace("T", " ")[:16], line.member_name, what, line.encounter,
                                 _changes(game, line)]))
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)
