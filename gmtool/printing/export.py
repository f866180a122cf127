"""Saving a report: HTML and Markdown here (pure Python), PDF through :mod:`.pdf` (Qt).

Every file is written atomically: a temporary file in the same folder, flushed
to disk, then ``os.replace`` — a crash leaves the old file or the new one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from gmtool.core.errors import StorageError
from gmtool.printing.html import render_html
from gmtool.printing.markdown import render_markdown
from gmtool.printing.report import Report

FORMATS: tuple[str, ...] = ("pdf", "html", "md")
SUFFIXES = {"pdf": ".pdf", "html": ".html", "md": ".md"}


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and ``os.replace``."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise StorageError("error.save_failed", path=str(path), detail=exc.strerror or str(exc)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StorageError("error.save_failed", path=str(path), detail=exc.strerror or str(exc)) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
