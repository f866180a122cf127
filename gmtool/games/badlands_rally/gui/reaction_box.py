"""The reaction window in the attack panel (BR-18): which passive gear may react and why, what waits
(the active gear's step or attack, with its odds), "no reaction", and whether the active gear acts
first (it may turn or attack before it leaves the hex). While a passive gear is chosen here, the
attack panel above it is that gear's reaction: weapon, plan, odds and dice. The box holds no rules."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QPushButton, QWidget

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_reaction_words import reason_words
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.ui.toned_line import toned_line


class ReactionBox(QGroupBox):
    def __init__(self, run: Callable[[Command], bool], rules: RallyRules, parent: QWidget | None = None) -> None:
        super().__init__(tr("br.reaction.title"), parent)
        self.setObjectName("brReactionBox")
        self._run, self._rules = run, rules
        self.gear = QComboBox(self)
        self.gear.setObjectName("brReactionGear")
        self.why = toned_line(self, "brReactionWhy", "warning")
        self.held = QLabel(self)
        self.held.setWordWrap(True)
        self.active_first = QCheckBox(tr("br.reaction.active_first"), self)
        self.active_first.setObjectName("brReactionActiveFirst")
        self.active_first.setToolTip(tr("br.reaction.active_first_tip"))
        self.decline = QPushButton(tr("action.br_no_reaction"), self)
        self.decline.setObjectName("brReactionDecline")
        form = QFormLayout(self)
        form.addRow(tr("br.reaction.gear"), self.gear)
        form.addRow(self.why)
        form.addRow(self.held)
        form.addRow(self.active_first)
        form.addRow(self.decline)
        self.decline.clicked.connect(self.no_reaction)
        self._reasons: dict[str, str] = {}
        self._whys: dict[str, str] = {}  # each offered gear's trigger: "melee" or "attacked"
        self._open = False
        self.gear.currentIndexChanged.connect(self._show_why)
        self.hide()

    def show_window(self, state: RaceState) -> None:
        """The open window (the box hides when none is)."""
        window = state.reaction
        self._open = window is not None
        self.setVisible(self._open)
        if window is None:
            self._reasons = {}
            self.active_first.setChecked(False)
            return
        active = state.gears[window.active]
        offers = [(g, state.gears[g].name) for g, _why in window.offers]
        self._reasons = {g: reason_words(why, active.name, window.left) for g, why in window.offers}
        self._whys = dict(window.offers)
        if [(self.gear.itemData(i), self.gear.itemText(i)) for i in range(self.gear.count())] != offers:
            chosen = self.gear.currentData()
            self.gear.blockSignals(True)
            self.gear.clear()
            for gid, name in offers:
                self.gear.addItem(name, gid)
            self.gear.setCurrentIndex(max(0, self.gear.findData(chosen)))
            self.gear.blockSignals(False)
        may_act_first = window.step is not None and window.attack is None and active.actions_used < active.actions
        self.active_first.setVisible(may_act_first)
        if not may_act_first:
            self.active_first.setChecked(False)
        self.held.setText(tr("br.reaction.held", held=self._held(state)))
        self._show_why()

    def _held(self, state: RaceState) -> str:
        window = state.reaction
        assert window is not None
        active = state.gears[window.active]
        parts = []
        if window.attack is not None:
            seen = self._rules.attack_preview(state, window.attack)
            odds = seen.refusal or tr("br.attack.odds", success=percent(seen.success),
                                      damage=percent(seen.some_damage), hull=percent(seen.empties_hull))
            parts.append(tr("br.reaction.held_attack", name=active.name,
                            target=state.gears[window.attack.target].name, odds=odds))
        if window.step is not None:
            parts.append(tr("br.reaction.held_step", name=active.name, hex=window.left))
        return " · ".join(parts)

    def _show_why(self) -> None:
        gear = self.gear.currentData()
        self.why.setText(tr("br.reaction.why", name=self.gear.currentText(), reason=self._reasons[gear])
                         if gear in self._reasons else "")

    def melee_only(self) -> bool:
        """The reaction offered to the gear now chosen is to a gear leaving its front arc: melee only."""
        reactor = self.reactor()
        return reactor is not None and self._whys.get(reactor) == "melee"

    def reactor(self) -> str | None:
        """The passive gear the attack panel is for now (None: the active gear's own attack)."""
        if not self._open or self.active_first.isChecked():
            return None
        chosen: str | None = self.gear.currentData()  # a gear's id
        return chosen

    def react(self, draft: m.AttackGear) -> bool:
        """The reaction with the weapon and dice the attack panel holds."""
        return self._run(r.React(gear=draft.attacker, weapon=draft.weapon, attack_faces=draft.attack_faces,
                                 defence_faces=draft.defence_faces, damage_faces=draft.damage_faces,
                                 table=draft.table))

    def no_reaction(self) -> bool:
        gear = self.gear.currentData()
        return self._open and gear is not None and self._run(r.DeclineReaction(gear=gear))
