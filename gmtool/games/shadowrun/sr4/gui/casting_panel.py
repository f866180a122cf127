"""The SR4 casting tab (SR4-S1..S9): cast a spell with the exact odds before the roll, sustained
spells (drop, dispel), spell defence, summoning and the spirits' services, astral perception and
projection, astral signatures. The selected combatant is the caster; every button sends a command
through the bridge (:mod:`.casting_model` forms them). Ctrl+Shift+C opens the tab at the spell.

The inputs scroll above a footer that keeps the odds, *Cast* and the last result of the tab in view.
What the GM typed for a caster (Force, skills, tradition …) stays with that caster: selecting a
target in the order and the caster again finds the Force as it was typed (the sheet's figures fill
the form only the first time a caster is chosen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.gui import casting_model as cm
from gmtool.games.shadowrun.sr4.gui.tab_footer import TabFooter, scrolled
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.ui.flow_layout import FlowLayout
from gmtool.ui.named_button import named_button
from gmtool.viewmodels.bridge import EncounterBridge

SHORTCUT = "Ctrl+Shift+C"


class CastingPanel(QWidget):
    """Magic of an SR4 encounter, for the selected combatant."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._filling = False
        self._roster: tuple[Any, ...] = ()
        self._stale = False  # hidden while the fight changed: refreshed when shown
        self._caster: str | None = None  # whose typed values the form holds
        self._typed: dict[str, cm.Typed] = {}  # what the GM typed, per caster
        self._shown: dict[QListWidget, list[tuple[str, Any]]] = {}  # the rows each list shows
        self._listed: tuple[str, ...] = ()  # the targets' ids in the list's order
        self._chosen: set[str] = set()  # those ticked
        body = QWidget(self)
        column = QVBoxLayout(body)
        self.caster_label = self._label("casterLabel")
        column.addWidget(self.caster_label)
        column.addWidget(self._cast_box())
        column.addWidget(self._sustained_box())
        column.addWidget(self._summon_box())
        column.addWidget(self._astral_box())
        column.addStretch(1)
        self.footer = TabFooter("cast", named_button("magic.cast", "castButton", self.cast, self), self)
        self.odds_label, self.error_label = self.footer.odds, self.footer.why
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolled(body, self, "castScroll"), 1)
        outer.addWidget(self.footer)
        bridge.changed.connect(lambda _c: self.refresh())
        bridge.selectionChanged.connect(lambda _c: self.refresh())
        self.refresh()

    # -- building ------------------------------------------------------------------------------
    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _spin(self, name: str, low: int, high: int, value: int = 0) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.valueChanged.connect(lambda _v: self.update_odds())
        return spin

    def _combo(self, name: str, rows: list[tuple[str, Any]]) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        for text, data in rows:
            combo.addItem(text, data)
        combo.currentIndexChanged.connect(lambda _i: self.update_odds())
        return combo

    def _cast_box(self) -> QGroupBox:
        box = QGroupBox(tr("magic.box.cast"), self)
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.spell = self._combo("spellCombo", cm.spell_rows())
        self.facts = self._label("spellFacts")
        self.force = self._spin("forceSpin", 1, 24, 1)
        self.skill = self._spin("spellcastingSpin", 0, 12)
        self.foci = self._spin("fociSpin", 0, 12)
        self.visibility = self._spin("visibilitySpin", -12, 0)
        self.tradition = self._combo("traditionCombo", [(tr(f"magic.tradition.{t}"), t) for t in ("hermetic", "shamanic")])
        self.targets = QListWidget(self)
        self.targets.setObjectName("spellTargets")
        self.targets.setMaximumHeight(72)
        self.targets.itemChanged.connect(self._target_changed)
        self.tie = QCheckBox(tr("magic.tie_minimal"), self)
        self.tie.setObjectName("tieMinimal")
        self.charge = QCheckBox(tr("magic.charge_action"), self)
        self.charge.setObjectName("chargeAction")
        self.charge.setChecked(True)
        self.charge.setToolTip(tr("magic.charge_action_tip"))
        figures = FlowLayout()  # Force, Spellcasting, foci and visibility side by side where they fit
        for key, spin in (("magic.force", self.force), ("magic.term.spellcasting", self.skill),
                          ("magic.term.foci", self.foci), ("magic.term.visibility", self.visibility)):
            spin.setPrefix(tr(key) + " ")
            figures.addWidget(spin)
        spell = QWidget(self)  # the spell and its facts in one row (a wrapped label alone gets a gap)
        under = QVBoxLayout(spell)
        under.setContentsMargins(0, 0, 0, 0)
        under.setSpacing(2)
        under.addWidget(self.spell)
        under.addWidget(self.facts)
        checks = FlowLayout()
        checks.addWidget(self.tie)
        checks.addWidget(self.charge)
        rows = (("magic.spell", spell), ("", figures), ("magic.tradition", self.tradition),
                ("magic.targets", self.targets), ("", checks))
        for key, widget in rows:
            form.addRow(tr(key) if key else "", widget)
        row = FlowLayout()  # wraps in a narrow dock
        self.counterspelling = QSpinBox(self)
        self.counterspelling.setObjectName("counterspellingSpin")
        self.counterspelling.setRange(0, 12)
        self.counterspelling.setPrefix(tr("magic.term.counterspelling") + " ")
        row.addWidget(self.counterspelling)
        row.addWidget(named_button("magic.declare_defence", "defenceButton", self.declare_defence, self))
        form.addRow(row)
        return box

    def _sustained_box(self) -> QGroupBox:
        box = QGroupBox(tr("magic.box.sustained"), self)
        column = QVBoxLayout(box)
        self.sustained = QListWidget(self)
        self.sustained.setObjectName("sustainedList")
        self.sustained.setMaximumHeight(80)
        column.addWidget(self.sustained)
        row = FlowLayout()  # wraps in a narrow dock
        row.addWidget(named_button("magic.drop", "dropButton", self.drop, self))
        row.addWidget(named_button("magic.dispel", "dispelButton", self.dispel, self))
        column.addLayout(row)
        return box

    def _summon_box(self) -> QGroupBox:
        box = QGroupBox(tr("magic.box.summon"), self)
        form = QFormLayout(box)
        self.spirit = self._combo("spiritCombo", cm.spirit_rows())
        self.spirit_force = self._spin("spiritForceSpin", 1, 24, 1)
        self.summoning = self._spin("summoningSpin", 0, 12)
        form.addRow(tr("magic.spirit"), self.spirit)
        form.addRow(tr("magic.force"), self.spirit_force)
        form.addRow(tr("magic.term.summoning"), self.summoning)
        form.addRow(named_button("magic.summon", "summonButton", self.summon, self))
        self.spirits = QListWidget(self)
        self.spirits.setObjectName("spiritList")
        self.spirits.setMaximumHeight(70)
        form.addRow(self.spirits)
        row = FlowLayout()  # wraps in a narrow dock
        row.addWidget(named_button("magic.use_service", "serviceButton", self.use_service, self))
        row.addWidget(named_button("magic.release", "releaseButton", self.release, self))
        form.addRow(row)
        return box

    def _astral_box(self) -> QGroupBox:
        box = QGroupBox(tr("magic.box.astral"), self)
        form = QFormLayout(box)
        form.addRow(named_button("magic.perceive", "perceiveButton", self.perceive, self))
        self.hours = QSpinBox(self)
        self.hours.setObjectName("projectionHours")
        self.hours.setRange(1, 24)
        row = FlowLayout()  # wraps in a narrow dock
        row.addWidget(self.hours)
        row.addWidget(named_button("magic.project", "projectButton", self.project, self))
        row.addWidget(named_button("magic.return", "returnButton", self.return_to_body, self))
        form.addRow(tr("magic.hours"), row)
        self.signatures = QListWidget(self)
        self.signatures.setObjectName("signatureList")
        self.signatures.setMaximumHeight(80)
        form.addRow(self.signatures)
        form.addRow(named_button("magic.erase", "eraseButton", self.erase, self))
        return box

    def install_shortcut(self, holder: QWidget, show: Callable[[], None]) -> QAction:
        """Ctrl+Shift+C: the casting tab, the spell chosen next (on a widget that stays shown)."""
        action = QAction(tr("magic.shortcut"), holder)
        action.setObjectName("action_casting")
        action.setShortcut(QKeySequence(SHORTCUT))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

        def cast_next(_checked: bool = False) -> None:
            show()
            self.spell.setFocus()

        action.triggered.connect(cast_next)
        holder.addAction(action)
        return action

    # -- reading -------------------------------------------------------------------------------
    def caster(self) -> str | None:
        cid = self.bridge.selected
        return cid if cid in self.bridge.state.combatants else None

    def _target_changed(self, item: QListWidgetItem) -> None:
        """A target ticked or not: kept as a set (asking 200 items their state twice a spell was slow)."""
        cid = item.data(Qt.ItemDataRole.UserRole)
        if item.checkState() == Qt.CheckState.Checked:
            self._chosen.add(cid)
        else:
            self._chosen.discard(cid)
        self.update_odds()

    def inputs(self) -> cm.CastInputs:
        targets = tuple(cid for cid in self._listed if cid in self._chosen)  # ticked, in the list's order
        return cm.CastInputs(
            spell=self.spell.currentData(), force=self.force.value(), skill=self.skill.value(), foci=self.foci.value(),
            visibility=self.visibility.value(), tradition=self.tradition.currentData(), targets=targets,
            tie_takes_effect=self.tie.isChecked(), charge_action=self.charge.isChecked(),
        )

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """The tab's lists and odds; while the tab is hidden, only once it shows again."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        state, cid = self.bridge.state, self.caster()
        self.caster_label.setText(cm.caster_text(state, cid))
        self._filling = True
        if cid != self._caster:
            self._switch_caster(state, cid)
        self._fill_targets(state, cid)
        self._fill(self.sustained, cm.sustained_rows(state))
        self._fill(self.spirits, cm.spirit_list(state))
        self._fill(self.signatures, cm.signature_rows(state))
        self._filling = False
        self.update_odds()

    def _typed_now(self) -> cm.Typed:
        return cm.Typed(force=self.force.value(), skill=self.skill.value(), foci=self.foci.value(),
                        visibility=self.visibility.value(), tradition=self.tradition.currentData(),
                        counterspelling=self.counterspelling.value(), spirit_force=self.spirit_force.value(),
                        summoning=self.summoning.value(), hours=self.hours.value())

    def _switch_caster(self, state: Any, cid: str | None) -> None:
        """Keep what was typed for the caster leaving; give the new one its own (the sheet's, the first time)."""
        if self._caster is not None:
            self._typed[self._caster] = self._typed_now()
        self._caster = cid
        if cid is None:
            return
        typed = self._typed.get(cid) or cm.typed_from_sheet(state.combatants[cid].sheet)
        for spin, value in ((self.force, typed.force), (self.skill, typed.skill), (self.foci, typed.foci),
                            (self.visibility, typed.visibility), (self.counterspelling, typed.counterspelling),
                            (self.spirit_force, typed.spirit_force), (self.summoning, typed.summoning),
                            (self.hours, typed.hours)):
            spin.setValue(value)
        self.tradition.setCurrentIndex(self.tradition.findData(typed.tradition))

    def _fill_targets(self, state: Any, cid: str | None) -> None:
        """Rebuilt only when the roster or the caster changed (a cast among 200 combatants stays quick)."""
        roster = (cid, tuple((c.id, c.sheet.name) for c in state.combatants.values()))
        if roster == self._roster:
            return
        self._roster = roster
        checked = set(self._chosen)
        self.targets.clear()
        for other in state.combatants.values():
            if other.id == cid:
                continue
            item = QListWidgetItem(other.sheet.name, self.targets)
            item.setData(Qt.ItemDataRole.UserRole, other.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if other.id in checked else Qt.CheckState.Unchecked)
        self._listed = tuple(c.id for c in state.combatants.values() if c.id != cid)
        self._chosen = checked & set(self._listed)

    def _fill(self, widget: QListWidget, rows: list[tuple[str, Any]]) -> None:
        """The list shows ``rows``: left alone when it does already, the new rows added when the list only
        grew (a signature more after each spell: refilling 200 of them re-laid out the tab), else refilled."""
        shown = self._shown.get(widget, [])
        if rows == shown:
            return
        self._shown[widget] = list(rows)
        if rows[:len(shown)] == shown and widget.count() == len(shown):
            for text, data in rows[len(shown):]:
                QListWidgetItem(text, widget).setData(Qt.ItemDataRole.UserRole, data)
        else:
            current = widget.currentItem().data(Qt.ItemDataRole.UserRole) if widget.currentItem() else None
            widget.clear()
            for text, data in rows:
                item = QListWidgetItem(text, widget)
                item.setData(Qt.ItemDataRole.UserRole, data)
                if data == current:
                    widget.setCurrentItem(item)
        if widget.currentItem() is None and widget.count():
            widget.setCurrentRow(0)

    def update_odds(self) -> None:
        if self._filling:
            return
        key = self.spell.currentData()
        self.facts.setText(cm.spell_facts(key) if key else "")
        cid = self.caster()
        state = self.bridge.state
        if cid is None or not state.combatants[cid].sheet.magic:
            self.footer.show_odds(tr("magic.preview.none"))
            return
        self.footer.show_odds(cm.cast_preview(state, cid, self.inputs()))

    # -- sending -------------------------------------------------------------------------------
    def _send(self, command: Any) -> bool:
        """The command through the bridge; the refusal, or the lines it wrote, in the footer."""
        message = self.bridge.attempt(command)
        self.error_label.setText(message or "")
        self.error_label.setVisible(message is not None)
        if message is None:
            self.footer.show_last(self.bridge)
        return message is None

    def _need_caster(self) -> str | None:
        cid = self.caster()
        if cid is None:
            self.error_label.setText(tr("magic.no_caster"))
            self.error_label.show()
        return cid

    @staticmethod
    def _current(widget: QListWidget) -> Any:
        item = widget.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def cast(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(cm.cast_command(cid, self.inputs()))

    def declare_defence(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(mm.DeclareSpellDefence(combatant=cid, protects=self.inputs().targets,
                                              counterspelling=self.counterspelling.value(),
                                              charge_action=self.charge.isChecked()))

    def drop(self) -> None:
        if (spell_id := self._current(self.sustained)) is not None:
            self._send(mm.DropSpell(spell=spell_id))

    def dispel(self) -> None:
        cid, spell_id = self._need_caster(), self._current(self.sustained)
        if cid is not None and spell_id is not None:
            self._send(mm.DispelSpell(combatant=cid, spell=spell_id, skill=self.counterspelling.value(),
                                      tradition=self.tradition.currentData(), charge_action=self.charge.isChecked()))

    def summon(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(mm.SummonSpirit(combatant=cid, spirit=self.spirit.currentData(), force=self.spirit_force.value(),
                                       skill=self.summoning.value(), foci=self.foci.value(),
                                       tradition=self.tradition.currentData(), charge_action=self.charge.isChecked()))

    def use_service(self) -> None:
        if (spirit := self._current(self.spirits)) is not None:
            self._send(mm.UseService(spirit=spirit))

    def release(self) -> None:
        if (spirit := self._current(self.spirits)) is not None:
            self._send(mm.ReleaseSpirit(spirit=spirit))

    def perceive(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(cm.perception_command(cid))

    def project(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(mm.AstralProjection(combatant=cid, hours=self.hours.value()))

    def return_to_body(self) -> None:
        if (cid := self._need_caster()) is not None:
            self._send(mm.AstralProjection(combatant=cid, hours=0))

    def erase(self) -> None:
        cid, signature = self._need_caster(), self._current(self.signatures)
        if cid is not None and signature is not None:
            self._send(mm.EraseSignature(combatant=cid, signature=signature, charge_action=self.charge.isChecked()))
