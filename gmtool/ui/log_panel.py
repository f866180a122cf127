"""The turn-log panel: every event in words, newest at the bottom, following the fight.

Above the log, a filter bar: words to search (its own field, with a clear button;
Escape clears it), one combatant, one kind of line. Clicking a line shows the fight
as it was right after that event (rewind, read-only), filtered or not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer
from PySide6.QtGui import QFont, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.ui.appending_table import AppendingTableView
from gmtool.ui.narrow_combo import narrow, refill
from gmtool.ui.opaque_scroll_bars import fill_opaque
from gmtool.ui.wrapped_lines import LineHeights
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.log_filter import LogFilterModel
from gmtool.viewmodels.log_model import LogModel
from gmtool.viewmodels.roles import Index

T = TypeVar("T")


class LogView(AppendingTableView):
    """The log's view; :meth:`setCurrentIndex` also takes a line of the unfiltered log.

    One column of lines, no headers, no grid. A table view because appending a line costs the
    same however long the log is: a tree or list view lays out every line again on each insertion
    (measured: 3.5 ms at 500 lines, 27 ms at 20,000; the table stays at 1.6 ms). A long line wraps:
    its row is as tall as its text at the log's width (set when it is appended, and for every row
    when the width, the font or the filter changes; :class:`~gmtool.ui.wrapped_lines.LineHeights`);
    the tooltip shows the whole line too.

    With no filter set the view shows the log itself (appending stays cheap); a filter puts
    the filter model between them. Appended lines are the only ones painted again
    (:class:`~gmtool.ui.appending_table.AppendingTableView`).
    """

    def __init__(self, proxy: LogFilterModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._proxy = proxy
        self._refit = QTimer(self)  # every row measured again, once, after a burst of changes
        self._refit.setSingleShot(True)
        self._refit.timeout.connect(self._fit_all)
        self._fit_line_height()
        self.setShowGrid(False)
        self.setWordWrap(True)  # the outcome of a roll is read whole, never cut with "…"
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.horizontalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        lines = self.verticalHeader()
        lines.hide()
        lines.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        lines.setMinimumSectionSize(1)
        self.setModel(proxy.sourceModel())
        self.watch(proxy.sourceModel())
        self.watch(proxy)
        self.horizontalHeader().sectionResized.connect(lambda *_args: self._refit_later(widths=True))
        fill_opaque(self)  # the scroll bar moves on every line: paint only it, not the panels behind

    def _fit_line_height(self) -> None:
        """One text line (bold headings included) plus a little air; long lines measured again."""
        self._heights = LineHeights(self.font())
        self._margin = self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1
        self.verticalHeader().setDefaultSectionSize(self._heights.one_line)
        self._refit_later()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_line_height()

    # -- wrapped rows ----------------------------------------------------------------------
    def _text_width(self) -> int:
        return self.columnWidth(0) - 2 * self._margin  # the delegate's text room

    def fit_rows(self, first: int, last: int, appended: bool = False) -> None:
        """Rows ``first`` to ``last`` as tall as their text wrapped at the log's width.

        ``appended``: rows just added at the end, not yet laid out: the layout to come places and paints
        them (:class:`~gmtool.ui.appending_table.AppendingTableView`), so the table is not told of each
        height (it would repaint from the first of them down a moment later: the log painted twice)."""
        model, rows = self.model(), self.verticalHeader()
        if model is None:
            return
        width = self._text_width()
        quiet = appended and rows.blockSignals(True) is not None
        try:
            for row in range(first, last + 1):
                index = model.index(row, 0)
                font = index.data(Qt.ItemDataRole.FontRole)  # a heading is bold: wider, it may wrap sooner
                height = self._heights.height(str(index.data() or ""), width, isinstance(font, QFont) and font.bold())
                if rows.sectionSize(row) != height:
                    rows.resizeSection(row, height)
        finally:
            if quiet:
                rows.blockSignals(False)

    def _fit_all(self) -> None:
        model = self.model()
        if model is not None and model.rowCount():
            self.fit_rows(0, model.rowCount() - 1)
            if self._at_end:
                self.scrollToBottom()

    def _refit_later(self, widths: bool = False) -> None:
        if widths:
            self._heights.forget_widths()
        model = self.model()
        self._at_end = model is None or self.verticalScrollBar().value() >= self.verticalScrollBar().maximum()
        self._refit.start(0)

    def rowsInserted(self, parent: Index, first: int, last: int) -> None:  # noqa: N802 - Qt's name
        super().rowsInserted(parent, first, last)
        if not parent.isValid():
            self.fit_rows(first, last, appended=self.appending(first, last))

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt's name
        if self._whole:  # a reset, a filter, another model: Qt gave every row one line again
            self._refit_later()
        super().doItemsLayout()

    def follow_filter(self) -> None:
        """Show the filtered log while a filter is set, the whole log otherwise."""
        wanted = self._proxy if self._proxy.is_filtering() else self._proxy.sourceModel()
        if self.model() is not wanted:
            self.setModel(wanted)
            self.scrollToBottom()

    def setCurrentIndex(self, index: Index) -> None:
        if index.isValid() and self.model() is self._proxy and index.model() is self._proxy.sourceModel():
            index = self._proxy.mapFromSource(index)  # invalid when the filter hides that line
        super().setCurrentIndex(index)


FILTER_MIN_CHARACTERS = 6  # a filter box's least width; its list opens as wide as its longest entry (a name)


class LogPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, encounter_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._choices_shown: list[tuple[str, str]] | None = None  # the combatant filter's entries, as filled
        self.model = LogModel(bridge, encounter_name, self)
        self.proxy = LogFilterModel(self.model, self)
        self.view = LogView(self.proxy, self)
        self.view.setObjectName("logView")
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(self._make_filter_bar())
        layout.addWidget(self.view)
        self.model.rowsInserted.connect(self._follow)
        self.view.activated.connect(self._rewind_to)  # Enter or double click on a line
        self.view.clicked.connect(self._rewind_to)
        bridge.changed.connect(lambda _change: self._fill_combatants())

    # -- the filter bar ------------------------------------------------------------
    def _refilter(self, set_filter: Callable[[T], None], value: T) -> None:
        """Filter the log by ``value`` and keep the line followed in view."""
        set_filter(value)
        self.view.follow_filter()

    def _make_filter_bar(self) -> QHBoxLayout:
        self.search = QLineEdit(self)
        self.search.setObjectName("logSearch")
        self.search.setPlaceholderText(tr("log_filter.search"))
        self.search.setToolTip(tr("log_filter.search_tip"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self._refilter(self.proxy.set_search, text))
        clear = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.search, self.search.clear)
        clear.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.combatant = QComboBox(self)
        self.combatant.setObjectName("logCombatant")
        self.combatant.setToolTip(tr("log_filter.combatant_tip"))
        narrow(self.combatant, FILTER_MIN_CHARACTERS)
        self._fill_combatants()
        self.combatant.currentIndexChanged.connect(
            lambda _i: self._refilter(self.proxy.set_combatant, self.combatant.currentData())
        )
        self.kind = QComboBox(self)
        self.kind.setObjectName("logKind")
        self.kind.setToolTip(tr("log_filter.kind_tip"))
        narrow(self.kind, FILTER_MIN_CHARACTERS)
        self.kind.addItem(tr("log_filter.kind.all"), None)
        for family in self.proxy.families:
            self.kind.addItem(tr(f"log_filter.kind.{family}"), family)
        self.kind.currentIndexChanged.connect(
            lambda _i: self._refilter(self.proxy.set_family, self.kind.currentData())
        )
        bar = QHBoxLayout()
        bar.setContentsMargins(2, 2, 2, 0)
        bar.addWidget(self.search, 3)
        bar.addWidget(self.combatant, 2)
        bar.addWidget(self.kind, 2)
        return bar

    def combatant_choices(self) -> list[tuple[str, str]]:
        """(id, name) of everyone the log names, today's name first, in the order they came in."""
        names = self.model.combatant_names()
        encounter = self._bridge.encounter
        names.update(encounter.ruleset.roster(encounter.state))  # as the game names them now
        return list(names.items())

    def _fill_combatants(self) -> None:
        choices = self.combatant_choices()
        if choices == self._choices_shown:
            return  # most entries name no new combatant: nothing to refill
        self._choices_shown = choices
        refill(self.combatant, tr("log_filter.everyone"), choices)

    def set_filter(self, combatant: str | None = None, family: str | None = None, search: str = "") -> None:
        """Set the three filters as if chosen in the bar (None / "": no filter)."""
        self.combatant.setCurrentIndex(max(0, self.combatant.findData(combatant)) if combatant else 0)
        self.kind.setCurrentIndex(max(0, self.kind.findData(family)) if family else 0)
        self.search.setText(search)

    # -- following and rewinding ------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.view.scrollToBottom()  # the newest line, also after a restart

    def _follow(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if self._bridge.past is None:
            self.view.scrollToBottom()

    def _rewind_to(self, index: QModelIndex) -> None:
        """Show the fight as it was right after this line's event (read-only)."""
        if index.model() is self.proxy:
            index = self.proxy.mapToSource(index)
        number = self.model.data(index, roles.EVENT_NUMBER)
        if number is None or number < 0:
            return
        self._bridge.show_past(int(self.model.data(index, roles.SEQ)), int(number) + 1)
