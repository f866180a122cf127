"""A part of the shell's actions on the main window (the library's, the party's): one
:class:`~PySide6.QtGui.QAction` per :class:`~gmtool.ui.actions.ActionSpec`, with its label, its keys (the
GM's own from the Preferences, else the spec's), window-wide, running its handler; and the campaign."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction

from gmtool.core.i18n import tr
from gmtool.ui.actions import ActionSpec, keys_for

if TYPE_CHECKING:
    from gmtool.storage.campaign import Campaign
    from gmtool.ui.main_window import MainWindow


class WindowActions(QObject):
    """Actions on one main window (:meth:`add_actions`), named ``action_<spec name>`` in :attr:`actions`."""

    def __init__(self, window: MainWindow, name: str) -> None:
        super().__init__(window)
        self.setObjectName(name)
        self.window = window
        self.actions: dict[str, QAction] = {}

    def add_actions(self, specs: Iterable[ActionSpec], handlers: Mapping[str, Callable[[], object]],
                    shortcuts: dict[str, str] | None) -> None:
        """An action per spec, on the window's keys (their keys are on the Preferences' shortcuts page)."""
        for spec in specs:
            action = QAction(tr(spec.label_key), self.window)
            action.setObjectName(f"action_{spec.name}")
            action.setShortcuts(keys_for(spec, shortcuts or {}))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _c=False, h=handlers[spec.name]: h())
            self.window.addAction(action)
            self.actions[spec.name] = action

    @property
    def campaign(self) -> Campaign:
        return self.window.workspace.campaign
