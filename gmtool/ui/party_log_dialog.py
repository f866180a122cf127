"""The party log in a window: read it, print it, save it as HTML (:mod:`gmtool.printing.party_log`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from gmtool.core.i18n import tr
from gmtool.printing.party_log import party_log_html
from gmtool.storage.campaign import Campaign


class PartyLogDialog(QDialog):
    """The party of one game now and every change made to it."""

    def __init__(self, campaign: Campaign, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partyLogDialog")
        self.setWindowTitle(tr("party.log.title"))
        self.html = party_log_html(campaign, game)
        self.text = QTextBrowser(self)
        self.text.setObjectName("partyLogText")
        self.text.setHtml(self.html)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        print_button = QPushButton(tr("party.log.print"), self)
        save_button = QPushButton(tr("party.log.save"), self)
        buttons.addButton(print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(save_button, QDialogButtonBox.ButtonRole.ActionRole)
        print_button.clicked.connect(self.print_log)
        save_button.clicked.connect(self.ask_save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(820, 520)

    def print_log(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter()
        if QPrintDialog(printer, self).exec():
            self.text.document().print_(printer)

    def ask_save(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        chosen, _ = QFileDialog.getSaveFileName(self, tr("party.log.save"), "party-log.html", tr("party.log.filter"))
        if not chosen:
            return
        path = Path(chosen) if chosen.lower().endswith(".html") else Path(chosen).with_suffix(".html")
        try:
            self.save(path)
        except OSError as exc:
            from PySide6.QtWidgets import QMessageBox

            from gmtool.storage.failures import storage_error

            QMessageBox.warning(self, tr("party.log.save"), storage_error(exc, path).message())

    def save(self, path: Path) -> None:
        from gmtool.storage.atomic import write_atomic

        write_atomic(path, self.html)
