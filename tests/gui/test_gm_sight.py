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
    dock_layout,
    in_view,
    no_sideways_scroll,
    rows_in_view,
    tabs_whole,
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


def test_a_dock_tabbed_behind_is_off_screen_and_its_front_one_counts(qtbot) -> None:
    """Qt calls a dock tabbed behind another visible and parks it off the window: it is not on screen,
    whatever its parked geometry; swapping which dock is in front is caught."""
    def window_with_tabs(front: str) -> QMainWindow:
        window = QMainWindow()
        qtbot.addWidget(window)
        window.setCentralWidget(QLabel("centre"))
        docks = {}
        for name in ("test", "attack"):
            dock = QDockWidget(name, window)
            dock.setObjectName(f"dock_{name}")
            dock.setWidget(QLabel(name * (30 if name == "attack" else 1)))
            window.addDockWidget(qtbot_area(), dock)
            docks[name] = dock
        window.tabifyDockWidget(docks["test"], docks["attack"])
        window.resize(1000, 600)
        window.show()
        qtbot.waitExposed(window)
        docks[front].raise_()
        qtbot.wait(10)
        return window

    reference, used = window_with_tabs("test"), window_with_tabs("test")
    assert not dock_layout(reference)["dock_attack"][1] and dock_layout(reference)["dock_test"][1]
    assert_same_docks(used, reference)
    with pytest.raises(AssertionError, match="dock_"):
        assert_same_docks(window_with_tabs("attack"), reference)


def test_tabs_behind_the_scroll_arrows_are_caught(qtbot) -> None:
    from PySide6.QtWidgets import QTabWidget

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    for title in ("Tests", "Movement", "Magic", "Rigging", "Matrix"):
        tabs.addTab(QLabel(title), title)
    tabs.resize(600, 200)
    tabs.show()
    qtbot.waitExposed(tabs)
    assert tabs_whole(tabs)
    tabs.resize(180, 200)  # too narrow: the bar scrolls, tabs hide behind its arrows
    qtbot.wait(10)
    assert not tabs_whole(tabs)


def qtbot_area():  # noqa: ANN201
    from PySide6.QtCore import Qt

    return Qt.DockWidgetArea.LeftDockWidgetArea


def qtbot_orientation():  # noqa: ANN201
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def test_a_key_bound_twice_is_caught_where_both_would_answer(qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction, QKeySequence, QShortcut

    from tests.gui.gm_sight import key_clashes

    window = QMainWindow()
    qtbot.addWidget(window)
    left, right = QLineEdit(window), QLineEdit(window)
    for widget in (left, right):  # the same key on two widgets, each only while it has the focus: no clash
        QShortcut(QKeySequence("Escape"), widget).setContext(Qt.ShortcutContext.WidgetShortcut)
    library, reveal = QAction("Library", window), QAction("Reveal", window)
    library.setObjectName("library")
    reveal.setObjectName("reveal")
    for action in (library, reveal):
        action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        window.addAction(action)
    reveal.setEnabled(False)  # a disabled action's key counts too
    assert key_clashes(window) == [("Ctrl+Shift+L", "library", "reveal")] or \
        key_clashes(window) == [("Ctrl+Shift+L", "reveal", "library")]
    reveal.setShortcut(QKeySequence("Ctrl+Shift+R"))
    assert key_clashes(window) == []
    QShortcut(QKeySequence("Ctrl+Shift+R"), left)  # a window-wide QShortcut on the same key
    assert [key for key, _a, _b in key_clashes(window)] == ["Ctrl+Shift+R"]


def test_a_wrapped_cell_too_short_for_its_lines_is_caught(qtbot) -> None:
    model = QStandardItemModel(1, 1)
    model.setItem(0, 0, QStandardItem("Demo Corp Guard Lt. attacks Kestrel: 9 dice → 3 hits; defence 4 dice → 1 hit"))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setWordWrap(True)
    view.horizontalHeader().setStretchLastSection(True)
    view.resize(200, 300)
    view.show()
    qtbot.waitExposed(view)
    view.setRowHeight(0, view.fontMetrics().height() + 4)  # one line: the rest ends in "…"
    assert not cell_whole(view, model.index(0, 0))
    view.resizeRowToContents(0)  # as tall as Qt's own measure of the wrapped text
    assert cell_whole(view, model.index(0, 0))


def test_english_is_found_behind_tabs_in_lists_on_maps_and_tooltips_but_kept_words_are_not(qtbot) -> None:
    from PySide6.QtWidgets import QComboBox, QGraphicsScene, QGraphicsView, QTabWidget

    from tests.gui.gm_sight import english_left, texts_behind_every_tab

    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    tabs = QTabWidget(window)
    front = QLabel("<b>攻撃</b>&nbsp;(Ctrl+K)、規則 SR5-F8")  # rich text, a key, a rule ID: nothing English
    front.setToolTip("ロール前")
    tabs.addTab(front, "攻撃")
    behind = QComboBox()
    behind.addItems(["武器", "Demo autocannon"])  # behind the front tab: read when brought forward
    tabs.addTab(behind, "武器")
    layout.addWidget(tabs)
    scene = QGraphicsScene(window)
    scene.addSimpleText("Demo Lark")  # a name drawn on a map
    layout.addWidget(QGraphicsView(scene, window))
    button = QPushButton("振る", window)
    button.setToolTip("Roll the dice")
    layout.addWidget(button)
    window.show()
    qtbot.waitExposed(window)
    left = {text for _where, text in english_left(texts_behind_every_tab(window))}
    assert left == {"Demo autocannon", "Demo Lark", "Roll the dice"}
    assert tabs.currentIndex() == 0  # each bar left on the tab it showed
    assert {text for _w, text in english_left(texts_behind_every_tab(window), {"Demo", "Lark", "autocannon"})} == {
        "Roll the dice"}


def test_colour_difference_is_the_lab_distance_and_a_patch_is_averaged() -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QColor, QImage

    from tests.gui.gm_sight import colour_difference, mean_colour

    assert colour_difference(QColor("#000000"), QColor("#ffffff")) == pytest.approx(100, abs=0.01)  # L* 0 → 100
    assert colour_difference(QColor("#808080"), QColor("#808080")) == 0
    # the dark theme's old hard-pack (#3d3c3a) and structure (#3d3634): L*a*b* (25.3, 0.0, 1.4) and (23.3, 2.7, 2.4)
    assert colour_difference(QColor("#3d3c3a"), QColor("#3d3634")) == pytest.approx(3.5, abs=0.1)
    image = QImage(4, 4, QImage.Format.Format_RGB32)
    image.fill(QColor("#000000"))
    for x in range(4):
        image.setPixelColor(x, 1, QColor("#ffffff"))  # one white line in a 3 × 3 patch
    assert mean_colour(image, QPoint(1, 1), 1).red() == 85  # a third white


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
