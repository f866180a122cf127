"""Help → About: the version, where the GM's files are, the games installed, and the licences of
what gmtool is built on (read from the installed packages when the dialog opens).

Imported on first use (never for the first paint). Each component's licence comes from its own
package metadata (``License-Expression`` or ``License``) and its licence text, when the package
ships one, is shown on request; gmtool names nothing it cannot read there.
"""

from __future__ import annotations

import platform
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSize, Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import gmtool
from gmtool.core.i18n import tr
from gmtool.storage.paths import config_dir, data_dir
from gmtool.viewmodels.game_view import games

# What gmtool runs on: its own package, then its dependencies and theirs (Qt ships inside PySide6).
COMPONENTS = ("gmtool", "PySide6-Essentials", "shiboken6", "pydantic", "pydantic-core", "platformdirs",
              "typing-extensions", "annotated-types", "typing-inspection")
LICENCE_FILES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING", "LICENCE")


@dataclass(frozen=True)
class Component:
    """One package as its metadata describes it ("" for what it does not say)."""

    name: str
    version: str
    licence: str
    home: str
    text: str  # the licence text the package ships, or ""


def component(name: str) -> Component:
    """``name`` as installed; a package not installed has an empty version."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return Component(name, "", "", "", "")
    meta = dist.metadata
    licence = _field(meta, "License-Expression") or _field(meta, "License")
    home = _field(meta, "Home-page") or _home(meta.get_all("Project-URL") or ())
    return Component(_field(meta, "Name") or name, dist.version, licence.strip(), home, _licence_text(dist))


def _field(meta: metadata.PackageMetadata, name: str) -> str:
    """The first ``name`` field of the package's metadata ("" when it has none)."""
    return str(next(iter(meta.get_all(name) or ()), ""))


def _home(project_urls: Sequence[str]) -> str:
    """The project's home among its ``Project-URL`` entries ("label, url"): Homepage, else Source …"""
    urls = {label.strip().lower(): url.strip() for label, _, url in (v.partition(",") for v in project_urls) if url}
    for label in ("homepage", "home", "source", "repository", "documentation"):
        if label in urls:
            return urls[label]
    return next(iter(urls.values()), "")


def _licence_text(dist: metadata.Distribution) -> str:
    """The licence file the package ships in its metadata folder (PEP 639 ``licenses/`` or beside)."""
    for name in LICENCE_FILES:
        for candidate in (f"licenses/{name}", name):
            text = dist.read_text(candidate)
            if text:
                return text
    return ""


def shown_licence(expression: str) -> str:
    """A licence as the GM reads it: the package's SPDX expression without the ``LicenseRef-`` prefix
    of a licence SPDX does not list ("LicenseRef-Proprietary" is "Proprietary"); nothing stated
    says so."""
    return expression.replace("LicenseRef-", "") if expression else tr("about.unknown")


class AboutDialog(QDialog):
    """The About box (Help → About)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(tr("dialog.about.title"))
        self.components = [component(name) for name in COMPONENTS]
        layout = QVBoxLayout(self)
        layout.addLayout(self._heading())
        layout.addLayout(self._facts())
        layout.addWidget(QLabel(tr("about.licences"), self))
        self.table = self._licence_table()
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.button(QDialogButtonBox.StandardButton.Close).setDefault(True)  # Enter closes, never opens a folder
        self.licence_button = buttons.addButton(tr("about.show_licence"), QDialogButtonBox.ButtonRole.ActionRole)
        self.licence_button.setObjectName("showLicence")
        self.licence_button.clicked.connect(self.show_licence)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(max(720, self.sizeHint().width()), self.sizeHint().height())  # the table whole, no empty rows

    def _heading(self) -> QHBoxLayout:
        row = QHBoxLayout()
        icon = QLabel(self)
        icon.setPixmap(QGuiApplication.windowIcon().pixmap(QSize(64, 64)))
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        text = QLabel(f"<h2>gmtool {gmtool.__version__}</h2>" + tr("dialog.about.text").replace("\n", "<br>"), self)
        text.setObjectName("aboutText")
        text.setWordWrap(True)
        row.addWidget(text, 1)
        return row

    def _facts(self) -> QFormLayout:
        form = QFormLayout()
        form.addRow(tr("about.version"), QLabel(gmtool.__version__, self))
        runtime = tr("about.runtime", python=platform.python_version(), qt=qVersion(), pyside=pyside_version,
                     pydantic=component("pydantic").version)
        form.addRow(tr("about.built_on"), QLabel(runtime, self))
        form.addRow(tr("about.data_folder"), self._folder_row(data_dir(), "dataFolder"))
        form.addRow(tr("about.config_folder"), self._folder_row(config_dir(), "configFolder"))
        form.addRow(tr("about.games"), QLabel(", ".join(name for _key, name in games()), self))
        return form

    def _folder_row(self, folder: Path, name: str) -> QWidget:
        holder = QWidget(self)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        path = QLabel(str(folder), holder)
        path.setObjectName(name)
        path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(path, 1)
        opener = QPushButton(tr("about.open_folder"), holder)
        opener.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))
        copier = QPushButton(tr("about.copy_path"), holder)
        copier.clicked.connect(lambda: QGuiApplication.clipboard().setText(str(folder)))
        for button in (opener, copier):
            button.setAutoDefault(False)
            row.addWidget(button)
        return holder

    def _licence_table(self) -> QTableWidget:
        table = QTableWidget(len(self.components), 4, self)
        table.setObjectName("licenceTable")
        table.setHorizontalHeaderLabels([tr("about.column.component"), tr("about.column.version"),
                                         tr("about.column.licence"), tr("about.column.home")])
        for row, item in enumerate(self.components):
            cells = (item.name, item.version or tr("about.not_installed"), shown_licence(item.licence), item.home)
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                cell.setToolTip(text)
                table.setItem(row, column, cell)
        table.verticalHeader().hide()
        table.setWordWrap(False)  # a long address is cut in its middle (its end names it), whole in its tooltip
        table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = table.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setMinimumHeight(header.sizeHint().height() + rows + 2 * table.frameWidth())  # every row, no scrolling
        table.selectRow(0)
        table.doubleClicked.connect(lambda _index: self.show_licence())
        return table

    def show_licence(self) -> QDialog:
        """The selected component's licence text (or where to read it), in its own window."""
        item = self.components[max(self.table.currentRow(), 0)]
        dialog = QDialog(self)
        dialog.setWindowTitle(tr("about.licence_title", name=item.name))
        layout = QVBoxLayout(dialog)
        text = QPlainTextEdit(dialog)
        text.setObjectName("licenceText")
        text.setReadOnly(True)
        text.setPlainText(item.text or tr("about.no_licence_text", name=item.name, licence=shown_licence(item.licence),
                                          home=item.home or "—"))
        layout.addWidget(text)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        close.rejected.connect(dialog.reject)
        layout.addWidget(close)
        dialog.resize(640, 480)
        dialog.show()
        return dialog
