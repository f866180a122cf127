"""The attack, resolved in place: attacker → weapon and mode → target → modifiers → roll or
typed faces → defence → damage → soak → applied, each step with its breakdown and odds.

Nothing here decides a rule: the :class:`~gmtool.games.shadowrun.gui.attack_model.AttackModel`
plans and prepares the command; the modifier panels show the edition's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QResizeEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.attack_columns import TABLE_ROWS, AttackColumns, InputsArea
from gmtool.games.shadowrun.gui.attack_model import EDGE_TESTS, AttackModel
from gmtool.games.shadowrun.gui.modifier_panel import ModifierPanel
from gmtool.games.shadowrun.gui.view_protocol import INTERRUPTS
from gmtool.games.shadowrun.rules.attack.describe import (
    RENDERERS,
    attack_line,
    breakdown_lines,
    term_text,
    term_words,
)
from gmtool.games.shadowrun.rules.attack.messages import AttackResolved
from gmtool.ui.eliding_combo import ElidingCombo
from gmtool.ui.fight_focus import return_focus_to_fight
from gmtool.ui.narrow_combo import narrow
from gmtool.ui.odds_chart import OddsChart
from gmtool.ui.page_tabs import PageTabs
from gmtool.ui.pinned import ResultArea
from gmtool.ui.toned_line import toned_line
from gmtool.viewmodels.bridge import EncounterBridge

if TYPE_CHECKING:
    from gmtool.games.shadowrun.rules.attack.messages import TermRecord
    from gmtool.games.shadowrun.rules.damage.terms import Term as DamageTerm

NO_DISTANCE = -1.0
RESULT_EXTRAS = ("called_shot_resolved", "suppressive_fire_started")  # shown under the attack's line
MAX_ATTACKS = 6
TABLES_HEIGHT = 240  # the modifier tables scroll inside; the inputs above them scroll as a whole
CHART_WIDTH = 150
SUMMARY_LINES = 8  # the odds and the pool's terms; a longer breakdown scrolls
BREAKDOWN_LINES = 2  # the tables' own breakdown (the odds list the attack's terms already)
SR5_DEFENCE_INTERRUPTS = ("full_defence", "block", "dodge", "parry")


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Faces typed as digits ("6 5 1" or "651"); None when the field is empty."""
    digits = [int(ch) for ch in text if ch.isdigit()]
    return tuple(digits) if digits else None


class AttackPanel(QWidget):
    """The attack dock's panel: whose attack, its inputs, tables, odds, Roll, Apply and the result."""

    attacker: QComboBox  # (declared here: their handlers, made with them, read them)
    mode: QComboBox
    target: QComboBox
    ammo: QComboBox

    def __init__(self, bridge: EncounterBridge, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._actions = actions
        self.model = AttackModel(bridge, self)
        self._lists_stale = False
        self._shown = True  # until the window says where the panel is (set_shown)
        self._people_shown: tuple[object, ...] = ()
        self._weapons_shown: tuple[object, ...] = ()
        self._modes_shown: tuple[object, ...] = ()
        self.tabs = PageTabs(self)
        self.attack_tables = ModifierPanel(parent=self)
        self.defence_tables = ModifierPanel(parent=self)
        self.tabs.addTab(self.attack_tables, tr("attack.tab.attack"))
        self.tabs.addTab(self.defence_tables, tr("attack.tab.defence"))
        self.tabs.setMinimumHeight(TABLES_HEIGHT)
        for tables in (self.attack_tables, self.defence_tables):
            tables.keep_rows(TABLE_ROWS, BREAKDOWN_LINES)
        self._lay_out()
        self.attack_tables.modifiersChanged.connect(self.model.set_attack_sheet)
        self.defence_tables.modifiersChanged.connect(self.model.set_defence_sheet)
        self.model.planChanged.connect(self._show_plan)
        self.model.resultChanged.connect(self._show_result)
        bridge.changed.connect(lambda _change: self._refresh_lists())
        self._fill_zones()
        self.start_from_turn()
        self._show_plan()

    def _lay_out(self) -> None:
        """Whose attack, the inputs (scrolling if the panel is short), the footer; the tables and the
        result beside them or under the inputs, as wide as the panel is (:mod:`attack_columns`)."""
        body = QWidget(self)
        inputs = QVBoxLayout(body)
        inputs.setContentsMargins(6, 6, 6, 6)
        for box in (self._who_box(), self._defence_box(), self._zones_box()):
            inputs.addWidget(box)
        inputs.addWidget(self.tabs, 1)
        inputs.addStretch(0)  # the inputs at the top when the tables have a column of their own
        footer = self._footer()
        left = QVBoxLayout()
        left.setSpacing(0)
        left.addWidget(self._top())  # over the inputs: the tables at the right get the whole height
        left.addWidget(InputsArea(body, "attackInputs"), 1)
        left.addWidget(footer)
        left.addStretch(0)  # the room under the buttons when the tables have a column of their own
        right = QWidget(self)
        right.setObjectName("attackTablesColumn")
        column = footer.layout()
        assert isinstance(column, QVBoxLayout)  # the footer's column (_footer)
        self.columns = AttackColumns(left, inputs, column, self.tabs, self.result_area, right)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(AttackColumns.row(left, right), 1)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.columns.fit(self.width())  # two columns when wide enough (attack_columns)

    # -- shown or not -------------------------------------------------------------------
    def set_shown(self, shown: bool) -> None:
        """The dock's tab is shown or hidden: a hidden panel plans nothing and catches up when shown."""
        self._shown = shown
        self.model.set_active(shown)
        if shown and self._lists_stale:
            self._lists_stale = False
            self._refresh_lists()

    def _refresh_lists(self) -> None:
        """The suppressive-fire zones, now if shown, else when shown again (the draft's lists follow the plan)."""
        if not self._shown:
            self._lists_stale = True
            return
        self._fill_zones()

    # -- building ---------------------------------------------------------------------
    def _top(self) -> QWidget:
        """Whose attack it is and on whom, and what the GM should know first (issue 31): the draft
        followed the acting combatant by itself, or the target is on the attacker's own side."""
        top = QWidget(self)
        column = QVBoxLayout(top)
        column.setContentsMargins(6, 4, 6, 0)
        column.setSpacing(2)
        self.heading = QLabel(top)
        self.heading.setObjectName("attackHeading")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.notice = toned_line(top, "attackNotice", "warning")
        self.notice.setVisible(False)
        column.addWidget(self.heading)
        column.addWidget(self.notice)
        return top

    def _who_box(self) -> QGroupBox:
        """Attacker, target and weapon a row each; mode and ammunition, distance and called shot two a row."""
        box = QGroupBox(tr("attack.box.who"), self)
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
        self.reload_button.clicked.connect(lambda _c=False: self.model.reload(self.ammo.currentData() or ""))
        self.ammo = ElidingCombo(box, Qt.TextElideMode.ElideRight)
        self.ammo.setObjectName("ammoCombo")
        self.ammo.setToolTip(tr("attack.ammo_hint"))
        narrow(self.ammo, 6)
        for key, label in self.model.ammo_types():
            self.ammo.addItem(label, key)
        ammo_row = QHBoxLayout()
        ammo_row.addWidget(self.ammo, 1)
        ammo_row.addWidget(self.reload_button)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        rows = (  # attacker and target a row each: their names whole (a grunt's number is at the end)
            (("attack.attacker", self.attacker),),
            (("attack.target", self.target),),
            (("attack.weapon", self.weapon),),
            (("attack.mode", self.mode), ("attack.ammo", ammo_row)),
            (("attack.distance_label", self.distance), ("attack.called_shot_label", self._called_row(box))),
        )
        for row, pairs in enumerate(rows):
            for n, (key, field) in enumerate(pairs):
                span = 3 if len(pairs) == 1 else 1
                grid.addWidget(QLabel(tr(key), box), row, 2 * n)
                if isinstance(field, QWidget):
                    grid.addWidget(field, row, 2 * n + 1, 1, span)
                else:
                    grid.addLayout(field, row, 2 * n + 1, 1, span)
        self.paired = ElidingCombo(box)
        self.paired.setObjectName("pairedWeaponCombo")
        self.paired.setToolTip(tr("attack.paired_hint"))
        self.paired.currentIndexChanged.connect(lambda _i: self.model.set_paired_weapon(self.paired.currentData()))
        self.paired_label = QLabel(tr("attack.paired_label"), box)
        grid.addWidget(self.paired_label, len(rows), 0)
        grid.addWidget(self.paired, len(rows), 1, 1, 3)
        self.paired_label.setVisible(False)
        self.paired.setVisible(False)
        order = (self.attacker, self.target, self.weapon, self.mode, self.ammo, self.reload_button, self.distance,
                 self.called_shot, self.attacks, self.pool_share, self.outside_combat, self.paired)
        for first, second in zip(order, order[1:], strict=False):  # Tab goes as the GM reads: who, whom, with what
            QWidget.setTabOrder(first, second)
        return box

    def _called_row(self, box: QWidget) -> QHBoxLayout:
        """The called shot (SR5: the nine kinds; SR4: its options), the split for multiple attacks, trick shots."""
        row = QHBoxLayout()
        self.called_shot = self._combo("calledShotCombo", self._called_chosen, RefusingCombo(self._called_refusals, self))
        self.called_shot.setToolTip(tr("attack.called_shot.hint"))
        self.attacks = QSpinBox(box)
        self.attacks.setObjectName("attacksSpin")
        self.attacks.setRange(2, MAX_ATTACKS)
        self.attacks.setPrefix(tr("attack.attacks") + " ")
        self.attacks.valueChanged.connect(self._split_changed)
        self.pool_share = QSpinBox(box)
        self.pool_share.setObjectName("poolShareSpin")
        self.pool_share.setRange(1, 2)
        self.pool_share.setPrefix(tr("attack.pool_share") + " ")
        self.pool_share.valueChanged.connect(lambda v: self.model.set_pool_share(v - 1))
        self.outside_combat = QCheckBox(tr("attack.outside_combat"), box)
        self.outside_combat.setObjectName("outsideCombatCheck")
        self.outside_combat.toggled.connect(self.model.set_outside_combat)
        row.addWidget(self.called_shot, 1)
        for widget in (self.attacks, self.pool_share, self.outside_combat):
            row.addWidget(widget)
            widget.setVisible(False)
        return row

    def _zones_box(self) -> QGroupBox:
        """SR5-F8/F9: the zones in force, marking who is in or beside one, each affected combatant's test."""
        box = QGroupBox(tr("attack.box.zones"), self)
        box.setObjectName("zonesBox")
        layout = QVBoxLayout(box)
        self.zone = QComboBox(box)
        self.zone.setObjectName("zoneCombo")
        self.zones_empty = QLabel(tr("attack.zones_none"), box)
        self.candidates = QListWidget(box)
        self.candidates.setObjectName("suppressCandidates")
        self.candidates.setToolTip(tr("attack.mark_hint"))
        self.candidates.setMaximumHeight(90)
        self.mark_button = QPushButton(tr("attack.mark_suppressed"), box)
        self.mark_button.setObjectName("markSuppressedButton")
        self.mark_button.setToolTip(tr("attack.mark_hint"))
        self.mark_button.clicked.connect(self._mark_suppressed)
        faces = QHBoxLayout()
        self.suppression_faces = QLineEdit(box)
        self.suppression_faces.setObjectName("suppressionFaces")
        self.suppression_faces.setPlaceholderText(tr("attack.suppression_faces"))
        self.suppression_soak_faces = QLineEdit(box)
        self.suppression_soak_faces.setObjectName("suppressionSoakFaces")
        self.suppression_soak_faces.setPlaceholderText(tr("attack.suppression_soak_faces"))
        faces.addWidget(self.suppression_faces)
        faces.addWidget(self.suppression_soak_faces)
        self.test_buttons = QHBoxLayout()
        self.test_buttons_widget = QWidget(box)
        self.test_buttons_widget.setObjectName("suppressionTests")
        self.test_buttons_widget.setLayout(self.test_buttons)
        for widget in (self.zones_empty, self.zone, self.candidates, self.mark_button):
            layout.addWidget(widget)
        layout.addLayout(faces)
        layout.addWidget(self.test_buttons_widget)
        self.zones_box = box
        box.setVisible(False)  # shown while a zone is in force (SR5)
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
        row.addStretch(1)
        grid.addLayout(row)
        options = QHBoxLayout()  # a row of its own: the dock stays narrow
        options.addWidget(self.checks["no_defence"])
        options.addWidget(self.checks["charge_action"])
        options.addStretch(1)
        grid.addLayout(options)
        if sr5:
            grid.addLayout(self._interrupt_row(box))
        grid.addLayout(self._tests_grid(box))
        return box

    def _tests_grid(self, box: QWidget) -> QGridLayout:
        """A column per test (attack, defence, soak): its name, the faces typed, the Edge used on it."""
        grid = QGridLayout()
        self.faces: dict[str, QLineEdit] = {}
        self.edge: dict[str, QComboBox] = {}
        grid.addWidget(QLabel(tr("attack.row.faces"), box), 1, 0)
        grid.addWidget(QLabel(tr("attack.row.edge"), box), 2, 0)
        for column, which in enumerate(EDGE_TESTS, start=1):
            grid.addWidget(QLabel(tr(f"attack.column.{which}"), box), 0, column)
            edit = QLineEdit(box)
            edit.setObjectName(f"faces_{which}")
            edit.setPlaceholderText(tr("attack.faces.placeholder"))
            edit.setToolTip(tr(f"attack.faces.{which}"))
            edit.setMinimumWidth(40)
            edit.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            edit.textChanged.connect(lambda text, w=which: self.model.set_faces(w, parse_faces(text)))
            self.faces[which] = edit
            grid.addWidget(edit, 1, column)
            combo = QComboBox(box)  # Edge, one point per test: chosen before Apply, also after seeing a Roll
            combo.setObjectName(f"edge_{which}")
            narrow(combo, 4)
            for use, label in self.model.edge_choices():
                combo.addItem(label, use)
            combo.currentIndexChanged.connect(lambda _i, w=which, c=combo: self.model.set_edge(w, c.currentData()))
            self.edge[which] = combo
            grid.addWidget(combo, 2, column)
            grid.setColumnStretch(column, 1)
        return grid

    def _show_split(self) -> None:
        """A multiple attack's share and second weapon as the model has them (it moves on after Apply)."""
        model = self.model
        shown = (model.pool_share, model.paired_weapon, tuple(model.paired_choices()))
        if shown == getattr(self, "_split_shown", None):
            return
        self._split_shown = shown
        self.pool_share.blockSignals(True)
        self.pool_share.setValue(model.pool_share + 1)
        self.pool_share.blockSignals(False)
        self._fill(self.paired, [(None, tr("attack.paired_none")), *model.paired_choices()], model.paired_weapon)

    def _show_edge(self) -> None:
        """The Edge choices as the model has them, each test's payer and points in the tooltip."""
        shown = []
        for which in EDGE_TESTS:
            payer = self.model.edge_payer(which)
            enabled = payer is not None and not (which != "attack" and self.model.is_suppressive())
            if which == "defence" and self.model.plan is not None and self.model.plan.no_defence:
                enabled = False
            shown.append((which, payer, enabled, self.model.edge[which]))
        if shown == getattr(self, "_edge_shown", None):
            return  # most replans change none of it
        self._edge_shown = shown
        for which, payer, enabled, _use in shown:
            combo = self.edge[which]
            combo.blockSignals(True)
            combo.setCurrentIndex(max(combo.findData(self.model.edge[which]), 0))
            combo.blockSignals(False)
            combo.setEnabled(enabled)
            combo.setToolTip(
                tr(f"attack.edge.label.{which}") + "\n"
                + (tr(f"attack.edge_tip.{which}", name=payer[0], points=payer[1], attribute=payer[2]) if payer else "")
            )

    def _interrupt_row(self, box: QWidget) -> QVBoxLayout:
        """SR5: the target's interrupt actions offered before it defends (they select the target)."""
        column = QVBoxLayout()
        label = QLabel(tr("attack.interrupts"), box)
        label.setToolTip(tr("attack.interrupt_hint"))
        column.addWidget(label)
        buttons = QGridLayout()
        kinds = [k for k in SR5_DEFENCE_INTERRUPTS if self._actions.get(f"interrupt_{k}") is not None]
        for n, kind in enumerate(kinds):
            action = self._actions[f"interrupt_{kind}"]
            button = QToolButton(box)
            button.setObjectName(f"attack_interrupt_{kind}")
            button.setText(tr(f"interrupt.{kind}"))
            button.setToolTip(tr("attack.interrupt_hint"))
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _c=False, a=action: self._declare_for_target(a))
            buttons.addWidget(button, 0, n)
        column.addLayout(buttons)
        return column

    def _footer(self) -> QWidget:
        """Always in view, however the inputs above are scrolled: the odds, Roll and Apply, the result."""
        footer = QFrame(self)
        footer.setObjectName("attackFooter")
        footer.setFrameShape(QFrame.Shape.StyledPanel)
        column = QVBoxLayout(footer)
        column.setContentsMargins(6, 4, 6, 4)
        odds = QHBoxLayout()
        self.summary_area = ResultArea("attackSummary", "attackSummaryArea", footer, lines=SUMMARY_LINES,
                                       hide_when_empty=False)
        self.summary = self.summary_area.label
        self.summary.setToolTip(tr("attack.box.odds"))
        self.chart = OddsChart(footer)
        self.chart.setToolTip(tr("attack.box.odds"))
        self.chart.setFixedWidth(CHART_WIDTH)
        odds.addWidget(self.summary_area, 1)
        odds.addWidget(self.chart)
        column.addLayout(odds)
        self.error = toned_line(footer, "attackError", "error")
        self.error.setVisible(False)
        column.addWidget(self.error)
        column.addLayout(self._buttons())
        self.result_area = ResultArea("attackResult", "attackResultArea", footer)
        self.result = self.result_area.label
        column.addWidget(self.result_area)
        return footer

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.roll_button = QPushButton(tr("attack.roll"), self)
        self.roll_button.setObjectName("rollAttackButton")
        self.roll_button.clicked.connect(self.model.roll)
        self.apply_button = QPushButton(tr("attack.apply"), self)
        self.apply_button.setObjectName("applyAttackButton")
        self.apply_button.clicked.connect(self.apply)
        for name, button in (("roll_attack", self.roll_button), ("apply_attack", self.apply_button)):
            action = self._actions.get(name)
            if action is not None:
                button.setToolTip(action.toolTip())
        row.addWidget(self.roll_button)
        row.addWidget(self.apply_button)
        return row

    def apply(self) -> bool:
        """Apply (the button, ``Ctrl+Shift+Return``): the attack written, then the keyboard back to the
        fight (the order list: Space ends the phase, the arrows choose the next target), the shell's rule."""
        done = self.model.apply()
        if done:
            return_focus_to_fight(self)
        return done

    def _combo(self, name: str, on_change: Callable[[], object], combo: QComboBox | None = None) -> QComboBox:
        combo = combo if combo is not None else ElidingCombo(self)  # names that differ at their end stay apart
        combo.setObjectName(name)
        narrow(combo, 8)
        combo.currentIndexChanged.connect(lambda _i: on_change())
        return combo

    # -- filling ------------------------------------------------------------------------
    def start_from_turn(self) -> None:
        """Attacker: the current actor; target: the selected combatant if another one (planned once)."""
        actor = self._bridge.current_actor()
        attacker = actor.id if actor is not None else self.model.attacker
        selected = self._bridge.selected
        self.model.set_people(attacker, selected if selected != attacker else self.model.target)

    def focus_first_missing(self) -> None:
        """Keyboard focus where the GM goes next: the target when none is chosen, else the attacker."""
        combo = self.target if self.model.target is None and self.target.isEnabled() else self.attacker
        combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _fill(self, combo: QComboBox, items: list[tuple[object, str]], chosen: object) -> None:
        combo.blockSignals(True)
        combo.clear()
        for data, text in items:
            combo.addItem(text, data)
        index = combo.findData(chosen)
        combo.setCurrentIndex(index if index >= 0 else (0 if items else -1))
        combo.blockSignals(False)

    def _select(self, combo: QComboBox, chosen: object) -> None:
        """Show the model's choice in a combo without it counting as the GM's pick."""
        index = combo.findData(chosen)
        if index != combo.currentIndex():
            combo.blockSignals(True)
            combo.setCurrentIndex(index if index >= 0 else 0)
            combo.blockSignals(False)

    def _sync_draft(self) -> None:
        """Attacker, target, weapon, mode and ammunition exactly as the model's draft has them.

        Each list is refilled when what it would show differs from what it shows (another
        attacker's weapons, a renamed combatant, rounds fired), else only its choice is set.
        """
        model = self.model
        people = (tuple(model.combatants()), tuple(model.target_choices()))
        if people != self._people_shown:
            self._people_shown = people
            self._fill(self.attacker, [(None, tr("attack.nobody")), *people[0]], model.attacker)
            self._fill(self.target, [(None, tr("attack.nobody")), *people[1]], model.target)  # the other side first
        self._select(self.attacker, model.attacker)
        self._select(self.target, model.target)
        weapons = (model.attacker, tuple(model.weapons()))
        if weapons != self._weapons_shown:
            self._weapons_shown = weapons
            self._fill(self.weapon, list(weapons[1]), model.weapon)
        self._select(self.weapon, model.weapon)
        modes = (model.attacker, model.weapon, tuple(model.modes()))
        if modes != self._modes_shown:
            self._modes_shown = modes
            self._fill_modes(modes[2])
        self._select(self.mode, model.mode or None)
        self._sync_ammo()
        self._sync_options()

    def _sync_options(self) -> None:
        """Distance, defence options and the split as the draft has them (a new attacker starts afresh)."""
        model = self.model
        melee = model.is_melee()
        shown = NO_DISTANCE if model.distance is None or melee else model.distance
        if self.distance.value() != shown:  # (set again, a spin box repaints for nothing)
            _quietly(self.distance, lambda: self.distance.setValue(shown))
        if self.distance.isEnabled() == melee:
            self.distance.setEnabled(not melee)
            self.distance.setToolTip(tr("attack.distance_melee") if melee else "")
        for name, check in self.checks.items():
            _quietly(check, partial(check.setChecked, bool(model.options[name])))
        _quietly(self.melee_defence, lambda: self.melee_defence.setCurrentIndex(
            max(self.melee_defence.findData(model.options["melee_defence"]), 0)))
        _quietly(self.attacks, lambda: self.attacks.setValue(model.attacks))
        _quietly(self.outside_combat, lambda: self.outside_combat.setChecked(model.outside_combat))

    def _fill_modes(self, modes: tuple[tuple[str, str, str | None], ...]) -> None:
        self.mode.blockSignals(True)
        self.mode.clear()
        for key, label, refused in modes:
            self.mode.addItem(label, key)
            item = _entry(self.mode, self.mode.count() - 1)
            if refused is not None and item is not None:
                item.setEnabled(False)
                item.setToolTip(refused)
        self.mode.setCurrentIndex(max(self.mode.findData(self.model.mode), 0) if modes else -1)
        self.mode.blockSignals(False)
        self.mode.setEnabled(bool(modes))
        self.reload_button.setEnabled(bool(modes))
        self.ammo.setEnabled(bool(modes))

    def _sync_ammo(self) -> None:
        loaded = self.ammo.findData(self.model.loaded_ammo())
        if loaded >= 0 and not self.ammo.hasFocus():
            self.ammo.setCurrentIndex(loaded)  # shows what is loaded; pick another, then Reload

    def _fill_called_shots(self) -> None:
        """The edition's called shots; which do not fit is worked out when the list opens (RefusingCombo)."""
        kinds = self.model.called_shot_kinds()
        shown = (kinds, self.model.called_shot, self.model.is_suppressive())
        if shown != getattr(self, "_called_shown", None):
            self._called_shown = shown
            combo = self.called_shot
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(tr("attack.called_shot.none"), "")
            for key, label in kinds:
                combo.addItem(label, key)
            combo.setCurrentIndex(max(combo.findData(self.model.called_shot), 0))
            combo.blockSignals(False)
            combo.setEnabled(not self.model.is_suppressive())
        multiple = self.model.called_shot == "multiple_attacks"
        self.attacks.setVisible(multiple)
        self.pool_share.setVisible(multiple)
        self.paired_label.setVisible(multiple)
        self.paired.setVisible(multiple)
        self.outside_combat.setVisible(self.model.called_shot == "trick_shot")

    def _called_refusals(self) -> list[tuple[object, str | None]]:
        return [(key, refused) for key, _label, refused in self.model.called_shots()]

    def _called_chosen(self) -> None:
        self.model.set_called_shot(self.called_shot.currentData() or "")

    def _split_changed(self, count: int) -> None:
        self.pool_share.setMaximum(count)
        self.model.set_attacks(count)

    def _fill_zones(self) -> None:
        """The zones in force, the combatants to mark, a test button per suppressed combatant."""
        if not self.model.offers_zones():
            return
        zones = self.model.zones()
        self.zones_box.setVisible(bool(zones))
        marked_now = self.model.suppressed() if zones else []  # (no zone: nobody to read, most attacks)
        key = (tuple(zones), tuple(marked_now), tuple(self.model.combatants()) if zones else ())
        if key == getattr(self, "_zones_shown", None):
            return  # nothing the box shows has changed (most entries: not every attack refills it)
        self._zones_shown = key
        chosen = self.zone.currentData()
        self._fill(self.zone, [(zid, text) for zid, text in zones], chosen)
        self.zones_empty.setVisible(not zones)
        for widget in (self.zone, self.candidates, self.mark_button, self.suppression_faces,
                       self.suppression_soak_faces, self.test_buttons_widget):
            widget.setVisible(bool(zones))
        marked = {cid for cid, _ in marked_now}
        self.candidates.clear()
        for cid, name in self.model.combatants() if zones else []:
            if cid in marked:
                continue
            item = QListWidgetItem(name, self.candidates)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self._fill_test_buttons(zones)

    def _fill_test_buttons(self, zones: list[tuple[int, str]]) -> None:
        while self.test_buttons.count():
            taken = self.test_buttons.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        hits = self.model.zone_hits(self.zone.currentData()) if zones else 0
        for cid, name in self.model.suppressed() if zones else []:
            button = QPushButton(tr("attack.suppression_test", name=name), self.test_buttons_widget)
            button.setObjectName(f"suppressionTest_{cid}")
            button.setToolTip(tr("attack.suppression_test_hint", name=name, hits=hits))
            button.clicked.connect(lambda _c=False, c=cid: self._suppression_test(c))
            self.test_buttons.addWidget(button)
        self.test_buttons.addStretch(1)

    def _mark_suppressed(self) -> None:
        chosen = [
            self.candidates.item(n).data(Qt.ItemDataRole.UserRole) for n in range(self.candidates.count())
            if self.candidates.item(n).checkState() == Qt.CheckState.Checked
        ]
        zone = self.zone.currentData()
        if zone is not None:
            self.model.mark_suppressed(int(zone), chosen)

    def _suppression_test(self, cid: str) -> None:
        zone = self.zone.currentData()
        if zone is None:
            return
        faces, soak = parse_faces(self.suppression_faces.text()), parse_faces(self.suppression_soak_faces.text())
        if self.model.suppression_test(int(zone), cid, faces, soak):
            self.suppression_faces.clear()
            self.suppression_soak_faces.clear()

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
        self._sync_draft()
        self._show_top()
        self._fill_called_shots()
        self._show_split()
        self._show_edge()
        self.target.setEnabled(not model.is_suppressive())
        p = model.plan
        self.error.setText(model.error)
        self.error.setVisible(bool(model.error))
        for panel, sheet in ((self.attack_tables, p.attack_sheet if p else None), (self.defence_tables, p.defence_sheet if p else None)):
            panel.blockSignals(True)  # showing the plan is not the GM ticking a row
            shown = panel.sheet
            if shown is not None and sheet is not None and shown.context.action != sheet.context.action:
                panel.set_sheet(None)  # ranged ↔ melee: same tables, other rows (ModifierPanel updates in place)
            panel.set_sheet(sheet)
            panel.blockSignals(False)
        ready = p is not None and not model.refusal
        for button, name in ((self.roll_button, "roll_attack"), (self.apply_button, "apply_attack")):
            button.setEnabled(ready)
            action = self._actions.get(name)
            button.setToolTip(model.refusal if not ready and model.refusal else (action.toolTip() if action else ""))
        if p is not None and p.suppressive:
            self.summary_area.show_text(model.suppressive_summary())
            self.chart.set_distribution(None, 0)
            return
        if p is None or model.odds is None:
            self.summary_area.show_text("")
            self.chart.set_distribution(None, 0)
            return
        odds = model.odds
        pools = p.pools
        limit = tr("attack.limit", limit=pools.attack_limit) if pools.attack_limit is not None else ""
        terms = _records(pools.attack, p.attack_terms)
        self.summary_area.show_text(
            tr("attack.summary", attack=pools.attack_pool, limit=limit,
               defence=tr("attack.no_defence") if p.no_defence else pools.defence_pool,
               soak=pools.soak_pool, hit=f"{odds.hit.hit:.0%}", knockdown=f"{odds.knockdown:.0%}")
            + "\n" + " · ".join(f"{term_words(t)} {t.value:+d}" for t in terms)  # short: tables and pages below
        )
        tip = "\n".join([tr("attack.box.odds"), *(term_text(t) for t in terms)])
        if tip != self.summary.toolTip():
            self.summary.setToolTip(tip)  # each term with its table or rule and page
        self.chart.set_distribution(tuple(odds.applied), 1)  # boxes applied: 0 (miss or all soaked), 1, 2 …

    def _show_top(self) -> None:
        """Whose attack, on whom; the notice and an own-side target marked (text set only when it changes)."""
        heading = self.model.heading()
        if heading != self.heading.text():
            self.heading.setText(heading)
        notice = "\n".join(text for text in (self.model.notice, self.model.own_side()) if text)
        if notice != self.notice.text():
            self.notice.setText(notice)
            self.notice.setVisible(bool(notice))

    def _show_result(self) -> None:
        """The roll shown (what Apply would write), else the attack applied last, said to be applied."""
        model = self.model
        events = model.result_events if model.result is not None else model.applied
        e = next((x for x in events if isinstance(x, AttackResolved)), None)
        extras = [RENDERERS[x.kind](x) for x in events if x.kind in RESULT_EXTRAS]
        lines = [attack_line(e), *breakdown_lines(e)] if e is not None else []
        if lines and model.result is None:
            lines[0] = tr("attack.applied_result", line=lines[0])
        self.result_area.show_text("\n".join([*lines, *extras]))


def _quietly(widget: QWidget, show: Callable[[], None]) -> None:
    """Show the model's value in a widget without it counting as the GM's change."""
    widget.blockSignals(True)
    show()
    widget.blockSignals(False)


class RefusingCombo(ElidingCombo):
    """A list whose entries that do not fit now are disabled, with the reason as their tooltip, worked
    out when the list opens (not on every change of the fight: most attacks never open it)."""

    def __init__(self, refusals: Callable[[], list[tuple[object, str | None]]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._refusals = refusals

    def refresh(self) -> None:
        """Enable each entry that fits, disable the others with their reason."""
        for key, refused in self._refusals():
            index = self.findData(key)
            item = _entry(self, index) if index >= 0 else None
            if item is not None:
                item.setEnabled(refused is None)
                item.setToolTip(refused or "")

    def showPopup(self) -> None:  # noqa: N802 - Qt's name
        self.refresh()
        super().showPopup()


def _entry(combo: QComboBox, row: int) -> QStandardItem | None:
    """A list's entry (a combo box's own model holds QStandardItems)."""
    model = combo.model()
    return model.item(row) if isinstance(model, QStandardItemModel) else None


def _records(terms: Iterable[DamageTerm], rows: Iterable[TermRecord]) -> tuple[TermRecord, ...]:
    """The pool's terms as records, each table row with its words in both languages (as logged)."""
    from gmtool.games.shadowrun.rules.attack.records import from_damage, table_rows

    return from_damage(terms, table_rows(rows))


