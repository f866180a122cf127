"""The modifier-table panel. For now: a simple test on the selected combatant.

Attribute + skill ± a free modifier against a threshold, the pool breakdown, the
exact odds of success, glitch and critical glitch, and two ways to resolve it:
roll, or type the faces rolled at the table.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.rulesets.sr5.sheet import ATTRIBUTES
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.simple_test_model import SimpleTestModel


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


class TestPanel(QWidget):
    """Inputs, breakdown, odds, roll and typed dice."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.model = SimpleTestModel(bridge, self)
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        form = QFormLayout()
        self.attribute = QComboBox(self)
        self.attribute.setObjectName("testAttribute")
        for attribute in ATTRIBUTES:
            self.attribute.addItem(tr(f"attr.{attribute}"), attribute)
        self.attribute.setCurrentIndex(ATTRIBUTES.index("AGI"))
        self.skill = self._spin(0, 20, "testSkill")
        self.modifier = self._spin(-50, 50, "testModifier")
        self.threshold = self._spin(0, 30, "testThreshold", 1)
        form.addRow(tr("test.attribute"), self.attribute)
        form.addRow(tr("test.skill"), self.skill)
        form.addRow(tr("test.modifier"), self.modifier)
        form.addRow(tr("test.threshold"), self.threshold)
        self.attribute.currentIndexChanged.connect(lambda _i: self._push())
        self.breakdown = QTableView(self)
        self.breakdown.setObjectName("poolBreakdown")
        self.breakdown.setModel(self.model)
        self.breakdown.verticalHeader().setVisible(False)
        self.breakdown.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.breakdown.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.breakdown.setMaximumHeight(130)
        self.pool_label = QLabel(self)
        self.odds_label = QLabel(self)
        self.odds_label.setObjectName("oddsLabel")
        self.odds_label.setTextFormat(Qt.TextFormat.RichText)
        self.odds_label.setWordWrap(True)
        self.result_label = QLabel(self)
        self.result_label.setObjectName("resultLabel")
        self.result_label.setWordWrap(True)
        self.error_label = QLabel(self)
        self.error_label.setObjectName("testError")
        self.error_label.setStyleSheet("color: #c62828;")
        self.error_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.breakdown)
        layout.addWidget(self.pool_label)
        layout.addWidget(self.odds_label)
        layout.addLayout(self._resolve_row())
        layout.addWidget(self.error_label)
        layout.addWidget(self.result_label)
        layout.addStretch(1)
        self.model.oddsChanged.connect(self._show_odds)
        self.model.resultChanged.connect(self._show_result)
        self.model.refused.connect(self._show_error)
        bridge.selectionChanged.connect(lambda _c: self._on_selection())
        self._on_selection()

    def _spin(self, low: int, high: int, name: str, value: int = 0) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.valueChanged.connect(lambda _v: self._push())
        return spin

    def _resolve_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.roll_button = QPushButton(tr("test.roll"), self)
        self.roll_button.setObjectName("rollButton")
        self.roll_button.clicked.connect(lambda: self._resolve(None))
        self.faces_edit = QLineEdit(self)
        self.faces_edit.setObjectName("facesEdit")
        self.faces_edit.setPlaceholderText(tr("test.faces_placeholder"))
        self.faces_edit.returnPressed.connect(lambda: self._resolve(self.faces_edit.text()))
        self.enter_button = QPushButton(tr("test.enter_faces"), self)
        self.enter_button.setObjectName("enterFacesButton")
        self.enter_button.clicked.connect(lambda: self._resolve(self.faces_edit.text()))
        row.addWidget(self.roll_button)
        row.addWidget(self.faces_edit, 1)
        row.addWidget(self.enter_button)
        return row

    def _push(self) -> None:
        self.model.set_inputs(
            self.attribute.currentData(), self.skill.value(), self.modifier.value(), self.threshold.value()
        )

    def _resolve(self, faces_text: str | None) -> None:
        self.error_label.clear()
        done = self.model.roll() if faces_text is None else self.model.enter_faces(faces_text)
        if done and faces_text is not None:
            self.faces_edit.clear()

    def _on_selection(self) -> None:
        cid = self._bridge.selected
        name = self._bridge.state.combatants[cid].sheet.name if cid else None
        self.title.setText(tr("test.title", name=name) if name else tr("test.no_selection"))
        self.result_label.clear()
        self.error_label.clear()
        enabled = cid is not None
        for widget in (self.roll_button, self.enter_button, self.faces_edit):
            widget.setEnabled(enabled)

    def _show_odds(self) -> None:
        pool = self.model.pool
        odds = self.model.odds
        self.pool_label.setText(tr("test.pool", pool=pool) if self._bridge.selected else "")
        if odds is None:
            self.odds_label.setText(tr("test.no_odds") if self._bridge.selected else "")
            return
        self.odds_label.setText(
            tr(
                "test.odds",
                success=percent(odds.success),
                glitch=percent(odds.glitch),
                critical=percent(odds.critical_glitch),
                threshold=odds.threshold,
            )
        )

    def _show_result(self, text: str) -> None:
        self.error_label.clear()
        self.result_label.setText(text)

    def _show_error(self, message: str) -> None:
        self.error_label.setText(message)
