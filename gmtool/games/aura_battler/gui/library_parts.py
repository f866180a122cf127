"""The duel's library dialogs: a machine card editor (with its pilot) and putting a machine into the duel
(it joins on the first free hex of the map's zones, on the side the GM names)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.games.aura_battler.library.kind import LIBRARY, VERSION
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.storage.campaign import Campaign
from gmtool.ui.card_editor import CardEditor
from gmtool.ui.library_parts import AddPlan

SECTORS = ("FF", "FR", "FL", "BR", "BL", "BB")
NUMBERS = (("evasion", 0, 20), ("parry", 0, 20), ("armour", 0, 40), ("durability", 1, 99))
THRUST_PER_PP = ("accel_per_pp", "decel_per_pp")
NUMBER = r"-?\d{1,6}"  # a card's number as typed (more digits are no card's, and Python refuses 4,300)


def _spin(parent: QWidget, low: int, high: int, value: object, name: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setValue(value if isinstance(value, int) else low)
    return spin


def _members(value: object) -> dict[str, Any]:
    """A document's object member as a dict (empty when it is missing)."""
    return dict(value) if isinstance(value, Mapping) else {}


def guns_text(guns: list[dict[str, object]]) -> str:
    return "\n".join(f"{g['name']}; {g['accuracy']}; {g['power']}" for g in guns)


def read_guns(text: str) -> list[dict[str, object]]:
    """One gun a line: "name; accuracy; power"."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(";")]
        if len(parts) != 3 or not all(re.fullmatch(NUMBER, p) for p in parts[1:]):
            raise FileFormatError("error.ab_gun_line", line=number)
        found.append({"name": parts[0], "accuracy": int(parts[1]), "power": int(parts[2])})
    return found


class MachineEditor(CardEditor):
    """A machine card and its pilot, tags and notes (checked by the library's model on save)."""

    def __init__(self, document: dict[str, object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("ab.card.title"))
        self._document = dict(document)
        machine = _members(document.get("machine"))
        pilot = _members(document.get("pilot"))
        sword = _members(machine.get("sword"))
        form = QFormLayout(self)
        name = (tr("ab.field.name"), str(machine.get("name", "")))
        self.add_header(form, tr("ab.card.made_up_hint"), name, "abCardName")
        self.numbers = {key: _spin(self, low, high, machine.get(key), f"abCard_{key}") for key, low, high in NUMBERS}
        for key, spin in self.numbers.items():
            form.addRow(tr(f"ab.field.{key}"), spin)
        for key in THRUST_PER_PP:  # AB-19: the thrust one action PP gains or sheds (1 unless typed)
            self.numbers[key] = _spin(self, 0, 30, machine.get(key, 1), f"abCard_{key}")
            form.addRow(tr(f"ab.card.{key}"), self.numbers[key])
        self.speed = QLineEdit(" ".join(str(v) for v in machine.get("speed_table", (0,))), self)
        self.speed.setObjectName("abCardSpeed")
        form.addRow(tr("ab.field.speed_table"), self.speed)
        self.carrier = QCheckBox(tr("ab.card.carrier"), self)
        self.carrier.setChecked(bool(machine.get("carrier")))
        form.addRow(self.carrier)
        self.guns = QPlainTextEdit(guns_text(list(machine.get("guns", ()))), self)
        self.guns.setObjectName("abCardGuns")
        self.guns.setPlaceholderText(tr("ab.card.guns_hint"))
        self.guns.setMaximumHeight(80)
        form.addRow(tr("ab.card.guns"), self.guns)
        self._sword_rows(form, sword)
        self.pilot = QLineEdit(str(pilot.get("name", "")), self)
        self.pilot.setObjectName("abCardPilot")
        self.base_pp = _spin(self, 0, 30, pilot.get("base_pp"), "abCard_base_pp")
        self.aura = _spin(self, 0, 30, pilot.get("aura"), "abCard_aura")
        form.addRow(tr("ab.field.pilot"), self.pilot)
        form.addRow(tr("ab.card.base_pp"), self.base_pp)
        form.addRow(tr("ab.card.aura"), self.aura)
        self.add_footer(form, document, (tr("ab.card.tags"), tr("ab.card.notes")), 60)

    def _sword_rows(self, form: QFormLayout, sword: dict[str, Any]) -> None:
        self.has_sword = QCheckBox(tr("ab.card.has_sword"), self)
        self.has_sword.setChecked(bool(sword))
        self.sword_name = QLineEdit(str(sword.get("name", "")), self)
        self.sword_accuracy = _spin(self, -10, 20, sword.get("accuracy"), "abCard_sword_accuracy")
        self.sword_power = _spin(self, 0, 40, sword.get("power"), "abCard_sword_power")
        arc = sword.get("parry_arc", ("FF", "FR", "FL"))
        self.arc = {name: QCheckBox(name, self) for name in SECTORS}
        row = QHBoxLayout()
        for name, box in self.arc.items():
            box.setChecked(name in arc)
            row.addWidget(box)
        form.addRow(self.has_sword)
        form.addRow(tr("ab.card.sword_name"), self.sword_name)
        form.addRow(tr("ab.card.sword_accuracy"), self.sword_accuracy)
        form.addRow(tr("ab.card.sword_power"), self.sword_power)
        form.addRow(tr("ab.card.parry_arc"), row)

    def _machine(self) -> dict[str, object]:
        speed = self.speed.text().split()
        if not speed or not all(re.fullmatch(NUMBER, v) for v in speed):
            raise FileFormatError("error.ab_speed_table")
        sword = {"name": self.sword_name.text().strip(), "accuracy": self.sword_accuracy.value(),
                 "power": self.sword_power.value(), "parry_arc": [n for n, box in self.arc.items() if box.isChecked()]}
        return {"name": self.name.text().strip(), **{k: s.value() for k, s in self.numbers.items()},
                "speed_table": [int(v) for v in speed], "guns": read_guns(self.guns.toPlainText()),
                "sword": sword if self.has_sword.isChecked() else None, "carrier": self.carrier.isChecked()}

    def card(self, tags: list[str], notes: str) -> MachineTemplate:
        pilot = {"name": self.pilot.text().strip(), "base_pp": self.base_pp.value(), "aura": self.aura.value()}
        document = dict(self._document, machine=self._machine(), pilot=pilot, tags=tags, notes=notes)
        return LIBRARY.read(document, VERSION)


class AuraLibraryGui:
    def editor(self, document: dict[str, object], parent: QWidget) -> QDialog:
        return MachineEditor(document, parent)

    def ask_to_add(self, template: MachineTemplate, parent: QWidget) -> AddPlan | None:
        side, ok = QInputDialog.getText(parent, tr("ab.library.side_title"), tr("ab.library.side_label"),
                                        text=tr("ab.library.default_side"))
        if not ok or not side.strip():
            return None
        command = m.AddUnit(machine=template.machine, pilot=template.pilot, side=side.strip()[:40])
        return AddPlan((command,), tr("ab.library.added", name=template.name))

    def encounter_builder(self, campaign: Campaign, keep_current: int | None, game: str,
                          parent: QWidget) -> QDialog | None:
        return None  # duels are set up in the window (the library's Add to encounter)


LIBRARY_GUI = AuraLibraryGui()
