"""The active gear's special rules in the move box (BR-20): the dice its specials may add to a burn
rubber or a jump (ticked by the player: Jump Jets, Overdrive, Booster Rockets), and the Off-Road
Specialist's roll. The widgets hold no rules: the game says which specials apply and what they add."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QWidget

from gmtool.core.i18n import active_language, tr
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent
from gmtool.games.badlands_rally.rules.race_specials import off_road_chance, off_road_dice
from gmtool.games.badlands_rally.rules.race_state import RaceGear
from gmtool.games.badlands_rally.rules.specials import OPTIONAL_DICE, move_terms, optional_for, specials


class SpecialDice(QWidget):
    """A tick box per special the active gear may add to a special move."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addWidget(QLabel(tr("br.moves.optional"), self))
        self._shown: tuple[str | None, tuple[str, ...]] = (None, ())
        self.boxes: dict[str, QCheckBox] = {}
        self.hide()

    def show_gear(self, gear: RaceGear | None) -> None:
        keys = tuple(k for move in OPTIONAL_DICE for k in optional_for(gear.specials, move)) if gear else ()
        if self._shown == (gear.id if gear else None, keys):
            return  # the same gear: its ticks stay
        self._shown = (gear.id if gear else None, keys)
        for box in self.boxes.values():
            box.deleteLater()
        self.boxes = {}
        language = active_language()
        for key in keys:
            box = QCheckBox(specials()[key].name(language), self)
            box.setObjectName(f"brSpecialDice_{key}")
            box.setToolTip(specials()[key].effect(language))
            box.toggled.connect(self.changed)
            self._row.addWidget(box)
            self.boxes[key] = box
        self.setVisible(bool(keys))

    def chosen(self, move: str) -> tuple[str, ...]:
        """The specials ticked that help ``move``."""
        return tuple(k for k, _dice in OPTIONAL_DICE.get(move, ()) if k in self.boxes and self.boxes[k].isChecked())

    def clear(self) -> None:
        for box in self.boxes.values():
            box.setChecked(False)


def terms_text(gear: RaceGear, move: str, chosen: tuple[str, ...]) -> str:
    """The terms the gear's specials add to ``move`` ("" when none)."""
    terms = move_terms(gear.specials, gear.rattle.token, move, chosen)
    if not terms:
        return ""
    return " " + tr("br.moves.special_terms", terms=", ".join(f"{tr(key)} {dice:+d}D6" for key, dice in terms))


def off_road_line(gear: RaceGear) -> str:
    """The Off-Road Specialist's roll before it is made ("" for a gear without it)."""
    if "off_road_specialist" not in gear.specials:
        return ""
    return tr("br.moves.off_road", dice=max(0, off_road_dice(gear)), rating=gear.defence,
              chance=percent(off_road_chance(gear)), free=gear.rough_free)
