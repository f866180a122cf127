"""The datacard's special rules (BR-20) as a checkable list in the card editors: each rule's name in
the active language, its effect as the tooltip (with a note where it has no effect in a race)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from gmtool.core.i18n import active_language, tr
from gmtool.games.badlands_rally.rules.specials import NO_RACE_EFFECT, Special, specials

KEY_ROLE = Qt.ItemDataRole.UserRole


def effect_text(special: Special, language: str) -> str:
    """The effect, and why it does nothing in a race where that is so."""
    text = special.effect(language)
    if special.scope == "campaign":
        return f"{text}\n{tr('br.specials.campaign_only')}"
    if special.key in NO_RACE_EFFECT:
        return f"{text}\n{tr('br.specials.no_race_effect')}"
    return text


class SpecialsList(QListWidget):
    def __init__(self, chosen: Sequence[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("brSpecials")
        self.setToolTip(tr("br.specials.hint"))
        self.setMinimumWidth(200)
        language = active_language()
        for special in specials().values():
            item = QListWidgetItem(special.name(language), self)
            item.setData(KEY_ROLE, special.key)
            item.setToolTip(effect_text(special, language))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if special.key in chosen else Qt.CheckState.Unchecked)

    def item_for(self, key: str) -> QListWidgetItem:
        return next(self.item(row) for row in range(self.count()) if self.item(row).data(KEY_ROLE) == key)

    def selected(self) -> tuple[str, ...]:
        """The keys ticked, in the list's order."""
        return tuple(self.item(row).data(KEY_ROLE) for row in range(self.count())
                     if self.item(row).checkState() == Qt.CheckState.Checked)


def specials_box(chosen: Sequence[str], parent: QWidget) -> tuple[QGroupBox, SpecialsList]:
    """The list in a titled box, for a column of its own beside a card editor's form."""
    box = QGroupBox(tr("br.field.specials"), parent)
    listed = SpecialsList(chosen, box)
    QVBoxLayout(box).addWidget(listed)
    return box, listed
