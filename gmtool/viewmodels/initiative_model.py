"""The combatants of an SR5 encounter as a table model for the initiative-pass panel.

Rows stay in the order combatants joined; a :class:`PassOrderProxy` sorts them
by this pass's order (role ``ORDER``). After each core change the model
recomputes every row's values and emits ``dataChanged`` for exactly the rows
and roles that differ; joins and departures are row insertions and removals.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from gmtool.core.effects import Effect
from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.rulesets.sr5.groups import group_of
from gmtool.rulesets.sr5.initiative import current_actor, effective_score, in_pass, pass_order, passes_left
from gmtool.rulesets.sr5.state import Combatant, EncounterState
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.effects_model import effect_badge

Index = QModelIndex | QPersistentModelIndex

COL_NAME, COL_SCORE, COL_PASSES, COL_FLAGS, COL_CONDITION = range(5)
COLUMNS = ("column.name", "column.score", "column.passes", "column.flags", "column.condition")
CURRENT_BRUSH = QBrush(QColor(255, 214, 102))
OUT_BRUSH = QBrush(QColor(140, 140, 140))

ROW_ROLES = (
    roles.ORDER,
    roles.IS_CURRENT,
    roles.SCORE,
    roles.FLAGS,
    roles.CONDITION,
    roles.PASSES_LEFT,
    roles.IS_NPC,
    roles.EFFECTS,
    int(Qt.ItemDataRole.DisplayRole),
)


def group_badge(state: EncounterState, combatant_id: str) -> tuple[str, ...]:
    group = group_of(state, combatant_id)
    if group is None:
        return ()
    shared = tr("flag.group_shared") if group.shared_monitor else ""
    return (tr("flag.group", name=group.name, rating=group.professional_rating) + shared,)


def combatant_flags(state: EncounterState, c: Combatant, current_id: str | None) -> tuple[str, ...]:
    """The flag names shown for a combatant (keys into ``flag.*``)."""
    flags = []
    if c.id == current_id:
        flags.append("current")
    if c.acted:
        flags.append("acted")
    if c.delayed:
        flags.append("delayed")
    if c.score is not None and not in_pass(state, c):
        flags.append("out")
    if c.seized:
        flags.append("seized")
    if c.blitzed:
        flags.append("blitzed")
    if c.typed:
        flags.append("typed")
    return tuple(flags)


class CombatantsModel(QAbstractTableModel):
    """One row per combatant, in joining order."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._ids: list[str] = list(bridge.state.combatants)
        self._rows: dict[str, dict[int, Any]] = {}
        self._snapshot_all()
        bridge.changed.connect(self._on_change)

    # -- snapshots ---------------------------------------------------------
    def _snapshot(
        self, state: EncounterState, c: Combatant, rank: int, current_id: str | None, effects: dict[str, list[Effect]]
    ) -> dict[int, Any]:
        sheet = c.sheet
        return {
            roles.ORDER: rank,
            roles.IS_CURRENT: c.id == current_id,
            roles.SCORE: effective_score(state, c),
            roles.FLAGS: combatant_flags(state, c, current_id),
            roles.CONDITION: (sheet.physical_damage, sheet.physical_boxes, sheet.stun_damage, sheet.stun_boxes),
            roles.PASSES_LEFT: passes_left(state, c),
            roles.IS_NPC: sheet.is_npc,
            roles.EFFECTS: group_badge(state, c.id) + tuple(effect_badge(e, state.turn) for e in effects.get(c.id, ())),
            int(Qt.ItemDataRole.DisplayRole): sheet.name,
        }

    def _snapshot_all(self) -> dict[str, dict[int, Any]]:
        state = self._bridge.state
        actor = current_actor(state)
        current_id = actor.id if actor else None
        ranks = {c.id: rank for rank, c in enumerate(pass_order(state))}
        effects: dict[str, list[Effect]] = {}
        for effect in state.effects.values():
            effects.setdefault(effect.holder, []).append(effect)
        fresh = {cid: self._snapshot(state, c, ranks[cid], current_id, effects) for cid, c in state.combatants.items()}
        old, self._rows = self._rows, fresh
        return old

    # -- core changes --------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        state_ids = list(self._bridge.state.combatants)
        if change.reset:
            self.beginResetModel()
            self._ids = state_ids
            self._snapshot_all()
            self.endResetModel()
            return
        old = self._snapshot_all()
        fresh = self._rows
        self._rows = {**old, **fresh}  # rows being removed stay readable until they are gone
        for event in change.events:
            if event.kind == "combatant_added":
                row = len(self._ids)
                self.beginInsertRows(QModelIndex(), row, row)
                self._ids.append(event.combatant)  # type: ignore[attr-defined]
                self.endInsertRows()
            elif event.kind == "combatant_removed":
                row = self._ids.index(event.combatant)  # type: ignore[attr-defined]
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._ids[row]
                self.endRemoveRows()
        self._rows = fresh
        for row, cid in enumerate(self._ids):
            before = old.get(cid)
            if before is None:
                continue  # inserted just now: views read it fresh
            changed = [role for role in ROW_ROLES if before[role] != fresh[cid][role]]
            if changed:
                self._emit_row_changed(row, changed)

    def _emit_row_changed(self, row: int, changed: list[int]) -> None:
        """One ``dataChanged`` with the custom roles that changed and the Qt roles they show through."""
        shown = set(changed)
        if shown & {roles.SCORE, roles.PASSES_LEFT, roles.FLAGS, roles.CONDITION, roles.EFFECTS}:
            shown.add(int(Qt.ItemDataRole.DisplayRole))
        if roles.CONDITION in shown:
            shown.add(int(Qt.ItemDataRole.ToolTipRole))
        if shown & {roles.IS_CURRENT, roles.FLAGS}:
            shown |= {
                int(Qt.ItemDataRole.BackgroundRole),
                int(Qt.ItemDataRole.FontRole),
                int(Qt.ItemDataRole.ForegroundRole),
            }
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1), sorted(shown))

    # -- Qt model API ----------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
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
        if role == roles.COMBATANT_ID:
            return cid
        if role in row and role != int(Qt.ItemDataRole.DisplayRole):
            return row[role]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(index.column(), row)
        if role == Qt.ItemDataRole.BackgroundRole and row[roles.IS_CURRENT]:
            return CURRENT_BRUSH
        if role == Qt.ItemDataRole.ForegroundRole and "out" in row[roles.FLAGS]:
            return OUT_BRUSH
        if role == Qt.ItemDataRole.FontRole and row[roles.IS_CURRENT]:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == COL_CONDITION:
            p, pmax, s, smax = row[roles.CONDITION]
            return tr("tooltip.condition", physical=p, physical_max=pmax, stun=s, stun_max=smax)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (COL_SCORE, COL_PASSES):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _display(self, column: int, row: dict[int, Any]) -> str:
        if column == COL_NAME:
            name = row[int(Qt.ItemDataRole.DisplayRole)]
            return f"▶ {name}" if row[roles.IS_CURRENT] else name
        if column == COL_SCORE:
            return "—" if row[roles.SCORE] is None else str(row[roles.SCORE])
        if column == COL_PASSES:
            return str(row[roles.PASSES_LEFT])
        if column == COL_FLAGS:
            flags = [tr(f"flag.{f}") for f in row[roles.FLAGS] if f != "current"]
            return " · ".join(flags + list(row[roles.EFFECTS]))
        p, pmax, s, smax = row[roles.CONDITION]
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
