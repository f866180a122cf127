"""A dock any game can use for its order of play: the heading of the moment above the order table.

Built on :class:`~gmtool.viewmodels.order_model.OrderModel` (the game's display types only).
Selecting a row selects that combatant in the window (the bridge); the current combatant is bold.
Names are elided in the middle with the game's note under them; badges are chips that wrap, never
elided away, those a GM acts on (``Badge.urgent``) first (:mod:`gmtool.ui.order_delegate`); each row is
as tall as its lines.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QVBoxLayout, QWidget

from gmtool.core.encounter import Change
from gmtool.ui.order_delegate import OrderDelegate
from gmtool.ui.resizing_table import ResizingTableView
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.order_model import OrderModel

FIT_ROWS = 40  # rows measured to fit a column to its contents
FIT_AT_LEAST = 56  # px: a column narrowed to make room is never narrower (nor than its contents)
LAST_AT_LEAST = 48  # px: the state's badges may shrink to this before the order scrolls sideways
NAME_AT_LEAST = 96  # px: a name elided in the middle still tells its start and its end
CACHED_ROWS = 512  # rows' measures kept (by content): more are measured afresh


def fitted(wanted: list[int], room: int) -> list[int]:
    """Column widths for ``wanted`` within ``room``: the others cut to one common cap, the widest
    first, none below ``FIT_AT_LEAST`` (or its own want, if less); then, if that is not enough, the
    first (the name, elided in the middle) down to ``NAME_AT_LEAST``. What does not fit even so scrolls."""
    if sum(wanted) <= room or len(wanted) < 2:
        return list(wanted)
    rest = sorted(wanted[1:])
    left = room - wanted[0]
    cap = FIT_AT_LEAST
    for at, width in enumerate(rest):  # the cap that fills ``left``: the narrow ones whole, the others cut
        share = (left - sum(rest[:at])) // (len(rest) - at)
        if share < width:
            cap = max(share, FIT_AT_LEAST)
            break
    others = [min(width, cap) for width in wanted[1:]]
    name = max(min(wanted[0], room - sum(others)), min(wanted[0], NAME_AT_LEAST))
    return [name, *others]


class OrderPanel(QWidget):
    """The heading and the order, the selection shared with the window."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.model = OrderModel(bridge, self)
        self.heading = QLabel(self)
        self.heading.setObjectName("orderHeading")
        self.view = ResizingTableView(self)
        self.view.setObjectName("orderView")
        # Qt keeps the stretched last section at least as wide as it was made: before the model
        self.view.horizontalHeader().setDefaultSectionSize(LAST_AT_LEAST)
        self.view.setModel(self.model)
        self.delegate = OrderDelegate(self.view, self)
        for column in range(self.model.columnCount()):  # every cell painted once per look, then copied
            self.view.setItemDelegateForColumn(column, self.delegate)
        self._widths: dict[tuple[object, ...], tuple[tuple[int, ...], int]] = {}  # a row's wants, by its content
        self._heights: dict[tuple[object, ...], int] = {}
        self._heads: tuple[object, tuple[int, ...]] = (None, ())  # the headers' widths, by their words (_header_widths)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.setWordWrap(False)  # a long name is elided on one line, the rows stay one line high
        self.view.horizontalHeader().setStretchLastSection(True)  # the state (badges) takes what is left
        self.view.horizontalHeader().setResizeContentsPrecision(FIT_ROWS)
        self.model.modelReset.connect(self._fit_columns)
        self.model.rowsInserted.connect(self._fit_columns)
        self.view.selectionModel().currentRowChanged.connect(self._row_changed)
        self.view.resized.connect(self._fit_columns)  # a wider or narrower dock: the columns fitted again
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.view)
        bridge.changed.connect(self._on_change)
        bridge.selectionChanged.connect(self._show_selected)
        self._on_change(None)

    def _fit_columns(self) -> None:
        """Every column but the last (the state's badges) as wide as its contents (a hull of 10 is wider
        than one of 9), then the widest of them narrowed (never below ``FIT_AT_LEAST``), then the name
        (elided in the middle, never below ``NAME_AT_LEAST``) until the badges keep their widest chip
        (at least ``LAST_AT_LEAST``): nothing scrolls sideways, an elided text is whole in its tooltip.
        Measured after each change and resize over the first rows only (``FIT_ROWS``), each row once
        per content (a key press changes one row: one row is measured)."""
        header = self.view.horizontalHeader()
        last = self.model.columnCount() - 1
        if last < 0:
            return
        measured = [self._measure(row) for row in range(min(self.model.rowCount(), FIT_ROWS))]
        grid = 1 if self.view.showGrid() else 0
        heads = self._header_widths(header, last)
        wanted = [max([heads[c], *(cells[c] + grid for cells, _chip in measured)]) for c in range(last)]
        chips = max((chip for _cells, chip in measured), default=0)
        widths = fitted(wanted, header.width() - max(LAST_AT_LEAST, chips))  # the header spans the viewport
        for column, width in zip(range(last), widths, strict=True):
            if width != header.sectionSize(column):  # a resize lays out and repaints the whole table
                header.resizeSection(column, width)
        self._fit_rows()

    def _header_widths(self, header: QHeaderView, last: int) -> tuple[int, ...]:
        """The headers' wanted widths but the last's, measured once per wording, font and style."""
        key = (self.model.columns(), header.font().key(), id(header.style()))
        if self._heads[0] != key:
            self._heads = (key, tuple(header.sectionSizeHint(c) for c in range(last)))
        return self._heads[1]

    def _measure(self, row: int) -> tuple[tuple[int, ...], int]:
        """The row's wanted width in each column but the last, and its widest chip (cached by its content)."""
        key = (self.model.row(row), self.view.font().key())
        found = self._widths.get(key)
        if found is None:
            if len(self._widths) > CACHED_ROWS:
                self._widths.clear()
            last = self.model.columnCount() - 1
            cells = tuple(self.view.sizeHintForIndex(self.model.index(row, c)).width() for c in range(last))
            found = self._widths[key] = (cells, self.delegate.widest_chip(self.model.index(row, last)) if last else 0)
        return found

    def _fit_rows(self) -> None:
        """Each row as tall as its name and note, or its badges wrapped (only rows whose height differs)."""
        rows, header = self.view.verticalHeader(), self.view.horizontalHeader()
        widths = tuple(header.sectionSize(c) for c in range(self.model.columnCount()))
        for row in range(min(self.model.rowCount(), FIT_ROWS)):
            key = (self.model.row(row), widths, self.view.font().key())
            height = self._heights.get(key)
            if height is None:
                if len(self._heights) > CACHED_ROWS:
                    self._heights.clear()
                height = self._heights[key] = self.view.sizeHintForRow(row)
            if height > 0 and height != rows.sectionSize(row):
                rows.resizeSection(row, height)

    def _on_change(self, _change: Change | None) -> None:
        self.heading.setText(self._bridge.ruleset.heading(self._bridge.state).text)
        self._fit_columns()
        self._show_selected(self._bridge.selected)

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._bridge.select(current.data(roles.COMBATANT_ID) if current.isValid() else None)

    def _show_selected(self, combatant_id: str | None) -> None:
        row = self.model.row_of(combatant_id) if combatant_id is not None else -1
        if row < 0:
            return
        index = self.model.index(row, 0)
        if self.view.currentIndex().row() != row:
            self.view.setCurrentIndex(index)
