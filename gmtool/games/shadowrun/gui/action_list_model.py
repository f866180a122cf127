"""The game's action list (SR5-T1, SR4-C8) for the phase at hand: headers by kind, actions
enabled only when the budget can pay them (free: the selected combatant; simple/complex:
the current actor). The list and the budget come from the game's ruleset view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    Qt,
)

from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index

KINDS = ("free", "simple", "complex")


class ActionListModel(QAbstractListModel):
    """Rows: ("header", kind) or ("action", key, kind)."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        actions = edition_view(bridge).actions()
        self._rows: list[tuple[str, str, str]] = []
        for kind in KINDS:
            self._rows.append(("header", "", kind))
            self._rows += [("action", a.key, kind) for a in actions if a.kind == kind]
        self._labels = {a.key: a.label for a in actions}
        self._targeted = frozenset(a.key for a in actions if a.targeted)
        self._payable = self._compute()
        bridge.changed.connect(self._on_change)
        bridge.selectionChanged.connect(lambda _c: self._on_change(None))

    def _actor_for(self, kind: str) -> Any:  # the combatant (the edition's own) who would act, or None
        state = self._bridge.state
        if kind == "free":
            cid = self._bridge.selected
            return state.combatants.get(cid) if cid else None
        return self._bridge.current_actor()

    def _compute(self) -> dict[str, bool]:
        payable = {}
        view, state = edition_view(self._bridge), self._bridge.state
        for kind in KINDS:
            c = self._actor_for(kind)
            payable[kind] = c is not None and view.can_take(state, c, kind)
        return payable

    def _on_change(self, _change: Change | None) -> None:
        fresh = self._compute()
        if fresh != self._payable:
            self._payable = fresh
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1), [int(Qt.ItemDataRole.DisplayRole)])

    def has_targets(self) -> bool:
        """Whether any action of the game's list names a target."""
        return bool(self._targeted)

    def is_targeted(self, key: str) -> bool:
        """Whether the action usually names a target (the picker then offers one)."""
        return key in self._targeted

    def budget_text(self) -> str:
        actor = self._bridge.current_actor()
        if actor is None:
            return tr("budget.none")
        simple, complex_ok, free = edition_view(self._bridge).budget(actor)
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
            labels = self._labels[key]
            return labels.get(active_language(), labels["en"])
        if role == sr_roles.ACTION_KEY:
            return key or None
        if role == sr_roles.ACTION_KIND:
            return kind
        return None
