"""A dock any game can use for its order of play: the heading of the moment above the order table.

Built on :class:`~gmtool.viewmodels.order_model.OrderModel` (the game's display types only).
Selecting a row selects that combatant in the window (the bridge); the current combatant is bold.
Names are cut in the middle when narrowed; the badges a GM acts on (``Badge.urgent``) lead their
cell, which stays wide enough for them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QStyledItemDelegate, QStyleOptionViewItem, QVBoxLayout, QWidget

from gmtool.core.encounter import Change
from gmtool.ui.resizing_table import ResizingTableView
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.order_model import OrderModel, urgent_text

FIT_ROWS = 40  # rows measured to fit a column to its contents
FIT_AT_LEAST = 56  # px: a column narrowed to make room is never narrower (nor than its contents)
LAST_AT_LEAST = 48  # px: the state's badges may shrink to this before the order scrolls sideways
CELL_PADDING = 12  # px: a cell's margins and frame around its text
NAME_AT_LEAST = 64  # px: a name is cut (in the middle) to this at most, before the order scrolls sideways


def fitted(wanted: list[int], room: int) -> list[int]:
    """Column widths for ``wanted`` within ``room``: the first (the name) as wanted, the others cut
    to one common cap, the widest first, none below ``FIT_AT_LEAST`` (or its own want, if less).
    What does not fit even so scrolls."""
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
    return [wanted[0], *(min(width, cap) for width in wanted[1:])]


class MiddleElided(QStyledItemDelegate):
    """Names cut in the middle ("Demo C…ard 12"): names that differ at their end stay apart."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


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
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.setWordWrap(False)  # a long name is elided on one line, the rows stay one line high
        self.view.setItemDelegateForColumn(0, MiddleElided(self.view))
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
        (cut in the middle, never below ``NAME_AT_LEAST``) until the badges keep ``LAST_AT_LEAST`` or
        their urgent ones whole: nothing scrolls sideways, an elided text is whole in its tooltip.
        Measured after each change and resize, over the first rows only (``FIT_ROWS``: a long order
        would otherwise be measured whole on every key press)."""
        header = self.view.horizontalHeader()
        columns = range(self.model.columnCount() - 1)
        wanted = [max(self.view.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in columns]
        least = self._badges_least()
        room = header.width() - least  # the header spans the viewport
        widths = fitted(wanted, room)
        if widths and sum(widths) > room:  # the name cut in the middle rather than a sideways scroll
            widths[0] = max(NAME_AT_LEAST, widths[0] - (sum(widths) - room))
        for column, width in zip(columns, widths, strict=True):
            if width != header.sectionSize(column):  # a resize lays out and repaints the whole table
                header.resizeSection(column, width)

    def _badges_least(self) -> int:
        """The badges' column is never narrower than the urgent badges of any row (the first rows)."""
        metrics = self.view.fontMetrics()
        texts = (urgent_text(self.model.row(n)) for n in range(min(self.model.rowCount(), FIT_ROWS)))
        widest = max((metrics.horizontalAdvance(text) for text in texts if text), default=0)
        return max(LAST_AT_LEAST, widest + CELL_PADDING if widest else 0)

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
