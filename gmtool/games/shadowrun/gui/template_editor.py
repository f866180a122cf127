"""The template form: every field of an NPC template, each with its message beside it.

Fields edit a :class:`TemplateFormModel`; after every change the model validates
the whole template and each field's message (translated, from
:mod:`gmtool.games.shadowrun.library.validation`) appears next to it in red. Lists (skills,
weapons, spells, programs, augmentations) are tables: an invalid cell turns red
with its message as tooltip, and the list's messages are written under it. Save
stays disabled while anything is invalid; a tab holding a problem shows a mark.
A valid template whose weapon codes the rules cannot read (a grenade's
``(10m Radius)``) may be saved; the form says which weapons the combat sheet
will leave off.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.gui.template_form_model import (
    LIST_COLUMNS,
    TemplateFormModel,
    cell_text,
)
from gmtool.games.shadowrun.library.template import METATYPES, AnyTemplate
from gmtool.games.shadowrun.library.to_sheet import sheet_weapons
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES
from gmtool.ui.table_editor import table_with_buttons
from gmtool.ui.theme import set_tone
from gmtool.ui.toned_line import toned_line
from gmtool.viewmodels.tones import tone

SPIN_LIMIT = 99  # spin boxes reach past the rules' limits, so a wrong value is shown, not hidden
# The tabs and the field paths whose messages each one shows.
TABS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("basics", ("name", "metatype", "professional_rating", "tags", "attributes", "initiative_bonus",
                "initiative_dice", "initiative_passes", "essence", "magic", "resonance", "armour", "monitors",
                "template")),
    ("skills", ("skills",)),
    ("weapons", ("weapons",)),
    ("magic", ("spells", "programs")),
    ("augmentations", ("augmentations",)),
    ("notes", ("notes", "source")),
)


def error_label(parent: QWidget, path: str) -> QLabel:
    label = toned_line(parent, f"error_{path}", "error")
    label.hide()
    return label


def metatype_label(key: str) -> str:
    from gmtool.games.shadowrun.sr5.rules.sheet import metatypes

    info = metatypes().metatypes.get(key)
    return info.label.get(active_language(), info.label["en"]) if info else key


class ListEditor(QWidget):
    """One list of the template as a table, with Add/Remove and the list's messages under it."""

    def __init__(self, model: TemplateFormModel, list_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.list_name = list_name
        self.columns = [name for name, _ in LIST_COLUMNS[list_name]]
        self.bools = {name for name, conv in LIST_COLUMNS[list_name] if conv is bool}
        self.table = QTableWidget(0, len(self.columns), self)
        self.table.setObjectName(f"table_{list_name}")
        self.table.setHorizontalHeaderLabels([tr(f"libui.col.{c}") for c in self.columns])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setDefaultSectionSize(96)
        self.table.setColumnWidth(0, 200)
        self.table.setWordWrap(False)
        if list_name == "weapons" and model.edition == "SR4":
            self.table.hideColumn(self.columns.index("accuracy"))  # SR5 only
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.itemChanged.connect(self._edited)
        add = QPushButton(tr("libui.editor.add_row"), self)
        add.setObjectName(f"add_{list_name}")
        add.clicked.connect(self.add_row)
        remove = QPushButton(tr("libui.editor.remove_row"), self)
        remove.setObjectName(f"remove_{list_name}")
        remove.clicked.connect(self.remove_row)
        self.errors = error_label(self, list_name)
        table_with_buttons(self, self.table, (add, remove), self.errors, stretch=1)
        self.reload()
        model.changed.connect(lambda path: self.reload() if path == list_name else None)
        model.messagesChanged.connect(self.show_messages)

    def reload(self) -> None:
        rows = self.model.rows(self.list_name)
        self.table.blockSignals(True)
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, column in enumerate(self.columns):
                item = QTableWidgetItem()
                if column in self.bools:
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable)
                    item.setCheckState(Qt.CheckState.Checked if row.get(column) else Qt.CheckState.Unchecked)
                else:
                    item.setText(cell_text(row.get(column)))
                self.table.setItem(r, c, item)
        self.table.blockSignals(False)
        self.show_messages()

    def _edited(self, item: QTableWidgetItem) -> None:
        column = self.columns[item.column()]
        value: str | bool = (item.checkState() == Qt.CheckState.Checked) if column in self.bools else item.text()
        self.model.set_cell(self.list_name, item.row(), column, value)

    def add_row(self) -> None:
        row = self.model.add_row(self.list_name)
        self.table.setCurrentCell(row, 0)
        item = self.table.item(row, 0)
        if item is not None:
            self.table.editItem(item)

    def remove_row(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.model.remove_row(self.list_name, row)

    def show_messages(self) -> None:
        messages = self.model.messages_under(self.list_name)
        self.table.blockSignals(True)
        for r in range(self.table.rowCount()):
            for c, column in enumerate(self.columns):
                item = self.table.item(r, c)
                if item is None:
                    continue
                found = self.model.messages_under(f"{self.list_name}.{r}.{column}")
                item.setBackground(QBrush(tone("invalid_cell")) if found else QBrush())
                item.setToolTip("\n".join(found.values()))
        self.table.blockSignals(False)
        lines = [self._line(path, text) for path, text in messages.items()]
        self.errors.setText("\n".join(lines))
        self.errors.setVisible(bool(lines))

    def _line(self, path: str, text: str) -> str:
        parts = path.split(".")
        if len(parts) >= 3 and parts[1].isdigit():
            return tr("libui.editor.cell_message", row=int(parts[1]) + 1, column=tr(f"libui.col.{parts[2]}"),
                      message=text)
        return text


class TemplateEditor(QDialog):
    """Edit one template; :attr:`saved` carries the validated template when Save is pressed."""

    saved = Signal(object)  # AnyTemplate

    def __init__(self, document: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("templateEditor")
        self.model = TemplateFormModel(document, self)
        self.edition = self.model.edition
        self.setWindowTitle(tr("libui.editor.title", game=tr(f"game.{self.edition.lower()}")))
        self.errors: dict[str, QLabel] = {}
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("editorTabs")
        self.tabs.addTab(self._basics(), tr("libui.tab.basics"))
        self.lists = {name: ListEditor(self.model, name, self) for name in LIST_COLUMNS}
        self.tabs.addTab(self.lists["skills"], tr("libui.tab.skills"))
        self.tabs.addTab(self.lists["weapons"], tr("libui.tab.weapons"))
        self.tabs.addTab(self._magic_tab(), tr("libui.tab.magic").replace("&", "&&"))
        self.tabs.addTab(self.lists["augmentations"], tr("libui.tab.augmentations"))
        self.tabs.addTab(self._notes_tab(), tr("libui.tab.notes"))
        self.summary = QLabel(self)
        self.summary.setObjectName("editorSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setObjectName("saveTemplate")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Save), self).activated.connect(self.save)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.model.messagesChanged.connect(self.show_messages)
        self.model.changed.connect(lambda _path: self._show_summary())
        self.show_messages()
        self.resize(1040, 700)

    # -- building ---------------------------------------------------------------------------------
    def _error(self, parent: QWidget, path: str) -> QLabel:
        label = error_label(parent, path)
        self.errors[path] = label
        return label

    def _line(self, parent: QWidget, path: str, text: str) -> QLineEdit:
        edit = QLineEdit(text, parent)
        edit.setObjectName(f"field_{path}")
        return edit

    def _spin(self, parent: QWidget, path: str, low: int = 0, high: int = SPIN_LIMIT) -> QSpinBox:
        spin = QSpinBox(parent)
        spin.setObjectName(f"field_{path}")
        spin.setRange(low, high)
        spin.setValue(int(self.model.value(path) or 0))
        spin.valueChanged.connect(lambda v, p=path: self.model.set_value(p, v))
        return spin

    def _basics(self) -> QWidget:
        page = QWidget(self)
        form = QFormLayout()
        self.name = self._line(page, "name", str(self.model.value("name") or ""))
        self.name.textChanged.connect(lambda t: self.model.set_value("name", t))
        form.addRow(tr("libui.field.name"), self._with_error(page, self.name, "name"))
        self.metatype = QComboBox(page)
        self.metatype.setObjectName("field_metatype")
        for key in METATYPES:
            self.metatype.addItem(metatype_label(key), key)
        self.metatype.setCurrentIndex(max(0, self.metatype.findData(self.model.value("metatype") or "human")))
        self.metatype.currentIndexChanged.connect(lambda _i: self.model.set_value("metatype", self.metatype.currentData()))
        form.addRow(tr("libui.field.metatype"), self._with_error(page, self.metatype, "metatype"))
        self.rating = QComboBox(page)
        self.rating.setObjectName("field_professional_rating")
        self.rating.addItem(tr("libui.editor.no_rating"), None)
        for value in range(7):
            self.rating.addItem(str(value), value)
        self.rating.setCurrentIndex(max(0, self.rating.findData(self.model.value("professional_rating"))))
        self.rating.currentIndexChanged.connect(
            lambda _i: self.model.set_value("professional_rating", self.rating.currentData()))
        form.addRow(tr("libui.field.professional_rating"), self._with_error(page, self.rating, "professional_rating"))
        self.tags = self._line(page, "tags", ", ".join(self.model.value("tags") or []))
        self.tags.setPlaceholderText(tr("libui.editor.tags_hint"))
        self.tags.textChanged.connect(self._tags_typed)
        form.addRow(tr("libui.field.tags"), self._with_error(page, self.tags, "tags"))
        layout = QHBoxLayout(page)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self._attributes(page))
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self._combat_box(page))
        right.addStretch(1)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)
        return page

    def _with_error(self, parent: QWidget, field: QWidget, path: str) -> QWidget:
        """The field with its message to its right."""
        box = QWidget(parent)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(field, 1)
        row.addWidget(self._error(box, path), 1)
        return box

    def _attributes(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox(tr("libui.field.attributes"), parent)
        grid = QGridLayout(box)
        self.attribute_spins: dict[str, QSpinBox] = {}
        for i, attribute in enumerate(ATTRIBUTES):
            spin = self._spin(box, f"attributes.{attribute}")
            self.attribute_spins[attribute] = spin
            grid.addWidget(QLabel(tr(f"attr.{attribute}"), box), i // 3, (i % 3) * 2)
            grid.addWidget(spin, i // 3, (i % 3) * 2 + 1)
        grid.addWidget(self._error(box, "attributes"), 3, 0, 1, 6)
        return box

    def _combat_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox(tr("libui.editor.combat"), parent)
        form = QFormLayout(box)
        form.addRow(tr("libui.field.initiative_bonus"),
                    self._with_error(box, self._spin(box, "initiative_bonus"), "initiative_bonus"))
        if self.edition == "SR5":
            form.addRow(tr("libui.field.initiative_dice"),
                        self._with_error(box, self._spin(box, "initiative_dice"), "initiative_dice"))
            form.addRow(tr("libui.field.armour"), self._with_error(box, self._spin(box, "armour.value"), "armour"))
        else:
            form.addRow(tr("libui.field.initiative_passes"),
                        self._with_error(box, self._spin(box, "initiative_passes"), "initiative_passes"))
            form.addRow(tr("libui.field.ballistic"), self._spin(box, "armour.ballistic"))
            form.addRow(tr("libui.field.impact"), self._with_error(box, self._spin(box, "armour.impact"), "armour"))
        essence = QDoubleSpinBox(box)
        essence.setObjectName("field_essence")
        essence.setRange(0.0, 9.99)
        essence.setDecimals(2)
        essence.setValue(float(self.model.value("essence") if self.model.value("essence") is not None else 6.0))
        essence.valueChanged.connect(lambda v: self.model.set_value("essence", round(v, 2)))
        form.addRow(tr("libui.field.essence"), self._with_error(box, essence, "essence"))
        magic = self._line(box, "magic", cell_text(self.model.value("magic")))
        magic.setPlaceholderText(tr("libui.editor.none_hint"))
        magic.textChanged.connect(lambda t: self._optional_number("magic", t))
        form.addRow(tr("libui.field.magic"), self._with_error(box, magic, "magic"))
        form.addRow(tr("libui.field.physical_boxes"), self._spin(box, "monitors.physical_boxes"))
        form.addRow(tr("libui.field.stun_boxes"),
                    self._with_error(box, self._spin(box, "monitors.stun_boxes"), "monitors"))
        form.addRow(self._error(box, "template"))
        return box

    def _magic_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel(tr("libui.editor.spells"), page))
        layout.addWidget(self.lists["spells"], 1)
        layout.addWidget(QLabel(tr("libui.editor.programs"), page))
        layout.addWidget(self.lists["programs"], 1)
        return page

    def _notes_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        self.notes = QPlainTextEdit(str(self.model.value("notes") or ""), page)
        self.notes.setObjectName("field_notes")
        self.notes.setPlaceholderText(tr("libui.editor.notes_hint"))
        self.notes.textChanged.connect(lambda: self.model.set_value("notes", self.notes.toPlainText()))
        layout.addWidget(self.notes, 1)
        layout.addWidget(self._error(page, "notes"))
        source = QLabel(tr("libui.editor.source", source=str(self.model.value("source") or "—")), page)
        layout.addWidget(source)
        return page

    # -- typing -------------------------------------------------------------------------------------
    def _tags_typed(self, text: str) -> None:
        from gmtool.viewmodels.text_lists import split_items

        self.model.set_value("tags", split_items(text))

    def _optional_number(self, path: str, text: str) -> None:
        text = text.strip()
        self.model.set_value(path, None if not text else (int(text) if text.isdigit() else text))

    # -- messages and saving --------------------------------------------------------------------------
    def show_messages(self) -> None:
        for path, label in self.errors.items():
            found = self.model.messages_under(path)
            if path == "initiative_bonus" or path.startswith("initiative_"):
                found = {p: m for p, m in found.items() if p == path}
            label.setText("\n".join(found.values()))
            label.setVisible(bool(found))
        messages = self.model.messages()
        for index, (tab, prefixes) in enumerate(TABS):
            bad = any(p.split(".")[0] in prefixes for p in messages)
            self.tabs.setTabText(index, ("⚠ " if bad else "") + tr(f"libui.tab.{tab}").replace("&", "&&"))
        self.save_button.setEnabled(self.model.valid)
        self._show_summary()

    def _show_summary(self) -> None:
        set_tone(self.summary, "error" if not self.model.valid else "warning")
        self.summary.setText(self._summary_text(len(self.model.messages())))

    def _summary_text(self, problems: int) -> str:
        """What blocks saving, or which weapons the combat sheet will leave off (saving allowed)."""
        template = self.model.template
        if template is None:
            return tr("libui.editor.problems", count=problems)
        skipped = sheet_weapons(template)[1]
        return tr("libui.editor.weapons_unreadable", names=", ".join(skipped)) if skipped else ""

    def save(self) -> None:
        template: AnyTemplate | None = self.model.template
        if template is None:
            return
        self.saved.emit(template)
        self.accept()
