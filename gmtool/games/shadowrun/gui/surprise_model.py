"""A surprise test being set up (SR4-C9; SR5 encounters use the same rule): who takes part,
on which side, what each knew.

One row per combatant: takes part (check box), side A or B, awareness (unaware,
aware of a possible ambush, lying in ambush), faces typed at the table
(optional) and the pool with its breakdown from the ruleset. :meth:`command`
turns the rows into the ``surprise_test`` command; the ruleset judges it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import term_label, tr
from gmtool.core.messages import Command
from gmtool.viewmodels import roles
from gmtool.viewmodels.faces import parse_faces
from gmtool.viewmodels.roles import Index

COL_NAME, COL_SIDE, COL_AWARENESS, COL_FACES, COL_POOL = range(5)
COLUMNS = ("column.name", "surprise.column.side", "surprise.column.awareness", "surprise.column.faces", "surprise.column.pool")
SIDES = ("a", "b")
AWARENESS = ("none", "aware", "ambush")


class SurpriseModel(QAbstractTableModel):
    """Rows: every combatant of the encounter, players on side A and NPCs on side B at first."""

    def __init__(
        self,
        state: Any,
        parent: QObject | None = None,
        *,
        terms_for: Callable[[Any, str, str], tuple[tuple[str, int], ...]],
        make_command: Callable[[list[dict[str, Any]]], Command],
        awareness_bonus: Mapping[str, int],
    ) -> None:
        """``terms_for(state, combatant, awareness)`` and ``make_command(entries)`` come from the
        game, with the dice each awareness adds (``awareness_bonus``, for the labels); the model only
        collects the GM's choices."""
        super().__init__(parent)
        self._state = state
        self._terms_for = terms_for
        self._make_command = make_command
        self._awareness_bonus = dict(awareness_bonus)
        self._ids = list(state.combatants)
        self._rows: dict[str, dict[str, Any]] = {  # part, side, awareness, faces: as choose() sets them
            cid: {"part": True, "side": "b" if c.sheet.is_npc else "a", "awareness": "none", "faces": ""}
            for cid, c in state.combatants.items()
        }

    # -- what the GM chose -------------------------------------------------------
    def choose(self, cid: str, **values: Any) -> None:
        """Set part / side / awareness / faces of one combatant (as editing the cells does)."""
        self._rows[cid].update(values)
        row = self._ids.index(cid)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _terms(self, cid: str) -> tuple[tuple[str, int], ...]:
        return self._terms_for(self._state, cid, self._rows[cid]["awareness"])

    def command(self) -> tuple[Command | None, str | None]:
        """(the surprise test command, None), or (None, why it cannot be made)."""
        entries = []
        for cid in self._ids:
            row = self._rows[cid]
            if not row["part"]:
                continue
            try:
                faces = parse_faces(row["faces"]) if row["faces"].strip() else None
            except GmtoolError as exc:
                return None, exc.message()
            entries.append({"combatant": cid, "side": row["side"], "awareness": row["awareness"], "faces": faces})
        return self._make_command(entries), None

    # -- Qt model API ------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return tr(COLUMNS[section])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == COL_NAME:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if index.column() in (COL_SIDE, COL_AWARENESS, COL_FACES):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        cid = self._ids[index.row()]
        row, column = self._rows[cid], index.column()
        if role == roles.COMBATANT_ID:
            return cid
        if column == COL_NAME:
            return self._name_data(cid, row, role)
        key = {COL_SIDE: "side", COL_AWARENESS: "awareness", COL_FACES: "faces"}.get(column)
        if key is not None:
            return self._choice_data(key, row[key], role)
        return self._pool_data(cid, role)

    def _name_data(self, cid: str, row: dict[str, Any], role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._state.combatants[cid].sheet.name
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if row["part"] else Qt.CheckState.Unchecked
        return None

    def _choice_data(self, key: str, value: str, role: int) -> Any:
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return value if key == "faces" else self._label(key, value)
        if role == roles.CHOICES and key != "faces":
            return tuple((v, self._label(key, v)) for v in (SIDES if key == "side" else AWARENESS))
        return None

    def _pool_data(self, cid: str, role: int) -> Any:
        terms = self._terms(cid)
        if role == Qt.ItemDataRole.DisplayRole:
            return str(max(0, sum(v for _, v in terms)))
        if role == Qt.ItemDataRole.ToolTipRole:
            return " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)
        return None

    def _label(self, key: str, value: str) -> str:
        if key == "side":
            return tr(f"surprise.side.{value}")
        return tr(f"surprise.awareness.{value}", bonus=self._awareness_bonus[value])

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        cid, column = self._ids[index.row()], index.column()
        if column == COL_NAME and role == Qt.ItemDataRole.CheckStateRole:
            self.choose(cid, part=Qt.CheckState(value) == Qt.CheckState.Checked)
            return True
        if role != Qt.ItemDataRole.EditRole:
            return False
        if column == COL_SIDE and value in SIDES:
            self.choose(cid, side=value)
        elif column == COL_AWARENESS and value in AWARENESS:
            self.choose(cid, awareness=value)
        elif column == COL_FACES and isinstance(value, str):
            self.choose(cid, faces=value)
        else:
            return False
        return True
