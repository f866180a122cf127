"""The report on paper: a ``QTextDocument`` laid out from the HTML, printed or written as PDF.

Page size is A4 or Letter. The document's fonts are the installed families of
:data:`gmtool.printing.html.FONT_FAMILIES`: a Latin face, then Japanese faces
for kana and kanji. Qt embeds the glyphs it uses (a subset of each font) in the
PDF, so the file reads the same on any machine.

Qt writes each font's ToUnicode map by looking up, for each glyph, the lowest
code point that maps to it; CJK fonts share a glyph between a kanji and its
Kangxi radical (力 U+529B and ⼒ U+2F12), so copied or searched text would hold
the radicals. :func:`fix_unicode_maps` rewrites those entries to the unified
ideograph (their NFKC form): same byte length, so the file's offsets stay valid.
A PDF is written to memory first, then to disk atomically.

:func:`japanese_fonts` lists the installed families that draw kana and kanji; the
report dialog warns before a Japanese PDF or printout when there is none.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QRawFont,
    QTextDocument,
)

from gmtool.printing.html import FONT_FAMILIES, render_html
from gmtool.printing.report import Report
from gmtool.storage.atomic import write_bytes_atomic

PageSizeName = Literal["a4", "letter"]
PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "a4": QPageSize.PageSizeId.A4,
    "letter": QPageSize.PageSizeId.Letter,
}
MARGINS_MM = QMarginsF(15, 15, 15, 15)
BASE_POINT_SIZE = 10
PDF_RESOLUTION = 300  # dots per inch of the layout (text stays vector)


def page_layout(page_size: str) -> QPageLayout:
    """Portrait A4 or Letter with 15 mm margins."""
    size = QPageSize(PAGE_SIZES[page_size])
    return QPageLayout(size, QPageLayout.Orientation.Portrait, MARGINS_MM, QPageLayout.Unit.Millimeter)


def document_font() -> QFont:
    """The installed families of :data:`FONT_FAMILIES`, in order (Qt's default font if none is)."""
    installed = set(QFontDatabase.families())
    font = QFont()
    families = [family for family in FONT_FAMILIES if family in installed]
    if families:
        font.setFamilies(families)
    font.setPointSize(BASE_POINT_SIZE)
    return font


JAPANESE_SAMPLE = "あア漢字"  # hiragana, katakana, kanji: a font that draws these can print the report


def japanese_fonts() -> tuple[str, ...]:
    """The installed families that draw Japanese text: Qt's list for the writing system, each checked
    against a few kana and kanji (empty: Japanese would print as empty boxes)."""
    return tuple(
        family for family in QFontDatabase.families(QFontDatabase.WritingSystem.Japanese)
        if _draws(family, JAPANESE_SAMPLE)
    )


def _draws(family: str, text: str) -> bool:
    font = QRawFont.fromFont(QFont(family))
    return font.isValid() and all(font.supportsCharacter(ch) for ch in text)


def japanese_font_installed() -> bool:
    """Whether some installed font draws Japanese text (stops at the first one)."""
    families = QFontDatabase.families(QFontDatabase.WritingSystem.Japanese)
    return any(_draws(family, JAPANESE_SAMPLE) for family in families)


def report_document(report: Report) -> QTextDocument:
    """The report laid out as a rich-text document (not yet paginated); a game played on a map gets
    its maps drawn by Qt in their slots (:mod:`.map_paint`)."""
    document = QTextDocument()
    font = document_font()
    document.setDefaultFont(font)
    if any(section.board is not None for section in report.rounds):
        from gmtool.printing.map_paint import fill_map_slots

        document.setHtml(render_html(report, "slots"))
        fill_map_slots(document, report, font)
    else:
        document.setHtml(render_html(report))
    return document


def print_document(document: QTextDocument, device: QPagedPaintDevice, page_size: str | None = None) -> int:
    """Paginate ``document`` on ``device`` (a QPrinter or QPdfWriter); returns the page count.

    With ``page_size`` the device gets that page (A4 or Letter, 15 mm margins);
    without, its own layout is kept (a print preview's choice). The document is
    paginated to the device's printable area in points before printing, so Qt
    prints it as it is instead of laying out a copy again.
    """
    if page_size is not None:
        device.setPageLayout(page_layout(page_size))
    area = device.pageLayout().paintRectPoints()
    document.setPageSize(QSizeF(area.width(), area.height()))
    pages = document.pageCount()
    document.print_(device)
    return pages


def pdf_bytes(report: Report, page_size: str = "a4") -> bytes:
    """The report as a PDF file's bytes."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_RESOLUTION)
    writer.setTitle(report.title)
    writer.setCreator("gmtool")
    document = report_document(report)
    print_document(document, writer, page_size)
    del writer  # finishes the file
    buffer.close()
    return fix_unicode_maps(bytes(data.data()))


_CMAP_SECTION = re.compile(rb"begin(bfrange|bfchar)(.*?)end\1", re.DOTALL)
_CODE = re.compile(rb"<([0-9A-Fa-f]{4})>")


def _unified(match: re.Match[bytes]) -> bytes:
    char = chr(int(match.group(1), 16))
    if not ("\u2e80" <= char <= "\u2fdf"):
        return match.group(0)
    unified = unicodedata.normalize("NFKC", char)
    if len(unified) != 1 or ord(unified) > 0xFFFF or unified == char:
        return match.group(0)
    return b"<%04X>" % ord(unified)


def _fix_line(line: bytes, sources: int) -> bytes:
    """Rewrite the destination codes of one CMap line (the first ``sources`` codes are glyph ids)."""
    seen = 0

    def replace(match: re.Match[bytes]) -> bytes:
        nonlocal seen
        seen += 1
        return match.group(0) if seen <= sources else _unified(match)

    return _CODE.sub(replace, line)


def fix_unicode_maps(pdf: bytes) -> bytes:
    """Map CJK radical code points in the PDF's ToUnicode CMaps to the ideographs they stand for."""

    def section(match: re.Match[bytes]) -> bytes:
        sources = 2 if match.group(1) == b"bfrange" else 1
        return b"\n".join(_fix_line(line, sources) for line in match.group(0).split(b"\n"))

    return _CMAP_SECTION.sub(section, pdf)


def write_pdf(report: Report, path: Path, page_size: str = "a4") -> None:
    """Write the report as PDF to ``path`` (atomically)."""
    write_bytes_atomic(path, pdf_bytes(report, page_size))

