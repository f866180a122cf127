"""A key press paints less (issue 19), and what it paints is what Qt would have painted.

The order's cells are styled from one model call (a cell's look), kept while the row, the
theme and the language are the same; scroll bars blit their groove; the order's header is
left alone when the current actor moves; a spin box already showing a value is left alone.
"""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.gui.initiative_model import COL_FLAGS
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.ui import one_call_delegate
from gmtool.ui.opaque_scroll_bars import FilledScrollBar, is_opaque
from gmtool.ui.shown_value import show_value
from gmtool.ui.theme import apply_theme
from gmtool.viewmodels import roles
from gmtool.viewmodels.cell_look import LOOK_ROLES, CellLook, LookCache


@pytest.fixture(params=["light", "dark"])
def theme(request):  # noqa: ANN001, ANN201
    apply_theme(QApplication.instance(), request.param)
    yield request.param
    apply_theme(QApplication.instance(), "light")


def _fight(window) -> None:  # noqa: ANN001
    """Pass 2 under way, one combatant hurt: bold, tinted, plain and grey (out of the pass) rows."""
    window.action("roll_initiative").trigger()
    while window.bridge.state.pass_number < 2:
        window.action("next_phase").trigger()
    window.action("next_phase").trigger()
    window.bridge.execute(cmd.EditSheet(combatant="c2", field="physical_damage", value=4))
    window.bridge.execute(cmd.EditSheet(combatant="c2", field="stun_damage", value=7))
    QApplication.processEvents()


def _cells(window) -> list:  # noqa: ANN001
    proxy = window.parts.initiative_panel.proxy
    return [proxy.index(row, column) for row in range(proxy.rowCount()) for column in range(proxy.columnCount())]


def _looks_are_the_models_answers(window) -> None:  # noqa: ANN001
    for index in _cells(window):
        look = index.data(roles.CELL_LOOK)
        assert isinstance(look, CellLook)
        assert look == CellLook(*(index.data(role) for role in LOOK_ROLES))


def test_a_cells_look_is_the_models_own_answer_in_every_theme_and_language(window) -> None:  # noqa: ANN001
    _fight(window)
    flags = window.parts.initiative_panel.proxy
    assert any("out" in (flags.index(r, 0).data(roles.FLAGS) or ()) for r in range(flags.rowCount()))
    _looks_are_the_models_answers(window)
    acted = next(i for i in _cells(window) if i.column() == COL_FLAGS and i.data(roles.CELL_LOOK).text)
    english = acted.data(roles.CELL_LOOK)
    try:
        apply_theme(QApplication.instance(), "dark")
        _looks_are_the_models_answers(window)  # kept looks would still hold the light tones
        set_language("ja")
        _looks_are_the_models_answers(window)  # … and the English words
        assert acted.data(roles.CELL_LOOK).text != english.text
    finally:
        apply_theme(QApplication.instance(), "light")
        set_language("en")


def test_the_order_paints_as_with_qts_own_styling(window, theme, monkeypatch) -> None:  # noqa: ANN001
    _fight(window)
    viewport = window.parts.initiative_panel.view.viewport()
    looked: list[object] = []
    real = LookCache.look

    def counted(self, cell, row, make):  # noqa: ANN001, ANN202
        looked.append(cell)
        return real(self, cell, row, make)

    monkeypatch.setattr(LookCache, "look", counted)
    fast = viewport.grab().toImage()
    assert len(set(looked)) == len(_cells(window))  # every cell was styled from its look
    monkeypatch.setattr(one_call_delegate, "roles", types.SimpleNamespace(CELL_LOOK=roles.USER + 999))
    assert viewport.grab().toImage() == fast  # no look: Qt's initStyleOption, seven calls a cell


def _paint_counter(widget: QWidget) -> list[int]:
    painted: list[int] = []

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(1)
            return False

    counter = Counter(widget)
    widget.installEventFilter(counter)
    return painted


def _on_screen(widget: QWidget) -> QImage:
    """What the window's backing store holds for ``widget`` now (not a fresh rendering)."""
    top = widget.window()
    at = widget.mapTo(top, QPoint(0, 0))
    return top.screen().grabWindow(top.winId(), at.x(), at.y(), widget.width(), widget.height()).toImage()


def test_the_orders_header_is_not_repainted_when_the_actor_moves_yet_shows_its_look(qtbot, window) -> None:  # noqa: ANN001
    _fight(window)
    view = window.parts.initiative_panel.view
    header = view.horizontalHeader()
    qtbot.wait(1)
    painted = _paint_counter(header.viewport())
    for cid in ("c1", "c4", "c2"):  # as each phase moves it (a new pass re-sorts: that repaints)
        window.bridge.select(cid)
        qtbot.wait(1)
        assert view.currentIndex().data(roles.COMBATANT_ID) == cid
    assert painted == []
    selected = header.grab().toImage()
    assert _on_screen(header).convertToFormat(selected.format()) == selected  # nothing stale on screen
    view.clearSelection()  # the titles are no longer bold: this change is repainted
    qtbot.wait(1)
    assert painted
    plain = header.grab().toImage()
    assert plain != selected
    assert _on_screen(header).convertToFormat(plain.format()) == plain


@pytest.mark.parametrize("orientation", [Qt.Orientation.Vertical, Qt.Orientation.Horizontal])
def test_a_filled_scroll_bar_paints_as_qt_does(qtbot, theme, monkeypatch, orientation) -> None:  # noqa: ANN001
    holder = QWidget()
    qtbot.addWidget(holder)
    holder.resize(300, 300)
    bar = FilledScrollBar(orientation, holder)
    bar.move(40, 40)  # away from the pointer: Qt's own painting shows no part hovered
    bar.setRange(0, 500)
    bar.setPageStep(40)
    holder.show()
    qtbot.waitExposed(holder)
    qtbot.wait(10)  # the first paint is on screen
    bar.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)  # as fill_opaque makes it on Fusion
    assert is_opaque(bar) and not QWidget.underMouse(bar)
    red = QPalette(bar.palette())
    red.setColor(QPalette.ColorRole.Button, QColor("#c04040"))
    red.setColor(QPalette.ColorRole.Window, QColor("#402020"))
    looks = []
    for value, enabled, length, palette in (
        (0, True, 230, None), (250, True, 230, None), (500, True, 180, None), (120, False, 180, None),
        (120, True, 180, red),
    ):
        if palette is not None:
            bar.setPalette(palette)
        bar.setValue(value)
        bar.setEnabled(enabled)
        bar.resize(14, length) if orientation == Qt.Orientation.Vertical else bar.resize(length, 14)
        qtbot.wait(1)
        monkeypatch.setattr(FilledScrollBar, "underMouse", lambda _self: False)
        bar.repaint()
        blitted = _on_screen(bar)
        monkeypatch.setattr(FilledScrollBar, "underMouse", lambda _self: True)  # Qt paints it all
        bar.repaint()
        assert _on_screen(bar) == blitted, (value, enabled, length)
        looks.append(blitted)
    assert looks[0] != looks[1]  # the handle moved: the picture is not one cached whole
    assert looks[3] != looks[4]  # another palette: another groove


def test_a_spin_box_showing_the_value_is_left_alone(qtbot) -> None:  # noqa: ANN001
    spin = QSpinBox()
    qtbot.addWidget(spin)
    spin.setRange(0, 20)
    spin.setSuffix(" boxes")
    spin.setValue(5)
    spin.show()
    qtbot.waitExposed(spin)
    qtbot.wait(5)
    painted = _paint_counter(spin)
    show_value(spin, 5)
    qtbot.wait(1)
    assert painted == []
    show_value(spin, 6)
    assert spin.value() == 6 and spin.text() == "6 boxes"
    spin.lineEdit().setText("")  # half-typed: the value is 6, the box shows nothing
    show_value(spin, 6)
    assert spin.text() == "6 boxes"  # put back, as setValue does
    spin.setSpecialValueText("none")
    show_value(spin, 0)
    assert spin.text() == "none"


def test_the_sheet_shows_an_edited_value(qtbot, window) -> None:  # noqa: ANN001
    _fight(window)
    cid = window.bridge.current_actor().id
    window.bridge.select(cid)
    body = window.findChild(QSpinBox, "edit_attr.BOD")
    qtbot.wait(1)
    was, shown = body.value(), _on_screen(body)
    assert window.bridge.execute(cmd.EditSheet(combatant=cid, field="attr.BOD", value=was + 1))
    qtbot.wait(1)
    assert body.value() == was + 1 and body.text() == str(was + 1)
    assert _on_screen(body) != shown  # painted anew
