"""The hex map editor: a dialog where the GM prepares a map before the session (a race course, an
open field) — its name, size and course direction, terrain painted hex by hex, a start and a
finish zone, and numbered checkpoints in course order.

It knows no game: the caller gives the map and the game's terrain kinds (the first, or
``default_kind``, is the kind of every hex the map does not list). Each stroke of the mouse — a
click or a drag — is one step of the editor's own undo (``Ctrl+Z``, ``Ctrl+Shift+Z``), as are a
resize, a course, an import and a run of typing in the name. Nothing leaves the dialog until OK;
``document()`` is then the edited map. Export and Import write and read the versioned JSON of
:mod:`gmtool.core.hex.map_file`; a file that cannot be read is refused in the GM's language and
the map stays as it was.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import Board, TerrainKind
from gmtool.core.hex.coords import Hex, label
from gmtool.core.hex.map_edits import off_board, resized, with_checkpoint_hexes, with_zone_hexes, without_checkpoint
from gmtool.core.hex.map_file import CHECKPOINTS_MAX, HexMapFile, name_refused, read_map, with_terrain, write_map
from gmtool.core.i18n import tr
from gmtool.core.strict import in_file
from gmtool.core.user_files import MAP, read_bytes
from gmtool.storage.atomic import write_atomic
from gmtool.ui.map_editor_tools import (
    NAMED_ZONES,
    SidePanel,
    ask_open_path,
    ask_save_path,
    confirm,
    kind_colour,
    legend_row,
)
from gmtool.ui.map_editor_view import DIGITS, PaintView, legend_entries, mark_items, wet_paint

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

UNDO_KEYS = ("Ctrl+Z",)
REDO_KEYS = ("Ctrl+Shift+Z", "Ctrl+Y")


class MapEditorDialog(QDialog):
    """Edits one :class:`HexMapFile` with the game's terrain ``kinds``; OK keeps the result."""

    documentChanged = Signal(object)  # the HexMapFile after each change (undo and redo included)
    # Never emitted by the dialog: a caller that hands the result on in its own form (a library's
    # editor, which must offer ``saved(template)``) emits it on ``accepted``.
    saved = Signal(object)

    def __init__(self, document: HexMapFile, kinds: tuple[TerrainKind, ...], parent: QWidget | None = None,
                 *, default_kind: str | None = None) -> None:
        super().__init__(parent)
        if not kinds:
            raise ValueError("the map editor needs at least one terrain kind")
        self.kinds = kinds
        self.default = default_kind or kinds[0].key
        self._drawn_kinds = tuple(sorted(kinds, key=lambda kind: kind.key != self.default))  # a Board's first kind
        self._original = self._document = document
        self._undo: list[HexMapFile] = []
        self._redo: list[HexMapFile] = []
        self._typing = False  # the last step is the name being typed: more typing joins it
        self._stroke_base: HexMapFile | None = None  # the map before the stroke under way
        self._stroke_hexes: list[Hex] = []
        self._present = True  # the stroke puts hexes into the zone or checkpoint (False: takes them out)
        self._checkpoint = 0  # the checkpoint edited, 0-based (len(checkpoints): a new one)
        self._hovered: Hex | None = None
        self._drawn: tuple[int, int, dict[str, str]] | None = None  # the terrain the view shows
        self._marks: list[QGraphicsItem] = []
        self._wet: list[QGraphicsItem] = []
        self._build()
        self._connect()
        self._refresh()
        self.view.fit()

    # -- building -------------------------------------------------------------------------------
    def _build(self) -> None:
        self.setObjectName("mapEditor")
        self.view = PaintView(self)
        self.panel = SidePanel(self.kinds, self)
        self.status = QLabel(self)
        self.status.setObjectName("mapEditorStatus")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        board = QVBoxLayout()
        board.addWidget(self.view, 1)
        board.addLayout(legend_row(self, legend_entries(NAMED_ZONES)))
        top = QHBoxLayout()
        top.addLayout(board, 1)
        top.addWidget(self.panel)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(bottom)
        self.resize(1100, 720)

    def _connect(self) -> None:
        view, panel = self.view, self.panel
        view.strokeStarted.connect(self._stroke_started)
        view.strokeMoved.connect(self._stroke_moved)
        view.strokeEnded.connect(self._stroke_ended)
        view.hexHovered.connect(self._hover)
        panel.name.textEdited.connect(self._name_edited)
        panel.name.editingFinished.connect(self._name_finished)
        panel.course.activated.connect(lambda index: self._commit(
            self._document.model_copy(update={"course": panel.course.itemData(index)})))
        panel.resize_button.clicked.connect(self.resize_map)
        panel.checkpoint.valueChanged.connect(lambda value: self.choose_checkpoint(value - 1))
        panel.new_checkpoint.clicked.connect(lambda: self.choose_checkpoint(len(self._document.checkpoints)))
        panel.delete_checkpoint.clicked.connect(self.delete_checkpoint)
        panel.palette_.chosen.connect(lambda _key: panel.tools["terrain"].setChecked(True))
        panel.undo.clicked.connect(self.undo)
        panel.redo.clicked.connect(self.redo)
        panel.import_button.clicked.connect(self.import_map)
        panel.export_button.clicked.connect(self.export_map)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for keys, slot in ((UNDO_KEYS, self.undo), (REDO_KEYS, self.redo)):
            for key in keys:
                QShortcut(QKeySequence(key), self).activated.connect(slot)

    # -- the map --------------------------------------------------------------------------------
    def document(self) -> HexMapFile:
        """The map as edited so far (what OK hands back)."""
        return self._document

    def modified(self) -> bool:
        """The map differs from the one the dialog opened with."""
        return self._document != self._original

    def _commit(self, new: HexMapFile, typing: bool = False) -> None:
        """``new`` becomes the map, one undo step (typing in the name joins the step before)."""
        if new == self._document:
            return
        if not (typing and self._typing):
            self._undo.append(self._document)
        self._redo.clear()
        self._typing = typing
        self._set(new)

    def _set(self, new: HexMapFile) -> None:
        self._document = new
        self._refresh()
        self.documentChanged.emit(new)

    def undo(self) -> None:
        if self._undo and self._stroke_base is None:
            self._redo.append(self._document)
            self._typing = False
            self._set(self._undo.pop())

    def redo(self) -> None:
        if self._redo and self._stroke_base is None:
            self._undo.append(self._document)
            self._typing = False
            self._set(self._redo.pop())

    # -- strokes --------------------------------------------------------------------------------
    def _stroke_started(self, h: Hex) -> None:
        self._stroke_base, self._stroke_hexes = self._document, []
        tool, text = self.panel.tool(), label(h)
        if tool == "zone":
            self._present = text not in self._document.zones.get(self.panel.zone_name(), [])
        elif tool == "checkpoint":
            checkpoints = self._document.checkpoints
            self._present = self._checkpoint >= len(checkpoints) or text not in checkpoints[self._checkpoint]
        self._stroke_moved(h)

    def _stroke_moved(self, h: Hex) -> None:
        base = self._stroke_base
        if base is None or h in self._stroke_hexes:
            return
        self._stroke_hexes.append(h)
        tool = self.panel.tool()
        if tool == "terrain":
            kind = self.panel.palette_.key()
            self._document = with_terrain(self._document, h, kind, self.default)
            self._wet.append(wet_paint(h, kind_colour(next(k for k in self.kinds if k.key == kind))))
            self.view.scene().addItem(self._wet[-1])
        elif tool == "zone":
            self._document = with_zone_hexes(base, self.panel.zone_name(), self._stroke_hexes, self._present)
            self._draw_marks()
        else:
            index = min(self._checkpoint, len(base.checkpoints))
            self._document = with_checkpoint_hexes(base, index, self._stroke_hexes, self._present)
            self._draw_marks()

    def _stroke_ended(self) -> None:
        base, self._stroke_base = self._stroke_base, None
        if base is None or self._document == base:
            self._refresh()
            return
        self._undo.append(base)
        self._redo.clear()
        self._typing = False
        self._set(self._document)

    # -- the controls ---------------------------------------------------------------------------
    def _name_edited(self, text: str) -> None:
        refused = name_refused(text.strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(text.strip()) and not refused)
        if refused:  # a pasted tab or line break: the map keeps its name, the GM reads why
            self.status.setText(refused)
        elif text.strip():
            self._commit(self._document.model_copy(update={"name": text.strip()}), typing=True)

    def _name_finished(self) -> None:
        self._typing = False
        if not self.panel.name.text().strip():  # left empty: the map keeps its name
            self.panel.name.setText(self._document.name)
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def resize_map(self) -> None:
        """The size in the spin boxes; what falls off is dropped once the GM agrees."""
        columns, rows = self.panel.columns.value(), self.panel.rows.value()
        document = self._document
        if (columns, rows) == (document.columns, document.rows):
            return
        lost = len(off_board(document, columns, rows))
        if lost and not confirm(self, tr("mapedit.resize_title"),
                                tr("mapedit.resize_confirm", columns=columns, rows=rows, count=lost)):
            self._refresh()  # the spin boxes show the map's size again
            return
        self._commit(resized(document, columns, rows))
        self.view.fit()

    def choose_checkpoint(self, index: int) -> None:
        """Edit checkpoint ``index`` (0-based; the number of checkpoints: a new one)."""
        self._checkpoint = max(0, min(index, len(self._document.checkpoints), CHECKPOINTS_MAX - 1))
        self.panel.tools["checkpoint"].setChecked(True)
        self._refresh()

    def delete_checkpoint(self) -> None:
        if self._checkpoint < len(self._document.checkpoints):
            self._commit(without_checkpoint(self._document, self._checkpoint))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() in DIGITS and self.panel.palette_.choose_number(event.key() - DIGITS[0] + 1):
            event.accept()
        elif event.key() in ENTER_KEYS and self.panel.name.hasFocus():
            self.view.setFocus()  # Enter after typing the name goes on painting; it does not close the editor
            event.accept()
        else:
            super().keyPressEvent(event)

    # -- files ----------------------------------------------------------------------------------
    def import_map(self) -> None:
        """A map file read whole replaces the map (one undo step); a bad one is refused, nothing lost."""
        path = ask_open_path(self)
        if path is None:
            return
        try:
            data = read_bytes(path, MAP)  # File → Import's guards: a regular file, a map's limit …
            found = read_map(data, tuple(kind.key for kind in self.kinds), path.name)
            if found.game != self._document.game:
                raise in_file(FileFormatError("error.map_other_game", game=found.game), path.name,
                              tr("strict.kind.map_file"))
        except FileFormatError as exc:
            self._refuse(tr("mapedit.import_title"), exc.message())
            return
        self._commit(found)
        self.view.fit()
        self.status.setText(tr("mapedit.imported", path=str(path)))

    def export_map(self) -> None:
        path = ask_save_path(self, self._document.name)
        if path is None:
            return
        try:
            write_atomic(path, write_map(self._document))
        except OSError as exc:
            self._refuse(tr("mapedit.export_title"), tr("error.save_failed", path=str(path), detail=exc.strerror or str(exc)))
            return
        self.status.setText(tr("mapedit.exported", path=str(path)))

    def _refuse(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    # -- closing --------------------------------------------------------------------------------
    def reject(self) -> None:
        """Cancel (or Escape, or the window's close box): unsaved changes are dropped once the GM agrees."""
        if self.modified() and not confirm(self, tr("mapedit.discard_title"), tr("mapedit.discard_confirm")):
            return
        super().reject()

    # -- showing --------------------------------------------------------------------------------
    def _refresh(self) -> None:
        document = self._document
        drawn = (document.columns, document.rows, document.terrain)
        if drawn != self._drawn:
            self.view.show_board(Board(document.columns, document.rows, self._drawn_kinds, document.hex_terrain()))
            self._drawn, self._marks, self._wet = drawn, [], []  # the scene deleted the old items
        self._clear_wet()
        self._draw_marks()
        self._show_controls()
        self._hover(self._hovered)

    def _clear_wet(self) -> None:
        for item in self._wet:
            self.view.scene().removeItem(item)
        self._wet = []

    def _draw_marks(self) -> None:
        for item in self._marks:
            self.view.scene().removeItem(item)
        self._marks = mark_items(self._document, self._checkpoint)
        for item in self._marks:
            self.view.scene().addItem(item)

    def _show_controls(self) -> None:
        document, panel = self._document, self.panel
        self.setWindowTitle(tr("mapedit.title", name=document.name) + (" *" if self.modified() else ""))
        if panel.name.text().strip() != document.name:
            panel.name.setText(document.name)
        panel.name.setToolTip(document.name)  # whole, however long (the field shows its start)
        panel.columns.setValue(document.columns)
        panel.rows.setValue(document.rows)
        panel.course.setCurrentIndex(max(0, panel.course.findData(document.course)))
        panel.show_zones(list(document.zones))
        self._checkpoint = min(self._checkpoint, len(document.checkpoints))
        panel.show_checkpoints(len(document.checkpoints), self._checkpoint)
        panel.undo.setEnabled(bool(self._undo))
        panel.redo.setEnabled(bool(self._redo))

    def _hover(self, h: Hex | None) -> None:
        """The status line: the hex under the pointer, its kind, its zones and checkpoints."""
        self._hovered = h
        if h is None:
            self.status.clear()
            return
        text, document = label(h), self._document
        key = document.terrain.get(text, self.default)
        parts = [next((kind.label for kind in self.kinds if kind.key == key), key)]
        parts += [tr(f"mapedit.zone.{zone}") if zone in NAMED_ZONES else zone
                  for zone, labels in document.zones.items() if text in labels]
        parts += [tr("mapedit.status.checkpoint", number=number)
                  for number, labels in enumerate(document.checkpoints, 1) if text in labels]
        self.status.setText(tr("mapedit.status.hex", hex=text, what=tr("mapedit.status.join").join(parts)))
