"""A gear's weapons as a small table the GM types from the datacard (name, ranges, power, ±dice,
Burst, traits), checked by the weapons' model when read."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules.weapons import TRAITS, WeaponCard
from gmtool.ui.table_editor import table_with_buttons

COLUMNS = ("name", "optimal", "maximum", "power", "dice", "burst", "traits")
NUMBERS = COLUMNS[1:6]
MAX_WEAPONS = 8


def trait_names() -> dict[str, str]:
    """Each trait's name in the active language (and in English) → its key."""
    names: dict[str, str] = {tr(f"br.trait.{t}").casefold(): t for t in TRAITS}
    names.update({t: t for t in TRAITS})
    return names


class WeaponTable(QWidget):
    def __init__(self, weapons: tuple[WeaponCard, ...] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("brWeapons")
        self.table.setHorizontalHeaderLabels([tr(f"br.weapon.column.{c}") for c in COLUMNS])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setMinimumHeight(110)
        add, remove = QPushButton(tr("br.weapon.add"), self), QPushButton(tr("br.weapon.remove"), self)
        add.clicked.connect(lambda: self.add_row())
        remove.clicked.connect(self.remove_row)
        table_with_buttons(self, self.table, (add, remove))
        for weapon in weapons:
            self.add_row(weapon)

    def add_row(self, weapon: WeaponCard | None = None) -> None:
        if self.table.rowCount() >= MAX_WEAPONS:
            return
        row = self.table.rowCount()
        self.table.insertRow(row)
        values = ([weapon.name, *(str(getattr(weapon, c)) for c in NUMBERS),
                   ", ".join(tr(f"br.trait.{t}") for t in weapon.traits)] if weapon
                  else [tr("br.weapon.new_name", number=row + 1), "2", "4", "6", "0", "0", ""])
        for column, value in enumerate(values):
            self.table.setItem(row, column, QTableWidgetItem(value))

    def remove_row(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def weapons(self) -> tuple[WeaponCard, ...]:
        """The weapons typed, each checked (RulesError naming the row, the column and what is wrong)."""
        return tuple(self._row(row, trait_names()) for row in range(self.table.rowCount()))

    def _row(self, row: int, names: dict[str, str]) -> WeaponCard:
        items = [self.table.item(row, c) for c in range(len(COLUMNS))]
        cells = [(item.text() if item else "").strip() for item in items]
        numbers = {}
        for i, column in enumerate(NUMBERS, start=1):
            try:
                numbers[column] = int(cells[i])
            except ValueError:
                raise RulesError("error.br_weapon_number", row=row + 1,
                                 column=tr(f"br.weapon.column.{column}")) from None
        traits = []
        for text in (t.strip() for t in cells[6].replace("、", ",").split(",")):
            if text and text.casefold() not in names:
                raise RulesError("error.br_weapon_trait", row=row + 1, trait=text)
            if text:
                traits.append(names[text.casefold()])
        try:
            return WeaponCard(name=cells[0], traits=tuple(traits), **numbers)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = first.get("loc", ())
            if not where or first.get("type") == "br.strict.maximum_below_optimal":
                raise RulesError("error.br_weapon_ranges", row=row + 1) from None
            raise RulesError("error.br_weapon_value", row=row + 1,
                             column=tr(f"br.weapon.column.{where[0]}")) from None
