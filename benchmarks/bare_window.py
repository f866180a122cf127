"""The start-up baseline: a bare PySide6 main window with a table view and two docks.

Run as ``python -m benchmarks.bare_window``: prints ``painted`` (flushed) on the
window's first paint event and quits, as ``GMTOOL_EXIT_AFTER_PAINT=1 python -m
gmtool`` does for gmtool's main window.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QTableView


class FirstPaint(QObject):
    """Event filter: on the watched widget's first paint, say so and quit."""

    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self._app = app
        self._done = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint and not self._done:
            self._done = True
            sys.stdout.write("painted\n")
            sys.stdout.flush()
            QTimer.singleShot(0, self._app.quit)  # let this paint finish first
        return False


def build_window() -> QMainWindow:
    window = QMainWindow()
    window.setWindowTitle("bare window")
    window.setCentralWidget(QTableView())
    for title, area in (("Left", Qt.DockWidgetArea.LeftDockWidgetArea), ("Right", Qt.DockWidgetArea.RightDockWidgetArea)):
        dock = QDockWidget(title, window)
        window.addDockWidget(area, dock)
    window.resize(1024, 700)
    return window


def main() -> int:
    app = QApplication(sys.argv)
    window = build_window()
    watcher = FirstPaint(app)
    window.installEventFilter(watcher)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
