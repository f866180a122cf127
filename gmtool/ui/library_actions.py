"""The library's File-menu actions and file drops on the main window.

:func:`install_library_actions` (called once from ``MainWindow.__init__``)
adds to the File menu, after "Switch encounter": NPC library… (Ctrl+Shift+L),
Import… (Chummer ``.chum5``/``.chum`` or gmtool JSON; Ctrl+Shift+O),
Export NPCs / encounter as JSON…, Build encounter… and Restore backup…; and it
installs an event filter so that dropping ``.chum5``/``.chum``/``.json`` files
on the window imports them. Every import ends with its report in a dialog.

Restoring needs the workspace closed, which only the application controller can
do: the :class:`LibraryActions` object (``window.findChild(LibraryActions)``)
emits ``restoreRequested(Path)`` for it to connect.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QDialog, QInputDialog, QMainWindow, QMenu, QWidget

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.ui.actions import LIBRARY_SPECS
from gmtool.ui.window_actions import WindowActions
from gmtool.viewmodels.game_view import game_name

if TYPE_CHECKING:  # each loads on first use: the first screen shows none of them
    from gmtool.core.library import ExportFormat
    from gmtool.storage.templates import Library
    from gmtool.ui.backup_dialog import BackupDialog
    from gmtool.ui.import_report_dialog import ImportOutcome, ImportReportDialog
    from gmtool.ui.library_window import LibraryWindow
    from gmtool.ui.main_window import MainWindow

FILE_MENU = "menu_file"


def dropped_paths(event: QDropEvent) -> list[Path]:
    """The local files of a drag that gmtool imports."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    from gmtool.ui.import_report_dialog import importable

    return [p for p in paths if importable(p)]


def file_menu(window: QMainWindow) -> QMenu | None:
    menu = window.menuBar().findChild(QMenu, FILE_MENU)
    if menu is not None:
        return menu
    for action in window.menuBar().actions():
        if isinstance(found := action.menu(), QMenu):
            return found
    return None


def bring_to_front(widget: QWidget) -> None:
    """Show a top-level window and put it in front (the offscreen platform cannot raise windows)."""
    widget.showNormal() if widget.isMinimized() else widget.show()
    if QGuiApplication.platformName() != "offscreen":
        widget.raise_()
    widget.activateWindow()


class LibraryActions(WindowActions):
    """The library's actions on one main window, and what they open."""

    restoreRequested = Signal(Path)  # a backup to restore (the controller closes, restores, reopens)
    encounterSaved = Signal(int)  # an encounter built or imported (not started)
    imported = Signal(object)  # list[ImportOutcome]

    def __init__(self, window: MainWindow, shortcuts: dict[str, str] | None = None) -> None:
        super().__init__(window, "libraryActions")
        self.library: LibraryWindow | None = None
        self.report: ImportReportDialog | None = None
        self.builder: QDialog | None = None
        self.backups: BackupDialog | None = None
        handlers = {
            "library": self.show_library, "import": self.ask_import, "import_folder": self.ask_import_folder,
            "export": self.ask_export,
            "build_encounter": self.show_builder, "restore_backup": self.show_backups,
        }
        self.add_actions(LIBRARY_SPECS, handlers, shortcuts)

    # -- menu --------------------------------------------------------------------------------------
    def add_to_menu(self) -> None:
        menu = file_menu(self.window)
        if menu is None:
            return
        existing = menu.actions()
        switch = self.window.findChild(QAction, "action_switch_encounter")
        before = None
        if switch in existing and existing.index(switch) + 1 < len(existing):
            before = existing[existing.index(switch) + 1]
        mine = list(self.actions.values())
        if before is None:
            menu.addSeparator()
            menu.addActions(mine)
        else:
            menu.insertActions(before, mine)
            menu.insertSeparator(mine[0])

    # -- windows -----------------------------------------------------------------------------------
    def show_library(self) -> LibraryWindow:
        from gmtool.ui.library_window import LibraryWindow

        if self.library is None:
            self.library = LibraryWindow(self.campaign, getattr(self.window, "bridge", None), self.window)
            self.library.imported.connect(self._after_import)
        bring_to_front(self.library)
        self.library.search.setFocus()
        return self.library

    def show_builder(self, game: str | None = None) -> QDialog | None:
        """The encounter builder of ``game`` (default: the current encounter's), if that game has one."""
        from gmtool.ui.library_parts import library_gui_for

        workspace = self.window.workspace
        game = game or workspace.ruleset_key
        gui = library_gui_for(game)
        builder = gui.encounter_builder(self.campaign, workspace.encounter_id, game, self.window) if gui else None
        if builder is None:
            self.window.show_refusal(tr("libui.error.no_builder", game=game_name(game)))
            return None
        # the game's builder declares the signal (LibraryGui.encounter_builder); the protocol can only say QDialog
        builder.encounterSaved.connect(self._encounter_saved)  # type: ignore[attr-defined]  # a signal of the game's dialog
        self.builder = builder
        builder.open()
        return builder

    def show_backups(self, folder: Path | None = None) -> BackupDialog:
        from gmtool.ui.backup_dialog import BackupDialog

        dialog = BackupDialog(self.campaign.path, folder, self.window)
        dialog.restoreRequested.connect(self.restoreRequested.emit)
        self.backups = dialog
        dialog.open()
        return dialog

    # -- files ---------------------------------------------------------------------------------------
    def ask_import(self) -> list[ImportOutcome]:
        from gmtool.ui.import_report_dialog import import_filter
        from gmtool.ui.library_window import ask_open_paths

        paths = ask_open_paths(self.window, tr("libui.action.import_title"), import_filter())
        return self.import_files(paths)

    def ask_import_folder(self) -> list[ImportOutcome]:
        """Import every importable file directly in a folder the GM picks (each file all or nothing, as a drop)."""
        from gmtool.ui.library_window import ask_folder

        folder = ask_folder(self.window, tr("libui.action.import_folder_title"))
        return self.import_files([folder] if folder is not None else [])

    def import_files(self, paths: list[Path]) -> list[ImportOutcome]:
        """Import files into the campaign and show the report dialog."""
        from gmtool.ui.import_report_dialog import ImportReportDialog, import_paths

        if not paths:
            return []
        current = self.window.workspace.encounter_id
        outcomes = import_paths(self.window, self.campaign, paths, current)
        self.report = ImportReportDialog(outcomes, self.window)
        self.report.open()
        self._after_import(outcomes)
        return outcomes

    def _after_import(self, outcomes: list[ImportOutcome]) -> None:
        if self.library is not None:
            self.library.refresh()
        for outcome in outcomes:
            if outcome.encounter_id is not None:
                self.encounterSaved.emit(outcome.encounter_id)
        self.imported.emit(outcomes)

    def ask_export(self) -> Path | None:
        """Export the library's NPCs (as JSON or another program's format a game writes), the current
        encounter's combatants in such a format, or build an encounter to export."""
        from gmtool.storage.templates import libraries, library_for

        formats = {f.key: f for library in libraries() for f in library.export_formats}
        current = library_for(self.window.workspace.ruleset_key)
        fight_formats = current.export_formats if current is not None else ()
        choices = [tr("libui.export.npcs"), tr("libui.export.encounter")]
        choices += [tr("libui.export.npcs_as", format=tr(f.label)) for f in formats.values()]
        choices += [tr("libui.export.combatants_as", format=tr(f.label)) for f in fight_formats]
        chosen, ok = QInputDialog.getItem(self.window, tr("libui.action.export"), tr("libui.export.what"),
                                          choices, 0, False)
        if not ok:
            return None
        index = choices.index(chosen)
        if index == 1:
            self.show_builder()
            return None
        if current is not None and index >= 2 + len(formats):
            return self.export_combatants(current, fight_formats[index - 2 - len(formats)])
        library = self.show_library()
        library.table.clearSelection()
        return library.export_json() if index == 0 else library.export_as(list(formats)[index - 2])

    def export_combatants(self, library: Library, chosen: ExportFormat) -> Path | None:
        """Write the current encounter's combatants, as they stand, in ``chosen`` (its game's format)."""
        from gmtool.ui.library_window import ask_save_path

        bridge = getattr(self.window, "bridge", None)  # the main window's bridge: the state shown
        state = bridge.state if bridge is not None else self.window.workspace.encounter.state
        templates = library.encounter_templates(state)
        if not templates:
            self.window.show_refusal(tr("libui.export.no_combatants"))
            return None
        name = self.campaign.encounter_info(self.window.workspace.encounter_id).name
        path = ask_save_path(self.window, tr("libui.window.export_title"), f"{name}{chosen.suffix}",
                             tr("libui.filter.export", game=tr(chosen.label), suffix=chosen.suffix))
        if path is None:
            return None
        try:
            library.export_as(chosen.key, templates, path)
        except (GmtoolError, OSError) as exc:
            self.window.show_refusal(exc.message() if isinstance(exc, GmtoolError) else str(exc))
            return None
        status = getattr(self.window, "status", None)  # the main window's status line
        if status is not None:
            status.setStyleSheet("")
            status.setText(tr("libui.window.exported", count=len(templates), file=path.name))
        return path

    def _encounter_saved(self, encounter_id: int) -> None:
        name = self.campaign.encounter_info(encounter_id).name
        status = getattr(self.window, "status", None)  # the main window's status line
        if status is not None:
            status.setStyleSheet("")
            status.setText(tr("libui.builder.saved", name=name))
        self.encounterSaved.emit(encounter_id)

    # -- drops -------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop) and isinstance(event, QDropEvent):
            paths = dropped_paths(event)
            if paths:
                event.acceptProposedAction()
                if kind == QEvent.Type.Drop:
                    self.import_files(paths)
                return True
        return super().eventFilter(watched, event)


def install_library_actions(window: MainWindow, shortcuts: dict[str, str] | None = None) -> LibraryActions:
    """Add the library's actions to the window's File menu (with the GM's own keys) and accept dropped
    files; return them."""
    actions = LibraryActions(window, shortcuts)
    actions.add_to_menu()
    window.setAcceptDrops(True)
    window.installEventFilter(actions)
    return actions
