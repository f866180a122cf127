"""The party's part of an encounter's printed report: each member of the encounter's game's party, as
the campaign keeps it between encounters, with what the players may see of it (a game's public lines).

Pure Python (no Qt, no game named): the rows are :func:`gmtool.storage.party_flow.party_rows`; when
party members are in this encounter and changed in it without being carried back, a note says the rows
are the state before (nothing is decided here: the plan is the carry-back's own).
"""

from __future__ import annotations

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.printing.report import PartySection
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_flow import carry_back_plan, party_rows


def party_section(campaign: Campaign, encounter_id: int, game: str, state: object,
                  roster: tuple[tuple[str, str], ...]) -> PartySection | None:
    """The party of ``game`` for the report, in the active language (None: the game has no party yet)."""
    try:
        rows = party_rows(campaign, game, players=True)
        pending = any(o.changes for o in carry_back_plan(campaign, encounter_id, game, state, roster))
    except GmtoolError as exc:
        return PartySection(tr("party.report.title"), exc.message(), _columns(), ())
    if not rows:
        return None
    note = tr("party.report.pending") if pending else ""
    return PartySection(tr("party.report.title"), note, _columns(), tuple(rows))


def _columns() -> tuple[str, str]:
    return tr("party.column.member"), tr("party.column.now")
