"""Unexpected errors: a dialog with the details to copy, and the program goes on (issue 13).

Every command is one transaction, so an exception raised in a menu action, a drop or a panel
leaves the campaign as it was; the GM sees what happened, can copy the details for a bug
report, and keeps playing. Errors gmtool raises on purpose (``GmtoolError``) never get here:
they are refusals shown where they happen.
"""

from __future__ import annotations

import sys
import traceback
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from gmtool.core.i18n import tr

_showing: list[bool] = []  # one dialog at a time: an error while it is open is printed only


def details(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> str:
    return "".join(traceback.format_exception(kind, error, trace))


def show_unexpected(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """The hook: print the traceback, then tell the GM in a dialog (details in its "Show Details")."""
    text = details(kind, error, trace)
    sys.stderr.write(text)
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None or _showing:
        return
    _showing.append(True)
    try:
        box = QMessageBox(QMessageBox.Icon.Critical, tr("error_dialog.title"), tr("error_dialog.text"))
        box.setInformativeText(f"{kind.__name__}: {error}"[:500])
        box.setDetailedText(text)
        box.exec()
    finally:
        _showing.clear()


def install() -> None:
    """Unexpected errors anywhere in the program show :func:`show_unexpected`'s dialog."""
    sys.excepthook = show_unexpected
