"""What the shell shows of a game at one moment, read only through the game contract, and the checks
the conformance kit makes of it (:mod:`gmtool.testing.conformance`).

A :class:`Moment` is the order's rows, every combatant's sheet, the roster and the GM's and players'
snapshots: everything a view may redraw. The checks return findings (sentences), never raise, so
the kit can report every broken promise of a game at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmtool.core.display import OrderRow, SheetView, Snapshot
from gmtool.core.game import OpaqueRules, Touched


@dataclass(frozen=True)
class Moment:
    """The fight as every view of the shell would draw it."""

    heading: str
    roster: tuple[tuple[str, str], ...]
    rows: dict[str, OrderRow]
    sheets: dict[str, SheetView | None]
    gm: Snapshot
    players: Snapshot


def moment(rules: OpaqueRules, state: object) -> Moment:
    """Read the fight now through the contract (what the order, sheet, player view and report ask)."""
    roster = rules.roster(state)
    return Moment(
        heading=rules.heading(state).text,
        roster=roster,
        rows={row.id: row for row in rules.order(state)},
        sheets={cid: rules.sheet(state, cid) for cid, _name in roster},
        gm=rules.snapshot(state, "gm"),
        players=rules.snapshot(state, "players"),
    )


def untouched_differences(before: Moment, after: Moment, touched: Touched) -> list[str]:
    """The ``Touched`` oracle: rows and sheets of combatants ``touched`` does not name are unchanged (but
    their rank and current mark when it names "order"); nobody joins or leaves unless it names "roster"."""
    if touched.everything:
        return []
    found = []
    ids_before, ids_after = dict(before.roster), dict(after.roster)
    if set(ids_before) != set(ids_after) and "roster" not in touched.parts:
        found.append(f"the roster changed ({sorted(set(ids_before) ^ set(ids_after))}) without 'roster' in {touched}")
    for cid in set(ids_before) & set(ids_after):
        if cid in touched.combatants:
            continue
        if _ranked(before.rows.get(cid), touched) != _ranked(after.rows.get(cid), touched):
            found.append(f"{cid}'s order row changed, not named in {touched}")
        if before.sheets.get(cid) != after.sheets.get(cid):
            found.append(f"{cid}'s sheet changed, not named in {touched}")
    return found


def _ranked(row: OrderRow | None, touched: Touched) -> OrderRow | None:
    """The row as the oracle compares it: without rank and current mark when the order may differ."""
    if row is None or "order" not in touched.parts:
        return row
    return replace(row, rank=0, current=False)


def masked_on_players_screen(shown: Moment) -> list[str]:
    """What the players' snapshot shows that the GM keeps to themself (``public=False``)."""
    found = []
    for row in shown.players.rows:
        found += [f"{row.id}'s track {t.key!r} is not public" for t in row.tracks if not t.public]
        found += [f"{row.id}'s badge {b.key!r} is not public" for b in row.badges if not b.public]
    masked = {(row.id, t.key) for row in shown.gm.rows for t in row.tracks if not t.public}
    masked |= {(row.id, b.key) for row in shown.gm.rows for b in row.badges if not b.public}
    shown_keys = {(row.id, key) for row in shown.players.rows
                  for key in (*(t.key for t in row.tracks), *(b.key for b in row.badges))}
    found += [f"{cid}'s {key!r}, masked for the GM, is on the players' screen" for cid, key in masked & shown_keys]
    return found


def moment_differences(expected: Moment, got: Moment, what: str) -> list[str]:
    """Where two moments that should be the same fight differ (after an undo and a redo)."""
    parts = (("heading", expected.heading == got.heading), ("roster", expected.roster == got.roster),
             ("order", expected.rows == got.rows), ("sheets", expected.sheets == got.sheets),
             ("GM's snapshot", expected.gm == got.gm), ("players' snapshot", expected.players == got.players))
    return [f"{what}: the {part} differs from the same moment before" for part, same in parts if not same]
