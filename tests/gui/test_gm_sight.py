"""The walkthroughs' checks (gm_sight) can fail: each is shown a widget that breaks it."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.ui.elided_label import ElidedLabel
from gmtool.ui.eliding_combo import ElidingCombo
from tests.gui.gm_sight import (
    assert_fight_keys_act,
    assert_in_view,
    assert_same_docks,
    assert_whole,
    cell_whole,
    in_view,
    no_sideways_scroll,
    rows_in_view,
    text_whole,
)


def test_a_widget_scrolled_out_of_its_viewport_is_not_in_view(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    area = QScrollArea(window)
    area.setGeometry(0, 0, 300, 200)
    page = QWidget()
    page.setMinimumSize(280, 900)
    top, bottom = QPushButton("Top", page), QPushButton("Bottom", page)
    top.move(10, 10)
    bottom.move(10, 850)
    area.setWidget(page)
    window.show()
    qtbot.waitExposed(window)
    assert in_view(top, window)
    assert not in_view(bottom, window)
    with pytest.raises(AssertionError, match="Bottom"):
        assert_in_view(window, [top, bottom])


def test_cut_and_elided_texts_are_caught(qtbot) -> None:
    long = "Demo Corp Guard Lieutenant with a very long name indeed"
    label, elided, field = QLabel(long), ElidedLabel(), QLineEdit(long)
    elided.setText(long)
    button = QPushButton(long)
    for widget in (label, elided, field, button):
        qtbot.addWidget(widget)
        widget.setFixedWidth(60)
        widget.show()
    assert not any(text_whole(w) for w in (label, elided, field, button))
    with pytest.raises(AssertionError):
        assert_whole([label])
    short = QLabel("Hit")
    qtbot.addWidget(short)
    short.setFixedWidth(200)
    short.show()
    assert text_whole(short)


def test_a_narrow_column_cuts_its_cell_and_a_wide_table_scrolls_sideways(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    model = QStandardItemModel(1, 2)
    model.setItem(0, 0, QStandardItem("Heavily damaged, rattled, delayed"))
    model.setItem(0, 1, QStandardItem("x"))
    view = QTableView(window)
    view.setModel(model)
    view.setColumnWidth(0, 40)
    view.setColumnWidth(1, 2000)
    layout = QVBoxLayout(window)
    layout.addWidget(view)
    window.resize(300, 200)
    window.show()
    qtbot.waitExposed(window)
    assert not cell_whole(view, model.index(0, 0))
    assert cell_whole(view, model.index(0, 1))
    with pytest.raises(AssertionError, match="scrolls sideways"):
        no_sideways_scroll(window)


def test_a_text_field_with_the_focus_would_take_space(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    field, button = QLineEdit(window), QPushButton("Next", window)
    layout = QVBoxLayout(window)
    layout.addWidget(field)
    layout.addWidget(button)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    assert_fight_keys_act(window)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    with pytest.raises(AssertionError, match="focus"):
        assert_fight_keys_act(window)


def test_docks_moved_from_the_reference_are_caught(qtbot) -> None:
    def window_with_dock(width: int) -> QMainWindow:
        window = QMainWindow()
        qtbot.addWidget(window)
        window.setCentralWidget(QLabel("centre"))
        dock = QDockWidget("Order", window)
        dock.setObjectName("dock_order")
        dock.setWidget(QLabel("order"))
        window.addDockWidget(qtbot_area(), dock)
        window.resize(1000, 600)
        window.show()
        qtbot.waitExposed(window)
        window.resizeDocks([dock], [width], qtbot_orientation())
        qtbot.wait(10)
        return window

    reference, same, moved = window_with_dock(300), window_with_dock(300), window_with_dock(600)
    assert_same_docks(same, reference)
    with pytest.raises(AssertionError, match="dock_order"):
        assert_same_docks(moved, reference)


def qtbot_area():  # noqa: ANN201
    from PySide6.QtCore import Qt

    return Qt.DockWidgetArea.LeftDockWidgetArea


def qtbot_orientation():  # noqa: ANN201
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def test_a_narrow_combo_box_cuts_or_elides_its_text(qtbot) -> None:
    long = "Demo Corp Guard Lieutenant 14"
    plain, eliding = QComboBox(), ElidingCombo()
    for combo in (plain, eliding):
        qtbot.addWidget(combo)
        combo.addItem(long)
        combo.setMinimumContentsLength(4)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setFixedWidth(90)
        combo.show()
    assert not text_whole(plain) and not text_whole(eliding)
    assert eliding.shown_text().endswith("14") and "…" in eliding.shown_text()  # the end kept: grunts stay apart
    for combo in (plain, eliding):
        combo.setFixedWidth(400)
    assert text_whole(plain) and text_whole(eliding)


def test_rows_in_view_counts_only_rows_wholly_inside_the_viewport(qtbot) -> None:
    model = QStandardItemModel()
    for n in range(40):
        model.appendRow(QStandardItem(f"row {n}"))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.verticalHeader().setDefaultSectionSize(20)
    view.resize(200, 20 * 5 + 40)
    view.show()
    qtbot.waitExposed(view)
    whole = view.viewport().height() // 20
    assert rows_in_view(view) == whole and 0 < whole < 40
    view.resize(200, 1200)
    assert rows_in_view(view) == 40
