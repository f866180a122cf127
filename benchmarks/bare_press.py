"""The key-press floor: a bare PySide6 window's naive repaint, measured like gmtool's key presses.

The window is 1366 × 768 with a 200-row table view (a ``QStandardItemModel``, six columns) and a
dock holding a 12-field form (six spin boxes, six line edits). A press changes every cell of the
table the naive way, each item's text set in turn (as a program without a model of its own would
update its table: one ``dataChanged`` per cell), and every field of the form, then runs the event
loop until the posted work is done (:func:`benchmarks.next_phase.settle`), exactly as a gmtool
press is timed. The table's viewport must have been painted on every press (``bare_press_presses_without_paint``
is 0). That is the naive floor a desktop program pays for "everything on screen changed": each of
gmtool's key-press figures is printed also as a ratio to it (``*_vs_bare``, issue 30), so a figure
measured on a slower machine or a busier one moves with its floor.

Run as ``python -m benchmarks.bare_press``: a fresh process of its own, as every key-press figure
(garbage left by another benchmark skews a press by up to 4×).
"""

from __future__ import annotations

import sys
from typing import Any

from benchmarks.next_phase import PaintCounter, p95, settle, timed

ROWS = 200
COLUMNS = 6
FIELDS = 12
PRESSES = 300
WARMUP = 10
SIZE = (1366, 768)


def _table_model(rows: int, columns: int) -> Any:
    """A standard item model whose every cell shows the press number with its place (changes each press)."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel

    class Model(QStandardItemModel):
        def __init__(self) -> None:
            super().__init__(rows, columns)
            self.press = 0
            for row in range(rows):
                for column in range(columns):
                    self.setItem(row, column, QStandardItem(""))
            self.advance()

        def advance(self) -> None:
            """Every item's text set anew, one by one (the naive update)."""
            self.press += 1
            for row in range(rows):
                for column in range(columns):
                    self.item(row, column).setText(f"{row * columns + column + self.press}")

    return Model()


def build(app: Any) -> tuple[Any, Any, list[Any]]:
    """The bare window, its model and its form's fields, shown."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QFormLayout, QLineEdit, QMainWindow, QSpinBox, QTableView, QWidget

    window = QMainWindow()
    model = _table_model(ROWS, COLUMNS)
    view = QTableView()
    view.setModel(model)
    window.setCentralWidget(view)
    form_page = QWidget()
    form = QFormLayout(form_page)
    fields: list[Any] = []
    for n in range(FIELDS):
        field = QSpinBox() if n % 2 == 0 else QLineEdit()
        if isinstance(field, QSpinBox):
            field.setRange(0, 1_000_000)
        form.addRow(f"Field {n + 1}", field)
        fields.append(field)
    dock = QDockWidget("Form", window)
    dock.setWidget(form_page)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    return window, model, fields


def measure_bare_press(presses: int = PRESSES) -> dict[str, Any]:
    """p95 in ms of a press that changes every cell and field, and the presses left unpainted."""
    from PySide6.QtWidgets import QApplication, QSpinBox

    app = QApplication.instance() or QApplication([])
    window, model, fields = build(app)
    counter = PaintCounter(window.centralWidget().viewport())
    unpainted = 0

    def press() -> None:
        model.advance()
        for n, field in enumerate(fields):
            if isinstance(field, QSpinBox):
                field.setValue(model.press + n)
            else:
                field.setText(f"value {model.press + n}")
        settle(app)

    samples: list[float] = []
    for index in range(WARMUP + presses):
        before = counter.count
        elapsed = timed(press)
        if counter.count == before:
            unpainted += 1
        if index >= WARMUP:
            samples.append(elapsed)
    window.close()
    return {"bare_press_p95_ms": p95(samples), "bare_press_presses_without_paint": unpainted}


if __name__ == "__main__":
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for name, value in measure_bare_press().items():
        sys.stdout.write(f"{name}: {value}\n")
