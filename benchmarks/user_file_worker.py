"""The user-file fuzzer's worker: a gmtool process that reads cases through the GM's own entry points.

``python -m benchmarks.user_file_worker SEED FIRST LAST SCRATCH`` opens a campaign in ``SCRATCH``
(offscreen Qt), then for each case number writes the case's file and hands it to its entry point:

- ``file_import``: File → Import's dispatch (:func:`gmtool.ui.import_report_dialog.import_path`);
- ``library_import``: the library window's Import (``LibraryWindow.import_files``, progress and report);
- ``map_editor``: the map editor's Import (``MapEditorDialog.import_map``; the file chooser answers the
  case's path, the warning box is recorded instead of shown);
- ``house_rules``: the house-rule loading done at every start (:func:`gmtool.app.load_house_rules`).

It prints one line before a case (``@@ {"start": n}``) and one after it with the outcome: ``ok``,
``refused`` (gmtool's translated message), ``traceback`` (an exception escaped, or File → Import fell
back to its "unexpected" report) or ``partial_write`` (a refused file changed the campaign on disk, or
the map editor's map). A hang or a crash is what the parent sees when no second line comes. The
process limits its address space (:data:`MEMORY_LIMIT`) so a read without bound fails instead of
taking the machine's memory.
"""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import sys
import traceback
from pathlib import Path
from typing import Any

from benchmarks.user_file_cases import Case, case, families, planned, write_case

MEMORY_LIMIT = 3 * 1024**3  # bytes of address space: a /dev/zero read without bound ends here
PREFIX = "@@ "


def emit(record: dict[str, Any]) -> None:
    sys.stdout.write(PREFIX + json.dumps(record) + "\n")
    sys.stdout.flush()


class Entries:
    """The entry points, on one campaign and one offscreen application."""

    def __init__(self, scratch: Path, seed: int) -> None:
        from PySide6.QtWidgets import QApplication

        from gmtool.core.i18n import tr
        from gmtool.storage.workspace import Workspace

        self.app = QApplication.instance() or QApplication([])
        self.scratch, self.seed = scratch, seed
        self.workspace = Workspace.open_default()
        self.unexpected = tr("libui.report.unexpected", detail="\x00").split("\x00")[0]

    def close(self) -> None:
        self.workspace.close()

    def run(self, spec: Case) -> tuple[str, str]:
        """The case's outcome and a short detail."""
        try:
            return getattr(self, spec.entry)(spec)
        except Exception as exc:  # noqa: BLE001 - an escaped exception is what this counts
            return "traceback", "".join(traceback.format_exception(exc, limit=-4))[-1500:]

    # -- the campaign on disk ------------------------------------------------------------------------
    def _stored(self) -> tuple[int, int]:
        """Templates and encounters in the campaign file, read by another connection (what is on disk)."""
        with sqlite3.connect(f"file:{self.workspace.campaign.path}?mode=ro", uri=True) as conn:
            templates = conn.execute("SELECT count(*) FROM npc_templates").fetchone()[0]
            encounters = conn.execute("SELECT count(*) FROM encounters").fetchone()[0]
        return templates, encounters

    def _judged(self, outcome: Any, before: tuple[int, int]) -> tuple[str, str]:
        text = " | ".join(outcome.lines)[:600]
        if any(line.startswith(self.unexpected) for line in outcome.lines):
            return "traceback", text
        after = self._stored()
        if not outcome.ok:
            return ("refused", text) if after == before else ("partial_write", f"{before} -> {after}: {text}")
        added = (before[0] + len(outcome.template_ids), before[1] + (outcome.encounter_id is not None))
        return ("ok", text) if after == added else ("partial_write", f"{before} -> {after}, said {added}: {text}")

    # -- the entry points -----------------------------------------------------------------------------
    def file_import(self, spec: Case) -> tuple[str, str]:
        from gmtool.ui.import_report_dialog import import_path

        path = write_case(spec, self.seed, self.scratch / "files")
        before = self._stored()
        return self._judged(import_path(self.workspace.campaign, path), before)

    def library_import(self, spec: Case) -> tuple[str, str]:
        from gmtool.ui.library_window import LibraryWindow

        path = write_case(spec, self.seed, self.scratch / "files")
        before = self._stored()
        window = LibraryWindow(self.workspace.campaign)
        try:
            (outcome,) = window.import_files([path])
            self.app.processEvents()
            return self._judged(outcome, before)
        finally:
            if window.report is not None:
                window.report.close()
            window.close()
            window.deleteLater()
            self.app.processEvents()

    def map_editor(self, spec: Case) -> tuple[str, str]:
        from gmtool.core.hex.map_file import HexMapFile
        from gmtool.ui import map_editor

        if spec.family == "sky":
            from gmtool.games.aura_battler.rules.terrain import board_kinds
            game = "aura_battler"
        else:
            from gmtool.games.badlands_rally.rules.terrain import board_kinds
            game = "badlands_rally"
        path = write_case(spec, self.seed, self.scratch / "files")
        start = HexMapFile(name="Fuzz start (made up)", game=game, columns=10, rows=8)
        editor = map_editor.MapEditorDialog(start, board_kinds("en"))
        refusals: list[str] = []
        editor._refuse = lambda _title, text: refusals.append(text)  # type: ignore[method-assign]  # noqa: SLF001
        map_editor.ask_open_path = lambda _parent: path  # type: ignore[assignment]  # the GM chose this file
        try:
            editor.import_map()
            if refusals:
                whole = editor.document() == start and not editor._undo  # noqa: SLF001
                return ("refused", refusals[0][:600]) if whole else ("partial_write", refusals[0][:600])
            return "ok", editor.document().name
        finally:
            editor.deleteLater()
            self.app.processEvents()

    def house_rules(self, spec: Case) -> tuple[str, str]:
        from gmtool.app import load_house_rules

        data = self.scratch / f"house {spec.number}"
        write_case(spec, self.seed, data / "tables")
        try:
            loaded = load_house_rules(data)
            problems = " | ".join(problem.message() for problem in loaded.problems)[:600]
            return ("refused", problems) if loaded.problems else ("ok", f"{loaded.tables} tables")
        finally:
            load_house_rules(self.scratch / "no house rules")  # back to the shipped tables for the next case


def main(argv: list[str]) -> int:
    seed, first, last, scratch = int(argv[0]), int(argv[1]), int(argv[2]), Path(argv[3])
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["GMTOOL_DATA_DIR"] = str(scratch / "data")
    os.environ["GMTOOL_CONFIG_DIR"] = str(scratch / "config")
    entries = Entries(scratch, seed)
    available, plan = families(), planned()
    emit({"ready": first})
    try:
        for number in range(first, last):
            spec = plan[number] if plan is not None else case(number, seed, available)
            emit({"start": number})
            outcome, detail = entries.run(spec)
            emit({"done": number, "outcome": outcome, "detail": detail})
    finally:
        entries.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
