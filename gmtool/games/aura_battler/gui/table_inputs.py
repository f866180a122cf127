"""Table mode's inputs in the attack panel: what the GM reads off the physical board for one attack —
the target's sector the attacker is in (AB-13), the range in hexes (AB-15) and whether the shot runs
along the attacker's front hex row (AB-14). Shown only in table mode; the game reads them, not the map;
a new attacker or target starts from nothing typed (:meth:`TableInputs.reset`)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QGroupBox, QLabel, QSpinBox, QWidget

from gmtool.core.i18n import tr
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.hit import SECTOR_MODIFIER
from gmtool.ui.narrow_combo import narrow


class TableInputs(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("ab.attack.table"), parent)
        self.setObjectName("abAttackTable")
        self.sector = narrow(QComboBox(self), 6)
        self.sector.setObjectName("abTableSector")
        for name, modifier in SECTOR_MODIFIER.items():
            self.sector.addItem(tr("ab.sector.legend", sector=name, modifier=modifier), name)
        self.range = QSpinBox(self)
        self.range.setObjectName("abTableRange")
        self.range.setRange(0, 60)
        self.range.setValue(1)
        self.front_row = QCheckBox(tr("ab.attack.table_front_row_short"), self)
        self.front_row.setObjectName("abTableFrontRow")
        self.front_row.setToolTip(tr("ab.attack.table_front_row"))
        self.sector.setToolTip(tr("ab.attack.table_sector"))
        self.range.setToolTip(tr("ab.attack.table_range"))
        grid = QGridLayout(self)
        grid.setContentsMargins(6, 2, 6, 2)
        grid.addWidget(QLabel(tr("ab.attack.table_sector_short"), self), 0, 0)
        grid.addWidget(self.sector, 0, 1)
        grid.addWidget(QLabel(tr("ab.attack.table_range_short"), self), 0, 2)
        grid.addWidget(self.range, 0, 3)
        grid.addWidget(self.front_row, 1, 0, 1, 4)
        grid.setColumnStretch(1, 1)

    def reset(self) -> None:
        """A new attack reads the board afresh: nothing typed for the last one is kept."""
        for widget in (self.sector, self.range, self.front_row):
            widget.blockSignals(True)
        self.sector.setCurrentIndex(0)
        self.range.setValue(1)
        self.front_row.setChecked(False)
        for widget in (self.sector, self.range, self.front_row):
            widget.blockSignals(False)

    def geometry_typed(self) -> m.TableGeometry:
        return m.TableGeometry(sector=self.sector.currentData(), range=self.range.value(),
                               front_row=self.front_row.isChecked())

    def on_change(self, slot: object) -> None:
        """Call ``slot`` whenever one of the inputs changes."""
        self.sector.currentIndexChanged.connect(slot)
        self.range.valueChanged.connect(slot)
        self.front_row.toggled.connect(slot)
