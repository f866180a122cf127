"""The Matrix tab of the SR4 panel: the acting icon, then one of the deeds it can do with only that
deed's inputs, the exact odds before the roll, *Do it* (greyed with the reason when the deed cannot be
done now: not the persona's user's phase, its budget spent …) and the last result, kept in a footer
in view; below, the icons, the form that adds one (:mod:`.matrix_add`) and the Matrix actions table
with pages (SR4-X7).

Ctrl+Shift+X brings the tab forward with the deed list focused; everything else is reachable by Tab.
Selecting a combatant in the order picks its persona. The widgets hold no rules: :mod:`.matrix_model`
builds the commands, the deed lists and the odds text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.sr4.gui import matrix_model as mm
from gmtool.games.shadowrun.sr4.gui.matrix_add import AddIconBox
from gmtool.games.shadowrun.sr4.gui.tab_footer import TabFooter, scrolled, wrapped
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.matrix_actions import action_rows
from gmtool.games.shadowrun.sr4.rules.matrix_pools import matrix
from gmtool.viewmodels.bridge import EncounterBridge

SHORTCUT = "Ctrl+Shift+X"
NUMBER_MAX = 30


def _combo(parent: QWidget, name: str, rows: list[tuple[str, str]]) -> QComboBox:
    combo = QComboBox(parent)
    combo.setObjectName(name)
    for key, label in rows:
        combo.addItem(label, key)
    return combo


def _fill(combo: QComboBox, rows: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> None:
    """Refill a combo (key as data), keeping the current key when it is still there."""
    kept = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for key, label in rows:
        combo.addItem(label, key)
    index = combo.findData(kept)
    combo.setCurrentIndex(index if index >= 0 else (0 if rows else -1))
    combo.blockSignals(False)


class MatrixTab(QWidget):
    """Matrix combat, hacking and technomancers of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sr4MatrixTab")
        self.bridge = bridge
        self._stale = False
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addWidget(self._deed_box(body))
        self.icons = wrapped(body, "matrixIcons")
        column.addWidget(self.icons)
        self.add_box = AddIconBox(bridge, self.show_error, body)
        column.addWidget(self.add_box)
        column.addWidget(self._actions_table(body))
        column.addStretch(1)
        go = QPushButton(tr("matrix.panel.go"), self)
        go.setObjectName("matrixGo")
        go.clicked.connect(lambda _c=False: self.do())
        self.footer = TabFooter("matrix", go, self)
        self.go, self.odds = go, self.footer.odds
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolled(body, self, "sr4MatrixScroll"), 1)
        outer.addWidget(self.footer)
        self.focus_action = QAction(tr("matrix.panel.focus"), self)
        self.focus_action.setObjectName("action_matrix_panel")
        self.focus_action.setShortcut(QKeySequence(SHORTCUT))
        self.focus_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        bridge.changed.connect(lambda _c: self.refresh())
        bridge.selectionChanged.connect(lambda _c: self._follow_selection())
        self.refresh()

    def _deed_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox(tr("matrix.panel.deed"), parent)
        self.form = form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.icon = _combo(box, "matrixIcon", [])
        self.deed = _combo(box, "matrixDeed", [])
        self.target = _combo(box, "matrixTarget", [])
        self.program = _combo(box, "matrixProgram", [])
        self.sprite = _combo(box, "matrixSprite", [(s, tr(f"matrix.sprite.{s}")) for s in mx.SPRITES])
        self.number = QSpinBox(box)
        self.number.setObjectName("matrixNumber")
        self.number.setRange(0, NUMBER_MAX)
        self.number.setValue(1)
        self.form_name = QLineEdit(box)
        self.form_name.setObjectName("matrixForm")
        self.full_defence = QCheckBox(tr("matrix.panel.full_defence"), box)
        self.sustain = QCheckBox(tr("matrix.panel.sustain"), box)
        self.sustain.setChecked(True)
        self.charge = QCheckBox(tr("matrix.panel.charge"), box)
        self.charge.setObjectName("matrixCharge")
        self.charge.setChecked(True)
        self.charge.setToolTip(tr("matrix.panel.charge_tip"))
        self.sim = _combo(box, "matrixSim", [(s, tr(f"matrix.sim.{s}")) for s in ("ar", "cold", "hot")])
        self.pan = _combo(box, "matrixPan", [(p, tr(f"matrix.pan.{p}")) for p in ("active", "passive", "hidden")])
        self.rows: dict[str, QWidget] = {
            "target": self.target, "program": self.program, "sprite": self.sprite, "number": self.number,
            "form": self.form_name, "full_defence": self.full_defence, "sustain": self.sustain, "charge": self.charge,
            "sim": self.sim, "pan": self.pan,
        }
        labels = {"target": "matrix.panel.target", "program": "matrix.panel.program", "sprite": "matrix.panel.sprite",
                  "number": "matrix.panel.number", "form": "matrix.panel.form", "sim": "matrix.panel.sim",
                  "pan": "matrix.panel.pan"}
        form.addRow(tr("matrix.panel.icon"), self.icon)
        form.addRow(tr("matrix.panel.deed_label"), self.deed)
        for name, widget in self.rows.items():
            form.addRow(tr(labels[name]) if name in labels else "", widget)
        self.icon.currentIndexChanged.connect(lambda _i: self.refresh())  # its deeds and targets
        self.deed.currentIndexChanged.connect(lambda _i: self.refresh())
        for combo in (self.target, self.program, self.sprite, self.sim, self.pan):
            combo.currentIndexChanged.connect(lambda _i: self.update_odds())
        self.number.valueChanged.connect(lambda _v: self.update_odds())
        self.form_name.textChanged.connect(lambda _t: self.update_odds())
        for check in (self.full_defence, self.sustain, self.charge):
            check.toggled.connect(lambda _v: self.update_odds())
        return box

    def _actions_table(self, parent: QWidget) -> QGroupBox:
        """SR4-X7: the digest's Matrix actions with their pages."""
        box = QGroupBox(tr("matrix.panel.actions"), parent)
        rows = action_rows(active_language())
        table = QTableWidget(len(rows), 2, box)
        table.setObjectName("matrixActions")
        table.setHorizontalHeaderLabels([tr("matrix.panel.action"), tr("matrix.panel.page")])
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for r, (label, pages) in enumerate(rows):
            table.setItem(r, 0, QTableWidgetItem(label))
            table.setItem(r, 1, QTableWidgetItem(pages))
        QVBoxLayout(box).addWidget(table)
        self.actions_table = table
        return box

    # -- state → widgets ------------------------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """Icons, the acting icon's deeds and their inputs, the odds; while hidden, once shown again."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        state = self.bridge.state
        lines = mm.icon_lines(state)
        self.icons.setText("\n".join(lines) if lines else tr("matrix.panel.no_icons"))
        _fill(self.icon, mm.icon_rows(state))
        icon = self.icon.currentData()
        _fill(self.deed, [(d, tr(f"matrix.deed.{d}")) for d in mm.deeds_for(state, icon)])
        deed = self.deed.currentData()
        _fill(self.target, mm.target_rows(state, deed, icon) if deed in mm.TARGETS else [])
        _fill(self.program, mm.program_rows(state, icon))
        shown = set(mm.INPUTS.get(deed, ()))
        for name, widget in self.rows.items():
            self.form.setRowVisible(widget, name in shown)
        self.add_box.refresh(state)
        self.update_odds()

    def choices(self) -> mm.Choices:
        return mm.Choices(
            deed=self.deed.currentData() or "", icon=self.icon.currentData(), target=self.target.currentData(),
            program=self.program.currentData() or "", sprite_kind=self.sprite.currentData(),
            number=self.number.value(), form=self.form_name.text(), full_defence=self.full_defence.isChecked(),
            sustain=self.sustain.isChecked(), sim=self.sim.currentData(), pan=self.pan.currentData(),
            charge_action=self.charge.isChecked(),
        )

    def update_odds(self) -> None:
        choices = self.choices()
        self.footer.show_odds(mm.odds_text(mm.odds(self.bridge.state, choices)))
        self.footer.refuse(self._refusal(choices))

    def _refusal(self, choices: mm.Choices) -> str | None:
        """Why the deed cannot be done now (a preview through the journal, nothing written)."""
        if not choices.deed:
            return tr("matrix.panel.no_deed")
        if self.bridge.acting_refusal() is not None:
            return self.bridge.acting_refusal()
        try:
            self.bridge.preview(mm.command(choices))
        except GmtoolError as error:
            return error.message()
        except ValueError:
            return tr("error.bad_value")
        return None

    def _follow_selection(self) -> None:
        """A combatant selected in the order: its persona acts (when it has one)."""
        cid = self.bridge.selected
        mine = [i.id for i in matrix(self.bridge.state).icons.values() if i.sheet.owner == cid
                and i.sheet.kind == "persona"]
        if mine and self.icon.currentData() != mine[0]:
            index = self.icon.findData(mine[0])
            if index >= 0:
                self.icon.setCurrentIndex(index)

    # -- widgets → commands ---------------------------------------------------------------
    def show_error(self, text: str) -> None:
        self.footer.refuse(text or None)

    def do(self) -> bool:
        try:
            command = mm.command(self.choices())
        except ValueError:
            self.show_error(tr("error.bad_value"))
            return False
        refusal = self.bridge.attempt(command)
        if refusal is not None:
            self.show_error(refusal)
            return False
        self.footer.show_last(self.bridge)
        return True


def raise_docks(widget: QWidget) -> None:
    """The docks around ``widget`` shown and in front of the docks tabbed with them."""
    holder: QWidget | None = widget
    while holder is not None:
        if isinstance(holder, QDockWidget):
            holder.show()
            holder.raise_()
        holder = holder.parentWidget()


def add_matrix_tab(tabs: QTabWidget, bridge: EncounterBridge) -> MatrixTab:
    """The Matrix tab added to the SR4 panel's tabs; its shortcut brings it forward."""
    tab = MatrixTab(bridge, tabs)
    tabs.addTab(tab, tr("sr4.tab.matrix"))
    tabs.addAction(tab.focus_action)

    def bring_forward() -> None:
        raise_docks(tabs)
        tabs.setCurrentWidget(tab)
        tab.deed.setFocus()

    tab.focus_action.triggered.connect(lambda _c=False: bring_forward())
    return tab
