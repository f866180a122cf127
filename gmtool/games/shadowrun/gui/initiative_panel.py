"""The initiative-pass panel: "Turn N · Pass M", this pass's order, the current actor.

The actions that move the fight on are on the window's fight bar, in the menus and on
keys; the panel keeps the order in view: one line per combatant, the current actor
always scrolled into view.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui import sr_roles
from gmtool.games.shadowrun.gui.action_list_model import ActionListModel
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.gui.initiative_model import (
    COL_CONDITION,
    COL_FLAGS,
    COL_NAME,
    COL_PASSES,
    COL_SCORE,
    CombatantsModel,
    PassOrderProxy,
)
from gmtool.games.shadowrun.gui.order_view import OrderView
from gmtool.games.shadowrun.gui.pass_ladder import PassLadderDelegate, ladder_width
from gmtool.games.shadowrun.gui.state_badges import StatesDelegate
from gmtool.games.shadowrun.gui.view_protocol import PASS_LADDER
from gmtool.ui.cell_pixmaps import CachedCellDelegate
from gmtool.ui.drawn_once import paint_cached
from gmtool.ui.elided_label import ElidedLabel
from gmtool.ui.eliding_combo import ElidingCombo
from gmtool.ui.narrow_combo import narrow
from gmtool.ui.opaque_scroll_bars import fill_opaque
from gmtool.ui.row_pick_header import RowPickHeader
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.tones import shade, tone

NAME_CHARS = 11  # the name column's least width in wide letters; longer names are elided (whole in the tooltip)
NAME_FIT_ROWS = 40  # the rows whose names are measured to widen the name column when there is room
FLAGS_AT_LEAST = 96  # px the flags keep when the name column widens into the room


class ConditionBarDelegate(CachedCellDelegate):
    """Two thin bars: physical above, stun below, filled in proportion."""

    def paint_cell(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""  # the bars replace the text (kept for tooltips and screen readers)
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        condition = index.data(sr_roles.CONDITION)
        if not condition:
            return
        rect = option.rect.adjusted(4, 5, -4, -5)
        key = ("condition", tuple(condition))
        paint_cached(painter, rect.topLeft(), rect.size(), key, lambda target: _bars(target, rect.size(), condition))


def _bars(painter: QPainter, size: QSize, condition: tuple[int, int, int, int]) -> None:
    """Physical above, stun below, each filled in proportion, within ``size`` from (0, 0)."""
    physical, physical_max, stun, stun_max = condition
    half = max(size.height() // 2 - 1, 2)
    for row, (value, top, color) in enumerate(
        ((physical, physical_max, tone("physical")), (stun, stun_max, tone("stun")))
    ):
        bar = QRect(0, row * (half + 2), size.width(), half)
        painter.fillRect(bar, color.lighter(185) if shade() == "light" else color.darker(260))  # the empty track
        if top:
            filled = QRect(0, bar.top(), round(bar.width() * min(value, top) / top), half)
            painter.fillRect(filled, color)


class InitiativePanel(QWidget):
    """The order of this pass and the buttons that move the fight on."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.model = CombatantsModel(bridge, self)
        self.proxy = PassOrderProxy(self)
        self.proxy.setSourceModel(self.model)
        self.heading = ElidedLabel(self)
        self.heading.setObjectName("passHeading")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        self.current_label = ElidedLabel(self)  # "Acting now: Kestrel (demo ru…" in a narrow dock
        self.current_label.setObjectName("currentActor")
        self.current_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for label in (self.heading, self.current_label):
            # Text changes every phase; an ignored size hint keeps them from re-laying out the panel. In a
            # narrow dock both end in "…" (whole in their tooltips) rather than being cut at the edge.
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.view = self._make_view()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        top = QHBoxLayout()  # "Turn 3 · Pass 2" and who acts, on one line: the order gets the height
        top.addWidget(self.heading, 2)
        top.addWidget(self.current_label, 3)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addLayout(self._make_action_picker())
        bridge.changed.connect(lambda _c: self.refresh_heading())
        bridge.selectionChanged.connect(self._select_row)
        self.refresh_heading()

    def _make_view(self) -> QTableView:
        view = OrderView(self)  # a re-sort out of view repaints nothing
        view.setObjectName("initiativeView")
        view.setHorizontalHeader(RowPickHeader(view))  # not repainted when the current actor moves
        view.setModel(self.proxy)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAutoScroll(False)  # see _select_row
        view.verticalHeader().setVisible(False)
        # One line per combatant (long names elided, whole in the tooltip): ten and more in view.
        view.setWordWrap(False)
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # "Demo Corp…tenant 12": grunts stay apart
        rows = view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(view.fontMetrics().height() + 8)
        fill_opaque(view)  # scrolling to the current actor repaints the bar, not the panels behind
        view.setItemDelegate(CachedCellDelegate(view))  # one model call a cell, not seven; a look painted once
        view.setItemDelegateForColumn(COL_CONDITION, ConditionBarDelegate(view))
        view.setItemDelegateForColumn(COL_FLAGS, StatesDelegate(view))  # states as badges never elided away
        ladder = self._bridge.has(PASS_LADDER)
        if ladder:
            view.setItemDelegateForColumn(COL_PASSES, PassLadderDelegate(view))
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the columns fit the panel
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_FLAGS, QHeaderView.ResizeMode.Stretch)  # flags take what is left
        header.setMinimumSectionSize(36)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        # Widths from the headers and a sample text, once: ResizeToContents would
        # measure every row on every change (200 combatants → thousands of calls).
        metrics = view.fontMetrics()
        samples = {COL_NAME: "M" * NAME_CHARS, COL_SCORE: "-00", COL_PASSES: "0", COL_CONDITION: "00"}  # bars: narrow
        for column, sample in samples.items():
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            sample_width = metrics.horizontalAdvance(sample)
            # A long title (イニシアティブ値) widens its column a little at most: it is elided, whole in its tooltip.
            width = max(sample_width, min(metrics.horizontalAdvance(title), sample_width + 28)) + 24
            if column == COL_PASSES and ladder:
                width = max(width, ladder_width() + 8)
            header.resizeSection(column, width)
        self._name_least = header.sectionSize(COL_NAME)
        view.selectionModel().currentRowChanged.connect(self._row_changed)
        view.resized.connect(self._fit_names)  # a wider panel: the names get the room first
        for signal in (self.proxy.modelReset, self.proxy.rowsInserted, self.proxy.rowsRemoved):
            signal.connect(self._fit_names)
        return view

    def _fit_names(self) -> None:
        """The name column as wide as the longest name (the first ``NAME_FIT_ROWS``, in bold as the
        current actor's is) when the panel has room beside the other columns and ``FLAGS_AT_LEAST``
        for the flags, never narrower than ``NAME_CHARS`` letters; the flags take what is left.
        Measured when the panel is resized or someone joins or leaves, not on every change."""
        header = self.view.horizontalHeader()
        bold = self.view.font()
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        names = (str(self.proxy.index(row, COL_NAME).data() or "") for row in range(min(self.proxy.rowCount(), NAME_FIT_ROWS)))
        longest = max((metrics.horizontalAdvance(name) for name in names), default=0) + 24  # the cell's margins
        others = sum(header.sectionSize(c) for c in range(header.count()) if c not in (COL_NAME, COL_FLAGS))
        room = header.width() - others - FLAGS_AT_LEAST  # the header spans the viewport (its wrapper costs the start 0.6 MiB)
        width = max(self._name_least, min(longest, room))
        if width != header.sectionSize(COL_NAME):  # a resize lays out and repaints the whole table
            header.resizeSection(COL_NAME, width)

    def _make_action_picker(self) -> QGridLayout:
        """SR5-T1 / SR4-C8: choose an action from the list; only what the budget can pay is enabled."""
        self.action_model = ActionListModel(self._bridge, self)
        self.action_combo = QComboBox(self)
        self.action_combo.setObjectName("actionCombo")
        self.action_combo.setModel(self.action_model)
        self.take_button = QPushButton(tr("panel.take_action"), self)
        self.take_button.setObjectName("takeActionButton")
        self.take_button.clicked.connect(self._take_listed_action)
        self.budget_label = ElidedLabel(self)
        self.budget_label.setObjectName("budgetLabel")
        self.budget_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.target_combo = self._make_target_combo()
        grid = QGridLayout()
        grid.addWidget(self.budget_label, 0, 0, 1, 3)
        grid.addWidget(self.action_combo, 1, 0)
        grid.setColumnStretch(0, 1)
        if self.target_combo is not None:
            grid.addWidget(self.target_combo, 1, 1)
            grid.setColumnStretch(1, 1)
        grid.addWidget(self.take_button, 1, 2 if self.target_combo is not None else 1)
        for combo in (self.action_combo, self.target_combo):
            if combo is not None:  # narrow minimum: long action names must not widen the panel
                narrow(combo, 8)
        if self.action_combo.currentIndex() < 0 and self.action_model.rowCount() > 1:
            self.action_combo.setCurrentIndex(1)  # the first action (row 0 is a heading)
        return grid

    def _make_target_combo(self) -> QComboBox | None:
        """SR4: any action may name a target (the surprise rule checks it); SR5's list names none."""
        self._target_key: tuple[tuple[str, str], ...] = ()
        if not self.action_model.has_targets():
            return None
        combo = ElidingCombo(self)  # names that differ at their end stay apart
        combo.setObjectName("targetCombo")
        combo.setToolTip(tr("panel.target_hint"))
        return combo

    def _fill_targets(self) -> None:
        """The target choices: nobody, or any combatant (refilled only when names change)."""
        combo = self.target_combo
        if combo is None:
            return
        key = tuple((cid, c.sheet.name) for cid, c in self._bridge.state.combatants.items())
        if key == self._target_key:
            return
        self._target_key = key
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(tr("panel.no_target"), None)
        for cid, name in key:
            combo.addItem(name, cid)
        combo.setCurrentIndex(max(combo.findData(chosen), 0))
        combo.blockSignals(False)

    def _take_listed_action(self) -> None:
        index = self.action_model.index(self.action_combo.currentIndex())
        key, kind = index.data(sr_roles.ACTION_KEY), index.data(sr_roles.ACTION_KIND)
        if not key or not self.action_model.flags(index) & Qt.ItemFlag.ItemIsEnabled:
            self._bridge.refused.emit(tr("error.choose_action"))
            return
        actor = self._bridge.selected if kind == "free" else getattr(self._bridge.current_actor(), "id", None)
        if actor is None:
            self._bridge.refused.emit(tr("error.no_current_actor"))
            return
        target = self.target_combo.currentData() if self.target_combo is not None else None
        self._bridge.execute(edition_view(self._bridge).take_action(actor, kind, key, target))

    def refresh_heading(self) -> None:
        state = self._bridge.state
        self.heading.setText(self._bridge.ruleset.heading(state).text)  # as the game words it
        self.heading.setToolTip(self.heading.text())  # whole when the dock is too narrow
        budget = self.action_model.budget_text()
        self.budget_label.setText(budget)
        self.budget_label.setToolTip(budget)  # the whole text when the panel is narrow
        self._fill_targets()
        actor = self._bridge.current_actor()
        self.current_label.setVisible(state.turn > 0)  # before the first roll the heading has the line
        if state.turn == 0:
            self.current_label.setText("")
        else:
            self.current_label.setText(
                tr("panel.current_actor", name=actor.sheet.name) if actor else tr("panel.no_current_actor")
            )
        self.current_label.setToolTip(self.current_label.text())  # whole when a long name is cut

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._bridge.select(current.data(roles.COMBATANT_ID) if current.isValid() else None)

    def _select_row(self, combatant_id: object) -> None:
        if combatant_id is None:
            self.view.clearSelection()
            return
        source = self.model.index(self.model.row_of(str(combatant_id)), 0)
        index = self.proxy.mapFromSource(source)
        if index.isValid() and self.view.currentIndex().row() != index.row():
            self.view.setCurrentIndex(index)
            # Scroll only when needed: QTableView's auto-scroll costs ~2 ms per phase
            # with 200 combatants even when the row is already in view. When it is needed, the
            # row goes to the top: those acting next are in view below it, and the next phases
            # need no scrolling (each scroll repaints the whole list and its scroll bar).
            if not self.view.viewport().rect().contains(self.view.visualRect(index)):
                self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
