"""The simple test of the modifier-table panel: its pool breakdown as a table, its exact odds.

The terms come from the core (:func:`simple_test_terms`), the odds from
:mod:`gmtool.core.odds`; rolling and typed faces are core commands.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from gmtool.core.dice import GlitchRule
from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.odds import TestOdds, success_test_odds
from gmtool.rulesets.sr5.commands import RollSimpleTest
from gmtool.rulesets.sr5.simple_test import pool_of, simple_test_terms
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge

Index = QModelIndex | QPersistentModelIndex


def parse_faces(text: str) -> tuple[int, ...]:
    """'6 4 4 4 3 2', '6,4,4' or '644432' → faces; anything else → GmtoolError."""
    text = text.strip()
    if not text or re.search(r"[^\d\s,;/]", text):
        raise GmtoolError("error.faces_parse")
    tokens = re.split(r"[\s,;/]+", text)
    if len(tokens) == 1:
        tokens = list(tokens[0])
    return tuple(int(t) for t in tokens if t)


class SimpleTestModel(QAbstractTableModel):
    """Rows: the pool's terms (label, value); plus the last pool, odds and result."""

    oddsChanged = Signal()
    resultChanged = Signal(str)
    refused = Signal(str)

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.attribute = "AGI"
        self.skill = 0
        self.modifier = 0
        self.threshold = 1
        self._terms: tuple[tuple[str, int], ...] = ()
        self.odds: TestOdds | None = None
        self._recompute()
        bridge.selectionChanged.connect(lambda _c: self._recompute())
        bridge.changed.connect(self._on_change)

    # -- inputs --------------------------------------------------------------
    def set_inputs(self, attribute: str, skill: int, modifier: int, threshold: int) -> None:
        self.attribute, self.skill, self.modifier, self.threshold = attribute, skill, modifier, threshold
        self._recompute()

    @property
    def pool(self) -> int:
        return pool_of(self._terms)

    def _recompute(self) -> None:
        cid = self._bridge.selected
        terms: tuple[tuple[str, int], ...] = ()
        if cid is not None:
            sheet = self._bridge.state.combatants[cid].sheet
            terms = simple_test_terms(sheet, self.attribute, self.skill, self.modifier)
        if terms != self._terms:
            self.beginResetModel()
            self._terms = terms
            self.endResetModel()
        pool = pool_of(terms)
        self.odds = success_test_odds(pool, self.threshold, GlitchRule.SR5) if terms and pool > 0 else None
        self.oddsChanged.emit()

    def _on_change(self, change: Change) -> None:
        self._recompute()
        for event in change.events:
            if event.kind == "test_rolled" and event.combatant == self._bridge.selected:  # type: ignore[attr-defined]
                self.resultChanged.emit(self._bridge.ruleset.describe(event))

    # -- intents -------------------------------------------------------------
    def roll(self, faces: tuple[int, ...] | None = None) -> bool:
        cid = self._bridge.selected
        if cid is None:
            self.refused.emit(tr("error.select_combatant"))
            return False
        command = RollSimpleTest(
            combatant=cid, attribute=self.attribute, skill=self.skill,
            modifier=self.modifier, threshold=self.threshold, faces=faces,
        )
        message = self._bridge.attempt(command)
        if message is not None:
            self.refused.emit(message)
            return False
        return True

    def enter_faces(self, text: str) -> bool:
        try:
            faces = parse_faces(text)
        except GmtoolError as exc:
            self.refused.emit(exc.message())
            return False
        return self.roll(faces)

    # -- Qt model API ----------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._terms)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section in (0, 1):
            return tr("column.term") if section == 0 else tr("column.dice")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._terms):
            return None
        label, value = self._terms[index.row()]
        if role == roles.TERM_VALUE:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            return tr(label) if index.column() == 0 else f"{value:+d}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
