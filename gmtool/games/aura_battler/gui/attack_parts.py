"""The attack panel's groups of inputs, each compact enough for one column beside the map: the aura
power both sides spend before the roll (AB-20: the attacker's row first), the target's response turn
(AB-12), the dice typed from the table with the Roll button, and the hit value's terms as a table.
Widgets only: the panel (:mod:`.attack_panel`) reads them into its command."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from gmtool.core.i18n import tr
from gmtool.ui.narrow_combo import narrow

AURA = ("aura_attack", "aura_power", "aura_action", "aura_defence", "aura_barrier")  # the attacker's first (20.3)
AURA_ROWS = (("attacker", ("aura_attack", "aura_power")), ("target", ("aura_action", "aura_defence", "aura_barrier")))
FACES = ("hit", "land", "damage")
FACE_CELLS = {"hit": (0, 0), "damage": (0, 1), "land": (1, 0)}  # (row, column) of each die's label and box
TERM_COLUMNS = 2  # the hit value's terms, two to a row


def spin(parent: QWidget, name: str, high: int = 30) -> QSpinBox:
    box = QSpinBox(parent)
    box.setObjectName(name)
    box.setRange(0, high)
    return box


class AuraInputs(QGridLayout):
    """Aura power put on an item just before the roll: the attacker's (attack, power PP), then the
    target's (action PP paying its defence, defence and barrier PP), each side's boxes under its
    heading and each box under its item. Each box's tooltip says it whole."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.setHorizontalSpacing(4)
        self.setVerticalSpacing(1)
        self.spins = {name: spin(parent, f"abAttack_{name}") for name in AURA}
        column = 0
        for side, names in AURA_ROWS:
            self.addWidget(QLabel(f"<b>{escape(tr(f'ab.attack.aura_{side}_row'))}</b>", parent), 0, column, 1, len(names))
            for name in names:
                item = QLabel(tr(f"ab.attack.{name}_short"), parent)
                item.setBuddy(self.spins[name])
                self.spins[name].setToolTip(tr(f"ab.attack.{name}"))
                self.addWidget(item, 1, column)
                self.addWidget(self.spins[name], 2, column)
                column += 1


class ResponseRow(QHBoxLayout):
    """The target turns against the attack being declared (AB-12), aura power on response PP first."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.sides = narrow(QComboBox(parent), 5)
        self.sides.setObjectName("abAttackResponse")
        self.sides.setToolTip(tr("ab.attack.response"))
        for sides in (-1, -2, -3, 1, 2, 3):
            side = "left" if sides < 0 else "right"
            self.sides.addItem(tr(f"ab.turn.{side}", degrees=60 * abs(sides)), sides)
        self.aura = spin(parent, "abAttack_aura_response")
        self.aura.setToolTip(tr("ab.attack.aura_response"))
        self.button = QPushButton(tr("ab.attack.response_turn"), parent)
        self.button.setObjectName("abResponseTurn")
        self.button.setToolTip(tr("ab.attack.response"))
        aura = QLabel(tr("ab.attack.aura_short"), parent)
        aura.setBuddy(self.aura)
        self.addWidget(self.sides, 1)
        self.addWidget(aura)
        self.addWidget(self.aura)
        self.addWidget(self.button)


class DiceInputs(QGridLayout):
    """The dice typed from the table (empty: rolled), and Roll under them. Where a hit lands is asked
    only when the target rides a Wing Caliber (AB-21)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.faces = {name: QLineEdit(parent) for name in FACES}
        self.labels = {name: QLabel(tr(f"ab.attack.faces_{name}_short"), parent) for name in FACES}
        for name, edit in self.faces.items():
            edit.setObjectName(f"abFaces_{name}")
            edit.setPlaceholderText(tr(f"ab.attack.faces_{name}_hint"))
            edit.setToolTip(f"{tr(f'ab.attack.faces_{name}')}: {tr('ab.attack.faces_hint')}")
            self.labels[name].setBuddy(edit)
            row, column = FACE_CELLS[name]
            self.addWidget(self.labels[name], row, 2 * column)
            self.addWidget(edit, row, 2 * column + 1)
        self.hint = QLabel(tr("ab.attack.faces_rolled"), parent)
        self.hint.setWordWrap(True)
        self.roll = QPushButton(tr("ab.attack.roll"), parent)
        self.roll.setObjectName("abAttackRoll")
        self.roll.setDefault(True)
        self.addWidget(self.hint, 2, 0, 1, 3)
        self.addWidget(self.roll, 2, 3)
        self.setColumnStretch(1, 1)
        self.setColumnStretch(3, 1)

    def show_landing(self, shown: bool) -> None:
        self.labels["land"].setVisible(shown)
        self.faces["land"].setVisible(shown)

    def clear(self) -> None:
        for edit in self.faces.values():
            edit.clear()


def terms_html(head: str, terms: list[tuple[str, int]], value_line: str) -> str:
    """The hit value's terms in a small table, two to a row, under ``head`` and above ``value_line``."""
    cells = [f"<td>{escape(label)}</td><td align='right'>&nbsp;{value:+d}&nbsp;&nbsp;</td>" for label, value in terms]
    rows = ["".join(cells[i:i + TERM_COLUMNS]) for i in range(0, len(cells), TERM_COLUMNS)]
    table = "".join(f"<tr>{row}</tr>" for row in rows)
    return (f"<b>{escape(head)}</b><table cellspacing='0' cellpadding='0'>{table}</table>"
            f"<b>{escape(value_line)}</b>")
