"""Saving a report: HTML and Markdown here (pure Python), PDF through :mod:`.pdf` (Qt).

Every file is written atomically: a temporary file in the same folder, flushed
to disk, then ``os.replace`` — a crash leaves the old file or the new one.
"""

from __future__ import annotations

from pathlib import Path

from gmtool.printing.html import render_html
from gmtool.printing.markdown import render_markdown
from gmtool.printing.report import Report
from gmtool.storage.atomic import write_bytes_atomic

FORMATS: tuple[str, ...] = ("pdf", "html", "md")
SUFFIXES = {"pdf": ".pdf", "html": ".html", "md": ".md"}


def render_text(report: Report, fmt: str) -> str:
    """The report as HTML or Markdown text."""
    if fmt == "html":
        return render_html(report)
    if fmt == "md":
        return render_markdown(report)
    raise ValueError(f"not a text format: {fmt!r}")


def export_report(report: Report, path: Path, fmt: str, page_size: str = "a4") -> Path:
    """Write the report in ``fmt`` (pdf, html or md) to ``path``; returns the path written.

    PDF needs Qt (imported here only when asked), HTML and Markdown do not.
    """
    if fmt == "pdf":
        from gmtool.printing.pdf import write_pdf

        write_pdf(report, Path(path), page_size)
    else:
        write_bytes_atomic(Path(path), render_text(report, fmt).encode("utf-8"))
    return Path(path)
