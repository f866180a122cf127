"""The combatants of an encounter as a table model for the initiative-pass panel.

Rows stay in the order combatants joined; a :class:`PassOrderProxy` sorts them
by this pass's order (role ``ORDER``). After each core change the model
recomputes every row's values and emits ``dataChanged`` for exactly the rows
and roles that differ; joins and departures are row insertions and removals.
Every value comes from the game's :class:`~gmtool.games.shadowrun.gui.view_protocol.RulesetView`.

The rows and columns are a :class:`QStandardItemModel`'s (its items hold only the cells' flags), so
the proxy and the views find a cell without calling into Python: a proxy asked for a cell's data
checked the source's row and column counts first, two Python calls per cell (the order of 200
repainted whole spent a quarter of its time there). The cells' values are this model's ``data``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel

from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, term_label, tr
from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.gui.state_badges import REST, SHOWN_AS_BADGES, STATES, ordered_states, words
from gmtool.games.shadowrun.gui.view_protocol import PASS_LADDER
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.cell_look import LookCache, cell_look, look_key
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.tones import brush

COL_NAME, COL_SCORE, COL_PASSES, COL_FLAGS, COL_CONDITION = range(5)
HELD = roles.USER + 103  # the effects a GM acts on, as the view gave them (compared between snapshots)
COLUMNS = ("column.name", "column.score", "column.passes", "column.flags", "column.condition")

ROW_ROLES = (
    roles.ORDER,
    roles.IS_CURRENT,
    roles.SCORE,
    sr_roles.FLAGS,
    sr_roles.CONDITION,
    sr_roles.PASSES_LEFT,
    roles.IS_NPC,
    sr_roles.EFFECTS,
    STATES,
    int(Qt.ItemDataRole.DisplayRole),
)


CELL_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren


def _row_items() -> list[QStandardItem]:
    """A row's items: its cells' flags (a table model's own), no data (``data`` answers)."""
    items = [QStandardItem() for _ in COLUMNS]
    for item in items:
        item.setFlags(CELL_FLAGS)
    return items


class CombatantsModel(QStandardItemModel):
    """One row per combatant, in joining order."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self._bridge = bridge
        self._view = edition_view(bridge)
        self._row_roles = ROW_ROLES + ((sr_roles.PASS_LADDER,) if bridge.has(PASS_LADDER) else ())
        self._ids: list[str] = []
        self._joining: list[str] = []  # the ids of the rows being inserted (see _rows_inserted)
        # Connected first: the ids follow the rows before any view or proxy hears of them.
        self.rowsInserted.connect(self._rows_inserted)
        self.rowsRemoved.connect(self._rows_removed)
        self._rebuild(list(bridge.state.combatants))
        self._rows: dict[str, dict[int, Any]] = {}
        self._looks = LookCache()  # each cell's look while its row snapshot is the same
        self._keys = LookCache()  # each cell's content key (roles.CELL_KEY), likewise
        self._snapshot_all()
        self._ranks: dict[str, int] = {cid: row[roles.ORDER] for cid, row in self._rows.items()}
        bridge.changed.connect(self._on_change)

    # -- snapshots ---------------------------------------------------------
    def _snapshot(
        self, state: Any, c: Any, rank: int, current_id: str | None, badges: dict[str, tuple[str, ...]],
        held: dict[str, tuple[tuple[str, str], ...]],
    ) -> dict[int, Any]:
        view = self._view
        flags = view.flags(state, c, current_id)
        row = {
            roles.ORDER: rank,
            roles.IS_CURRENT: c.id == current_id,
            roles.SCORE: view.score(state, c),
            sr_roles.FLAGS: flags,
            sr_roles.CONDITION: view.condition(c),
            sr_roles.PASSES_LEFT: view.passes_left(state, c),
            roles.IS_NPC: view.is_npc(c),
            sr_roles.EFFECTS: badges.get(c.id, ()),
            HELD: held.get(c.id, ()),
            STATES: ordered_states(flags, view.down(c), held.get(c.id, ())),
            int(Qt.ItemDataRole.DisplayRole): c.sheet.name,
        }
        ladder = view.ladder(state, c)
        if ladder is not None:
            row[sr_roles.PASS_LADDER] = (state.pass_number, ladder) if ladder else None
        return row

    def _snapshot_all(self, only: set[str] | None = None) -> dict[str, dict[int, Any]]:
        """Fresh rows; with ``only``, rows are read again only for those combatants and for
        any whose place, current-actor mark or badges changed (the others are unchanged)."""
        state = self._bridge.state
        view = self._view
        actor = view.current_actor(state)
        current_id = actor.id if actor else None
        ranks = {c.id: rank for rank, c in enumerate(view.pass_order(state))}
        badges, held = view.badges(state), view.states(state)
        old = self._rows
        fresh = {}
        for cid, c in state.combatants.items():
            before = old.get(cid) if only is not None and cid not in only else None
            if (
                before is not None and before[roles.IS_CURRENT] == (cid == current_id)
                and before[sr_roles.EFFECTS] == badges.get(cid, ()) and before[HELD] == held.get(cid, ())
            ):
                # Not named, not the current mark: nothing it shows changed. Its rank may have moved by
                # the others that moved; that changes no look and not its place among the unnamed (the
                # proxy places the named rows among them), so it is kept in place and not announced.
                before[roles.ORDER] = ranks[cid]
                fresh[cid] = before
            else:
                fresh[cid] = self._snapshot(state, c, ranks[cid], current_id, badges, held)
        self._rows = fresh
        return old

    # -- rows ------------------------------------------------------------------
    def _rebuild(self, ids: list[str]) -> None:
        """One row per id, built quietly (at the start, or inside a reset)."""
        self.blockSignals(True)
        try:
            self.setRowCount(0)
            for _cid in ids:
                self.appendRow(_row_items())
        finally:
            self.blockSignals(False)
        self._ids = list(ids)

    def _rows_inserted(self, parent: Index, first: int, last: int) -> None:
        if not parent.isValid():
            self._ids[first:first] = self._joining
            self._joining = []

    def _rows_removed(self, parent: Index, first: int, last: int) -> None:
        if not parent.isValid():
            del self._ids[first:last + 1]

    # -- core changes --------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        if change.reset:
            self.beginResetModel()
            self._rebuild(list(self._bridge.state.combatants))
            self._looks.clear()
            self._keys.clear()
            self._snapshot_all()
            self._ranks = {cid: row[roles.ORDER] for cid, row in self._rows.items()}
            self.endResetModel()
            return
        touched = change.touched  # what the game says the entry (or the command undone) changed
        only = None if touched.everything or "roster" in touched.parts else set(touched.combatants)
        old = self._snapshot_all(only)
        fresh = self._rows
        self._rows = {**old, **fresh}  # rows being removed stay readable until they are gone
        self._follow_roster(list(self._bridge.state.combatants))
        self._rows = fresh
        for row, cid in enumerate(self._ids):
            before = old.get(cid)
            if before is None or before is fresh[cid]:
                continue  # inserted just now (views read it fresh), or not read again: unchanged
            changed = [role for role in self._row_roles if before.get(role) != fresh[cid].get(role)]
            if changed:
                self._emit_row_changed(row, changed)
        if self._ranks != (ranks := {cid: row[roles.ORDER] for cid, row in fresh.items()}):
            self._ranks = ranks
            self._resorted()

    def _resorted(self) -> None:
        """The order of play changed: a sort proxy sorts every row again (one row at a time, as each row's
        ``dataChanged`` asks, it would place a row among others whose ranks moved too, unsorted: ties
        came out in another order than the rules'). The rows themselves stay where they are."""
        self.layoutAboutToBeChanged.emit()
        self.layoutChanged.emit()

    def _follow_roster(self, state_ids: list[str]) -> None:
        """Rows removed and inserted where the roster changed (a join, a removal, or one undone)."""
        staying = set(state_ids)
        for cid in [cid for cid in self._ids if cid not in staying]:
            self.removeRow(self._ids.index(cid))  # its id goes when the row has (_rows_removed)
        present = set(self._ids)
        for position, cid in enumerate(state_ids):
            if cid not in present:
                self._joining = [cid]
                self.insertRow(position, _row_items())  # its id comes with the row (_rows_inserted)

    def _emit_row_changed(self, row: int, changed: list[int]) -> None:
        """One ``dataChanged`` with the custom roles that changed and the Qt roles they show through."""
        shown = set(changed)
        if shown & {roles.SCORE, sr_roles.PASSES_LEFT, sr_roles.FLAGS, sr_roles.CONDITION, sr_roles.EFFECTS, sr_roles.PASS_LADDER, STATES}:
            shown |= {int(Qt.ItemDataRole.DisplayRole), REST}
        if shown & {sr_roles.CONDITION, roles.SCORE, sr_roles.PASS_LADDER, sr_roles.FLAGS, sr_roles.EFFECTS, STATES}:
            shown.add(int(Qt.ItemDataRole.ToolTipRole))
        if shown & {roles.IS_CURRENT, sr_roles.FLAGS}:
            shown |= {
                int(Qt.ItemDataRole.BackgroundRole),
                int(Qt.ItemDataRole.FontRole),
                int(Qt.ItemDataRole.ForegroundRole),
            }
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1), sorted(shown))

    # -- Qt model API ----------------------------------------------------------
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        shown = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)  # the tooltip: the whole title when elided
        if orientation == Qt.Orientation.Horizontal and role in shown and 0 <= section < len(COLUMNS):
            if section == COL_PASSES and sr_roles.PASS_LADDER in self._row_roles:
                return tr("column.pass_ladder")
            return tr(COLUMNS[section])
        return None

    def combatant_id(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, combatant_id: str) -> int:
        return self._ids.index(combatant_id)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        cid = self._ids[index.row()]
        row = self._rows[cid]
        role = int(role)
        column = index.column()
        if role == roles.CELL_LOOK:  # the roles painting reads, at once (viewmodels.cell_look)
            return self._look(column, cid, row)
        if role == roles.CELL_KEY:  # all the cell shows, as a key (ui.cell_pixmaps): a name is seen once
            return None if column == COL_NAME else self._keys.look((cid, column), row, lambda: self._key(column, cid, row))
        return self._value(column, cid, row, role)

    def _look(self, column: int, cid: str, row: dict[int, Any]) -> Any:
        return self._looks.look((cid, column), row, lambda: cell_look(
            lambda look_role: self._value(column, cid, row, int(look_role))))

    def _key(self, column: int, cid: str, row: dict[int, Any]) -> Any:
        """The cell's look and what its delegate draws besides (ladder, badges and words, bars)."""
        look = look_key(self._look(column, cid, row))
        if look is None:
            return None
        drawn = {COL_PASSES: row.get(sr_roles.PASS_LADDER), COL_FLAGS: (row[STATES], self._rest(row)),
                 COL_CONDITION: row[sr_roles.CONDITION]}.get(column)
        return column, look, drawn, active_language()

    def _value(self, column: int, cid: str, row: dict[int, Any], role: int) -> Any:
        """The data of the cell at ``column`` of combatant ``cid`` (row values ``row``) for ``role``."""
        if role == roles.COMBATANT_ID:
            return cid
        if role == REST:
            return self._rest(row)
        if role in row and role != int(Qt.ItemDataRole.DisplayRole):
            return row[role]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(column, row)
        if role == Qt.ItemDataRole.BackgroundRole and row[roles.IS_CURRENT]:
            return brush("current_back")
        if role == Qt.ItemDataRole.ForegroundRole and row[roles.IS_CURRENT]:
            return brush("current_text")  # dark text on the light highlight, in every theme
        if role == Qt.ItemDataRole.ForegroundRole and "out" in row[sr_roles.FLAGS]:
            return brush("out_text")
        if role == Qt.ItemDataRole.FontRole and row[roles.IS_CURRENT]:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(column, cid, row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_SCORE, COL_PASSES):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _tooltip(self, column: int, cid: str, row: dict[int, Any]) -> str | None:
        """Condition in numbers, the score's breakdown, the passes of this turn (asked when shown)."""
        if column == COL_NAME:
            name: str = row[int(Qt.ItemDataRole.DisplayRole)]  # whole, where the column elides it
            return name
        if column == COL_FLAGS:
            return "\n".join(self._flag_words(row)) or None  # every state and effect, whole, one a line
        if column == COL_CONDITION:
            p, pmax, s, smax = row[sr_roles.CONDITION]
            return tr("tooltip.condition", physical=p, physical_max=pmax, stun=s, stun_max=smax)
        if column == COL_SCORE and row[roles.SCORE] is not None:
            state = self._bridge.state
            terms = self._view.score_terms(state, state.combatants[cid])
            return " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)
        if column == COL_PASSES and row.get(sr_roles.PASS_LADDER):
            _current, ladder = row[sr_roles.PASS_LADDER]
            passes = [str(p) for p, step in enumerate(ladder, 1) if step != "off"]
            return tr("tooltip.pass_ladder", passes=", ".join(passes), left=row[sr_roles.PASSES_LEFT])
        return None

    @staticmethod
    def _rest(row: dict[int, Any]) -> str:
        """The flags and effects that are no state badge, in words (the language in use)."""
        flags = [tr(f"flag.{f}") for f in row[sr_roles.FLAGS] if f not in SHOWN_AS_BADGES]
        return " · ".join(flags + list(row[sr_roles.EFFECTS]))

    def _flag_words(self, row: dict[int, Any]) -> list[str]:
        """The states (most urgent first), then the other flags and effects, in words."""
        rest = self._rest(row)
        return [words(key, badge) for key, badge in row[STATES]] + ([rest] if rest else [])

    def _display(self, column: int, row: dict[int, Any]) -> str:
        if column == COL_NAME:
            name = row[int(Qt.ItemDataRole.DisplayRole)]
            return f"▶ {name}" if row[roles.IS_CURRENT] else name
        if column == COL_SCORE:
            return "—" if row[roles.SCORE] is None else str(row[roles.SCORE])
        if column == COL_PASSES:
            return str(row[sr_roles.PASSES_LEFT])
        if column == COL_FLAGS:
            return " · ".join(self._flag_words(row))
        p, pmax, s, smax = row[sr_roles.CONDITION]
        return f"{p}/{pmax} · {s}/{smax}"


class PassOrderProxy(QSortFilterProxyModel):
    """Sorts combatants into this pass's order; NPCs can be filtered out (player view)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(roles.ORDER)
        self.setDynamicSortFilter(True)
        self._hide_npcs = False
        self.sort(0, Qt.SortOrder.AscendingOrder)

    def set_hide_npcs(self, hide: bool) -> None:
        self._hide_npcs = hide
        self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._hide_npcs:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        return not bool(self.sourceModel().data(index, roles.IS_NPC))
