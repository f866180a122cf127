"""The selected combatant's sheet as a two-column table model (field, value).

Edits become the game's ``edit_sheet`` commands (more damage on a monitor: its
damage command where the game has one); a refusal is reported through
:attr:`SheetModel.fieldRefused` so the panel can show it beside the field. The
fields and their ranges come from the game's ruleset view.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index

DERIVED_FIELDS: tuple[str, ...] = ("derived.initiative", "derived.score", "derived.wound_modifier")
DAMAGE_FIELDS = frozenset({"physical_damage", "stun_damage"})
VALUE_ROLES = [int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.EditRole)]


class SheetModel(QAbstractTableModel):
    """Rows are sheet fields; column 0 the label, column 1 the value."""

    fieldRefused = Signal(str, str)  # field, translated message
    fieldAccepted = Signal(str)

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._view = edition_view(bridge)
        self.editable_fields: tuple[str, ...] = self._view.editable_fields
        self.fields: tuple[str, ...] = self.editable_fields + DERIVED_FIELDS
        self._values = self._read()
        bridge.selectionChanged.connect(self._on_selection)
        bridge.changed.connect(self._on_change)

    @property
    def combatant_id(self) -> str | None:
        return self._bridge.selected

    # -- reading the core ------------------------------------------------------
    def _read(self) -> dict[str, Any]:
        cid = self._bridge.selected
        if cid is None:
            return {}
        state = self._bridge.state
        c = state.combatants[cid]
        sheet = c.sheet
        view = self._view
        values: dict[str, Any] = {}
        for field in self.editable_fields:
            values[field] = sheet.attributes[field[5:]] if field.startswith("attr.") else getattr(sheet, field)
        values["derived.initiative"] = view.initiative_text(sheet)
        values["derived.score"] = view.score(state, c)
        values["derived.score_terms"] = view.score_terms(state, c)
        values["derived.wound_modifier"] = sheet.wound_modifier
        physical, overflow, stun = view.tracks(sheet)
        values["physical_boxes"] = physical
        values["physical_overflow"] = overflow
        values["stun_boxes"] = stun
        values["sheet"] = sheet
        return values

    def value(self, field: str) -> Any:
        return self._values.get(field)

    def allowed_range(self, field: str) -> tuple[int, int] | None:
        """The core's range for a numeric field (shown as a hint, enforced by the core)."""
        if self.combatant_id is None:
            return None
        return self._view.field_range(field, self._values["sheet"])

    def metatypes(self) -> list[tuple[str, str]]:
        """(key, label in the active language) of the game's metatypes."""
        language = active_language()
        return [(key, label.get(language, label["en"])) for key, label in self._view.metatype_labels().items()]

    def _on_selection(self, _cid: object) -> None:
        self.beginResetModel()
        self._values = self._read()
        self.endResetModel()

    def _on_change(self, change: Change) -> None:
        if self.combatant_id is None:
            if self._values:
                self._on_selection(None)
            return
        old, self._values = self._values, self._read()
        if not old:
            self.beginResetModel()
            self.endResetModel()
            return
        for row, field in enumerate(self.fields):
            if old.get(field) != self._values.get(field):
                index = self.index(row, 1)
                self.dataChanged.emit(index, index, VALUE_ROLES)

    # -- edits -------------------------------------------------------------------
    def edit(self, field: str, value: int | str | bool) -> bool:
        """Ask the core to set a field; emits fieldRefused or fieldAccepted."""
        cid = self.combatant_id
        if cid is None or field not in self.editable_fields:
            return False
        before = self._values.get(field)
        if value == before:
            self.fieldAccepted.emit(field)
            return True
        if field in DAMAGE_FIELDS and isinstance(value, int) and isinstance(before, int):
            command = self._view.damage(cid, field, before, value)
        else:
            command = self._view.edit(cid, field, value)
        message = self._bridge.attempt(command)
        if message is not None:
            self.fieldRefused.emit(field, message)
            return False
        self.fieldAccepted.emit(field)
        return True

    def add_damage(self, field: str, boxes: int) -> bool:
        """Mark ``boxes`` more on a monitor through the game's damage command."""
        cid = self.combatant_id
        if cid is None or field not in DAMAGE_FIELDS:
            return False
        before = int(self._values[field])
        message = self._bridge.attempt(self._view.damage(cid, field, before, before + boxes))
        if message is not None:
            self.fieldRefused.emit(field, message)
            return False
        self.fieldAccepted.emit(field)
        return True

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.combatant_id is None else len(self.fields)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 1 and self.fields[index.row()] in self.editable_fields:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section in (0, 1):
            return tr("column.field") if section == 0 else tr("column.value")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        field = self.fields[index.row()]
        if role == roles.FIELD:
            return field
        if index.column() == 0:
            return tr(f"field.{field}") if role == Qt.ItemDataRole.DisplayRole else None
        value = self._values.get(field)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(field, value)
        return None

    def _display(self, field: str, value: Any) -> str:
        if field == "metatype":
            label = self._view.metatype_labels()[value]
            return label.get(active_language(), label["en"])
        if isinstance(value, bool):
            return tr("common.yes") if value else tr("common.no")
        return "—" if value is None else str(value)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != 1:
            return False
        return self.edit(self.fields[index.row()], value)
