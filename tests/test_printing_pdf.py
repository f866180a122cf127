"""The report as PDF (Qt): Japanese text comes back out, fonts are embedded, A4 and Letter pages.

Text extraction uses poppler's ``pdftotext`` and ``pdffonts`` when installed (the
checks that need them are skipped with the reason otherwise); the embedded-font
check also parses the PDF's own objects, which needs nothing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from benchmarks.print_pdf import sr4_fight, sr5_fight
from gmtool.core.encounter import Encounter
from gmtool.printing.report import ReportOptions, build_report

pytestmark = pytest.mark.usefixtures("qapp")

POINTS = {"a4": (595, 842), "letter": (612, 792)}


@pytest.fixture(scope="module")
def sr5() -> Encounter:
    return sr5_fight(250)


def _pdf(encounter: Encounter, language: str, page_size: str = "a4", last_round: int | None = 2) -> bytes:
    from gmtool.printing.pdf import pdf_bytes

    return pdf_bytes(build_report(encounter, "デモ" if language == "ja" else "Demo",
                                  ReportOptions(language=language, last_round=last_round)), page_size)


def _objects(data: bytes) -> list[bytes]:
    return re.findall(rb"\d+ 0 obj(.*?)endobj", data, flags=re.DOTALL)


def _pdftotext(data: bytes, tmp_path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "report.pdf"
    source.write_bytes(data)
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(source), "-"], capture_output=True, check=True, timeout=60)
    return re.sub(r"\s+", "", done.stdout.decode("utf-8"))


def test_japanese_text_comes_back_out_of_the_pdf(tmp_path: Path, sr5: Encounter) -> None:
    report = build_report(sr5, "デモ", ReportOptions(language="ja", last_round=2))
    text = _pdftotext(_pdf(sr5, "ja"), tmp_path)
    expected = [report.title, report.rounds[1].title, report.rounds[1].snapshot_title, report.labels.columns[1]]
    expected += [line.text for line in report.rounds[1].events[:8]]
    for phrase in expected:
        assert re.sub(r"\s+", "", phrase) in text, phrase
    assert "イニシアティブ" in text and "肉体" in text and "行動" in text
    assert not [ch for ch in text if "\u2e80" <= ch <= "\u2fdf"], "kanji must not come back as radicals"


def test_unicode_maps_name_the_ideograph_not_its_radical() -> None:
    from gmtool.printing.pdf import fix_unicode_maps

    cmap = (b"2 beginbfrange\n<0000> <0000> <0000>\n<2F12> <2F13> [<2F12> <2F8F> ]\nendbfrange\n"
            b"1 beginbfchar\n<2F00> <2F00>\nendbfchar\n<2F12> outside a CMap")
    fixed = fix_unicode_maps(cmap)
    assert fixed == (b"2 beginbfrange\n<0000> <0000> <0000>\n<2F12> <2F13> [<529B> <884C> ]\nendbfrange\n"
                     b"1 beginbfchar\n<2F00> <4E00>\nendbfchar\n<2F12> outside a CMap")
    assert len(fixed) == len(cmap)  # the PDF's byte offsets stay valid


def test_english_text_comes_back_out_too(tmp_path: Path, sr5: Encounter) -> None:
    report = build_report(sr5, "Demo", ReportOptions(language="en", last_round=2))
    text = _pdftotext(_pdf(sr5, "en"), tmp_path)
    for phrase in (report.title, report.rounds[2].title, *(line.text for line in report.rounds[2].events[:5])):
        assert re.sub(r"\s+", "", phrase) in text, phrase


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_font_of_the_pdf_is_embedded(language: str, sr5: Encounter) -> None:
    data = _pdf(sr5, language)
    descriptors = [o for o in _objects(data) if b"/Type /FontDescriptor" in o or b"/Type/FontDescriptor" in o]
    assert descriptors, "the PDF names no font"
    assert all(re.search(rb"/FontFile[23]?\b", o) for o in descriptors)
    top_fonts = [o for o in _objects(data) if re.search(rb"/Type\s*/Font\b", o) and b"/DescendantFonts" in o]
    assert top_fonts and all(b"/ToUnicode" in o for o in top_fonts)  # text can be copied and searched


def test_pdffonts_reports_the_japanese_fonts_embedded(tmp_path: Path, sr5: Encounter) -> None:
    from gmtool.printing.pdf import document_font

    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) is not installed")
    path = tmp_path / "ja.pdf"
    path.write_bytes(_pdf(sr5, "ja"))
    lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert lines
    for line in lines:
        emb, _sub, uni = line.split()[-5:-2]
        assert (emb, uni) == ("yes", "yes"), line
    family = " ".join(document_font().families())
    if "CJK" in family:
        assert any("CJK" in line for line in lines)


@pytest.mark.parametrize("page_size", ["a4", "letter"])
def test_page_size(page_size: str, sr5: Encounter) -> None:
    data = _pdf(sr5, "en", page_size)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert boxes and all((round(float(w)), round(float(h))) == POINTS[page_size] for w, h in boxes)
    assert len(boxes) >= 2  # two turns and their snapshots take more than one page


def test_the_sr4_report_prints(tmp_path: Path) -> None:
    encounter = sr4_fight(60)
    report = build_report(encounter, "SR4", ReportOptions(language="ja"))
    text = _pdftotext(_pdf(encounter, "ja", last_round=None), tmp_path)
    assert re.sub(r"\s+", "", report.rounds[-1].title) in text
    assert "シャドウラン4版" in text or re.sub(r"\s+", "", report.subtitle) in text


def test_a_pdf_replaces_the_old_file_atomically(tmp_path: Path, sr5: Encounter) -> None:
    from gmtool.printing.export import export_report

    target = tmp_path / "log.pdf"
    target.write_bytes(b"old")
    export_report(build_report(sr5, "Demo", ReportOptions(last_round=1)), target, "pdf", "letter")
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert [p.name for p in tmp_path.iterdir()] == ["log.pdf"]


def test_the_first_page_renders_with_text(tmp_path: Path, sr5: Encounter) -> None:
    """pdftoppm draws the page; a page with the title and a table has plenty of dark pixels."""
    from PySide6.QtGui import QImage

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    source = tmp_path / "ja.pdf"
    source.write_bytes(_pdf(sr5, "ja"))
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "1", "-png", str(source), str(tmp_path / "page")],
                   check=True, timeout=60)
    (png,) = tmp_path.glob("page*.png")
    image = QImage(str(png))
    assert not image.isNull()
    dark = sum(
        1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
        if image.pixelColor(x, y).lightness() < 128
    )
    assert dark > 300


def test_the_benchmark_harness_returns_its_figures() -> None:
    """The measuring code runs (a small journal); the figure itself is for ``make bench``."""
    from benchmarks.print_pdf import measure_print_pdf

    result = measure_print_pdf(events=60, runs=1)
    assert result["print_pdf_1000_s"] == max(result["print_pdf_1000_en_s"], result["print_pdf_1000_ja_s"]) > 0
    assert result["print_pdf_events"] >= 60 and result["print_pdf_bytes"] > 1000
