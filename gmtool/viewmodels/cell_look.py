"""A cell's look read at once: what a model gives for the roles painting a cell reads.

To paint a cell, ``QStyledItemDelegate.initStyleOption`` asks the model for seven roles (font,
alignment, foreground, check state, decoration, text, background). A model written in Python
answers each from Python, and through a sort proxy each answer costs two more calls into Python
(the proxy checks the source index with ``rowCount`` and ``columnCount``): the order of 200
combatants repainted whole (scrolling to the current actor) spent most of its 2.5 ms there.

A model that also answers role ``roles.CELL_LOOK`` with a :class:`CellLook` (its own answers for
those roles, built by :func:`cell_look`) is painted by ``gmtool.ui.one_call_delegate`` with one
call a cell. Such a cell has no check box and no icon (the look holds neither). A model whose
rows are snapshots replaced when their values change keeps each look in a :class:`LookCache`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont

from gmtool.core.i18n import active_language
from gmtool.viewmodels.tones import shade

LOOK_ROLES = (  # the roles a CellLook holds, in its order
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.BackgroundRole,
)


class CellLook(NamedTuple):
    """A cell's data for the roles its painting reads (None: no value for that role)."""

    font: QFont | None
    alignment: int | None
    foreground: QBrush | None
    text: str | None
    background: QBrush | None


def cell_look(data: Callable[[Qt.ItemDataRole], Any]) -> CellLook:
    """The look of a cell from ``data(role)``, the model's own answer for each role of :data:`LOOK_ROLES`."""
    return CellLook(*(data(role) for role in LOOK_ROLES))


def look_key(look: CellLook) -> Hashable | None:
    """A look as a hashable key (its text, alignment, font and plain colours); None when a brush is no
    plain colour (such a cell is painted directly, see ``gmtool.ui.cell_pixmaps``)."""
    colours = []
    for brush in (look.foreground, look.background):
        if brush is not None and brush.style() != Qt.BrushStyle.SolidPattern:
            return None
        colours.append(None if brush is None else brush.color().rgba())
    return look.text, look.alignment, None if look.font is None else look.font.key(), *colours


class LookCache:
    """Each cell's look, kept while its row snapshot, the theme and the language are the same.

    A look depends on the row's values (a model replaces a row's snapshot whenever one of
    them changes: the snapshot object is the row's version), on the theme (tones) and on
    the language (words); a cell asked again with the same three gets the look made before.
    """

    def __init__(self) -> None:
        self._looks: dict[Hashable, tuple[object, tuple[str, str], Any]] = {}

    def look(self, cell: Hashable, row: object, make: Callable[[], Any]) -> Any:
        """The look of ``cell`` (any key naming it) whose row snapshot is ``row``; ``make`` builds it."""
        stamp = (shade(), active_language())
        kept = self._looks.get(cell)
        if kept is not None and kept[0] is row and kept[1] == stamp:
            return kept[2]
        made = make()
        self._looks[cell] = (row, stamp, made)  # holding the snapshot: its identity is never reused
        return made

    def clear(self) -> None:
        """Forget every look (the rows were read anew)."""
        self._looks.clear()
