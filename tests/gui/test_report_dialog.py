"""The report dialog: turns, page size and format chosen; print preview; atomic export."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QFileDialog

from gmtool.core.i18n import set_language
from gmtool.printing.html import render_html
from gmtool.printing.markdown import render_markdown
from gmtool.printing.report import ReportOptions, build_report, round_numbers
from gmtool.rulesets.sr5 import commands as cmd
from gmtool.storage.workspace import Workspace
from gmtool.ui.report_dialog import ReportDialog, file_stem


def _fight(workspace: Workspace, phases: int = 30) -> None:
    session = workspace.session
    session.execute(cmd.StartTurn())
    for _ in range(phases):
        session.execute(cmd.NextPhase())


@pytest.fixture
def dialog(qtbot, workspace: Workspace, tmp_path: Path) -> ReportDialog:
    _fight(workspace)
    made = ReportDialog(workspace.encounter, workspace.encounter_name, page_size="a4", folder=tmp_path)
    qtbot.addWidget(made)
    return made


def test_the_choices_become_report_options(dialog: ReportDialog, workspace: Workspace) -> None:
    numbers = round_numbers(workspace.encounter)
    assert len(numbers) >= 3 and dialog.rounds == numbers
    assert dialog.options() == ReportOptions(None, None, "en")
    assert not dialog.first_round.isEnabled()
    dialog.some_rounds.setChecked(True)
    assert dialog.first_round.isEnabled() and dialog.last_round.isEnabled()
    dialog.first_round.setValue(numbers[1])
    dialog.last_round.setValue(numbers[2])
    assert dialog.options() == ReportOptions(numbers[1], numbers[2], "en")
    dialog.first_round.setValue(numbers[-1])  # the end follows a start moved past it
    assert dialog.last_round.value() == numbers[-1]
    assert [s.number for s in dialog.report().rounds] == [numbers[-1]]
    assert dialog.first_round.minimum() == 0 and dialog.first_round.specialValueText() == "before turn 1"
    dialog.page_combo.setCurrentIndex(dialog.page_combo.findData("letter"))
    assert dialog.page_size() == "letter"
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("md"))
    assert dialog.report_format() == "md" and not dialog.page_combo.isEnabled()


@pytest.mark.parametrize("fmt", ["pdf", "html", "md"])
def test_export_writes_the_chosen_format(qtbot, dialog: ReportDialog, workspace: Workspace, tmp_path: Path, fmt: str) -> None:
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData(fmt))
    target = tmp_path / "out" / f"log.{fmt}"
    target.parent.mkdir()
    with qtbot.waitSignal(dialog.exported, timeout=5000) as signal:
        assert dialog.export_to(target) == target
    assert signal.args == [str(target)]
    assert dialog.status.text() == f"Saved to {target}."
    report = build_report(workspace.encounter, workspace.encounter_name, ReportOptions(language="en"))
    if fmt == "pdf":
        assert target.read_bytes().startswith(b"%PDF-")
    else:
        expected = render_html(report) if fmt == "html" else render_markdown(report)
        assert target.read_text(encoding="utf-8") == expected
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_a_failed_export_says_why(dialog: ReportDialog, tmp_path: Path) -> None:
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("md"))
    assert dialog.export_to(tmp_path / "missing folder" / "log.md") is None
    assert dialog.status.text().startswith("Could not save to")
    assert "#c62828" in dialog.status.styleSheet()


def test_export_asks_for_a_file_and_adds_the_suffix(monkeypatch, dialog: ReportDialog, tmp_path: Path) -> None:
    asked: list[str] = []

    def fake_save(_parent, _title, proposed, _filter):  # noqa: ANN001, ANN202
        asked.append(proposed)
        return str(tmp_path / "chosen"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("html"))
    dialog.export_button.click()
    assert asked == [str(tmp_path / (file_stem(dialog.encounter_name) + ".html"))]
    assert (tmp_path / "chosen.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_print_preview_paints_the_report_on_the_chosen_page(qtbot, dialog: ReportDialog, tmp_path: Path) -> None:
    from gmtool.printing.pdf import page_layout

    dialog.page_combo.setCurrentIndex(dialog.page_combo.findData("letter"))
    preview = dialog.make_preview()
    qtbot.addWidget(preview)
    printer: QPrinter = preview.printer  # type: ignore[attr-defined]
    size = printer.pageLayout().pageSize()
    assert size.id() == size.PageSizeId.Letter
    with qtbot.waitSignal(preview.paintRequested, timeout=5000):
        preview.show()
    widget = preview.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() >= 2, timeout=5000)  # two turns do not fit on one page
    preview.close()
    paper = QPrinter(QPrinter.PrinterMode.HighResolution)
    paper.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    paper.setOutputFileName(str(tmp_path / "printed.pdf"))
    paper.setPageLayout(page_layout("letter"))
    assert dialog.paint(paper) == widget.pageCount()
    del paper
    assert b"/MediaBox [0 0 612" in (tmp_path / "printed.pdf").read_bytes()


def test_the_dialog_and_report_speak_japanese(qtbot, tmp_path: Path) -> None:
    set_language("ja")
    workspace = Workspace.open_default()
    try:
        _fight(workspace, 12)
        dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path)
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == f"ターンログの報告書 — {workspace.encounter_name}"
        assert dialog.options().language == "ja"
        dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("md"))
        written = dialog.export_to(tmp_path / "log.md")
        assert written is not None and "## 戦闘ターン 1" in written.read_text(encoding="utf-8")
        assert re.search(r"に保存しました。$", dialog.status.text())
        assert dialog.default_path().name == f"{workspace.encounter_name} - ターンログ.md".replace("/", "_")
    finally:
        workspace.close()


def test_an_sr4_encounter_exports(qtbot, workspace: Workspace, tmp_path: Path) -> None:
    sr4 = workspace.with_encounter(workspace.encounters()[1].id)
    sr4.session.execute(sr4.session.encounter.ruleset.commands.decode({"kind": "start_turn"}))  # type: ignore[arg-type]
    for _ in range(5):
        sr4.session.execute(sr4.session.encounter.ruleset.commands.decode({"kind": "next_phase"}))  # type: ignore[arg-type]
    dialog = ReportDialog(sr4.encounter, sr4.encounter_name, folder=tmp_path)
    qtbot.addWidget(dialog)
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("md"))
    text = dialog.export_to(tmp_path / "sr4.md").read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert "Shadowrun 4" in text and "## Combat turn 1" in text and "initiative test" in text


def test_file_names_are_safe() -> None:
    assert file_stem('a/b:c*?"<>|') == "a_b_c______ - turn log"
