"""The program's side of sharing with the players (View → Share with players…): one server, its dialog,
and the GM's choices remembered per encounter.

What players see, the turn timer and "list an NPC only once it acts" are the encounter's own (an ambush
hides its NPCs, a duel has a timer): they are remembered under the campaign and encounter and come back
when the page follows that encounter again; the language and port are the GM's for every encounter.
Built on the GM's first View → Share (this module, the server and the dialog load then); stopped when
the campaign closes or the program quits (:class:`gmtool.app.GmtoolApp`).
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.share.server import ShareOptions, ShareServer
from gmtool.storage.settings import Settings
from gmtool.storage.workspace import Workspace
from gmtool.ui.library_actions import bring_to_front
from gmtool.ui.main_window import MainWindow
from gmtool.ui.share_dialog import ShareDialog

EVERY_ENCOUNTER = ("language", "port")  # the GM's for every encounter; the rest is each encounter's


def encounter_key(workspace: Workspace) -> str:
    """Where an encounter's choices are remembered: its campaign's file and its id."""
    return f"{workspace.campaign.path}#{workspace.encounter_id}"


class Sharing:
    """The server of the running program and its dialog (while open)."""

    def __init__(self, settings: Settings, save: Callable[[], None], window: MainWindow) -> None:
        self._settings, self._save = settings, save
        self.server = ShareServer(window.bridge, self._options(window.bridge.workspace))
        self.server.optionsChanged.connect(self._remember)
        self.dialog: ShareDialog | None = None

    def show_dialog(self, window: MainWindow) -> None:
        if self.dialog is None:
            self.dialog = ShareDialog(self.server, window)
            self.dialog.finished.connect(self._dialog_closed)
        bring_to_front(self.dialog)

    def follow(self, window: MainWindow) -> None:
        """The page follows the rebuilt window (another encounter: its own choices)."""
        self.close_dialog()  # a child of the old window
        self.server.attach(window.bridge)
        self.server.set_options(self._options(window.bridge.workspace))

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.close()

    def stop(self) -> None:
        """No more page (the campaign closes, the program quits)."""
        self.close_dialog()
        self.server.stop()
        self.server.deleteLater()

    def _options(self, workspace: Workspace) -> ShareOptions:
        saved = {**(self._settings.share or {}), **self._settings.share_by_encounter.get(encounter_key(workspace), {})}
        try:
            return ShareOptions.model_validate(saved)
        except ValueError:
            return ShareOptions()  # an old or damaged entry: the defaults

    def _remember(self) -> None:
        chosen = self.server.options.model_dump()
        self._settings.share = {key: chosen[key] for key in EVERY_ENCOUNTER}
        own = {key: value for key, value in chosen.items() if key not in EVERY_ENCOUNTER}
        self._settings.share_by_encounter[encounter_key(self.server.model.bridge.workspace)] = own
        self._save()

    def _dialog_closed(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None
