"""The Matrix tab of the SR4 panel: icons, one deed at a time with its exact odds before the roll,
the form that adds an icon (:mod:`.matrix_add`) and the Matrix actions table with pages (SR4-X7).

Ctrl+Shift+X brings the tab forward with the deed list focused; everything else is reachable by Tab.
The widgets hold no rules: :mod:`.matrix_model` builds the commands and the odds text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.sr4.gui import matrix_model as mm
from gmtool.games.shadowrun.sr4.gui.matrix_add import AddIconBox
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.matrix_actions import action_rows
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

SHORTCUT = "Ctrl+Shift+X"
NUMBER_MAX = 30


def _combo(parent: QWidget, name: str, rows: list[tuple[str, str]]) -> QComboBox:
    combo = QComboBox(parent)
    combo.setObjectName(name)
    for key, label in rows:
        combo.addItem(label, key)
    return combo


class MatrixTab(QWidget):
    """Matrix combat, hacking and technomancers of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sr4MatrixTab")
        self.bridge = bridge
        column = QVBoxLayout(self)
        self.icons = QLabel(self)
        self.icons.setObjectName("matrixIcons")
        self.icons.setWordWrap(True)
        column.addWidget(self.icons)
        column.addWidget(self._deed_box())
        self.add_box = AddIconBox(bridge, self.show_error, self)
        column.addWidget(self.add_box)
        column.addWidget(self._actions_table())
        column.addStretch(1)
        self.focus_action = QAction(tr("matrix.panel.focus"), self)
        self.focus_action.setObjectName("action_matrix_panel")
        self.focus_action.setShortcut(QKeySequence(SHORTCUT))
        self.focus_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        bridge.changed.connect(lambda _c: self.refresh())
        self.refresh()

    def _deed_box(self) -> QGroupBox:
        box = QGroupBox(tr("matrix.panel.deed"), self)
        form = QFormLayout(box)
        self.deed = _combo(box, "matrixDeed", [(d, tr(f"matrix.deed.{d}")) for d in mm.DEEDS])
        self.icon = _combo(box, "matrixIcon", [])
        self.target = _combo(box, "matrixTarget", [])
        self.program = _combo(box, "matrixProgram", [(p, tr(f"matrix.program.{p}")) for p in mx.ATTACK_PROGRAMS])
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
        self.sim = _combo(box, "matrixSim", [(s, tr(f"matrix.sim.{s}")) for s in ("ar", "cold", "hot")])
        self.pan = _combo(box, "matrixPan", [(p, tr(f"matrix.pan.{p}")) for p in ("active", "passive", "hidden")])
        self.odds = QLabel(box)
        self.odds.setObjectName("matrixOdds")
        self.odds.setWordWrap(True)
        self.error = QLabel(box)
        self.error.setObjectName("matrixError")
        self.error.setWordWrap(True)
        set_tone(self.error, "error")
        self.go = QPushButton(tr("matrix.panel.go"), box)
        self.go.setObjectName("matrixGo")
        self.go.setDefault(True)
        self.go.clicked.connect(self.do)
        for label, widget in (
            ("matrix.panel.deed_label", self.deed), ("matrix.panel.icon", self.icon),
            ("matrix.panel.target", self.target), ("matrix.panel.program", self.program),
            ("matrix.panel.sprite", self.sprite), ("matrix.panel.number", self.number),
            ("matrix.panel.form", self.form_name), ("", self.full_defence), ("", self.sustain),
            ("matrix.panel.sim", self.sim), ("matrix.panel.pan", self.pan),
        ):
            form.addRow(tr(label) if label else "", widget)
        form.addRow(self.odds)
        form.addRow(self.go)
        form.addRow(self.error)
        self.deed.currentIndexChanged.connect(lambda _i: self.refresh())
        self.icon.currentIndexChanged.connect(lambda _i: self.refresh())  # its targets are the other icons
        for combo in (self.target, self.program, self.sprite, self.sim, self.pan):
            combo.currentIndexChanged.connect(lambda _i: self.update_odds())
        self.number.valueChanged.connect(lambda _v: self.update_odds())
        self.full_defence.toggled.connect(lambda _v: self.update_odds())
        return box

    def _actions_table(self) -> QGroupBox:
        """SR4-X7: the digest's Matrix actions with their pages."""
        box = QGroupBox(tr("matrix.panel.actions"), self)
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
    @staticmethod
    def _fill(combo: QComboBox, rows: list[tuple[str, str]]) -> None:
        kept = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for key, label in rows:
            combo.addItem(label, key)
        index = combo.findData(kept)
        combo.setCurrentIndex(index if index >= 0 else (0 if rows else -1))
        combo.blockSignals(False)

    def refresh(self) -> None:
        state = self.bridge.state
        lines = mm.icon_lines(state)
        self.icons.setText("\n".join(lines) if lines else tr("matrix.panel.no_icons"))
        deed = self.deed.currentData()
        self._fill(self.icon, mm.icon_rows(state))
        self._fill(self.target, mm.target_rows(state, deed, self.icon.currentData()))
        shown = {
            self.icon: deed in mm.NEEDS_ICON, self.target: deed in mm.TARGETS, self.program: deed == "cybercombat",
            self.full_defence: deed == "cybercombat", self.sprite: deed == "compile",
            self.number: deed in ("perception", "thread", "compile"), self.form_name: deed == "thread",
            self.sustain: deed == "thread", self.sim: deed == "mode", self.pan: deed == "mode",
        }
        for widget, on in shown.items():
            widget.setEnabled(on)
        self.add_box.refresh(state)
        self.update_odds()

    def choices(self) -> mm.Choices:
        return mm.Choices(
            deed=self.deed.currentData(), icon=self.icon.currentData(), target=self.target.currentData(),
            program=self.program.currentData(), sprite_kind=self.sprite.currentData(), number=self.number.value(),
            form=self.form_name.text(), full_defence=self.full_defence.isChecked(), sustain=self.sustain.isChecked(),
            sim=self.sim.currentData(), pan=self.pan.currentData(),
        )

    def update_odds(self) -> None:
        self.odds.setText(mm.odds_text(mm.odds(self.bridge.state, self.choices())))

    # -- widgets → commands ---------------------------------------------------------------
    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def do(self) -> bool:
        try:
            command = mm.command(self.choices())
        except ValueError:
            self.show_error(tr("error.bad_value"))
            return False
        refusal = self.bridge.attempt(command)
        self.show_error(refusal or "")
        return refusal is None


def add_matrix_tab(tabs: QTabWidget, bridge: EncounterBridge) -> MatrixTab:
    """The Matrix tab (in a scroll area) added to the SR4 panel's tabs; its shortcut brings it forward."""
    scroll = QScrollArea(tabs)
    scroll.setObjectName("sr4MatrixScroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    tab = MatrixTab(bridge, scroll)
    scroll.setWidget(tab)
    tabs.addTab(scroll, tr("sr4.tab.matrix"))
    tabs.addAction(tab.focus_action)

    def bring_forward() -> None:
        widget: QWidget | None = tabs
        while widget is not None:  # the dock the panel sits in, if hidden
            if isinstance(widget, QDockWidget):
                widget.show()
                widget.raise_()
            widget = widget.parentWidget()
        tabs.setCurrentWidget(scroll)
        tab.deed.setFocus()

    tab.focus_action.triggered.connect(lambda _c=False: bring_forward())
    return tab
