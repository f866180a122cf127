"""The library window: search, filter by game and tag, edit, and put templates to use.

A top-level window over the campaign's :class:`LibraryStore`: a search box (every
word must appear in the name, tags or notes), game and tag filters, the list
(:class:`LibraryModel` behind a :class:`LibraryFilterProxy`), a preview of the
selected template, and buttons: New (one entry per game that keeps templates), Edit,
Duplicate, Delete (after confirmation), Tags, Import…, Export…, and Add to encounter.
Each template is read, previewed, edited, exported and added through its game's library
(:mod:`gmtool.core.library`, :mod:`gmtool.ui.library_parts`); adding runs the game's
commands through the main window's bridge, one journaled command each, undoable.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.library import ExportFormat
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore
from gmtool.storage.templates import Library, library_for, library_games, load_template, store_fields
from gmtool.ui.import_report_dialog import (
    ImportOutcome,
    ImportReportDialog,
    import_filter,
    import_paths,
)
from gmtool.ui.library_parts import AddPlan, library_gui_for

if TYPE_CHECKING:
    from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.ui.named_button import named_button
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.game_view import game_name
from gmtool.viewmodels.library_model import (
    TEMPLATE_ID,
    LibraryFilterProxy,
    LibraryModel,
)
from gmtool.viewmodels.text_lists import split_items

NAME_LENGTH = 60


def confirm(parent: QWidget, title: str, text: str) -> bool:
    """Ask yes/no (No is the default)."""
    answer = QMessageBox.question(parent, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def ask_open_paths(parent: QWidget, title: str, name_filter: str) -> list[Path]:
    chosen, _ = QFileDialog.getOpenFileNames(parent, title, "", name_filter)
    return [Path(p) for p in chosen]


def ask_folder(parent: QWidget, title: str) -> Path | None:
    """A folder to read (None when cancelled)."""
    chosen = QFileDialog.getExistingDirectory(parent, title)
    return Path(chosen) if chosen else None


def ask_save_path(parent: QWidget, title: str, suggested: str, name_filter: str | None = None) -> Path | None:
    """Where to save a file (None when cancelled); it gets the suggested name's ending (JSON by default)."""
    chosen, _ = QFileDialog.getSaveFileName(parent, title, suggested, name_filter or tr("libui.filter.json"))
    if not chosen:
        return None
    path = Path(chosen)
    suffix = Path(suggested).suffix or ".json"
    return path if path.suffix.lower() == suffix else path.with_suffix(suffix)


class LibraryWindow(QWidget):
    """The template library of the open campaign (every game's)."""

    imported = Signal(object)  # list[ImportOutcome]

    def __init__(self, campaign: Campaign, bridge: EncounterBridge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("libraryWindow")
        self.setWindowTitle(tr("libui.window.title", file=campaign.path.name))
        self.campaign = campaign
        self.store: LibraryStore = campaign.library
        self.bridge = bridge  # the main window's EncounterBridge ("Add to encounter"), or None
        self.model = LibraryModel(self.store, self)
        self.proxy = LibraryFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.editor: QDialog | None = None
        self._read: dict[int, Library] = {}  # id(template) -> the library that read it (this window's loads)
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
        for key in library_games():
            self.game.addItem(game_name(key), key)
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
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        self.preview = QPlainTextEdit(self)
        self.preview.setObjectName("libraryPreview")
        self.preview.setReadOnly(True)
        self.message = QLabel(self)
        self.message.setObjectName("libraryMessage")
        self.message.setWordWrap(True)

    def _make_buttons(self) -> None:
        self.buttons = {
            "new": self._new_button(),
            "edit": named_button("libui.window.edit", "libraryEdit", self.edit_selected, self),
            "duplicate": named_button("libui.window.duplicate", "libraryDuplicate", self.duplicate_selected, self),
            "delete": named_button("libui.window.delete", "libraryDelete", self.delete_selected, self),
            "tags": named_button("libui.window.tags", "libraryTags", self.edit_tags, self),
            "import": named_button("libui.window.import", "libraryImport", self.ask_import, self),
            "export_json": named_button("libui.window.export_json", "libraryExportJson", self.export_json, self),
            "add": named_button("libui.window.add_to_encounter", "libraryAddToEncounter", self.add_to_encounter, self),
            "party": named_button("party.library.add", "libraryAddToParty", self.add_to_party, self),
        }
        self.buttons["add"].setDefault(True)

    def _new_button(self) -> QPushButton:
        """New…: a menu with one entry per game that keeps templates."""
        button = QPushButton(tr("libui.window.new"), self)
        button.setObjectName("libraryNew")
        menu = QMenu(button)
        for key in library_games():
            action = menu.addAction(game_name(key))
            action.setObjectName(f"libraryNew_{key}")
            action.triggered.connect(lambda _c=False, k=key: self.new_template(k))
        button.setMenu(menu)
        return button

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
        order = (("new", "edit", "duplicate", "delete"), ("tags", "import", "export_json", "add"), ("party",))
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
        self.buttons["party"].setEnabled(bool(ids))
        template = self.load(ids[0]) if one else None
        self.preview.setPlainText(self.library_of(template).preview(template) if template is not None else "")

    def load(self, template_id: int) -> object | None:
        """A stored template, read by its game's library, or None with the message shown."""
        try:
            library, template = load_template(self.store, template_id)
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
            return None
        self._read[id(template)] = library
        return template

    def library_of(self, template: object) -> Library:
        """The library that read (or made) ``template``."""
        return self._read[id(template)]

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        set_tone(self.message, "error" if error else None)

    def refresh(self) -> None:
        self.model.refresh()
        self._fill_tags()
        self._selection_changed()

    # -- editing ---------------------------------------------------------------------------------------
    def new_template(self, game: str) -> QDialog | None:
        """A new template of ``game`` in its editor (not stored until saved)."""
        game = game.lower()
        library = library_for(game)
        if library is None:
            return None
        return self._open_editor(game, library.blank(game, tr("libui.window.new_name")), None)

    def _one_selected(self) -> tuple[int, object, Library] | None:
        """The one template selected (its id, itself and its library); None unless exactly one loads."""
        ids = self.selected_ids()
        template = self.load(ids[0]) if len(ids) == 1 else None
        return None if template is None else (ids[0], template, self.library_of(template))

    def edit_selected(self) -> QDialog | None:
        if (selected := self._one_selected()) is None:
            return None
        template_id, template, library = selected
        return self._open_editor(library.game_of(template), library.document(template), template_id)

    def _open_editor(self, game: str, document: dict[str, object], template_id: int | None) -> QDialog | None:
        gui = library_gui_for(game)
        library = library_for(game)
        if gui is None or library is None:
            return None
        editor = gui.editor(document, self)
        # the game's editor declares the signal (LibraryGui.editor); the protocol can only say QDialog
        editor.saved.connect(lambda template: self.store_template(template, template_id, library))  # type: ignore[attr-defined]  # a signal of the game's dialog
        self.editor = editor
        editor.open()
        return editor

    def store_template(self, template: object, template_id: int | None, library: Library | None = None) -> int | None:
        """Add (``template_id`` None) or update a template in the store; its id."""
        library = library or self.library_of(template)
        fields = store_fields(library, template)
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
        self.show_message(tr("libui.window.saved", name=fields["name"]))
        return template_id

    def duplicate_selected(self) -> int | None:
        if (selected := self._one_selected()) is None:
            return None
        _id, template, library = selected
        name = tr("libui.window.copy_name", name=library.columns(template).name)[:NAME_LENGTH]
        return self.store_template(library.renamed(template, name), None, library)

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
        tags = self.library_of(template).columns(template).tags
        text, ok = QInputDialog.getText(self, tr("libui.window.tags_title"), tr("libui.window.tags_label"),
                                        text=", ".join(tags))
        return ok and self.set_tags(ids[0], split_items(text))

    def set_tags(self, template_id: int, tags: list[str]) -> bool:
        template = self.load(template_id)
        if template is None:
            return False
        library = self.library_of(template)
        try:
            changed = library.retagged(template, tuple(tags))
        except GmtoolError as exc:
            self.show_message(exc.message(), error=True)
            return False
        return self.store_template(changed, template_id, library) is not None

    # -- files ----------------------------------------------------------------------------------------
    def ask_import(self) -> list[ImportOutcome]:
        paths = ask_open_paths(self, tr("libui.action.import_title"), import_filter())
        return self.import_files(paths)

    def import_files(self, paths: list[Path]) -> list[ImportOutcome]:
        """Import files (each through the game that reads it), refresh, and show the report."""
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
        """Export the selected templates (all listed ones when none is selected) as the game's own JSON."""
        return self._export(None)

    def export_as(self, key: str) -> Path | None:
        """Export the selected (or all listed) templates in another program's format their library writes."""
        return self._export(key)

    def export_formats(self) -> tuple[ExportFormat, ...]:
        """The other formats the selected templates' library writes (none when several games are selected)."""
        libraries = {id(lib): lib for lib in (self.library_of(t) for t in self._to_export()[0])}
        return next(iter(libraries.values())).export_formats if len(libraries) == 1 else ()

    def _to_export(self) -> tuple[list[object], list[int]]:
        ids = self.selected_ids() or [int(self.proxy.index(r, 0).data(TEMPLATE_ID)) for r in range(self.proxy.rowCount())]
        return [t for t in (self.load(i) for i in ids) if t is not None], ids

    def _export(self, key: str | None) -> Path | None:
        templates = self._to_export()[0]
        if not templates:
            self.show_message(tr("libui.window.nothing_to_export"), error=True)
            return None
        libraries = {id(self.library_of(t)): self.library_of(t) for t in templates}
        if len(libraries) > 1:  # one file holds one game's templates
            self.show_message(tr("libui.window.export_one_game"), error=True)
            return None
        library = next(iter(libraries.values()))
        chosen = next((f for f in library.export_formats if f.key == key), None)
        if key is not None and chosen is None:
            self.show_message(tr("error.export_format_unknown", format=key), error=True)
            return None
        game = tr(chosen.label) if chosen else game_name(library.game_of(templates[0]))
        suffix = chosen.suffix if chosen else library.export_suffix
        path = ask_save_path(self, tr("libui.window.export_title"), f"templates{suffix}",
                             tr("libui.filter.export", game=game, suffix=suffix))
        if path is None:
            return None
        try:
            if chosen is None:
                library.export(tuple(templates), path)
            else:
                library.export_as(chosen.key, tuple(templates), path)
        except (GmtoolError, OSError) as exc:
            self.show_message(exc.message() if isinstance(exc, GmtoolError) else str(exc), error=True)
            return None
        self.show_message(tr("libui.window.exported", count=len(templates), file=path.name))
        return path

    def _context_menu(self, position: QPoint) -> None:
        self.context_menu_here().popup(self.table.viewport().mapToGlobal(position))

    def context_menu_here(self) -> QMenu:
        """The list's context menu: export the selection as JSON, and in each other format its library writes."""
        menu = QMenu(self.table)
        menu.setObjectName("libraryContextMenu")
        json_action = menu.addAction(tr("libui.window.export_json"))
        json_action.triggered.connect(lambda _c=False: self.export_json())
        for chosen in self.export_formats():
            action = menu.addAction(tr("libui.export.as_format", format=tr(chosen.label)))
            action.setObjectName(f"libraryExport_{chosen.key}")
            action.triggered.connect(lambda _c=False, k=chosen.key: self.export_as(k))
        if self.context_menu is not None:
            self.context_menu.deleteLater()
        self.context_menu = menu
        return menu

    # -- the current encounter ---------------------------------------------------------------------
    def add_to_encounter(self) -> bool:
        """Add the selected template to the current encounter: its game asks how (how many, as a group …)."""
        ids, bridge = self.selected_ids(), self.bridge
        template = self.load(ids[0]) if len(ids) == 1 and bridge is not None else None
        if template is None or bridge is None:
            return False
        refusal = self._refusal_to_add(template, bridge)
        if refusal is not None:  # refused before asking how many
            self.show_message(refusal, error=True)
            return False
        gui = library_gui_for(self.library_of(template).game_of(template))
        try:
            plan = gui.ask_to_add(template, self) if gui is not None else None
        except GmtoolError as exc:  # the game's sheet refuses the template
            self.show_message(exc.message(), error=True)
            return False
        return plan is not None and self.add_template_to_encounter(template, plan)

    def add_to_party(self) -> None:
        """Each selected template becomes a member of its game's party, as the template is (File → Party…)."""
        from gmtool.ui.party_window import add_templates_to_party

        self.show_message(*add_templates_to_party(self.campaign, self.selected_ids()))

    def _refusal_to_add(self, template: object, bridge: EncounterBridge) -> str | None:
        """Why this template cannot join the current encounter (another game's), or None."""
        game, encounter = self.library_of(template).game_of(template), bridge.view.key
        if game != encounter:
            return tr("libui.error.wrong_game", game=game_name(game), encounter=game_name(encounter))
        return None

    def add_template_to_encounter(self, template: object, plan: AddPlan) -> bool:
        """Run the game's commands for ``template`` through the bridge (each journaled, each undoable)."""
        bridge = self.bridge
        assert bridge is not None, "Add to encounter is offered only with an encounter open"
        refusal = self._refusal_to_add(template, bridge)
        if refusal is None:
            for command in plan.commands:
                refusal = bridge.attempt(command)
                if refusal is not None:
                    break
        if refusal is not None:
            self.show_message(refusal, error=True)
            return False
        self.show_message(plan.message, error=plan.warning)
        return True
