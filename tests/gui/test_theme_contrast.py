"""Readable in both themes (issue 12): error text and tick boxes measured on screenshots, ≥ 4.5:1 (WCAG),
and no colour written anywhere but the theme (``ui/theme.py``, ``viewmodels/tones.py``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QStyle, QStyleOptionButton, QTreeView, QWidget

import gmtool
from gmtool.ui.theme import apply_theme

WCAG_TEXT = 4.5
COLOUR = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b|QColor\(|Qt\.GlobalColor|Qt\.(?:red|green|blue|gray|black|white)\b")
# Where a colour may be written: the palettes, the named tones, and the printed page (paper is white).
THEME_FILES = {"ui/theme.py", "viewmodels/tones.py", "printing/html.py"}


def luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def pixels(image: QImage, rect: QRect) -> list[QColor]:
    return [image.pixelColor(x, y) for y in range(rect.top(), rect.bottom() + 1)
            for x in range(rect.left(), rect.right() + 1) if image.rect().contains(x, y)]


def best_contrast(image: QImage, rect: QRect) -> float:
    """The strongest contrast of any pixel in ``rect`` against the most common one (the background)."""
    found = pixels(image, rect)
    background = QColor(Counter(c.rgb() for c in found).most_common(1)[0][0])
    return max(contrast(c, background) for c in found)


def area_of(widget: QWidget, window: QWidget, rect: QRect | None = None) -> QRect:
    rect = rect if rect is not None else widget.rect()
    return QRect(widget.mapTo(window, rect.topLeft()), rect.size())


@pytest.fixture(params=["light", "dark"])
def themed(request, qtbot, workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    apply_theme(QApplication.instance(), request.param)
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(1366, 698)
    window.show()
    qtbot.waitExposed(window)
    yield window
    apply_theme(QApplication.instance(), "light")


def test_error_text_is_readable(themed) -> None:  # noqa: ANN001
    window = themed
    from gmtool.core.i18n import tr

    window.show_refusal(tr("error.no_initiative"))  # how every refusal reaches the status line
    QApplication.processEvents()
    assert window.status.text()
    image = window.grab().toImage()
    text_rect = window.status.contentsRect()
    width = window.status.fontMetrics().horizontalAdvance(window.status.text())
    text_rect.setWidth(min(width + 4, text_rect.width()))
    assert best_contrast(image, area_of(window.status, window, text_rect)) >= WCAG_TEXT


def test_tick_boxes_are_readable_ticked_or_not(themed) -> None:  # noqa: ANN001
    window = themed
    window.docks["sheet"].raise_()  # at 1366 px the sheet is a tab beside the work panels
    QApplication.processEvents()
    box = next(b for b in window.parts.sheet_panel.findChildren(QCheckBox) if b.isVisible())
    option = QStyleOptionButton()
    box.initStyleOption(option)
    indicator = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    around = indicator.adjusted(-3, -3, 3, 3)  # the frame and the panel around it
    for ticked in (False, True):
        box.setChecked(ticked)
        QApplication.processEvents()
        image = window.grab().toImage()
        assert best_contrast(image, area_of(box, window, around)) >= WCAG_TEXT, ticked


def test_a_modifier_rows_tick_box_is_readable(themed) -> None:  # noqa: ANN001
    window = themed
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    window.bridge.select(next(cid for cid in window.bridge.state.combatants if cid != actor.id))
    window.action("attack").trigger()
    QApplication.processEvents()
    view = next(v for v in window.parts.attack_panel.findChildren(QTreeView) if v.isVisible() and v.model().rowCount())
    model = view.model()
    rows = [model.index(r, 0, model.index(t, 0)) for t in range(model.rowCount()) for r in range(model.rowCount(model.index(t, 0)))]
    index = next(i for i in rows if i.data(Qt.ItemDataRole.CheckStateRole) is not None and view.visualRect(i).isValid())
    view.scrollTo(index)
    QApplication.processEvents()
    cell = view.visualRect(index)
    check = QRect(cell.topLeft() + QPoint(2, 2), cell.size().boundedTo(cell.size()))
    check.setWidth(min(cell.height() + 4, cell.width()))
    image = window.grab().toImage()
    assert best_contrast(image, area_of(view.viewport(), window, check)) >= WCAG_TEXT


def test_no_colour_is_written_outside_the_theme() -> None:
    root = Path(gmtool.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in THEME_FILES:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if COLOUR.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


LONG = ("This refusal is long on purpose so that it cannot fit on one line of a narrow window: "
        "every word of it must still be shown, wrapped onto the next line, never cut off.")


def _shown_whole(label) -> bool:  # noqa: ANN001
    """The label is tall enough for its wrapped text at its width."""
    return label.wordWrap() and label.height() >= label.heightForWidth(label.width()) - 1


def test_messages_wrap_instead_of_clipping(qtbot, workspace) -> None:
    from gmtool.games.shadowrun.gui.template_editor import TemplateEditor
    from gmtool.games.shadowrun.gui.template_form_model import blank_document
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(1366, 698)
    window.show()
    window.show_refusal(LONG)
    qtbot.waitUntil(lambda: _shown_whole(window.status), timeout=2000)
    editor = TemplateEditor(blank_document("SR5", ""))  # an empty name: refused beside the field
    qtbot.addWidget(editor)
    editor.resize(420, 600)
    editor.show()
    QApplication.processEvents()
    shown = [label for label in editor.findChildren(QLabel) if label.property("tone") == "error" and label.isVisible()]
    assert shown
    for label in shown:
        label.setText(LONG)
    qtbot.waitUntil(lambda: all(_shown_whole(label) for label in shown), timeout=2000)  # once laid out again
