"""The selected combatant's sheet as a two-column table model (field, value).

Edits become ``EditSheet`` commands; a refusal is reported through
:attr:`SheetModel.fieldRefused` so the panel can show it beside the field.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, tr
from gmtool.rulesets.sr5.commands import EditSheet
from gmtool.rulesets.sr5.initiative import effective_score
from gmtool.rulesets.sr5.score import score_terms
from gmtool.rulesets.sr5.sheet import ATTRIBUTES, attribute_range, metatypes
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge

Index = QModelIndex | QPersistentModelIndex

EDITABLE_FIELDS: tuple[str, ...] = (
    "name",
    "metatype",
    "is_npc",
    *(f"attr.{a}" for a in ATTRIBUTES),
    "initiative_bonus",
    "initiative_dice",
    "edge_points",
    "physical_damage",
    "stun_damage",
)
DERIVED_FIELDS: tuple[str, ...] = ("derived.initiative", "derived.score", "derived.wound_modifier")
FIELDS = EDITABLE_FIELDS + DERIVED_FIELDS
VALUE_ROLES = [int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.EditRole)]


class SheetModel(QAbstractTableModel):
    """Rows are sheet fields; column 0 the label, column 1 the value."""

    fieldRefused = Signal(str, str)  # field, translated message
    fieldAccepted = Signal(str)

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
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
        values: dict[str, Any] = {}
        for field in EDITABLE_FIELDS:
            values[field] = sheet.attributes[field[5:]] if field.startswith("attr.") else getattr(sheet, field)
        values["derived.initiative"] = f"{sheet.initiative_attribute} + {sheet.initiative_dice}D6"
        values["derived.score"] = effective_score(state, c)
        values["derived.score_terms"] = score_terms(state, c)
        values["derived.wound_modifier"] = sheet.wound_modifier
        values["physical_boxes"] = sheet.physical_boxes
        values["physical_overflow"] = sheet.physical_overflow
        values["stun_boxes"] = sheet.stun_boxes
        return values

    def value(self, field: str) -> Any:
        return self._values.get(field)

    def allowed_range(self, field: str) -> tuple[int, int] | None:
        """The core's range for a numeric field (shown as a hint, enforced by the core)."""
        if self.combatant_id is None:
            return None
        if field.startswith("attr."):
            return attribute_range(self._values["metatype"], field[5:])
        limits = {
            "initiative_bonus": (0, 10),
            "initiative_dice": (1, 5),
            "edge_points": (0, self._values["attr.EDG"]),
            "physical_damage": (0, self._values["physical_boxes"] + self._values["physical_overflow"]),
            "stun_damage": (0, self._values["stun_boxes"]),
        }
        return limits.get(field)

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
        for row, field in enumerate(FIELDS):
            if old.get(field) != self._values.get(field):
                index = self.index(row, 1)
                self.dataChanged.emit(index, index, VALUE_ROLES)

    # -- edits -------------------------------------------------------------------
    def edit(self, field: str, value: int | str | bool) -> bool:
        """Ask the core to set a field; emits fieldRefused or fieldAccepted."""
        cid = self.combatant_id
        if cid is None or field not in EDITABLE_FIELDS:
            return False
        if value == self._values.get(field):
            self.fieldAccepted.emit(field)
            return True
        message = self._bridge.attempt(EditSheet(combatant=cid, field=field, value=value))
        if message is not None:
            self.fieldRefused.emit(field, message)
            return False
        self.fieldAccepted.emit(field)
        return True

    # -- Qt model API ------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.combatant_id is None else len(FIELDS)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 1 and FIELDS[index.row()] in EDITABLE_FIELDS:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section in (0, 1):
            return tr("column.field") if section == 0 else tr("column.value")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        field = FIELDS[index.row()]
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
            info = metatypes().metatypes[value]
            return info.label.get(active_language(), info.label["en"])
        if isinstance(value, bool):
            return tr("common.yes") if value else tr("common.no")
        return "—" if value is None else str(value)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != 1:
            return False
        return self.edit(FIELDS[index.row()], value)
