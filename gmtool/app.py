"""Starting gmtool: the Qt application, the campaign, the main window.

``gmtool [--campaign FILE] [--lang en|ja]``; ``gmtool --install-desktop`` / ``--uninstall-desktop``
add or remove the Linux menu entry and quit. With ``GMTOOL_EXIT_AFTER_PAINT=1``
the program prints ``painted`` at the main window's first paint and quits
(used by the start-up benchmark).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QLibraryInfo, QLocale, QObject, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

from gmtool.core.errors import GmtoolError
from gmtool.core.game import HouseRulesLoaded
from gmtool.core.i18n import active_language, set_language, tr
from gmtool.core.readings import RuleReadings
from gmtool.startup.collector import resume_collector
from gmtool.storage.lock import NotWritableError
from gmtool.storage.paths import data_dir, default_campaign_path
from gmtool.storage.settings import Settings, load_settings, save_settings
from gmtool.storage.workspace import Workspace
from gmtool.ui.main_window import MainWindow
from gmtool.ui.theme import apply_theme

if TYPE_CHECKING:
    from gmtool.ui.player_view import PlayerView
    from gmtool.ui.sharing import Sharing

FIRST_PAINT_WAIT_MS = 3000  # the longest the collector and the opening backup wait for the first paint


class _FirstPaint(QObject):
    """The main window's first paint: the start is over. The collector runs again
    (:func:`gmtool.startup.collector.resume_collector`), then ``after`` runs once the paint is done; with
    ``exit_after`` (the start-up benchmark) say ``painted`` and quit."""

    def __init__(self, parent: QObject, after: Callable[[], None], exit_after: bool) -> None:
        super().__init__(parent)
        self._after = after
        self._exit_after = exit_after

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            resume_collector()
            QTimer.singleShot(0, self._after)
            if self._exit_after:
                print("painted", flush=True)
                QTimer.singleShot(0, QApplication.quit)
        return False


class GmtoolApp:
    """Owns the settings, the open workspace and the main window."""

    def __init__(self, qapp: QApplication, settings: Settings, settings_damaged: bool) -> None:
        self.qapp = qapp
        self.settings = settings
        self.settings_damaged = settings_damaged
        self.workspace: Workspace | None = None
        self.window: MainWindow | None = None
        self.player_view: PlayerView | None = None  # the players' window, once opened
        self.sharing: Sharing | None = None  # the players' web page, once the GM opened View → Share
        self._qt_translator: QTranslator | None = None

    # -- language ------------------------------------------------------------
    def apply_language(self, language: str | None) -> None:
        code = set_language(language)
        if self._qt_translator is not None:
            self.qapp.removeTranslator(self._qt_translator)
            self._qt_translator = None
        translator = QTranslator(self.qapp)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(QLocale(code), "qtbase", "_", folder):
            self.qapp.installTranslator(translator)
            self._qt_translator = translator

    # -- campaigns -------------------------------------------------------------
    def open_first(self, path: Path | None) -> Workspace | None:
        """The campaign to start on; on a bad file, ask until one opens or the GM quits."""
        try:
            # the backup after the first paint (and before any write): it grows with the file
            return Workspace.open(path, backup_later=True) if path is not None else Workspace.open_default(True)
        except GmtoolError as exc:
            return self.recover(exc.message(), _readable_path(exc, path or default_campaign_path()))

    def recover(self, message: str, read_only_path: Path | None = None) -> Workspace | None:
        """Ask until a campaign opens or the GM quits. ``read_only_path``: the campaign refused could
        still be opened read-only (another gmtool has it, or it cannot be written here)."""
        resume_collector()  # no first paint soon: the GM chooses in dialogs
        while True:
            from gmtool.ui.campaign_dialogs import ask_after_bad_file, choose_campaign_to_open, choose_new_campaign

            choice = ask_after_bad_file(self.window, message, can_read_only=read_only_path is not None)
            if choice == "quit":
                return None
            if choice == "read_only" and read_only_path is not None:
                chosen: Path | None = read_only_path
            else:
                chosen = choose_campaign_to_open(self.window) if choice == "open" else choose_new_campaign(self.window)
            if chosen is None:
                continue
            try:
                if choice == "read_only":
                    return Workspace.open(chosen, read_only=True)
                return Workspace.open(chosen) if choice == "open" else Workspace.create(chosen)
            except GmtoolError as exc:
                message = exc.message()
                read_only_path = _readable_path(exc, chosen)

    def switch_to(self, workspace: Workspace) -> None:
        old = self.workspace
        self.workspace = workspace
        last = str(workspace.campaign.path)
        if not workspace.read_only and self.settings.last_campaign != last:
            # a campaign looked at read-only is not where the next start opens; the same one is not news
            self.settings.last_campaign = last
            self._save_settings()
        opening = old is None or old.campaign is not workspace.campaign
        house = self.load_house_rules() if opening else None  # the panels plan with them from the first paint
        self.show_window()
        if opening:
            if old is not None:
                self.stop_sharing()  # the campaign shared is closed: so is its page
                old.close()  # another campaign file; encounters of the same campaign share it
            self.tell_opening_notices(workspace)
            if house is not None and house.problems:
                self.report_house_rules(house)

    # -- house rules -------------------------------------------------------------
    def load_house_rules(self) -> HouseRulesLoaded:
        """The GM's house-rule tables from ``<data folder>/tables``, in use from now on."""
        return load_house_rules(data_dir())

    def reload_house_rules(self) -> HouseRulesLoaded:
        """File → Reload house rules: read the files again, rebuild the panels on them, say what came of it."""
        house = self.load_house_rules()
        self.show_window()
        if house.problems:
            self.report_house_rules(house)
        elif self.window is not None:
            self.window.show_status(tr("house_rules.loaded", tables=house.tables, rows=house.rows) if house.found
                                    else tr("house_rules.none", folder=str(house.folder)))
        return house

    def report_house_rules(self, house: HouseRulesLoaded) -> None:
        """Each file left out, with its line and reason: in a dialog, and in the status line."""
        window = self.window
        if window is not None:
            window.show_warning(tr("house_rules.status", count=len({p.args_for_message.get("file") for p in house.problems})))
        QTimer.singleShot(0, lambda: report_house_problems(window, house.problems))

    def tell_opening_notices(self, workspace: Workspace) -> None:
        """What opening the campaign could not do, told to the GM once: a failed backup, a journal
        file set aside. The campaign itself opened."""
        self._tell(opening_notices(workspace), backup_failed=workspace.campaign.backup.error is not None)

    def finish_opening(self) -> None:
        """After the first paint: the opening backup that waited for it, told if it failed."""
        if self.workspace is None or not self.workspace.campaign.backup_pending:
            return
        outcome = self.workspace.campaign.finish_backup()
        if outcome.error is not None:
            self._tell([tr("notice.backup_failed", detail=outcome.error.message())], backup_failed=True)

    def _tell(self, notices: list[str], backup_failed: bool) -> None:
        if not notices or self.window is None:
            return
        if backup_failed:
            self.window.show_warning(tr("notice.status_backup_failed"))
        window = self.window
        QTimer.singleShot(0, lambda: QMessageBox.warning(window, tr("notice.title"), "\n\n".join(notices)))

    def request_open(self) -> None:
        from gmtool.ui.campaign_dialogs import ask_after_bad_file, choose_campaign_to_open

        path = choose_campaign_to_open(self.window)
        if path is None or not self._leaving_encounter():
            return
        try:
            workspace = Workspace.open(path)
        except NotWritableError as exc:  # another gmtool has it, or it cannot be written: read-only?
            if ask_after_bad_file(self.window, exc.message(), can_read_only=True) != "read_only":
                return
            self._try(lambda: Workspace.open(path, read_only=True))
            return
        except GmtoolError as exc:
            QMessageBox.warning(self.window, tr("dialog.bad_campaign.title"), exc.message())
            return
        self.switch_to(workspace)

    def request_new(self) -> None:
        from gmtool.ui.campaign_dialogs import choose_new_campaign

        path = choose_new_campaign(self.window)
        if path is not None and self._leaving_encounter():
            self._try(lambda: Workspace.create(path))

    # -- encounters of the open campaign ---------------------------------------------
    def request_new_encounter(self) -> None:
        """A new empty encounter (name, game); the window is rebuilt on it."""
        from gmtool.ui.encounter_dialogs import NewEncounterDialog

        assert self.workspace is not None
        number = len(self.workspace.encounters()) + 1
        dialog = NewEncounterDialog(tr("encounter.default_name", number=number), self.window)
        if not dialog.exec():
            return
        name, ruleset = dialog.chosen()
        if not self._leaving_encounter():
            return
        workspace = self.workspace
        self._try(lambda: workspace.with_new_encounter(name, ruleset))

    def request_switch_encounter(self) -> None:
        """Choose another encounter of the campaign; it becomes the current one."""
        from gmtool.ui.encounter_dialogs import SwitchEncounterDialog
        from gmtool.viewmodels.encounter_list_model import EncounterListModel

        assert self.workspace is not None
        workspace = self.workspace
        model = EncounterListModel(workspace.encounters(), workspace.encounter_id)
        dialog = SwitchEncounterDialog(model, workspace.encounter_id, self.window)
        if not dialog.exec():
            return
        chosen = dialog.chosen()
        if chosen is not None and chosen != workspace.encounter_id and self._leaving_encounter():
            self._try(lambda: workspace.with_encounter(chosen))

    def _leaving_encounter(self) -> bool:
        """The party's changes in the encounter being left, offered to carry back (gmtool.ui.party_actions);
        False: the GM cancelled and stays in it."""
        return self.window is None or self.window.party_actions.offer_carry_back()

    def _try(self, make: Callable[[], Workspace]) -> None:
        try:
            workspace = make()
        except GmtoolError as exc:
            QMessageBox.warning(self.window, tr("dialog.bad_campaign.title"), exc.message())
            return
        self.switch_to(workspace)

    # -- window ----------------------------------------------------------------
    def show_window(self) -> MainWindow:
        assert self.workspace is not None
        old = self.window
        if old is not None:
            self._remember_layout(old)  # the new window opens where and as the old one was
        if self.sharing is not None:
            self.sharing.close_dialog()  # a child of the old window (sharing goes on, following the new one)
        window = MainWindow(self.workspace, shortcuts=self.settings.shortcuts)
        window.newCampaignRequested.connect(self.request_new)
        window.openCampaignRequested.connect(self.request_open)
        window.newEncounterRequested.connect(self.request_new_encounter)
        window.switchEncounterRequested.connect(self.request_switch_encounter)
        window.preferencesRequested.connect(self.request_preferences)
        window.reloadHouseRulesRequested.connect(self.reload_house_rules)
        window.playerViewRequested.connect(self.request_player_view)
        window.shareRequested.connect(self.request_share)
        window.library_actions.restoreRequested.connect(self.request_restore)
        self._restore_layout(window)
        window.show()
        window.activateWindow()  # the keys go to the new window at once
        self.window = window
        if self.player_view is not None:
            self.player_view.attach(window.bridge)  # the players' screen follows the new window
        if self.sharing is not None:
            self.sharing.follow(window)  # and so does their web page, with this encounter's choices
        window.party_actions.partyChanged.connect(self._party_changed)
        if old is not None:
            old.close_replaced()  # the party was asked about before leaving; a rebuild leaves nothing
            old.deleteLater()
        return window

    def request_restore(self, backup: Path) -> None:
        """Close the campaign, put the backup in its place, reopen it."""
        from gmtool.ui.backup_dialog import restore_and_reopen

        assert self.workspace is not None
        problem: str | None = None
        try:
            workspace, problem = restore_and_reopen(self.workspace, backup)
        except GmtoolError as exc:
            self.workspace = None
            recovered = self.recover(exc.message())
            if recovered is None:
                self.qapp.quit()
                return
            workspace = recovered
        self.workspace = None  # already closed: switch_to must not close it again
        self.switch_to(workspace)
        if problem is not None:
            QMessageBox.warning(self.window, tr("libui.backup.title"), tr("libui.backup.failed", detail=problem))

    def request_player_view(self) -> None:
        """The second window for the players: ask its settings, then show it on the chosen screen."""
        from gmtool.ui.player_view import PlayerView, choose_player_view_settings
        from gmtool.viewmodels.player_view_model import PlayerViewSettings

        assert self.window is not None
        saved = None
        if self.settings.player_view:
            try:
                saved = PlayerViewSettings.model_validate(self.settings.player_view)
            except ValueError:
                saved = None  # an old or damaged entry: start from the defaults
        chosen = choose_player_view_settings(self.window, saved)
        if chosen is None:
            return
        self.settings.player_view = chosen.model_dump()
        self._save_settings()
        if self.player_view is None:
            self.player_view = PlayerView(self.window.bridge, chosen)
            self.player_view.closed.connect(self._player_view_closed)
        self.player_view.apply_settings(chosen)
        self.player_view.show_on_screen()

    def request_share(self) -> None:
        """View → Share with players…: the controls of the players' web page (its modules load now)."""
        from gmtool.ui.sharing import Sharing

        assert self.window is not None
        if self.sharing is None:
            self.sharing = Sharing(self.settings, self._save_settings, self.window)
        self.sharing.show_dialog(self.window)

    def stop_sharing(self) -> None:
        """No more web page for the players (the campaign is closed, the program quits)."""
        if self.sharing is not None:
            self.sharing.stop()
            self.sharing = None

    def _party_changed(self) -> None:
        """The players' screen shows the party between encounters as it is now."""
        if self.player_view is not None:
            self.player_view.refresh_party()

    def _player_view_closed(self) -> None:
        if self.player_view is not None:
            self.player_view.deleteLater()
        self.player_view = None

    def request_preferences(self) -> None:
        from gmtool.ui.preferences import PreferencesDialog

        workspace = self.workspace
        dialog = PreferencesDialog(
            self.settings.language, self.window, self.settings.theme, self.settings.shortcuts,
            workspace.campaign.rule_readings() if workspace is not None else None,
            workspace.campaign.path.stem if workspace is not None else "",
        )
        if not dialog.exec():
            return
        chosen = dialog.chosen_language()
        theme = dialog.chosen_theme()
        shortcuts = dialog.chosen_shortcuts()
        rebuild = shortcuts != self.settings.shortcuts  # the window's actions take their keys when built
        rebuild = self._use_rule_readings(dialog.chosen_readings()) or rebuild
        if theme != self.settings.theme:
            self.settings.theme = apply_theme(self.qapp, theme)
        self.settings.shortcuts = shortcuts
        if chosen != self.settings.language:
            self.settings.language = chosen
            before = active_language()
            self.apply_language(chosen)
            rebuild = rebuild or active_language() != before  # every string is rebuilt in the new language
        self._save_settings()
        if rebuild:
            self.show_window()

    def _use_rule_readings(self, readings: RuleReadings | None) -> bool:
        """The campaign's rule readings from Preferences; True when they changed (the panels plan anew)."""
        if readings is None or self.workspace is None:
            return False
        try:
            return self.workspace.use_rule_readings(readings)
        except GmtoolError as exc:
            QMessageBox.warning(self.window, tr("dialog.preferences.title"), exc.message())
            return False

    def _restore_layout(self, window: MainWindow) -> None:
        def decoded(text: str | None) -> QByteArray | None:
            return QByteArray.fromBase64(text.encode()) if text else None

        state = self.settings.window_layouts.get(window.game_key)  # this game's own docks, never another's
        window.restore_layout(decoded(self.settings.window_geometry), decoded(state))

    def _remember_layout(self, window: MainWindow) -> None:
        self.settings.window_geometry = bytes(window.saveGeometry().toBase64().data()).decode()
        self.settings.window_layouts[window.game_key] = bytes(window.layout_state().toBase64().data()).decode()

    def _save_settings(self) -> None:
        try:
            save_settings(self.settings, self.settings_damaged)
            self.settings_damaged = False
        except OSError:
            pass  # settings are a convenience; the campaign is what must not be lost

    def shutdown(self) -> None:
        self.stop_sharing()
        if self.player_view is not None:
            self.player_view.close()
        if self.window is not None:
            self._remember_layout(self.window)
            self._save_settings()
        if self.workspace is not None:
            self.workspace.close()


def opening_notices(workspace: Workspace) -> list[str]:
    """The translated notices of what opening ``workspace``'s campaign could not do (none usually)."""
    campaign = workspace.campaign
    notices = []
    if campaign.backup.error is not None:
        notices.append(tr("notice.backup_failed", detail=campaign.backup.error.message()))
    if campaign.set_aside is not None:
        key = "notice.wal_set_aside_same_campaign" if campaign.set_aside_same_campaign else "notice.wal_set_aside"
        notices.append(tr(key, kept=str(campaign.set_aside)))
    return notices


def _readable_path(exc: GmtoolError, path: Path) -> Path | None:
    """``path`` when ``exc`` says the campaign can still be opened read-only, else None."""
    return path if isinstance(exc, NotWritableError) else None


def load_house_rules(data_folder: Path) -> HouseRulesLoaded:
    """Every game's house rules from the data folder (each loader once), as one report."""
    from gmtool.core.entry_points import load_object
    from gmtool.core.registry import registry

    reports = []
    for dotted in dict.fromkeys(m.house_rules for m in registry().manifests() if m.house_rules):
        load = load_object(dotted)
        if callable(load):
            reports.append(load(data_folder))
    if not reports:
        return HouseRulesLoaded(data_folder)
    return HouseRulesLoaded(
        reports[0].folder, any(r.found for r in reports), sum(r.tables for r in reports), sum(r.rows for r in reports),
        tuple(problem for r in reports for problem in r.problems),
    )


def use_house_tables(folder: Path) -> tuple[GmtoolError, ...]:
    """:func:`load_house_rules`, returning only what could not be loaded."""
    return load_house_rules(folder).problems


def report_house_problems(parent: MainWindow | None, problems: tuple[GmtoolError, ...]) -> None:
    """Tell the GM which house-rule files were left out, and why (file, line, reason)."""
    details = "\n".join(problem.message() for problem in problems)
    QMessageBox.warning(parent, tr("house_rules.title"), tr("house_rules.problems", details=details))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="gmtool", description="Combat tracker for game masters.")
    parser.add_argument("--campaign", type=Path, help="campaign file to open")
    parser.add_argument("--lang", choices=("en", "ja"), help="interface language for this run")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="add gmtool and its icon to the desktop's application menu (Linux), then quit")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove that menu entry and its icons, then quit")
    return parser.parse_args(argv)


def desktop_command(install: bool) -> int:
    """``--install-desktop`` / ``--uninstall-desktop``: say what was done (or why not); no window."""
    from gmtool.storage.desktop_entry import data_home
    from gmtool.storage.desktop_entry import install as install_entry
    from gmtool.storage.desktop_entry import uninstall as uninstall_entry

    try:
        done = install_entry() if install else uninstall_entry()
    except GmtoolError as exc:
        print(exc.message(), file=sys.stderr)
        return 1
    if install:
        print(tr("desktop.installed", entry=str(done[0]), icons=len(done) - 1))
    elif done:
        print(tr("desktop.uninstalled", count=len(done), folder=str(data_home())))
    else:
        print(tr("desktop.none", folder=str(data_home())))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.install_desktop or args.uninstall_desktop:
        set_language(args.lang or load_settings()[0].language)
        return desktop_command(args.install_desktop)
    running = QApplication.instance()
    qapp = running if isinstance(running, QApplication) else QApplication(sys.argv[:1])
    qapp.setApplicationName("gmtool")
    qapp.setDesktopFileName("gmtool")  # the desktop entry (--install-desktop) and the window match
    from gmtool.ui.app_icon import app_icon

    qapp.setWindowIcon(app_icon())
    from gmtool.ui.error_dialog import install

    install()  # an unexpected error: a dialog with the details, the campaign as it was, the program goes on
    settings, damaged = load_settings()
    app = GmtoolApp(qapp, settings, damaged)
    app.apply_language(args.lang or settings.language)
    if settings.theme != "system":  # "system" is what Qt starts with
        apply_theme(qapp, settings.theme)
    path = args.campaign
    if path is None and settings.last_campaign and Path(settings.last_campaign).exists():
        path = Path(settings.last_campaign)
    if path is not None and path == default_campaign_path() and not path.exists():
        path = None
    workspace = app.open_first(path)
    if workspace is None:
        return 1
    app.switch_to(workspace)  # loads the house rules, as every campaign opened does
    assert app.window is not None
    app.window.installEventFilter(
        _FirstPaint(app.window, app.finish_opening, bool(os.environ.get("GMTOOL_EXIT_AFTER_PAINT")))
    )
    # A window that starts hidden (minimised, another desktop) paints late: the start ends anyway.
    QTimer.singleShot(FIRST_PAINT_WAIT_MS, resume_collector)
    QTimer.singleShot(FIRST_PAINT_WAIT_MS, app.finish_opening)
    code = qapp.exec()
    app.shutdown()
    return code
