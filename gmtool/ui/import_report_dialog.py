"""Importing files into the campaign, and the dialog that reports what each import did.

:func:`import_path` takes one file and hands it to the game whose library claims it (by
content: a Chummer character, a gmtool NPC or encounter export …), then stores what it
holds: templates go into the library, a planned encounter becomes a new (not started)
encounter of the campaign. It never raises for a bad file: the outcome carries the
translated message instead.
:class:`ImportReportDialog` shows the outcomes, one section per file, with the
importer's report lines (what came in, what was skipped and why).

:func:`import_paths` imports several files (a drop, a multiple choice) with a progress dialog
that appears when the import takes long and can be cancelled. Each file is imported in short steps
(:func:`import_steps`: read, then one template at a time through its game's
``import_stepwise`` and into the library's transaction), and every :data:`SLICE_S` the window
repaints and Cancel is seen. Each file is imported whole or not at all (one transaction): a cancel
stops the file being imported (nothing of it is kept) and the rest; the files done stay whole and
the others are listed as not imported.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
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
from gmtool.core.steps import Steps, Stopped, finish, in_thread, run_in_slices, taking
from gmtool.core.user_files import IMPORT, decode_text, parse_json, read_bytes
from gmtool.storage.campaign import Campaign
from gmtool.storage.templates import Library, importable_suffixes, libraries, save_planned, store_fields


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
SLICE_S = 0.02  # during an import the window repaints and Cancel is seen at least this often (and a step)


def importable(path: Path) -> bool:
    """Whether a file's name says it is something a registered game imports (a folder: its files may be)."""
    return path.suffix.lower() in importable_suffixes() or path.is_dir()


def files_in_folders(paths: list[Path]) -> list[Path]:
    """The paths with each folder replaced by the importable files directly in it (by name; hidden
    files and sub-folders left out). A folder holding none stays (the reader refuses it: a folder)."""
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        try:
            inside = sorted(p for p in path.iterdir() if not p.name.startswith(".") and p.is_file()
                            and p.suffix.lower() in importable_suffixes())
        except OSError:
            inside = []
        found += inside or [path]
    return found


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


def _reader_of(data: bytes, name: str) -> Library | None:
    """The library of the first game that reads the file (by its content), or None."""
    return next((library for library in libraries() if library.claims(data, name)), None)


def import_path(campaign: Campaign, path: Path, current_encounter: int | None = None) -> ImportOutcome:
    """Import one file into the campaign through the game that reads it (never raises for a bad file)."""
    return finish(import_steps(campaign, path, current_encounter))


def import_steps(campaign: Campaign, path: Path, current_encounter: int | None = None) -> Steps[ImportOutcome]:
    """:func:`import_path` in short steps (:mod:`gmtool.core.steps`); stopped between two, nothing
    of the file is kept. The file is read by :func:`gmtool.core.user_files.read_bytes` (a regular
    file, within the largest limit of any kind); the game that claims it applies its kind's limit."""
    try:
        data = read_bytes(path, IMPORT)
        library = yield from in_thread(lambda: _reader_of(data, path.name))  # the games' libraries load meanwhile
        if library is None:
            raise _unclaimed(data, path.name)
        found = yield from library.import_stepwise(data, path.name)
        lines, templates, planned = list(found.lines), list(found.templates), found.encounter
        del found  # each template is freed as it is stored (:func:`taking`)
        if planned is not None:
            encounter_id = save_planned(campaign, planned, current_encounter)
            return ImportOutcome(path.name, True, lines, encounter_id=encounter_id)
        fields: list[Mapping[str, Any]] = []
        for template in taking(templates):
            fields.append(store_fields(library, template))
            yield
        ids = yield from campaign.library.add_many_stepwise(taking(fields))  # all or none
        return ImportOutcome(path.name, True, lines, template_ids=ids)
    except Stopped:
        raise  # the GM cancelled: nothing of this file is kept, the caller lists it
    except GmtoolError as exc:
        return ImportOutcome(path.name, False, [tr("libui.report.failed", source=path.name), exc.message()])
    except Exception as exc:  # noqa: BLE001 - one file's surprise must not stop the rest of a drop
        detail = f"{type(exc).__name__}: {exc}"[:300]
        return ImportOutcome(path.name, False, [tr("libui.report.failed", source=path.name),
                                                tr("libui.report.unexpected", detail=detail)])


def import_paths(
    parent: QWidget | None, campaign: Campaign, paths: list[Path], current_encounter: int | None = None
) -> list[ImportOutcome]:
    """Import ``paths`` one by one with a cancellable progress dialog (shown when it takes long); a folder
    is its importable files, each imported on its own (all or nothing per file)."""
    paths = files_in_folders(paths)
    files = len(paths) if len(paths) > 1 else 0  # one file: a busy bar (a count of one would stay at 0 %)
    progress = QProgressDialog(tr("libui.import.progress_start"), tr("libui.import.cancel"), 0, files, parent)
    progress.setObjectName("importProgress")
    progress.setWindowTitle(tr("libui.import.progress_title"))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(PROGRESS_AFTER_MS)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    started = time.perf_counter()

    def pause() -> bool:
        """Between two steps: show the dialog once the import takes long, repaint, see Cancel."""
        if not progress.isVisible() and (time.perf_counter() - started) * 1000 >= PROGRESS_AFTER_MS:
            progress.show()
        QCoreApplication.processEvents()
        return not progress.wasCanceled()

    outcomes: list[ImportOutcome] = []
    try:
        for number, path in enumerate(paths):
            progress.setLabelText(tr("libui.import.progress", name=path.name, number=number + 1, total=len(paths)))
            progress.setValue(min(number, files))  # also lets the Cancel button be pressed
            try:
                if progress.wasCanceled():
                    raise Stopped
                outcomes.append(run_in_slices(import_steps(campaign, path, current_encounter), SLICE_S, pause))
            except Stopped:
                outcomes += [_cancelled(p) for p in paths[number:]]
                break
            pause()
            run_in_slices(campaign.tidy_log_stepwise(), SLICE_S, lambda: pause() or True)  # done: not cancelled
        progress.setValue(files)
    finally:
        progress.close()
        progress.deleteLater()
    return outcomes


def _cancelled(path: Path) -> ImportOutcome:
    return ImportOutcome(path.name, False, [tr("libui.report.cancelled", source=path.name)], cancelled=True)


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
