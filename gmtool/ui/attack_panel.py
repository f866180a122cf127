"""The attack, resolved in place: attacker → weapon and mode → target → modifiers → roll or
typed faces → defence → damage → soak → applied, each step with its breakdown and odds.

Nothing here decides a rule: the :class:`~gmtool.viewmodels.attack_model.AttackModel`
plans and prepares the command; the modifier panels show the edition's tables.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.rulesets.attack.describe import attack_line, breakdown_lines, term_text
from gmtool.ui.modifier_panel import ModifierPanel
from gmtool.ui.odds_chart import OddsChart
from gmtool.viewmodels.attack_model import AttackModel
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.ruleset_view import INTERRUPTS

NO_DISTANCE = -1.0
SR5_DEFENCE_INTERRUPTS = ("full_defence", "block", "dodge", "parry")


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Faces typed as digits ("6 5 1" or "651"); None when the field is empty."""
    digits = [int(ch) for ch in text if ch.isdigit()]
    return tuple(digits) if digits else None


class AttackPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._actions = actions
        self.model = AttackModel(bridge, self)
        self._people_shown: list[tuple[str, str]] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self._who_box())
        layout.addWidget(self._defence_box())
        self.tabs = QTabWidget(self)
        self.attack_tables = ModifierPanel(parent=self)
        self.defence_tables = ModifierPanel(parent=self)
        self.tabs.addTab(self.attack_tables, tr("attack.tab.attack"))
        self.tabs.addTab(self.defence_tables, tr("attack.tab.defence"))
        layout.addWidget(self.tabs, 3)
        layout.addWidget(self._odds_box())
        layout.addLayout(self._buttons())
        self.result = QLabel(self)
        self.result.setObjectName("attackResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.result, 1)
        self.attack_tables.modifiersChanged.connect(self.model.set_attack_sheet)
        self.defence_tables.modifiersChanged.connect(self.model.set_defence_sheet)
        self.model.planChanged.connect(self._show_plan)
        self.model.resultChanged.connect(self._show_result)
        bridge.changed.connect(lambda _change: self._fill_people())
        self._fill_people()
        self.start_from_turn()

    # -- building ---------------------------------------------------------------------
    def _who_box(self) -> QGroupBox:
        box = QGroupBox(tr("attack.box.who"), self)
        form = QFormLayout(box)
        self.attacker = self._combo("attackerCombo", lambda: self.model.set_attacker(self.attacker.currentData()))
        self.weapon = self._combo("weaponCombo", self._weapon_chosen)
        self.mode = self._combo("modeCombo", lambda: self.model.set_mode(self.mode.currentData() or ""))
        self.target = self._combo("targetCombo", lambda: self.model.set_target(self.target.currentData()))
        self.distance = QDoubleSpinBox(box)
        self.distance.setObjectName("distanceSpin")
        self.distance.setRange(NO_DISTANCE, 5000)
        self.distance.setDecimals(0)
        self.distance.setSpecialValueText(tr("attack.distance_unknown"))
        self.distance.setSuffix(" m")
        self.distance.setValue(NO_DISTANCE)
        self.distance.valueChanged.connect(
            lambda v: self.model.set_distance(None if v <= NO_DISTANCE else float(v))
        )
        self.reload_button = QPushButton(tr("attack.reload"), box)
        self.reload_button.setObjectName("reloadButton")
        self.reload_button.clicked.connect(self.model.reload)
        weapon_row = QHBoxLayout()
        weapon_row.addWidget(self.weapon, 1)
        weapon_row.addWidget(self.reload_button)
        form.addRow(tr("attack.attacker"), self.attacker)
        form.addRow(tr("attack.weapon"), weapon_row)
        form.addRow(tr("attack.mode"), self.mode)
        form.addRow(tr("attack.target"), self.target)
        form.addRow(tr("attack.distance_label"), self.distance)
        return box

    def _defence_box(self) -> QGroupBox:
        box = QGroupBox(tr("attack.box.defence"), self)
        grid = QVBoxLayout(box)
        row = QHBoxLayout()
        self.melee_defence = QComboBox(box)
        self.melee_defence.setObjectName("meleeDefenceCombo")
        for key in ("dodge", "parry", "block"):
            self.melee_defence.addItem(tr(f"attack.melee_defence.{key}"), key)
        self.melee_defence.currentIndexChanged.connect(
            lambda: self.model.set_option("melee_defence", self.melee_defence.currentData())
        )
        self.checks: dict[str, QCheckBox] = {}
        for name in ("full_defence", "wide_burst", "no_defence", "charge_action"):
            check = QCheckBox(tr(f"attack.option.{name}"), box)
            check.setObjectName(f"option_{name}")
            check.setChecked(bool(self.model.options[name]))
            check.toggled.connect(lambda on, n=name: self.model.set_option(n, on))
            self.checks[name] = check
        sr5 = self._bridge.has(INTERRUPTS)
        row.addWidget(self.melee_defence)
        for name in ("full_defence", "wide_burst"):  # SR4: declared with the attack; SR5 uses interrupts
            self.checks[name].setVisible(not sr5)
            row.addWidget(self.checks[name])
        self.melee_defence.setVisible(not sr5)
        row.addWidget(self.checks["no_defence"])
        row.addWidget(self.checks["charge_action"])
        row.addStretch(1)
        grid.addLayout(row)
        if sr5:
            grid.addLayout(self._interrupt_row(box))
        faces = QHBoxLayout()
        self.faces: dict[str, QLineEdit] = {}
        for which in ("attack", "defence", "soak"):
            edit = QLineEdit(box)
            edit.setObjectName(f"faces_{which}")
            edit.setPlaceholderText(tr(f"attack.faces.{which}"))
            edit.textChanged.connect(lambda text, w=which: self.model.set_faces(w, parse_faces(text)))
            self.faces[which] = edit
            faces.addWidget(edit)
        grid.addLayout(faces)
        return box

    def _interrupt_row(self, box: QWidget) -> QHBoxLayout:
        """SR5: the target's interrupt actions offered before it defends (they select the target)."""
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("attack.interrupts"), box))
        for kind in SR5_DEFENCE_INTERRUPTS:
            action = self._actions.get(f"interrupt_{kind}")
            if action is None:
                continue
            button = QToolButton(box)
            button.setObjectName(f"attack_interrupt_{kind}")
            button.setText(tr(f"interrupt.{kind}"))
            button.setToolTip(tr("attack.interrupt_hint"))
            button.clicked.connect(lambda _c=False, a=action: self._declare_for_target(a))
            row.addWidget(button)
        row.addStretch(1)
        return row

    def _odds_box(self) -> QGroupBox:
        box = QGroupBox(tr("attack.box.odds"), self)
        layout = QVBoxLayout(box)
        self.summary = QLabel(box)
        self.summary.setObjectName("attackSummary")
        self.summary.setWordWrap(True)
        self.chart = OddsChart(box)
        self.error = QLabel(box)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart)
        layout.addWidget(self.error)
        return box

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.roll_button = QPushButton(tr("attack.roll"), self)
        self.roll_button.setObjectName("rollAttackButton")
        self.roll_button.clicked.connect(self.model.roll)
        self.apply_button = QPushButton(tr("attack.apply"), self)
        self.apply_button.setObjectName("applyAttackButton")
        self.apply_button.clicked.connect(self.model.apply)
        for name, button in (("roll_attack", self.roll_button), ("apply_attack", self.apply_button)):
            action = self._actions.get(name)
            if action is not None:
                button.setToolTip(action.toolTip())
        row.addWidget(self.roll_button)
        row.addWidget(self.apply_button)
        return row

    def _combo(self, name: str, on_change) -> QComboBox:  # noqa: ANN001
        combo = QComboBox(self)
        combo.setObjectName(name)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        combo.currentIndexChanged.connect(lambda _i: on_change())
        return combo

    # -- filling ------------------------------------------------------------------------
    def start_from_turn(self) -> None:
        """Attacker: the current actor; target: the selected combatant if another one."""
        actor = self._bridge.current_actor()
        if actor is not None:
            self._choose(self.attacker, actor.id)
        selected = self._bridge.selected
        if selected and selected != self.attacker.currentData():
            self._choose(self.target, selected)

    def _choose(self, combo: QComboBox, data: object) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    def _fill(self, combo: QComboBox, items: list[tuple[object, str]], chosen: object) -> None:
        combo.blockSignals(True)
        combo.clear()
        for data, text in items:
            combo.addItem(text, data)
        index = combo.findData(chosen)
        combo.setCurrentIndex(index if index >= 0 else (0 if items else -1))
        combo.blockSignals(False)

    def _fill_people(self) -> None:
        """Refill the attacker and target lists when names changed (not on every journal entry)."""
        people = self.model.combatants()
        if people != self._people_shown:
            self._people_shown = people
            self._fill(self.attacker, [(None, tr("attack.nobody")), *people], self.model.attacker)
            self._fill(self.target, [(None, tr("attack.nobody")), *people], self.model.target)
        weapons = self.model.weapons()
        if [i for i, _ in weapons] == [self.weapon.itemData(n) for n in range(self.weapon.count())]:
            for n, (_, text) in enumerate(weapons):  # rounds left change: retitle, keep the choice
                if self.weapon.itemText(n) != text:
                    self.weapon.setItemText(n, text)
        else:
            self._fill_weapons()

    def _fill_weapons(self) -> None:
        self._fill(self.weapon, list(self.model.weapons()), self.model.weapon)
        self._fill_modes()

    def _fill_modes(self) -> None:
        modes = self.model.modes()
        self.mode.blockSignals(True)
        self.mode.clear()
        for key, label, refused in modes:
            self.mode.addItem(label, key)
            item = self.mode.model().item(self.mode.count() - 1)
            if refused is not None:
                item.setEnabled(False)
                item.setToolTip(refused)
        self.mode.setCurrentIndex(max(self.mode.findData(self.model.mode), 0) if modes else -1)
        self.mode.blockSignals(False)
        self.mode.setEnabled(bool(modes))
        self.reload_button.setEnabled(bool(modes))

    def _weapon_chosen(self) -> None:
        data = self.weapon.currentData()
        self.model.set_weapon(int(data) if data is not None else 0)

    def _declare_for_target(self, action: QAction) -> None:
        if self.model.target:
            self._bridge.select(self.model.target)
            action.trigger()

    # -- showing -------------------------------------------------------------------------
    def _show_plan(self) -> None:
        model = self.model
        if self.attacker.currentData() != model.attacker or self.weapon.count() != len(model.weapons()):
            self._fill_weapons()
        elif self.mode.currentData() != (model.mode or None):
            self._fill_modes()
        p = model.plan
        self.error.setText(model.error)
        for panel, sheet in ((self.attack_tables, p.attack_sheet if p else None), (self.defence_tables, p.defence_sheet if p else None)):
            panel.blockSignals(True)  # showing the plan is not the GM ticking a row
            panel.set_sheet(sheet)
            panel.blockSignals(False)
        self.roll_button.setEnabled(p is not None)
        self.apply_button.setEnabled(p is not None)
        if p is None or model.odds is None:
            self.summary.setText("")
            self.chart.set_distribution(None, 0)
            return
        odds = model.odds
        pools = p.pools
        limit = tr("attack.limit", limit=pools.attack_limit) if pools.attack_limit is not None else ""
        self.summary.setText(
            tr("attack.summary", attack=pools.attack_pool, limit=limit,
               defence=tr("attack.no_defence") if p.no_defence else pools.defence_pool,
               soak=pools.soak_pool, hit=f"{odds.hit.hit:.0%}", knockdown=f"{odds.knockdown:.0%}")
            + "\n" + "; ".join(term_text(t) for t in _records(pools.attack))
        )
        self.chart.set_distribution(tuple(odds.applied), 1)  # boxes applied: 0 (miss or all soaked), 1, 2 …

    def _show_result(self) -> None:
        e = self.model.result
        if e is None:
            self.result.setText("")
            return
        self.result.setText("\n".join([attack_line(e), *breakdown_lines(e)]))


def _records(terms):  # noqa: ANN001, ANN202
    from gmtool.rulesets.attack.records import from_damage

    return from_damage(terms)
