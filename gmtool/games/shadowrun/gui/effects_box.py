"""The effects of the selected combatant: badges with time left, remove, and add from the catalogue.

The form to add one has a label per field; choosing a catalogue entry (and adding one) puts
that entry's own modifier in the form, so the next effect starts from the book's value.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gmtool.core.effects import Duration
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.gui.effects_model import EffectsModel
from gmtool.ui.narrow_combo import narrow
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

DEFAULT_MODIFIER = -31  # the spin box's minimum shows "default"


class EffectsBox(QGroupBox):
    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("sheet.effects"), parent)
        self.model = EffectsModel(bridge, self)
        self.list = QListView(self)
        self.list.setObjectName("effectsList")
        self.list.setModel(self.model)
        self.list.setMaximumHeight(90)
        self.remove_button = QPushButton(tr("effects.remove"), self)
        self.remove_button.setObjectName("removeEffectButton")
        self.remove_button.clicked.connect(self._remove)
        self.key = QComboBox(self)
        self.key.setObjectName("effectKey")
        for key in edition_view(bridge).effect_keys():
            self.key.addItem(tr(f"effect.{key}"), key)
        self.label = QLineEdit(self)
        self.label.setObjectName("effectLabel")
        self.label.setPlaceholderText(tr("effects.label_placeholder"))
        self.modifier = QSpinBox(self)
        self.modifier.setObjectName("effectModifier")
        self.modifier.setRange(DEFAULT_MODIFIER, 30)
        self.modifier.setSpecialValueText(tr("effects.default"))
        self.modifier.setValue(DEFAULT_MODIFIER)
        self.duration = QComboBox(self)
        self.duration.setObjectName("effectDuration")
        self.duration.addItem(tr("effects.default"), None)
        for duration in Duration:
            self.duration.addItem(tr(f"effects.duration.{duration.value}"), duration.value)
        self.turns = QSpinBox(self)
        self.turns.setObjectName("effectTurns")
        self.turns.setRange(1, 99)
        self.turns.valueChanged.connect(self._name_turns)
        self._name_turns(self.turns.value())
        self.add_button = QPushButton(tr("effects.add"), self)
        self.add_button.setObjectName("addEffectButton")
        self.add_button.clicked.connect(self._add)
        self.error = QLabel(self)
        set_tone(self.error, "error")
        self.error.setWordWrap(True)
        for combo in (self.key, self.duration):  # long entries must not widen the dock
            narrow(combo, 8)
        self._view = edition_view(bridge)
        self.key.currentIndexChanged.connect(lambda _i: self._reset_to_entry())
        grid = QGridLayout(self)
        grid.addWidget(self.list, 0, 0)
        grid.addWidget(self.remove_button, 0, 1, Qt.AlignmentFlag.AlignTop)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for text, field in (
            ("effects.field.effect", self.key), ("effects.field.label", self.label),
            ("effects.field.modifier", self.modifier), ("effects.field.duration", self.duration),
        ):
            form.addRow(tr(text), field)
        turns = QHBoxLayout()
        turns.addWidget(self.turns, 1)
        turns.addWidget(self.add_button)
        form.addRow(tr("effects.field.turns"), turns)
        grid.addLayout(form, 1, 0, 1, 2)
        grid.addWidget(self.error, 2, 0, 1, 2)
        self.model.refused.connect(self.error.setText)
        self._reset_to_entry()

    def _name_turns(self, count: int) -> None:
        """" turn" or " turns" after the number, as the count reads."""
        self.turns.setSuffix(tr("effects.turns_suffix", count=count))

    def _reset_to_entry(self) -> None:
        """The chosen catalogue entry's own modifier (or the attribute it comes from), its duration."""
        modifier, attribute = self._view.effect_default(self.key.currentData())
        if attribute:
            self.modifier.setSpecialValueText(tr("effects.from_attribute", attribute=tr(f"attr.{attribute}")))
            self.modifier.setValue(DEFAULT_MODIFIER)
        else:
            self.modifier.setSpecialValueText(tr("effects.default"))
            self.modifier.setValue(modifier)
        self.duration.setCurrentIndex(0)  # the entry's own duration
        self.turns.setValue(1)

    def _add(self) -> None:
        self.error.clear()
        modifier = None if self.modifier.value() == DEFAULT_MODIFIER else self.modifier.value()  # None: its attribute
        duration = self.duration.currentData()
        if self.model.add(
            self.key.currentData(), self.label.text(), modifier,
            Duration(duration) if duration else None, self.turns.value(),
        ):
            self.label.clear()
            self._reset_to_entry()  # the next effect starts from the book's value again

    def _remove(self) -> None:
        self.error.clear()
        index = self.list.currentIndex()
        if not index.isValid():
            self.error.setText(tr("effects.choose"))
            return
        self.model.remove(index.row())
