"""The coin duel's library dialogs: a small card editor and adding a duelist to the encounter."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.storage.campaign import Campaign
from gmtool.ui.library_parts import AddPlan
from tests.games.coin.library import LIBRARY, VERSION, DuelistCard
from tests.games.coin.rules import AddDuelist


class CardEditor(QDialog):
    """A duelist card: name and coins."""

    saved = Signal(object)  # DuelistCard

    def __init__(self, document: dict[str, object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("coin.card.title"))
        self._document = dict(document)
        self.name = QLineEdit(str(document.get("name", "")), self)
        self.name.setObjectName("cardName")
        self.coins = QSpinBox(self)
        self.coins.setObjectName("cardCoins")
        self.coins.setRange(1, 9)
        coins = document.get("coins", 3)
        self.coins.setValue(coins if isinstance(coins, int) else 3)
        self.message = QLabel(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(tr("coin.card.name"), self.name)
        form.addRow(tr("coin.column.coins"), self.coins)
        form.addRow(self.message)
        form.addRow(buttons)

    def save(self) -> None:
        try:
            card = LIBRARY.read(dict(self._document, name=self.name.text().strip(), coins=self.coins.value()), VERSION)
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return
        self.saved.emit(card)
        self.accept()


class CoinLibraryGui:
    def editor(self, document: dict[str, object], parent: QWidget) -> QDialog:
        return CardEditor(document, parent)

    def ask_to_add(self, template: DuelistCard, parent: QWidget) -> AddPlan | None:
        return AddPlan((AddDuelist(name=template.name, coins=template.coins),),
                       tr("coin.card.added", name=template.name))

    def encounter_builder(self, campaign: Campaign, keep_current: int | None, game: str,
                          parent: QWidget) -> QDialog | None:
        return None  # the duel has none


LIBRARY_GUI = CoinLibraryGui()
