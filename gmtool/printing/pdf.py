"""The report on paper: a ``QTextDocument`` laid out from the HTML, printed or written as PDF.

Page size is A4 or Letter. The document's default font is the first installed
family of the report language's list (:data:`gmtool.printing.html.FONTS`), so
Japanese text is drawn with a CJK font; Qt embeds the glyphs it uses (a subset
of each font) in the PDF, so the file reads the same on any machine.
A PDF is written to memory first, then to disk atomically.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QFont, QFontDatabase, QPageLayout, QPageSize, QPagedPaintDevice, QPdfWriter, QTextDocument

from gmtool.printing.export import write_bytes_atomic
from gmtool.printing.html import FONTS, render_html
from gmtool.printing.report import Report

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


def document_font(language: str) -> QFont:
    """The first installed family of the language's list (Qt's default otherwise)."""
    installed = set(QFontDatabase.families())
    for family in (f.strip().strip('"') for f in FONTS.get(language, FONTS["en"]).split(",")):
        if family in installed:
            font = QFont(family)
            break
    else:
        font = QFont()
    font.setPointSize(BASE_POINT_SIZE)
    return font


def report_document(report: Report) -> QTextDocument:
    """The report laid out as a rich-text document (not yet paginated)."""
    document = QTextDocument()
    document.setDefaultFont(document_font(report.language))
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
    return bytes(data.data())


def write_pdf(report: Report, path: Path, page_size: str = "a4") -> None:
    """Write the report as PDF to ``path`` (atomically)."""
    write_bytes_atomic(path, pdf_bytes(report, page_size))

