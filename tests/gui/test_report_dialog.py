"""The report dialog: turns, page size and format chosen; print preview; atomic export."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QFileDialog, QPushButton

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.printing.html import render_html
from gmtool.printing.markdown import render_markdown
from gmtool.printing.report import ReportOptions, build_report, round_numbers
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
    assert dialog.status.property("tone") == "error"  # the theme's error colour


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
    printer = preview.printer()
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


# -- an attack's breakdown on paper --------------------------------------------------------------------
@pytest.mark.rule("X-3")
def test_print_preview_prints_the_attack_breakdown(qtbot, tmp_path: Path) -> None:
    """The preview paints the same document as the PDF: the attack's rows come back out of the printout."""
    import shutil
    import subprocess

    from gmtool.games.shadowrun.rules.attack.plan import use_tables
    from gmtool.games.shadowrun.rules.tables.loader import load_tables
    from gmtool.printing.pdf import page_layout
    from tests.test_printing_attacks import HOUSE_RULES, flat, resolved, sr5_encounter, sr5_expected

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    (tmp_path / "house.toml").write_text(HOUSE_RULES, encoding="utf-8")
    use_tables(load_tables(tmp_path))
    try:
        encounter = sr5_encounter()
    finally:
        use_tables(load_tables())
    dialog = ReportDialog(encounter, "Fight", page_size="a4", folder=tmp_path, japanese_font=lambda: True)
    qtbot.addWidget(dialog)
    paper = QPrinter(QPrinter.PrinterMode.HighResolution)
    paper.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    paper.setOutputFileName(str(tmp_path / "printed.pdf"))
    paper.setPageLayout(page_layout("a4"))
    assert dialog.paint(paper) >= 1
    del paper
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(tmp_path / "printed.pdf"), "-"], capture_output=True,
                          check=True, timeout=60)
    text = flat(done.stdout.decode("utf-8"))
    for row in sr5_expected(resolved(encounter)):
        assert flat(row) in text, row


# -- no Japanese font --------------------------------------------------------------------------------------
def _answer_font_warning(button: str, seen: list[str], tries: int = 200) -> None:
    """Once the font warning is up, note its words and click ``button`` (fontAnyway or fontCancel)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

    def poll(left: int) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "japaneseFontWarning":
            seen.append(box.text() + "\n" + box.informativeText())
            box.findChild(QPushButton, button).click()
        elif left:
            QTimer.singleShot(10, lambda: poll(left - 1))

    QTimer.singleShot(0, lambda: poll(tries))


def _saving_to(monkeypatch, target: Path, asked: list[str]) -> None:  # noqa: ANN001
    def fake_save(_parent, _title, proposed, _filter):  # noqa: ANN001, ANN202
        asked.append(proposed)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))


def _japanese_name(workspace: Workspace) -> None:
    workspace.session.execute(cmd.EditSheet(combatant="c1", field="name", value="山田"))


def test_without_a_japanese_font_a_japanese_pdf_is_warned_about_before_anything_is_written(
    qtbot, monkeypatch, tmp_path: Path
) -> None:
    set_language("ja")
    workspace = Workspace.open_default()
    try:
        _fight(workspace, 4)
        dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path, japanese_font=lambda: False)
        qtbot.addWidget(dialog)
        dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("pdf"))
        asked: list[str] = []
        target = tmp_path / "log.pdf"
        _saving_to(monkeypatch, target, asked)
        seen: list[str] = []
        _answer_font_warning("fontCancel", seen)
        dialog.export_button.click()
        assert len(seen) == 1 and asked == [] and not target.exists()  # warned; no file asked for, none written
        assert "fonts-noto-cjk" in seen[0] and "Noto Sans CJK JP" in seen[0]
        assert "日本語フォント" in seen[0] and "Install a Japanese font" in seen[0]  # English too: boxes otherwise
        assert dialog.status.text() == "中止しました：日本語を表示できるフォントがありません。"
        _answer_font_warning("fontAnyway", seen)
        dialog.export_button.click()
        assert len(seen) == 2 and asked and target.read_bytes().startswith(b"%PDF-")
    finally:
        workspace.close()


def test_japanese_names_in_an_english_log_are_warned_about_too(qtbot, monkeypatch, workspace: Workspace,
                                                              tmp_path: Path) -> None:
    _japanese_name(workspace)
    _fight(workspace, 4)
    dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path, japanese_font=lambda: False)
    qtbot.addWidget(dialog)
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("pdf"))
    asked: list[str] = []
    _saving_to(monkeypatch, tmp_path / "log.pdf", asked)
    seen: list[str] = []
    _answer_font_warning("fontCancel", seen)
    dialog.export_button.click()
    assert len(seen) == 1 and asked == [] and not (tmp_path / "log.pdf").exists()
    assert seen[0].startswith("This turn log holds Japanese text, but no installed font can draw Japanese")
    assert "Debian/Ubuntu: the package fonts-noto-cjk" in seen[0]
    assert dialog.status.text() == "Cancelled: no installed font draws Japanese."


def test_the_print_preview_is_warned_about_and_can_be_cancelled(qtbot, monkeypatch, workspace: Workspace,
                                                                tmp_path: Path) -> None:
    _japanese_name(workspace)
    _fight(workspace, 4)
    dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path, japanese_font=lambda: False)
    qtbot.addWidget(dialog)
    previews: list[object] = []
    monkeypatch.setattr(dialog, "make_preview", lambda: previews.append(1) or pytest.fail("previewed"))
    seen: list[str] = []
    _answer_font_warning("fontCancel", seen)
    dialog.preview_button.click()
    assert len(seen) == 1 and previews == []
    assert dialog.font_warning("print").findChild(QPushButton, "fontAnyway").text() == "Print anyway"


@pytest.mark.parametrize("case", ["font installed", "no Japanese text", "markdown"])
def test_no_warning_when_the_fonts_are_fine_or_not_needed(qtbot, monkeypatch, workspace: Workspace, tmp_path: Path,
                                                          case: str) -> None:
    if case != "no Japanese text":
        _japanese_name(workspace)
    _fight(workspace, 4)
    dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path,
                          japanese_font=lambda: case == "font installed")
    qtbot.addWidget(dialog)
    fmt = "md" if case == "markdown" else "pdf"
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData(fmt))
    monkeypatch.setattr(dialog, "font_warning", lambda paper: pytest.fail(f"warned about fonts ({paper})"))
    asked: list[str] = []
    target = tmp_path / f"log.{fmt}"
    _saving_to(monkeypatch, target, asked)
    dialog.export_button.click()
    assert asked and target.exists() and dialog.status.text() == f"Saved to {target}."


def test_the_dialog_asks_the_font_database_by_default(qtbot, workspace: Workspace, tmp_path: Path) -> None:
    from PySide6.QtGui import QFontDatabase

    from gmtool.printing.pdf import japanese_font_installed, japanese_fonts

    dialog = ReportDialog(workspace.encounter, workspace.encounter_name, folder=tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.japanese_font is japanese_font_installed
    assert japanese_font_installed() == bool(japanese_fonts())
    assert set(japanese_fonts()) <= set(QFontDatabase.families(QFontDatabase.WritingSystem.Japanese))
    if "Noto Sans CJK JP" in QFontDatabase.families():
        assert "Noto Sans CJK JP" in japanese_fonts()
    if "DejaVu Sans" in QFontDatabase.families():
        assert "DejaVu Sans" not in japanese_fonts()  # no kana in it


def test_a_game_played_on_a_map_offers_to_leave_the_maps_out(qtbot, dialog: ReportDialog, workspace: Workspace,
                                                              tmp_path: Path) -> None:
    assert dialog.maps_box.isHidden()  # Shadowrun has no map
    found = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
    rally = workspace.with_encounter(found)
    made = ReportDialog(rally.encounter, rally.encounter_name, page_size="a4", folder=tmp_path)
    qtbot.addWidget(made)
    made.show()
    assert made.maps_box.isVisible() and made.maps_box.isChecked()
    assert any(s.board is not None for s in made.report().rounds)
    made.format_combo.setCurrentIndex(made.format_combo.findData("html"))
    assert "<svg" in made.export_to(tmp_path / "rally.html").read_text(encoding="utf-8")  # type: ignore[union-attr]
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # what the print preview paints on
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert made.paint(printer) >= 2 and (tmp_path / "printed.pdf").stat().st_size > 0
    made.maps_box.setChecked(False)
    assert not made.options().maps and all(s.board is None for s in made.report().rounds)
