"""The map editor's side panel: the map's name, size and course direction, the tools (terrain
palette, zones, checkpoints), undo and redo, import and export. Widgets only: the dialog
(``map_editor.py``) connects them and keeps the map.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.hex.board import TerrainKind
from gmtool.core.hex.map_edits import LABELLED_MAX
from gmtool.core.hex.map_file import CHECKPOINTS_MAX, TEXT_MAX
from gmtool.core.i18n import tr
from gmtool.ui.start_shown_edit import StartShownLineEdit
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.tones import data_colour, see_through, shade, tone

TOOLS = ("terrain", "zone", "checkpoint")
COURSES = (None, "clockwise", "anticlockwise")
NAMED_ZONES = ("start", "finish")  # offered on every map; a map's other zones are offered by name
SWATCH = 18


def swatch_icon(*brushes: QBrush, size: int = SWATCH) -> QIcon:
    """A square painted with ``brushes`` one over the other, framed so that a dark one shows on a dark theme."""
    pixmap = QPixmap(size, size)
    pixmap.fill(see_through("indicator", 0))  # transparent
    painter = QPainter(pixmap)
    for brush in brushes:
        painter.fillRect(0, 0, size, size, brush)
    painter.setPen(QPen(tone("indicator"), 1))
    painter.drawRect(0, 0, size - 1, size - 1)
    painter.end()
    return QIcon(pixmap)


def kind_colour(kind: TerrainKind) -> QColor:
    return data_colour(kind.dark if shade() == "dark" else kind.light)


class KindPalette(QWidget):
    """One swatch button per terrain kind, numbered 1… (keys 1–9); exactly one is chosen."""

    chosen = Signal(str)  # the kind key

    def __init__(self, kinds: tuple[TerrainKind, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kinds = kinds
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for number, kind in enumerate(kinds, 1):
            layout.addWidget(self._button(number, kind))
        self.buttons[kinds[0].key].setChecked(True)
        self.group.buttonClicked.connect(lambda button: self.chosen.emit(button.property("kind")))

    def _button(self, number: int, kind: TerrainKind) -> QToolButton:
        button = QToolButton(self)
        button.setCheckable(True)
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.setIcon(swatch_icon(QBrush(kind_colour(kind))))
        button.setIconSize(QSize(SWATCH, SWATCH))
        shown = tr("mapedit.kind_numbered", number=number, name=kind.label) if number <= 9 else kind.label
        button.setText(shown)
        button.setToolTip(tr("mapedit.kind_tip", number=number, name=kind.label) if number <= 9 else kind.label)
        button.setProperty("kind", kind.key)
        button.setObjectName(f"kind_{kind.key}")
        self.group.addButton(button)
        self.buttons[kind.key] = button
        return button

    def key(self) -> str:
        checked = self.group.checkedButton()
        return checked.property("kind") if checked is not None else self.kinds[0].key

    def choose_number(self, number: int) -> bool:
        """Choose the ``number``-th kind (1-based); False when there is none."""
        if not 1 <= number <= len(self.kinds):
            return False
        key = self.kinds[number - 1].key
        self.buttons[key].setChecked(True)
        self.chosen.emit(key)
        return True


def _row(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    for button in buttons:
        row.addWidget(button)
    return row


class SidePanel(QWidget):
    """Every control of the editor beside the board."""

    def __init__(self, kinds: tuple[TerrainKind, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._map_box())
        layout.addWidget(self._tool_box(kinds))
        self.undo, self.redo = self._button("undo"), self._button("redo")
        layout.addLayout(_row(self.undo, self.redo))
        self.import_button, self.export_button = self._button("import_button"), self._button("export_button")
        layout.addLayout(_row(self.import_button, self.export_button))
        layout.addStretch(1)
        hint = _hint(tr("mapedit.view_hint"), self)
        set_tone(hint, "muted")
        layout.addWidget(hint)

    def _map_box(self) -> QGroupBox:
        box = QGroupBox(tr("mapedit.box.map"), self)
        form = QFormLayout(box)
        self.name = StartShownLineEdit(box)  # a long name shows its start
        self.name.setMaxLength(TEXT_MAX)
        form.addRow(tr("mapedit.name"), self.name)
        self.columns, self.rows = (self._size_spin(box, tr(key)) for key in ("mapedit.columns_tip", "mapedit.rows_tip"))
        size = QHBoxLayout()
        size.addWidget(self.columns)
        size.addWidget(QLabel("×", box))
        size.addWidget(self.rows)
        self.resize_button = QPushButton(tr("mapedit.resize"), box)
        self.resize_button.setToolTip(tr("mapedit.resize_tip"))
        size.addWidget(self.resize_button)
        form.addRow(tr("mapedit.size"), size)
        self.course = QComboBox(box)
        for course in COURSES:
            self.course.addItem(tr(f"mapedit.course.{course or 'none'}"), course)
        form.addRow(tr("mapedit.course"), self.course)
        return box

    @staticmethod
    def _size_spin(parent: QWidget, tip: str) -> QSpinBox:
        spin = QSpinBox(parent)
        spin.setRange(1, LABELLED_MAX)
        spin.setToolTip(tip)
        return spin

    def _tool_box(self, kinds: tuple[TerrainKind, ...]) -> QGroupBox:
        box = QGroupBox(tr("mapedit.box.tool"), self)
        layout = QVBoxLayout(box)
        self.tool_group = QButtonGroup(box)
        self.tools: dict[str, QRadioButton] = {}
        row = QHBoxLayout()
        for tool in TOOLS:
            self.tools[tool] = QRadioButton(tr(f"mapedit.tool.{tool}"), box)
            self.tools[tool].setToolTip(tr(f"mapedit.tool.{tool}_tip"))
            self.tool_group.addButton(self.tools[tool])
            row.addWidget(self.tools[tool])
        row.addStretch(1)
        layout.addLayout(row)
        self.pages = QStackedWidget(box)
        self.palette_ = KindPalette(kinds, self.pages)
        self.pages.addWidget(self.palette_)
        self.pages.addWidget(self._zone_page())
        self.pages.addWidget(self._checkpoint_page())
        layout.addWidget(self.pages)
        self.tools["terrain"].setChecked(True)
        self.tool_group.buttonToggled.connect(lambda _button, _on: self.pages.setCurrentIndex(TOOLS.index(self.tool())))
        return box

    def _zone_page(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.zone = QComboBox(page)
        layout.addWidget(self.zone)
        layout.addWidget(_hint(tr("mapedit.zone_hint"), page))
        layout.addStretch(1)
        return page

    def _checkpoint_page(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("mapedit.checkpoint"), page))
        self.checkpoint = QSpinBox(page)
        self.checkpoint.setMinimum(1)
        row.addWidget(self.checkpoint)
        self.checkpoint_of = QLabel(page)
        row.addWidget(self.checkpoint_of, 1)
        layout.addLayout(row)
        buttons = QHBoxLayout()
        self.new_checkpoint = QPushButton(tr("mapedit.checkpoint_new"), page)
        self.delete_checkpoint = QPushButton(tr("mapedit.checkpoint_delete"), page)
        buttons.addWidget(self.new_checkpoint)
        buttons.addWidget(self.delete_checkpoint)
        layout.addLayout(buttons)
        layout.addWidget(_hint(tr("mapedit.checkpoint_hint"), page))
        layout.addStretch(1)
        return page

    def _button(self, name: str) -> QPushButton:
        button = QPushButton(tr(f"mapedit.{name}"), self)
        button.setToolTip(tr(f"mapedit.{name}_tip"))
        return button

    # -- reading and showing ------------------------------------------------------------------
    def tool(self) -> str:
        return next((tool for tool, button in self.tools.items() if button.isChecked()), TOOLS[0])

    def zone_name(self) -> str:
        return self.zone.currentData() or NAMED_ZONES[0]

    def show_zones(self, names: list[str]) -> None:
        """The zones to choose from: start and finish, then the map's others by their own names."""
        chosen = self.zone_name()
        self.zone.blockSignals(True)
        self.zone.clear()
        for name in [*NAMED_ZONES, *sorted(set(names) - set(NAMED_ZONES))]:
            shown = tr(f"mapedit.zone.{name}") if name in NAMED_ZONES else name
            self.zone.addItem(shown, name)
        self.zone.setCurrentIndex(max(0, self.zone.findData(chosen)))
        self.zone.blockSignals(False)

    def show_checkpoints(self, count: int, current: int) -> None:
        """``count`` checkpoints, the 0-based ``current`` chosen (``count``: a new one)."""
        self.checkpoint.blockSignals(True)
        self.checkpoint.setMaximum(min(count + 1, CHECKPOINTS_MAX))  # a map holds at most 100 (the file's limit)
        self.checkpoint.setValue(current + 1)
        self.checkpoint.blockSignals(False)
        self.new_checkpoint.setEnabled(count < CHECKPOINTS_MAX)
        new = current >= count
        self.checkpoint_of.setText(tr("mapedit.checkpoint_new_one") if new else tr("mapedit.checkpoint_of", count=count))
        self.delete_checkpoint.setEnabled(not new)


def legend_row(parent: QWidget, entries: list[tuple[tuple[QBrush, ...], str]]) -> QHBoxLayout:
    """A swatch (painted with its brushes) and a name for each of ``entries``, left to right."""
    row = QHBoxLayout()
    for brushes, text in entries:
        swatch = QLabel(parent)
        swatch.setPixmap(swatch_icon(*brushes).pixmap(QSize(SWATCH, SWATCH)))
        row.addWidget(swatch)
        row.addWidget(QLabel(text, parent))
        row.addSpacing(8)
    row.addStretch(1)
    return row


def _hint(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    return label


# -- questions and files ------------------------------------------------------------------------
def confirm(parent: QWidget, title: str, text: str) -> bool:
    """Ask yes/no (No is the default)."""
    answer = QMessageBox.question(parent, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def ask_open_path(parent: QWidget) -> Path | None:
    chosen, _ = QFileDialog.getOpenFileName(parent, tr("mapedit.import_title"), "", tr("mapedit.filter"))
    return Path(chosen) if chosen else None


def ask_save_path(parent: QWidget, name: str) -> Path | None:
    """Where to export (None when cancelled), suggested from the map's name, ending in ``.json``."""
    suggested = (re.sub(r'[\\/:*?"<>|\s]+', "_", name).strip("._") or "map") + ".json"
    chosen, _ = QFileDialog.getSaveFileName(parent, tr("mapedit.export_title"), suggested, tr("mapedit.filter"))
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == ".json" else path.with_name(path.name + ".json")
