"""The Matrix tab's form that adds an icon (a persona and its user, an agent, IC, a sprite, a node):
its Matrix attributes, programs and a persona's Matrix skills, sent as ``add_matrix_icon``."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.viewmodels.bridge import EncounterBridge

ATTRIBUTES = ("response", "system", "firewall", "signal", "rating", "resonance")
KINDS = ("persona", "agent", "ic", "sprite", "node")


def _spin(parent: QWidget, name: str, top: int, value: int = 0) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(name)
    spin.setRange(0, top)
    spin.setValue(value)
    return spin


class AddIconBox(QGroupBox):
    def __init__(self, bridge: EncounterBridge, show_error: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(tr("matrix.add.title"), parent)
        self.bridge, self.show_error = bridge, show_error
        form = QFormLayout(self)
        self.kind = QComboBox(self)
        self.kind.setObjectName("matrixAddKind")
        for k in KINDS:
            self.kind.addItem(tr(f"matrix.kind.{k}"), k)
        self.name = QLineEdit(self)
        self.name.setObjectName("matrixAddName")
        self.owner = QComboBox(self)
        self.owner.setObjectName("matrixAddOwner")
        self.black_ic = QCheckBox(tr("matrix.add.black_ic"), self)
        form.addRow(tr("matrix.add.kind"), self.kind)
        form.addRow(tr("matrix.add.name"), self.name)
        form.addRow(tr("matrix.add.owner"), self.owner)
        self.spins: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        entries = [(f"matrix.attr.{a}" if a != "rating" else "matrix.term.rating", a, 3 if a != "rating" and
                    a != "resonance" else 0) for a in ATTRIBUTES]
        entries += [(f"matrix.program.{p}", p, 0) for p in mx.PROGRAMS]
        entries += [(f"matrix.skill.{s}", s, 0) for s in mx.SKILLS]
        for n, (label, key, value) in enumerate(entries):
            spin = _spin(self, f"matrixAdd_{key}", 10 if key in ATTRIBUTES[:4] else 12, value)
            self.spins[key] = spin
            grid.addWidget(QLabel(tr(label), self), n // 2, (n % 2) * 2)
            grid.addWidget(spin, n // 2, (n % 2) * 2 + 1)
        form.addRow(grid)
        form.addRow(self.black_ic)
        self.add = QPushButton(tr("matrix.add.button"), self)
        self.add.setObjectName("matrixAdd")
        self.add.clicked.connect(self.submit)
        form.addRow(self.add)

    def refresh(self, state: object) -> None:
        kept = self.owner.currentData()
        self.owner.clear()
        self.owner.addItem(tr("matrix.add.no_owner"), None)
        for cid, c in getattr(state, "combatants", {}).items():
            self.owner.addItem(c.sheet.name, cid)
        index = self.owner.findData(kept)
        self.owner.setCurrentIndex(max(0, index))

    def sheet(self) -> mx.IconSheet:
        values = {k: s.value() for k, s in self.spins.items()}
        return mx.IconSheet(
            name=self.name.text().strip(), kind=self.kind.currentData(), owner=self.owner.currentData(),
            response=values["response"], system=values["system"], firewall=values["firewall"],
            signal=values["signal"], rating=values["rating"], resonance=values["resonance"],
            programs={p: values[p] for p in mx.PROGRAMS if values[p]},
            skills={s: values[s] for s in mx.SKILLS if values[s]}, black_ic=self.black_ic.isChecked(),
        )

    def submit(self) -> bool:
        try:
            sheet = self.sheet()
        except ValueError:
            self.show_error(tr("matrix.add.bad"))
            return False
        refusal = self.bridge.attempt(mx.AddIcon(sheet=sheet))
        self.show_error(refusal or "")
        if refusal is None:
            self.name.clear()
        return refusal is None
