"""The SR5 action list (SR5-T1) for the phase at hand: headers by kind, actions enabled
only when the budget can pay them (free: the selected combatant; simple/complex: the
current actor)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.rulesets.sr5.actions import action_list, budget_left, check_action
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge

Index = QModelIndex | QPersistentModelIndex
KINDS = ("free", "simple", "complex")


class ActionListModel(QAbstractListModel):
    """Rows: ("header", kind) or ("action", key, kind)."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        table = action_list()
        self._rows: list[tuple[str, str, str]] = []
        for kind in KINDS:
            self._rows.append(("header", "", kind))
            self._rows += [("action", a.key, kind) for a in table.actions if a.kind == kind]
        self._labels = {a.key: (a.en, a.ja) for a in table.actions}
        self._payable = self._compute()
        bridge.changed.connect(self._on_change)
        bridge.selectionChanged.connect(lambda _c: self._on_change(None))

    def _actor_for(self, kind: str):  # noqa: ANN202 - the combatant who would act, or None
        state = self._bridge.state
        if kind == "free":
            cid = self._bridge.selected
            return state.combatants.get(cid) if cid else None
        return self._bridge.current_actor()

    def _compute(self) -> dict[str, bool]:
        payable = {}
        for kind in KINDS:
            c = self._actor_for(kind)
            try:
                if c is None:
                    raise GmtoolError("error.no_current_actor")
                check_action(self._bridge.state, c, kind)
                payable[kind] = True
            except GmtoolError:
                payable[kind] = False
        return payable

    def _on_change(self, _change: Change | None) -> None:
        fresh = self._compute()
        if fresh != self._payable:
            self._payable = fresh
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1), [int(Qt.ItemDataRole.DisplayRole)])

    def budget_text(self) -> str:
        actor = self._bridge.current_actor()
        if actor is None:
            return tr("budget.none")
        simple, complex_ok, free = budget_left(actor)
        return tr(
            "budget.text", name=actor.sheet.name, simple=simple,
            complex=tr("common.yes") if complex_ok else tr("common.no"), free=tr("common.yes") if free else tr("common.no"),
        )

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        row, _key, kind = self._rows[index.row()]
        if row == "header" or not self._payable[kind]:
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, key, kind = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            if row == "header":
                return f"— {tr(f'action.{kind}')} —"
            en, ja = self._labels[key]
            return ja if active_language() == "ja" else en
        if role == roles.ACTION_KEY:
            return key or None
        if role == roles.ACTION_KIND:
            return kind
        return None
