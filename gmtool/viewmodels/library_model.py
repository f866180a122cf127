"""The NPC library as a Qt table: one row per template summary, and a proxy that filters and sorts.

:class:`LibraryModel` shows :class:`~gmtool.storage.library_store.TemplateSummary`
rows (name, game, professional rating, tags, last change). :meth:`LibraryModel.refresh`
reads the store again and applies the difference row by row (rows removed, rows
added, rows changed with ``dataChanged`` carrying exactly the roles whose values
changed), so a selection survives an edit. :class:`LibraryFilterProxy` keeps the
rows whose name, tags or notes hold every word of the search text (compared
NFKC-folded, as the store's search does), of the chosen game, with the chosen
tag; it sorts by the folded name. No rules here: the store decides what a
template is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from gmtool.core.i18n import tr
from gmtool.storage.library_store import LibraryStore, TemplateSummary, fold
from gmtool.viewmodels.game_view import game_name

USER = int(Qt.ItemDataRole.UserRole)
TEMPLATE_ID = USER + 101  # int: the template's id in the store
GAME = USER + 102  # str: the game key
TAGS = USER + 103  # tuple[str, ...]
SEARCH_TEXT = USER + 104  # str: folded name, tags and notes
SORT_KEY = USER + 105  # str: the column's value for sorting
PROFESSIONAL_RATING = USER + 106  # int | None

COLUMNS: tuple[str, ...] = ("name", "game", "rating", "tags", "updated")
COLUMN_KEYS = {name: f"libui.column.{name}" for name in COLUMNS}
DISPLAY = int(Qt.ItemDataRole.DisplayRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
# Which summary field feeds which column and which roles (for exact dataChanged roles).
FIELD_COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name",), "game": ("game",), "professional_rating": ("rating",), "tags": ("tags",),
    "updated": ("updated",), "notes": ("name",),
}
FIELD_ROLES: dict[str, tuple[int, ...]] = {
    "name": (DISPLAY, SEARCH_TEXT, SORT_KEY),
    "game": (DISPLAY, GAME, SORT_KEY),
    "professional_rating": (DISPLAY, PROFESSIONAL_RATING, SORT_KEY),
    "tags": (DISPLAY, TAGS, SEARCH_TEXT, SORT_KEY),
    "updated": (DISPLAY, SORT_KEY),
    "notes": (TOOLTIP, SEARCH_TEXT),
}


def search_text(summary: TemplateSummary) -> str:
    return fold("\n".join((summary.name, *summary.tags, summary.notes)))


class LibraryModel(QAbstractTableModel):
    """The store's templates, one per row, in the store's order (the proxy sorts)."""

    def __init__(self, store: LibraryStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._rows: list[TemplateSummary] = list(store.templates())

    # -- reading -------------------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY and 0 <= section < len(COLUMNS):
            return tr(COLUMN_KEYS[COLUMNS[section]])
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        summary = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == DISPLAY:
            return self._display(summary, column)
        if role == SORT_KEY:
            return self._sort_key(summary, column)
        if role == TOOLTIP:
            return summary.notes or None
        return {
            TEMPLATE_ID: summary.id, GAME: summary.game, TAGS: summary.tags,
            SEARCH_TEXT: search_text(summary), PROFESSIONAL_RATING: summary.professional_rating,
        }.get(role)

    @staticmethod
    def _display(summary: TemplateSummary, column: str) -> str:
        if column == "name":
            return summary.name
        if column == "game":
            return game_name(summary.game)  # as its manifest names it
        if column == "rating":
            return "" if summary.professional_rating is None else str(summary.professional_rating)
        if column == "tags":
            return ", ".join(summary.tags)
        return summary.updated[:16].replace("T", " ")

    @staticmethod
    def _sort_key(summary: TemplateSummary, column: str) -> str:
        if column == "rating":
            return "" if summary.professional_rating is None else f"{summary.professional_rating:02d}"
        if column == "tags":
            return fold(", ".join(summary.tags))
        if column == "updated":
            return summary.updated
        if column == "game":
            return summary.game
        return fold(summary.name)

    # -- lookups ---------------------------------------------------------------------------------------
    def summary(self, row: int) -> TemplateSummary:
        return self._rows[row]

    def row_of(self, template_id: int) -> int:
        """The row of a template, -1 when it is not listed."""
        for row, summary in enumerate(self._rows):
            if summary.id == template_id:
                return row
        return -1

    def summaries(self) -> Sequence[TemplateSummary]:
        return tuple(self._rows)

    # -- following the store ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the store again; remove, add and change rows (no reset)."""
        fresh = {s.id: s for s in self.store.templates()}
        for row in range(len(self._rows) - 1, -1, -1):
            if self._rows[row].id not in fresh:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
        for row, old in enumerate(self._rows):
            new = fresh.pop(old.id)
            if new != old:
                self._rows[row] = new
                self._announce(row, old, new)
        if fresh:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            self._rows.extend(sorted(fresh.values(), key=lambda s: (fold(s.name), s.id)))
            self.endInsertRows()

    def _announce(self, row: int, old: TemplateSummary, new: TemplateSummary) -> None:
        changed = [name for name in FIELD_ROLES if getattr(old, name) != getattr(new, name)]
        if not changed:
            return  # only fields no column shows (document version, created)
        columns = sorted(COLUMNS.index(c) for name in changed for c in FIELD_COLUMNS[name])
        roles = sorted({role for name in changed for role in FIELD_ROLES[name]})
        self.dataChanged.emit(self.index(row, columns[0]), self.index(row, columns[-1]), roles)


class LibraryFilterProxy(QSortFilterProxyModel):
    """Text, game and tag filters over a :class:`LibraryModel`, sorted by folded name."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()
        self._game: str | None = None
        self._tag: str | None = None
        self.setSortRole(SORT_KEY)
        self.setDynamicSortFilter(True)
        self.sort(0, Qt.SortOrder.AscendingOrder)

    def set_text(self, text: str) -> None:
        words = tuple(fold(text).split())
        if words != self._words:
            self.beginFilterChange()
            self._words = words
            self.endFilterChange()

    def set_game(self, game: str | None) -> None:
        if game != self._game:
            self.beginFilterChange()
            self._game = game
            self.endFilterChange()

    def set_tag(self, tag: str | None) -> None:
        key = fold(tag) if tag else None
        if key != self._tag:
            self.beginFilterChange()
            self._tag = key
            self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self._game is not None and index.data(GAME) != self._game:
            return False
        if self._tag is not None and self._tag not in {fold(t) for t in index.data(TAGS) or ()}:
            return False
        text = index.data(SEARCH_TEXT) or ""
        return all(word in text for word in self._words)

    def template_id(self, row: int) -> int:
        return int(self.index(row, 0).data(TEMPLATE_ID))
