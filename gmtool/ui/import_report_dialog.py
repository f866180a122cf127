"""Importing files into the campaign, and the dialog that reports what each import did.

:func:`import_path` takes one file and hands it to the game whose library claims it (by
content: a Chummer character, a gmtool NPC or encounter export …), then stores what it
holds: templates go into the library, a planned encounter becomes a new (not started)
encounter of the campaign. It never raises for a bad file: the outcome carries the
translated message instead.
:class:`ImportReportDialog` shows the outcomes, one section per file, with the
importer's report lines (what came in, what was skipped and why).

:func:`import_paths` imports several files (a drop, a multiple choice) with a progress dialog
that appears when the import takes long and can be cancelled. Each file is imported whole or
not at all (one transaction), so a cancel stops after the file being imported: the files done
stay whole, the rest are listed as not imported, nothing is half-written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QProgressDialog,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import FileFormatError, GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.user_files import IMPORT, decode_text, parse_json, read_bytes
from gmtool.storage.campaign import Campaign
from gmtool.storage.templates import importable_suffixes, libraries, save_planned, store_fields


@dataclass
class ImportOutcome:
    """What importing one file did."""

    source: str
    ok: bool
    lines: list[str]
    template_ids: list[int] = field(default_factory=list)
    encounter_id: int | None = None
    cancelled: bool = False  # not imported because the GM cancelled the import before it


PROGRESS_AFTER_MS = 400  # a shorter import shows no progress dialog at all


def importable(path: Path) -> bool:
    """Whether a file's name says it is something a registered game imports."""
    return path.suffix.lower() in importable_suffixes()


def import_filter() -> str:
    """The open dialog's filter: every file name a registered game imports."""
    return tr("libui.filter.any_importable", patterns=" ".join(f"*{s}" for s in importable_suffixes()))


def _unclaimed(data: bytes, name: str) -> FileFormatError:
    """Why no game took the file: text gmtool does not read (UTF-16, not UTF-8, binary) or JSON the
    reader refuses (not JSON, nested too deeply, a number too long) says so; else its format is unknown."""
    text = decode_text(data, IMPORT, name)  # raises the reader's refusal, naming the encoding
    if text.lstrip()[:1] in ("{", "["):
        parse_json(text, IMPORT, name)  # gmtool's exchange files are JSON: raises what is wrong with it
    return FileFormatError("error.import_unknown_format", name=name)


def import_path(campaign: Campaign, path: Path, current_encounter: int | None = None) -> ImportOutcome:
    """Import one file into the campaign through the game that reads it (never raises for a bad file).
    The file is read by :func:`gmtool.core.user_files.read_bytes` (a regular file, within the largest
    limit of any kind); the game that claims it applies its kind's limit and bounds."""
    try:
        data = read_bytes(path, IMPORT)
        library = next((library for library in libraries() if library.claims(data, path.name)), None)
        if library is None:
            raise _unclaimed(data, path.name)
        found = library.import_file(data, path.name)
        if found.encounter is not None:
            encounter_id = save_planned(campaign, found.encounter, current_encounter)
            return ImportOutcome(path.name, True, list(found.lines), encounter_id=encounter_id)
        ids = campaign.library.add_many([store_fields(library, t) for t in found.templates])  # all or none
        return ImportOutcome(path.name, True, list(found.lines), template_ids=ids)
    except GmtoolError as exc:
        return ImportOutcome(path.name, False, [tr("libui.report.failed", source=path.name), exc.message()])
    except Exception as exc:  # noqa: BLE001 - one file's surprise must not stop the rest of a drop
        detail = f"{type(exc).__name__}: {exc}"[:300]
        return ImportOutcome(path.name, False, [tr("libui.report.failed", source=path.name),
                                                tr("libui.report.unexpected", detail=detail)])


def import_paths(
    parent: QWidget | None, campaign: Campaign, paths: list[Path], current_encounter: int | None = None
) -> list[ImportOutcome]:
    """Import ``paths`` one by one with a cancellable progress dialog (shown when it takes long)."""
    progress = QProgressDialog(tr("libui.import.progress_start"), tr("libui.import.cancel"), 0, len(paths), parent)
    progress.setObjectName("importProgress")
    progress.setWindowTitle(tr("libui.import.progress_title"))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(PROGRESS_AFTER_MS)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    outcomes: list[ImportOutcome] = []
    try:
        for number, path in enumerate(paths):
            progress.setLabelText(tr("libui.import.progress", name=path.name, number=number + 1, total=len(paths)))
            progress.setValue(number)  # also lets the Cancel button be pressed
            if progress.wasCanceled():
                outcomes += [ImportOutcome(p.name, False, [tr("libui.report.cancelled", source=p.name)], cancelled=True)
                             for p in paths[number:]]
                break
            outcomes.append(import_path(campaign, path, current_encounter))
        progress.setValue(len(paths))
    finally:
        progress.close()
        progress.deleteLater()
    return outcomes


class ImportReportDialog(QDialog):
    """The reports of one or more imports, to read and close."""

    def __init__(self, outcomes: list[ImportOutcome], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importReport")
        self.setWindowTitle(tr("libui.report.window_title"))
        self.outcomes = outcomes
        done = sum(1 for o in outcomes if o.ok)
        cancelled = sum(1 for o in outcomes if o.cancelled)
        text = tr("libui.report.summary", done=done, failed=len(outcomes) - done - cancelled)
        if cancelled:
            text += " " + tr("libui.report.summary_cancelled", cancelled=cancelled)
        summary = QLabel(text, self)
        summary.setObjectName("importSummary")
        summary.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("importReportText")
        self.text.setReadOnly(True)
        self.text.setPlainText("\n\n".join("\n".join(o.lines) for o in outcomes))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(640, 480)

    def report_text(self) -> str:
        return self.text.toPlainText()
