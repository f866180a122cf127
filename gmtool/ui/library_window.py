"""The NPC library window: search, filter by game and tag, edit, and put templates to use.

A top-level window over the campaign's :class:`LibraryStore`: a search box (every
word must appear in the name, tags or notes), game and tag filters, the list
(:class:`LibraryModel` behind a :class:`LibraryFilterProxy`), a preview of the
selected template, and buttons: New SR4 / New SR5, Edit, Duplicate, Delete
(after confirmation), Tags, Import Chummer…, Import JSON…, Export JSON…, and
Add to encounter (copies named ``Ganger 1…N`` or one grunt group, through the
main window's bridge, so it is one journaled command each and undoable).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.library.documents import store_fields, template_from_document
from gmtool.library.exchange import MAX_MEMBERS, save_npcs
from gmtool.library.template import AnyTemplate
from gmtool.library.to_sheet import convert, member_names
from gmtool.library.validation import validate_template
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore
from gmtool.ui.encounter_builder import ask_save_path
from gmtool.ui.import_report_dialog import (
    ImportOutcome,
    ImportReportDialog,
    import_paths,
)
from gmtool.ui.template_editor import TemplateEditor
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.library_model import (
    TEMPLATE_ID,
    LibraryFilterProxy,
    LibraryModel,
)
from gmtool.viewmodels.template_form_model import blank_document, split_items


def confirm(parent: QWidget, title: str, text: str) -> bool:
    """Ask yes/no (No is the default)."""
    answer = QMessageBox.question(parent, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def ask_open_paths(parent: QWidget, title: str, name_filter: str) -> list[Path]:
    chosen, _ = QFileDialog.getOpenFileNames(parent, title, "", name_filter)
    return [Path(p) for p in chosen]


def describe(template: AnyTemplate) -> str:
    """The preview of a template: what the GM needs to recognise it."""
    attributes = "  ".join(f"{tr(f'attr.{k}')[:3]} {v}" for k, v in template.attributes.items())
    lines = [template.name, tr(f"game.{template.edition.lower()}"), attributes]
    skills = [f"{s.name} {s.rating}" + (f" ({', '.join(s.specialisations)})" if s.specialisations else "")
              for s in template.skills if not s.knowledge]
    if skills:
        lines.append(tr("libui.preview.skills", skills=", ".join(skills)))
    for weapon in template.weapons:
        lines.append(tr("libui.preview.weapon", name=weapon.name, damage=weapon.damage, ap=weapon.ap,
                        modes="/".join(weapon.modes) or "—"))
    if template.edition == "SR5":
        lines.append(tr("libui.preview.armour_sr5", value=template.armour.value))
    else:
        lines.append(tr("libui.preview.armour_sr4", ballistic=template.armour.ballistic,
                        impact=template.armour.impact))
    if template.spells:
        lines.append(tr("libui.preview.spells", spells=", ".join(s.name for s in template.spells)))
    if template.notes:
        lines += ["", template.notes]
    return "\n".join(lines)


class AddToEncounterDialog(QDialog):
    """How many copies of a template join the encounter, and whether as a grunt group."""

    def __init__(self, name: str, rating: int | None, shared_monitor: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("libui.add.title"))
        self.count = QSpinBox(self)
        self.count.setObjectName("addCount")
        self.count.setRange(1, MAX_MEMBERS)
        self.group = QCheckBox(tr("libui.add.group"), self)
        self.group.setObjectName("addGroup")
        self.rating = QSpinBox(self)
        self.rating.setObjectName("addRating")
        self.rating.setRange(0, 6)
        self.rating.setValue(rating or 0)
        self.shared = QCheckBox(tr("libui.add.shared"), self)
        self.shared.setVisible(shared_monitor)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(tr("libui.add.template", name=name), self))
        form.addRow(tr("libui.add.count"), self.count)
        form.addRow(self.group)
        form.addRow(tr("libui.add.rating"), self.rating)
        form.addRow(self.shared)
        form.addRow(buttons)

    def chosen(self) -> tuple[int, bool, int, bool]:
        return self.count.value(), self.group.isChecked(), self.rating.value(), self.shared.isChecked()


class LibraryWindow(QWidget):
    """The NPC library of the open campaign."""

    imported = Signal(object)  # list[ImportOutcome]

    def __init__(self, campaign: Campaign, bridge=None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("libraryWindow")
        self.setWindowTitle(tr("libui.window.title", file=campaign.path.name))
        self.campaign = campaign
        self.store: LibraryStore = campaign.library
        self.bridge = bridge  # the main window's EncounterBridge ("Add to encounter"), or None
        self.model = LibraryModel(self.store, self)
        self.proxy = LibraryFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.editor: TemplateEditor | None = None
        self.report: ImportReportDialog | None = None
        self._make_filters()
        self._make_list()
        self._make_buttons()
        self._layout()
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._selection_changed())
        self._selection_changed()
        self.resize(1180, 700)

    # -- building ---------------------------------------------------------------------------------
    def _make_filters(self) -> None:
        self.search = QLineEdit(self)
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText(tr("libui.window.search_hint"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_text)
        self.game = QComboBox(self)
        self.game.setObjectName("libraryGame")
        self.game.addItem(tr("libui.window.all_games"), None)
        self.game.addItem(tr("game.sr5"), "sr5")
        self.game.addItem(tr("game.sr4"), "sr4")
        self.game.currentIndexChanged.connect(lambda _i: self.proxy.set_game(self.game.currentData()))
        self.tag = QComboBox(self)
        self.tag.setObjectName("libraryTag")
        self.tag.currentIndexChanged.connect(lambda _i: self.proxy.set_tag(self.tag.currentData()))
        self._fill_tags()

    def _fill_tags(self) -> None:
        current = self.tag.currentData()
        self.tag.blockSignals(True)
        self.tag.clear()
        self.tag.addItem(tr("libui.window.all_tags"), None)
        for tag in self.store.known_tags():
            self.tag.addItem(tag, tag)
        self.tag.setCurrentIndex(max(0, self.tag.findData(current)))
        self.tag.blockSignals(False)
        self.proxy.set_tag(self.tag.currentData())

    def _make_list(self) -> None:
        self.table = QTableView(self)
        self.table.setObjectName("libraryList")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.ResizeToContents)
        self.table.doubleClicked.connect(lambda _i: self.edit_selected())
        self.preview = QPlainTextEdit(self)
        self.preview.setObjectName("libraryPreview")
        self.preview.setReadOnly(True)
        self.message = QLabel(self)
        self.message.setObjectName("libraryMessage")
        self.message.setWordWrap(True)

    def _button(self, key: str, name: str, slot) -> QPushButton:
        button = QPushButton(tr(key), self)
        button.setObjectName(name)
        button.clicked.connect(lambda _c=False: slot())
        return button

    def _make_buttons(self) -> None:
        self.buttons = {
            "new_sr5": self._button("libui.window.new_sr5", "libraryNewSr5", lambda: self.new_template("SR5")),
            "new_sr4": self._button("libui.window.new_sr4", "libraryNewSr4", lambda: self.new_template("SR4")),
            "edit": self._button("libui.window.edit", "libraryEdit", self.edit_selected),
            "duplicate": self._button("libui.window.duplicate", "libraryDuplicate", self.duplicate_selected),
            "delete": self._button("libui.window.delete", "libraryDelete", self.delete_selected),
            "tags": self._button("libui.window.tags", "libraryTags", self.edit_tags),
            "import_chummer": self._button("libui.window.import_chummer", "libraryImportChummer", self.import_chummer),
            "import_json": self._button("libui.window.import_json", "libraryImportJson", self.import_json),
            "export_json": self._button("libui.window.export_json", "libraryExportJson", self.export_json),
            "add": self._button("libui.window.add_to_encounter", "libraryAddToEncounter", self.add_to_encounter),
        }
        self.buttons["add"].setDefault(True)

    def _layout(self) -> None:
        filters = QHBoxLayout()
        filters.addWidget(QLabel(tr("libui.window.search"), self))
        filters.addWidget(self.search, 3)
        filters.addWidget(QLabel(tr("libui.window.game"), self))
        filters.addWidget(self.game, 1)
        filters.addWidget(QLabel(tr("libui.window.tag"), self))
        filters.addWidget(self.tag, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.table)
        splitter.addWidget(self.preview)
        splitter.setSizes([760, 400])
        grid = QGridLayout()
        order = (("new_sr5", "new_sr4", "edit", "duplicate", "delete"),
                 ("tags", "import_chummer", "import_json", "export_json", "add"))
        for r, names in enumerate(order):
            for c, name in enumerate(names):
                grid.addWidget(self.buttons[name], r, c)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.message)
        layout.addLayout(grid)

    # -- selection ----------------------------------------------------------------------------------
    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [int(self.proxy.index(r, 0).data(TEMPLATE_ID)) for r in rows]

    def select_template(self, template_id: int) -> None:
        row = self.model.row_of(template_id)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid():
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.table.selectionModel().setCurrentIndex(index, flags)

    def _selection_changed(self) -> None:
        ids = self.selected_ids()
        one = len(ids) == 1
        for name in ("edit", "duplicate", "tags", "add"):
            self.buttons[name].setEnabled(one)
        self.buttons["add"].setEnabled(one and self.bridge is not None)
        self.buttons["delete"].setEnabled(bool(ids))
        template = self.load(ids[0]) if one else None
        self.preview.setPlainText(describe(template) if template is not None else "")

    def load(self, template_id: int) -> AnyTemplate | None:
        """A stored template, or None with the message shown."""
        try:
            record = self.store.get(template_id)
            return template_from_document(record.document, record.document_version)
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
            return None

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        set_tone(self.message, "error" if error else None)

    def refresh(self) -> None:
        self.model.refresh()
        self._fill_tags()
        self._selection_changed()

    # -- editing ---------------------------------------------------------------------------------------
    def new_template(self, edition: str) -> TemplateEditor:
        document = blank_document(edition, tr("libui.window.new_name"))
        return self._open_editor(document, None)

    def edit_selected(self) -> TemplateEditor | None:
        ids = self.selected_ids()
        template = self.load(ids[0]) if len(ids) == 1 else None
        if template is None:
            return None
        return self._open_editor(template.model_dump(mode="json"), ids[0])

    def _open_editor(self, document: dict, template_id: int | None) -> TemplateEditor:
        editor = TemplateEditor(document, self)
        editor.saved.connect(lambda template: self.store_template(template, template_id))
        self.editor = editor
        editor.open()
        return editor

    def store_template(self, template: AnyTemplate, template_id: int | None) -> int | None:
        """Add (``template_id`` None) or update a template in the store; its id."""
        fields = store_fields(template)
        try:
            if template_id is None:
                template_id = self.store.add(**fields)
            else:
                fields.pop("game")
                self.store.update(template_id, **fields)
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
            return None
        self.refresh()
        self.select_template(template_id)
        self.show_message(tr("libui.window.saved", name=template.name))
        return template_id

    def duplicate_selected(self) -> int | None:
        ids = self.selected_ids()
        template = self.load(ids[0]) if len(ids) == 1 else None
        if template is None:
            return None
        copy = template.model_copy(update={"name": tr("libui.window.copy_name", name=template.name)[:60]})
        return self.store_template(copy, None)

    def delete_selected(self) -> bool:
        ids = self.selected_ids()
        if not ids:
            return False
        names = [self.store.get(i).name for i in ids]
        if not confirm(self, tr("libui.window.delete_title"),
                       tr("libui.window.delete_question", count=len(ids), names=", ".join(names[:5]))):
            return False
        try:
            for template_id in ids:
                self.store.delete(template_id)
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
        self.refresh()
        self.show_message(tr("libui.window.deleted", count=len(ids)))
        return True

    def edit_tags(self) -> bool:
        ids = self.selected_ids()
        template = self.load(ids[0]) if len(ids) == 1 else None
        if template is None:
            return False
        text, ok = QInputDialog.getText(self, tr("libui.window.tags_title"), tr("libui.window.tags_label"),
                                        text=", ".join(template.tags))
        return ok and self.set_tags(ids[0], split_items(text))

    def set_tags(self, template_id: int, tags: list[str]) -> bool:
        template = self.load(template_id)
        if template is None:
            return False
        changed, messages = validate_template(dict(template.model_dump(mode="json"), tags=tags))
        if changed is None:
            self.show_message(next(iter(messages.values())), error=True)
            return False
        return self.store_template(changed, template_id) is not None

    # -- files ----------------------------------------------------------------------------------------
    def import_chummer(self) -> list[ImportOutcome]:
        paths = ask_open_paths(self, tr("libui.window.import_chummer_title"), tr("libui.filter.chummer"))
        return self.import_files(paths)

    def import_json(self) -> list[ImportOutcome]:
        paths = ask_open_paths(self, tr("libui.window.import_json_title"), tr("libui.filter.json"))
        return self.import_files(paths)

    def import_files(self, paths: list[Path]) -> list[ImportOutcome]:
        """Import files (Chummer or gmtool JSON), refresh, and show the report."""
        if not paths:
            return []
        current = self.bridge.workspace.encounter_id if self.bridge is not None else None
        outcomes = import_paths(self, self.campaign, paths, current)
        self.refresh()
        for outcome in outcomes:
            for template_id in outcome.template_ids[-1:]:
                self.select_template(template_id)
        self.report = ImportReportDialog(outcomes, self)
        self.report.open()
        self.imported.emit(outcomes)
        return outcomes

    def export_json(self) -> Path | None:
        """Export the selected templates (all listed ones when none is selected)."""
        ids = self.selected_ids() or [int(self.proxy.index(r, 0).data(TEMPLATE_ID)) for r in range(self.proxy.rowCount())]
        templates = [t for t in (self.load(i) for i in ids) if t is not None]
        if not templates:
            self.show_message(tr("libui.window.nothing_to_export"), error=True)
            return None
        path = ask_save_path(self, tr("libui.window.export_title"), "npcs.json")
        if path is None:
            return None
        try:
            save_npcs(path, templates)
        except (GmtoolError, OSError) as exc:
            self.show_message(exc.message() if isinstance(exc, GmtoolError) else str(exc), error=True)
            return None
        self.show_message(tr("libui.window.exported", count=len(templates), file=path.name))
        return path

    # -- the current encounter ---------------------------------------------------------------------
    def add_to_encounter(self) -> bool:
        ids = self.selected_ids()
        template = self.load(ids[0]) if len(ids) == 1 and self.bridge is not None else None
        if template is None:
            return False
        refusal = self._refusal_to_add(template)
        if refusal is not None:  # refused before asking how many
            self.show_message(refusal, error=True)
            return False
        dialog = AddToEncounterDialog(template.name, template.professional_rating,
                                      self.bridge.view.key == "sr5", self)
        if not dialog.exec():
            return False
        return self.add_template_to_encounter(template, *dialog.chosen())

    def _refusal_to_add(self, template: AnyTemplate) -> str | None:
        """Why this NPC cannot join the current encounter (another game's NPC), or None."""
        game = self.bridge.view.key
        if template.edition.lower() != game:
            return tr("libui.error.wrong_game", game=tr(f"game.{template.edition.lower()}"), encounter=tr(f"game.{game}"))
        return None

    def add_template_to_encounter(self, template: AnyTemplate, count: int, group: bool, rating: int,
                                  shared: bool = False) -> bool:
        """N copies (``Ganger 1…N``) or one grunt group of ``template`` join the current encounter."""
        bridge = self.bridge
        refusal = self._refusal_to_add(template)
        if refusal is not None:
            self.show_message(refusal, error=True)
            return False
        try:
            conversion = convert(template)
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
            return False
        sheet = conversion.sheet
        if group and count >= 2:
            refusal = bridge.attempt(bridge.view.grunt_group(sheet, count, rating, shared))
        else:
            refusal = None
            for name in member_names(template, count):
                refusal = bridge.attempt(bridge.view.add(sheet.model_copy(update={"name": name})))
                if refusal is not None:
                    break
        if refusal is not None:
            self.show_message(refusal, error=True)
            return False
        text = tr("libui.window.added", count=count, name=template.name)
        if conversion.skipped_weapons:
            text += " " + tr("libui.window.skipped_weapons", names=", ".join(conversion.skipped_weapons))
        self.show_message(text, error=bool(conversion.skipped_weapons))
        return True
