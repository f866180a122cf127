"""The modifier-table panel's test box: every test type and the edition's Edge options (both editions).

Inputs go to the :class:`DiceTestModel`; it answers with the pool breakdown, the
exact odds (drawn as a bar chart) and, after a roll, the result. Edge used after
the roll (SR5: Push the Limit, Second Chance, Close Call; SR4: Edge dice, reroll, negate a glitch) acts on
the last test. What differs by edition comes in an :class:`EditionTests`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.dice_result import results_html
from gmtool.games.shadowrun.gui.dice_test_model import TEST_TYPES, DiceTestModel, EditionTests
from gmtool.games.shadowrun.gui.side_by_side import SideBySide
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES
from gmtool.ui.eliding_combo import ElidingCombo
from gmtool.ui.flow_layout import FlowLayout
from gmtool.ui.odds_chart import OddsChart
from gmtool.ui.pinned import ResultArea, scrolled
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

CHART_WIDTH = 150  # the odds chart beside the odds' words, as in the attack panel



def percent(p: float) -> str:
    return f"{float(p) * 100:.1f} %"


class TestPanel(QWidget):
    """Inputs, breakdown, odds, roll, typed dice, Edge and the result."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None, edition: EditionTests) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.edition = edition
        self.model = DiceTestModel(bridge, self, edition)
        self.model.shown = self.isVisible  # behind another tab (SR4's magic in front) it works out nothing
        self._syncing = True  # widgets emit while being built; push once at the end
        self._result_behind: tuple[object, ...] | None = None  # a result that came while out of sight
        self._people_for: tuple[object, ...] | None = None
        body = QWidget(self)
        layout = QVBoxLayout()
        self.title = QLabel(body)
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addLayout(self._edge_row())
        layout.addLayout(self._inputs_form())
        boxes = (self._opposed_box(), self._teamwork_box(), self._extended_box(), self._breakdown_view())
        for box in boxes:
            layout.addWidget(box)
        layout.addStretch(1)
        self.columns = SideBySide(self, layout, boxes)  # beside the form in a wide panel (a laptop's tab)
        body.setLayout(self.columns.row())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(scrolled(body, "testInputs"), 1)
        outer.addWidget(self._footer())
        self.model.oddsChanged.connect(self._show_odds)
        self.model.resultChanged.connect(self._show_result)
        self.model.refused.connect(self._show_error)
        bridge.selectionChanged.connect(lambda _c: self._on_selection())
        bridge.changed.connect(lambda _c: self._refresh_state())
        bridge.pastChanged.connect(self._refresh_state)  # rewound or back: what can be rolled changes
        self._syncing = False
        self._on_selection()
        self._show_type()  # only the rows of the chosen test type: nothing is pushed before the first edit

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        self.model.catch_up()  # what changed while it was behind another tab
        if self._result_behind is not None:
            self._show_result(self._result_behind)
        super().showEvent(event)

    # -- building ----------------------------------------------------------------
    def _label(self, name: str, style: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        if style:
            label.setStyleSheet(style)
        return label

    def _spin(self, low: int, high: int, name: str, value: int = 0) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.valueChanged.connect(lambda _v: self._push())
        return spin

    def _combo(self, name: str, items: list[tuple[str, object]]) -> QComboBox:
        combo = ElidingCombo(self)  # an opponent's name elided in its middle, whole in the tooltip
        combo.setObjectName(name)
        for text, data in items:
            combo.addItem(text, data)
        combo.currentIndexChanged.connect(lambda _i: self._push())
        return combo

    def _attribute_combo(self, name: str, default: str) -> QComboBox:
        combo = self._combo(name, [(tr(f"attr.{a}"), a) for a in ATTRIBUTES])
        combo.setCurrentIndex(ATTRIBUTES.index(default))
        return combo

    def _edge_row(self) -> QVBoxLayout:
        column = QVBoxLayout()
        row = QHBoxLayout()
        self.edge_label = QLabel(self)
        self.edge_label.setObjectName("edgeLabel")
        self.burn_button = QPushButton(tr("test.burn_edge"), self)
        self.burn_button.setObjectName("burnEdgeButton")
        self.burn_button.clicked.connect(self.model.burn_edge)
        self.refresh_button = QPushButton(tr("test.refresh_edge"), self)
        self.refresh_button.setObjectName("refreshEdgeButton")
        self.refresh_button.clicked.connect(lambda: self.model.refresh_edge())
        column.addWidget(self.edge_label)
        row.addWidget(self.burn_button)
        row.addWidget(self.refresh_button)
        row.addStretch(1)
        column.addLayout(row)
        return column

    def _inputs_form(self) -> QFormLayout:
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # narrow dock: label above
        self.test_type = self._combo("testType", [(tr(f"{self.edition.type_label}{t}"), t) for t in TEST_TYPES])
        self.label_edit = QLineEdit(self)
        self.label_edit.setObjectName("testLabel")
        self.label_edit.setPlaceholderText(tr("test.label_placeholder"))
        self.label_edit.editingFinished.connect(self._push)
        self.attribute = self._attribute_combo("testAttribute", "AGI")
        self.second_attribute = self._attribute_combo("testSecondAttribute", "INT")
        self.skill = self._spin(0, 20, "testSkill")
        self.modifier = self._spin(-50, 50, "testModifier")
        self.threshold = self._spin(0, 30, "testThreshold", 1)
        self.limit = self._combo("testLimit", [(tr(f"test.limit.{k}"), k) for k in self.edition.limits])
        self.custom_limit = self._spin(0, 30, "testCustomLimit")
        edition = self.edition
        self.edge_use = self._combo("testEdge", [(tr(f"{edition.edge_label}{u.value}"), u) for u in edition.before_uses])
        self.edge_use.setToolTip(tr(edition.before_hint))
        self.retry = QCheckBox(self)
        self.retry.setObjectName("testRetry")
        self.retry.toggled.connect(lambda _on: self._push())
        self.clear_retries = QPushButton(tr("test.clear_retries"), self)
        self.clear_retries.clicked.connect(self.model.clear_retries)
        retry_row = QHBoxLayout()
        retry_row.addWidget(self.retry, 1)
        retry_row.addWidget(self.clear_retries)
        limit_row = QHBoxLayout()
        limit_row.addWidget(self.limit, 1)
        limit_row.addWidget(self.custom_limit)
        rows = (
            ("test.type", self.test_type), ("test.label", self.label_edit), ("test.attribute", self.attribute),
            ("test.second_attribute", self.second_attribute), ("test.skill", self.skill),
            ("test.modifier", self.modifier), ("test.threshold", self.threshold),
            ("test.limit", limit_row), ("test.edge_before", self.edge_use), ("test.retry", retry_row),
        )
        self._form_labels: dict[str, QLabel] = {}
        for key, widget in rows:
            label = QLabel(tr(key), self)
            self._form_labels[key] = label
            form.addRow(label, widget)
        return form

    def _opposed_box(self) -> QGroupBox:
        self.opposed_box = QGroupBox(tr("test.opponent"), self)
        form = QFormLayout(self.opposed_box)
        self.opponent = self._combo("testOpponent", [])
        self.opponent_attribute = self._attribute_combo("testOpponentAttribute", "REA")
        self.opponent_skill = self._spin(0, 20, "testOpponentSkill")
        self.opponent_dice = self._spin(0, 60, "testOpponentDice", 6)
        form.addRow(tr("test.opponent_who"), self.opponent)
        form.addRow(tr("test.attribute"), self.opponent_attribute)
        form.addRow(tr("test.skill"), self.opponent_skill)
        form.addRow(tr("test.opponent_dice"), self.opponent_dice)
        return self.opposed_box

    def _teamwork_box(self) -> QGroupBox:
        self.teamwork_box = QGroupBox(tr("test.helpers"), self)
        form = QFormLayout(self.teamwork_box)
        self.helpers = QListWidget(self)
        self.helpers.setObjectName("testHelpers")
        self.helpers.setMaximumHeight(90)
        self.helpers.itemChanged.connect(lambda _item: self._push())
        self.helper_skill = self._spin(0, 20, "testHelperSkill")
        form.addRow(self.helpers)
        form.addRow(tr("test.helper_skill"), self.helper_skill)
        return self.teamwork_box

    def _extended_box(self) -> QGroupBox:
        self.extended_box = QGroupBox(tr("test.extended"), self)
        form = QFormLayout(self.extended_box)
        self.interval = self._spin(1, 60 * 24 * 30, "testInterval", 60)
        self.roll_limit = self._spin(0, 99, "testRollLimit")
        self.roll_limit.setSpecialValueText(tr("test.roll_limit_default"))
        self.extended_list = QListWidget(self)
        self.extended_list.setObjectName("extendedTests")
        self.extended_list.setMaximumHeight(80)
        buttons = QHBoxLayout()
        self.extended_roll = QPushButton(tr("test.extended_roll"), self)
        self.extended_roll.setObjectName("extendedRollButton")
        self.extended_roll.clicked.connect(self._roll_extended)
        self.extended_end = QPushButton(tr("test.extended_end"), self)
        self.extended_end.clicked.connect(self._end_extended)
        buttons.addWidget(self.extended_roll)
        buttons.addWidget(self.extended_end)
        form.addRow(tr("test.interval"), self.interval)
        form.addRow(tr("test.roll_limit"), self.roll_limit)
        form.addRow(self.extended_list)
        form.addRow(buttons)
        return self.extended_box

    def _footer(self) -> QWidget:
        """Always in view, however the inputs above are scrolled: pool, odds, Roll, Edge after, the result."""
        footer = QFrame(self)
        footer.setObjectName("testFooter")
        footer.setFrameShape(QFrame.Shape.StyledPanel)
        column = QVBoxLayout(footer)
        column.setContentsMargins(6, 4, 6, 4)
        self.pool_label = QLabel(footer)
        self.odds_label = QLabel(footer)
        self.odds_label.setObjectName("oddsLabel")
        self.odds_label.setWordWrap(True)
        self.odds_label.setTextFormat(Qt.TextFormat.RichText)
        self.odds_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.chart = OddsChart(footer)
        self.chart.setObjectName("oddsChart")
        self.chart.setFixedWidth(CHART_WIDTH)
        words = QVBoxLayout()
        words.addWidget(self.pool_label)
        words.addWidget(self.odds_label, 1)
        odds = QHBoxLayout()
        odds.addLayout(words, 1)
        odds.addWidget(self.chart)
        column.addLayout(odds)
        column.addLayout(self._resolve_row())
        column.addLayout(self._after_row())
        self.error_label = self._label("testError", "")
        set_tone(self.error_label, "error")
        self.error_label.setVisible(False)
        column.addWidget(self.error_label)
        self.result_area = ResultArea("resultLabel", "testResultArea", footer)
        self.result_label = self.result_area.label
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.result_area)
        return footer

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _breakdown_view(self) -> QTableView:
        view = QTableView(self)
        view.setObjectName("poolBreakdown")
        view.setModel(self.model)
        view.verticalHeader().setVisible(False)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        view.setMaximumHeight(140)
        self.breakdown = view
        return view

    def _resolve_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.roll_button = QPushButton(tr("test.roll"), self)
        self.roll_button.setObjectName("rollButton")
        self.roll_button.clicked.connect(lambda: self._resolve(None))
        self.faces_edit = QLineEdit(self)
        self.faces_edit.setObjectName("facesEdit")
        self.faces_edit.setPlaceholderText(tr("test.faces_placeholder"))
        self.faces_edit.returnPressed.connect(lambda: self._resolve(self.faces_edit.text()))
        self.enter_button = QPushButton(tr("test.enter_faces"), self)
        self.enter_button.setObjectName("enterFacesButton")
        self.enter_button.clicked.connect(lambda: self._resolve(self.faces_edit.text()))
        row.addWidget(self.roll_button)
        row.addWidget(self.faces_edit, 1)
        row.addWidget(self.enter_button)
        return row

    def _after_row(self) -> FlowLayout:
        row = FlowLayout()  # one row where there is room: the result below stays in view
        self.after_buttons: dict[EdgeUse, QPushButton] = {}
        for use in self.edition.after_uses:
            button = QPushButton(tr(f"{self.edition.after_label}{use.value}"), self)
            button.setObjectName(f"after_{use.value}")
            button.setToolTip(tr("test.after_hint"))
            button.clicked.connect(lambda _c=False, u=use: self._edge_after(u))
            self.after_buttons[use] = button
            row.addWidget(button)
        return row

    # -- syncing -------------------------------------------------------------------
    def _push(self) -> None:
        if self._syncing:
            return
        helpers = tuple(
            self.helpers.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.helpers.count())
            if self.helpers.item(i).checkState() == Qt.CheckState.Checked
        )
        self.model.set_inputs(
            test_type=self.test_type.currentData(), attribute=self.attribute.currentData(),
            second_attribute=self.second_attribute.currentData(), skill=self.skill.value(),
            modifier=self.modifier.value(), threshold=self.threshold.value(), limit=self.limit.currentData(),
            custom_limit=self.custom_limit.value(), edge_use=self.edge_use.currentData(),
            retry=self.retry.isChecked(), label=self.label_edit.text(), opponent=self.opponent.currentData(),
            opponent_attribute=self.opponent_attribute.currentData(), opponent_skill=self.opponent_skill.value(),
            opponent_dice=self.opponent_dice.value(), helpers=helpers, helper_skill=self.helper_skill.value(),
            interval_minutes=self.interval.value(), roll_limit=self.roll_limit.value(),
        )
        self._show_type()

    def _show_type(self) -> None:
        kind = self.test_type.currentData()
        self._fill_people_if_needed()
        self.opposed_box.setVisible(kind == "opposed")
        self.teamwork_box.setVisible(kind == "teamwork")
        self.extended_box.setVisible(kind == "extended")
        attribute_only = kind == "attribute_only"
        for key, widget in (("test.second_attribute", self.second_attribute), ("test.skill", self.skill)):
            shown = attribute_only if key == "test.second_attribute" else not attribute_only
            widget.setVisible(shown)
            self._form_labels[key].setVisible(shown)
        self.threshold.setEnabled(kind != "opposed")
        self.custom_limit.setVisible(self.limit.currentData() == "custom")
        has_limits = len(self.edition.limits) > 1  # SR4 has none
        self.limit.setVisible(has_limits)
        self._form_labels["test.limit"].setVisible(has_limits)
        self.roll_button.setText(tr("test.start_extended") if kind == "extended" else tr("test.roll"))

    def _on_selection(self) -> None:
        self._people_for = None  # the opponent and helper lists exclude the selected combatant
        self._fill_people_if_needed()  # pushes the inputs itself when the lists change
        self.result_area.show_text("")
        self._show_error("")
        self._refresh_state()  # the model recomputes on the selection change by itself

    def _fill_people_if_needed(self) -> None:
        """Fill the opponent and helper lists only when the test type shows them and they are stale.

        With 200 combatants, rebuilding them on every phase would cost more than the phase itself.
        """
        if self.test_type.currentData() not in ("opposed", "teamwork"):
            return
        state = self._bridge.state
        key = (self._bridge.selected, tuple((cid, c.sheet.name) for cid, c in state.combatants.items()))
        if key == self._people_for:
            return
        self._people_for = key
        self._syncing = True
        self._fill_people()
        self._syncing = False
        self._push()

    def _fill_people(self) -> None:
        state, selected = self._bridge.state, self._bridge.selected
        self.opponent.clear()
        self.opponent.addItem(tr("test.opponent_dice_only"), None)
        self.helpers.clear()
        for cid, c in state.combatants.items():
            if cid == selected:
                continue
            self.opponent.addItem(c.sheet.name, cid)
            item = QListWidgetItem(c.sheet.name)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.helpers.addItem(item)

    def _refresh_state(self) -> None:
        self._fill_people_if_needed()  # the roster may have changed
        c = self.model.combatant
        self.title.setText(tr("test.title", name=c.sheet.name) if c else tr("test.no_selection"))
        refusal = self.model.bridge_refusal()  # shown as it was, or open read-only: nothing can be rolled
        enabled = c is not None and refusal is None
        for widget in (self.roll_button, self.enter_button, self.faces_edit, self.burn_button, self.refresh_button):
            widget.setEnabled(enabled)
            widget.setToolTip(refusal or "")
        self.edge_label.setText(
            tr("test.edge_points", points=c.sheet.edge_points, attribute=c.sheet.attributes["EDG"]) if c else ""
        )
        can_after = self.model.can_use_edge_after() and refusal is None
        for button in self.after_buttons.values():
            button.setEnabled(can_after)
        retries = self.model.preview.retries if self.model.preview else 0
        self.retry.setText(tr("test.retry_hint", count=retries, penalty=2 * retries))
        self.clear_retries.setEnabled(bool(c and c.retries) and refusal is None)
        self._fill_extended()

    def _fill_extended(self) -> None:
        current = self.extended_list.currentItem()
        keep = current.data(Qt.ItemDataRole.UserRole) if current else None
        self.extended_list.clear()
        for test in self.model.extended_tests():
            text = tr(
                "test.extended_item", label=test.label or tr("log.test"), accumulated=test.accumulated,
                threshold=test.threshold, rolls=test.rolls, limit=test.roll_limit,
                minutes=test.rolls * test.interval_minutes,
            )
            item = QListWidgetItem(text + (" ✓" if test.finished else ""))
            item.setData(Qt.ItemDataRole.UserRole, test.id)
            self.extended_list.addItem(item)
            if test.id == keep or (keep is None and not test.finished):
                self.extended_list.setCurrentItem(item)

    # -- intents ---------------------------------------------------------------------
    def _resolve(self, faces_text: str | None) -> None:
        self._show_error("")
        if self.model.roll(faces_text) and faces_text is not None:
            self.faces_edit.clear()

    def _edge_after(self, use: EdgeUse) -> None:
        self._show_error("")
        text = self.faces_edit.text() or None
        if self.model.edge_after(use, text) and text:
            self.faces_edit.clear()

    def _selected_extended(self) -> int | None:
        item = self.extended_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _roll_extended(self) -> None:
        test = self._selected_extended()
        if test is None:
            self._show_error(tr("error.no_extended_selected"))
            return
        self._show_error("")
        text = self.faces_edit.text() or None
        if self.model.roll_extended(test, text) and text:
            self.faces_edit.clear()

    def _end_extended(self) -> None:
        test = self._selected_extended()
        if test is not None:
            self.model.end_extended(test)

    # -- showing -------------------------------------------------------------------------
    def _show_odds(self) -> None:
        m = self.model
        c = m.combatant
        limit = m.preview.spec.limit if m.preview else None
        if c is None:
            self.pool_label.setText("")
        elif limit is not None:
            self.pool_label.setText(tr("test.pool_limit", pool=m.pool, limit=limit))
        else:
            self.pool_label.setText(tr("test.pool", pool=m.pool))
        if m.odds_error:
            self.odds_label.setText(m.odds_error)
            self.chart.set_distribution(None, 0)
        elif m.opposed is not None:
            self.odds_label.setText(
                tr("test.opposed_odds", wins=percent(m.opposed.actor_wins), net=f"{m.opposed.expected_net_hits:.2f}")
            )
            self.chart.set_distribution(m.opposed.net_hits, 1)  # [0] = the actor does not win
        elif m.odds is not None:
            o = m.odds
            self.odds_label.setText(
                tr(
                    "test.odds_full", success=percent(o.success), glitch=percent(o.glitch),
                    critical=percent(o.critical_glitch), threshold=o.spec.threshold,
                    critical_success=percent(o.critical_success), net=f"{o.expected_net_hits:.2f}",
                )
            )
            self.chart.set_distribution(o.hits, o.spec.threshold)
        else:
            bought = tr("test.buy_hint", hits=max(m.pool, 0) // 4) if c and m.inputs.test_type == "buy" else ""
            self.odds_label.setText(bought)
            self.chart.set_distribution(None, 0)
        self._refresh_state_light()

    def _refresh_state_light(self) -> None:
        retries = self.model.preview.retries if self.model.preview else 0
        self.retry.setText(tr("test.retry_hint", count=retries, penalty=2 * retries))

    def _show_result(self, events: tuple[object, ...]) -> None:
        if not self.isVisible():  # behind another tab: written out when it is in front again
            self._result_behind = events
            return
        self._result_behind = None
        self._show_error("")
        self.result_area.show_text(results_html(events, self.edition.glitch_negated))
