"""The turn-log report dialog: which turns, page size, format; print preview and export.

The report is worded in the interface's language. Export writes the file
atomically (:mod:`gmtool.printing.export`); the preview prints through
``QPrintPreviewDialog``, where the GM can also print on paper.

Before a PDF or a printout that holds Japanese text (the Japanese interface, or
names typed in Japanese), the dialog checks that an installed font draws Japanese;
if none does, it says what to install and lets the GM cancel or go on anyway.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QLocale, QStandardPaths, Signal
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.encounter import Encounter
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, in_language, tr
from gmtool.printing.export import FORMATS, SUFFIXES, export_report
from gmtool.printing.pdf import (
    japanese_font_installed,
    page_layout,
    print_document,
    report_document,
)
from gmtool.printing.report import (
    SETUP_ROUND,
    PartyRows,
    Report,
    ReportOptions,
    build_report,
    has_map,
    round_numbers,
)
from gmtool.printing.scripts import report_has_japanese
from gmtool.ui.theme import set_tone

PAGE_SIZES: tuple[tuple[str, str], ...] = (("a4", "report.dialog.a4"), ("letter", "report.dialog.letter"))
FORMAT_LABELS = {"pdf": "report.dialog.format_pdf", "html": "report.dialog.format_html", "md": "report.dialog.format_md"}
FILTERS = {"pdf": "report.dialog.filter_pdf", "html": "report.dialog.filter_html", "md": "report.dialog.filter_md"}
LETTER_TERRITORIES = frozenset({
    QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico,
    QLocale.Country.Philippines, QLocale.Country.Chile, QLocale.Country.Colombia,
})
UNSAFE_FILE_CHARS = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def default_page_size() -> str:
    """Letter where the system locale's country uses it, else A4."""
    return "letter" if QLocale.system().territory() in LETTER_TERRITORIES else "a4"


def file_stem(encounter_name: str) -> str:
    """A file name (no suffix) for the report of ``encounter_name``, safe on every system."""
    return UNSAFE_FILE_CHARS.sub("_", tr("report.dialog.file_stem", name=encounter_name)).strip(" .") or "report"


Paper = Literal["export", "print"]


def font_advice() -> str:
    """What to install, in the active language; in Japanese the English words follow (the Japanese
    ones may show as empty boxes on this very machine)."""
    advice = tr("fontcheck.install")
    if active_language() == "ja":
        with in_language("en"):
            advice += "\n\n" + tr("fontcheck.text") + " " + tr("fontcheck.install")
    return advice


class ReportDialog(QDialog):
    """Report of one encounter (the core ``Encounter``: its ruleset, seed and journal).

    ``japanese_font`` answers whether an installed font draws Japanese (the Qt font
    database by default; a test passes its own).
    """

    exported = Signal(str)  # the path written

    def __init__(self, encounter: Encounter, encounter_name: str, parent: QWidget | None = None,
                 page_size: str | None = None, folder: Path | None = None,
                 japanese_font: Callable[[], bool] | None = None, party: PartyRows | None = None) -> None:
        super().__init__(parent)
        self.party = party  # the campaign's party between encounters, printed after the turns
        self.japanese_font = japanese_font or japanese_font_installed
        self.setObjectName("reportDialog")
        self.setWindowTitle(tr("report.dialog.title", name=encounter_name))
        self.encounter = encounter
        self.encounter_name = encounter_name
        self.folder = folder or Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))
        self.rounds = round_numbers(encounter)
        self._make_widgets(page_size or default_page_size())
        self._layout()
        self._range_toggled()

    # -- widgets -------------------------------------------------------------------------
    def _make_widgets(self, page_size: str) -> None:
        self.all_rounds = QRadioButton(tr("report.dialog.all_rounds"), self)
        self.all_rounds.setObjectName("allRounds")
        self.some_rounds = QRadioButton(tr("report.dialog.some_rounds"), self)
        self.some_rounds.setObjectName("someRounds")
        group = QButtonGroup(self)
        group.addButton(self.all_rounds)
        group.addButton(self.some_rounds)
        self.all_rounds.setChecked(True)
        self.all_rounds.toggled.connect(self._range_toggled)
        low, high = (min(self.rounds), max(self.rounds)) if self.rounds else (SETUP_ROUND, SETUP_ROUND)
        self.first_round, self.last_round = self._spin("firstRound", low, high, low), self._spin("lastRound", low, high, high)
        self.first_round.valueChanged.connect(lambda v: self.last_round.setValue(max(v, self.last_round.value())))
        self.last_round.valueChanged.connect(lambda v: self.first_round.setValue(min(v, self.first_round.value())))
        self.page_combo = QComboBox(self)
        self.page_combo.setObjectName("pageSize")
        for key, label in PAGE_SIZES:
            self.page_combo.addItem(tr(label), key)
        self.page_combo.setCurrentIndex(max(self.page_combo.findData(page_size), 0))
        self.format_combo = QComboBox(self)
        self.format_combo.setObjectName("reportFormat")
        for fmt in FORMATS:
            self.format_combo.addItem(tr(FORMAT_LABELS[fmt]), fmt)
        self.format_combo.currentIndexChanged.connect(lambda _i: self._format_changed())
        self.maps_box = QCheckBox(tr("report.dialog.maps"), self)
        self.maps_box.setObjectName("reportMaps")
        self.maps_box.setChecked(True)
        self.maps_box.setVisible(has_map(self.encounter.ruleset))  # a game played on a map only
        self.preview_button = QPushButton(tr("report.dialog.preview"), self)
        self.preview_button.setObjectName("previewButton")
        self.preview_button.clicked.connect(self.preview)
        self.export_button = QPushButton(tr("report.dialog.export"), self)
        self.export_button.setObjectName("exportButton")
        self.export_button.clicked.connect(self.export)
        self.status = QLabel(self)
        self.status.setObjectName("reportStatus")
        self.status.setWordWrap(True)

    def _spin(self, name: str, low: int, high: int, value: int) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setSpecialValueText(tr("report.dialog.setup_short") if low == SETUP_ROUND else "")
        spin.setValue(value)
        return spin

    def _layout(self) -> None:
        span = QHBoxLayout()
        span.addWidget(self.some_rounds)
        span.addWidget(QLabel(tr("report.dialog.from"), self))
        span.addWidget(self.first_round)
        span.addWidget(QLabel(tr("report.dialog.to"), self))
        span.addWidget(self.last_round)
        span.addStretch(1)
        form = QFormLayout()
        form.addRow(tr("report.dialog.rounds"), self.all_rounds)
        form.addRow("", span)
        form.addRow(tr("report.dialog.page_size"), self.page_combo)
        form.addRow(tr("report.dialog.format"), self.format_combo)
        if has_map(self.encounter.ruleset):
            form.addRow("", self.maps_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

    def _range_toggled(self) -> None:
        ranged = self.some_rounds.isChecked()
        self.first_round.setEnabled(ranged)
        self.last_round.setEnabled(ranged)

    def _format_changed(self) -> None:
        self.page_combo.setEnabled(self.report_format() == "pdf")

    # -- the choices -------------------------------------------------------------------------
    def options(self) -> ReportOptions:
        """The turns chosen, in the interface's language, with a map per turn or not."""
        maps = self.maps_box.isChecked()
        if self.all_rounds.isChecked():
            return ReportOptions(language=active_language(), maps=maps)
        return ReportOptions(self.first_round.value(), self.last_round.value(), active_language(), maps)

    def page_size(self) -> str:
        return str(self.page_combo.currentData())

    def report_format(self) -> str:
        return str(self.format_combo.currentData())

    def report(self) -> Report:
        return build_report(self.encounter, self.encounter_name, self.options(), self.party)

    # -- export -------------------------------------------------------------------------------
    def default_path(self) -> Path:
        return self.folder / (file_stem(self.encounter_name) + SUFFIXES[self.report_format()])

    def export(self) -> None:
        """Ask where to save, then write the report there."""
        fmt = self.report_format()
        if fmt == "pdf" and not self.confirm_fonts("export"):
            return
        chosen, _filter = QFileDialog.getSaveFileName(self, tr("report.dialog.export"), str(self.default_path()), tr(FILTERS[fmt]))
        if chosen:
            path = Path(chosen)
            self.export_to(path if path.suffix else path.with_suffix(SUFFIXES[fmt]))

    def export_to(self, path: Path) -> Path | None:
        """Write the report in the chosen format to ``path`` (atomically); None if it failed (message shown)."""
        try:
            written = export_report(self.report(), path, self.report_format(), self.page_size())
        except GmtoolError as exc:
            self._show(exc.message(), error=True)
            return None
        self._show(tr("report.dialog.saved", path=str(written)))
        self.exported.emit(str(written))
        return written

    def _show(self, message: str, error: bool = False) -> None:
        self.status.setText(message)
        set_tone(self.status, "error" if error else None)

    # -- print preview ----------------------------------------------------------------------------
    def make_preview(self) -> QPrintPreviewDialog:
        """A print preview of the report on a printer set to the chosen page size."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(page_layout(self.page_size()))
        printer.setDocName(file_stem(self.encounter_name))
        dialog = QPrintPreviewDialog(printer, self)
        dialog.setObjectName("reportPreview")
        dialog.setWindowTitle(tr("report.dialog.preview_title", name=self.encounter_name))
        dialog.paintRequested.connect(self.paint)
        self._preview_printer = printer  # kept alive while the preview lives (Qt does not own it)
        return dialog

    def paint(self, printer: QPrinter) -> int:
        """Lay the report out on ``printer`` (its own page layout: the preview may change it); returns pages."""
        return print_document(report_document(self.report()), printer)

    def preview(self) -> None:
        if self.confirm_fonts("print"):
            self.make_preview().exec()

    # -- a Japanese font for the PDF and the printout ----------------------------------------------
    def missing_japanese_font(self) -> bool:
        """Japanese text to draw and no font to draw it (the fonts are asked first: the cheap question)."""
        return not self.japanese_font() and report_has_japanese(self.report())

    def confirm_fonts(self, paper: Paper) -> bool:
        """True to go on: a font draws the report's Japanese, or the GM chose to go on without one."""
        if not self.missing_japanese_font():
            return True
        box = self.font_warning(paper)
        box.exec()
        if box.clickedButton() is box.findChild(QPushButton, "fontAnyway"):
            return True
        self._show(tr("fontcheck.cancelled"), error=True)
        return False

    def font_warning(self, paper: Paper) -> QMessageBox:
        """The warning (not yet shown): no font draws Japanese, what to install; go on anyway or cancel."""
        box = QMessageBox(self)
        box.setObjectName("japaneseFontWarning")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(tr("fontcheck.title"))
        box.setText(tr("fontcheck.text"))
        box.setInformativeText(font_advice())
        anyway = box.addButton(tr(f"fontcheck.{paper}_anyway"), QMessageBox.ButtonRole.AcceptRole)
        anyway.setObjectName("fontAnyway")
        cancel = box.addButton(tr("fontcheck.cancel"), QMessageBox.ButtonRole.RejectRole)
        cancel.setObjectName("fontCancel")
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        return box
