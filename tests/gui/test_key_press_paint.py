"""A key press paints less (issue 19), and what it paints is what Qt would have painted.

The order's cells are styled from one model call (a cell's look), kept while the row, the
theme and the language are the same; scroll bars blit their groove; the order's header is
left alone when the current actor moves; a spin box already showing a value is left alone.
"""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.gui import sr_roles
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
    assert any("out" in (flags.index(r, 0).data(sr_roles.FLAGS) or ()) for r in range(flags.rowCount()))
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


def _settle(qtbot) -> None:  # noqa: ANN001
    """Run the event loop until a press's deferred work (delayed layouts, their paints) is done."""
    qtbot.wait(1)
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents()


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
    window.docks["sheet"].raise_()  # at 1366 px the sheet is a tab beside the work panels
    body = window.findChild(QSpinBox, "edit_attr.BOD")
    qtbot.wait(1)
    was, shown = body.value(), _on_screen(body)
    assert window.bridge.execute(cmd.EditSheet(combatant=cid, field="attr.BOD", value=was + 1))
    qtbot.wait(1)
    assert body.value() == was + 1 and body.text() == str(was + 1)
    assert _on_screen(body) != shown  # painted anew


def _log_shows_what_it_holds(qtbot, window) -> QImage:  # noqa: ANN001
    """The log's lines on screen are the ones a fresh painting shows (nothing stale, nothing missing)."""
    _settle(qtbot)
    viewport = window.log_panel.view.viewport()
    shown = _on_screen(viewport).convertToFormat(QImage.Format.Format_RGB32)
    assert shown == viewport.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    return shown


def test_the_log_paints_only_appended_lines_yet_shows_every_change(qtbot, window) -> None:  # noqa: ANN001
    log = window.log_panel
    qtbot.wait(5)
    first = _log_shows_what_it_holds(qtbot, window)
    assert window.bridge.execute(cmd.EditSheet(combatant="c2", field="physical_damage", value=1))
    assert log.view.verticalScrollBar().maximum() == 0  # a log not yet full: the new line lands in sight
    assert _log_shows_what_it_holds(qtbot, window) != first
    window.action("roll_initiative").trigger()
    while log.view.verticalScrollBar().maximum() == 0:  # until the log scrolls
        window.action("next_phase").trigger()
    _log_shows_what_it_holds(qtbot, window)
    window.action("next_phase").trigger()  # (the scroll bar came: the lines were narrowed, all painted)
    _log_shows_what_it_holds(qtbot, window)
    painted: list[QRect] = []

    class Regions(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(event.rect())
            return False

    log.view.viewport().installEventFilter(Regions(log.view))
    window.action("next_phase").trigger()
    qtbot.wait(1)
    viewport = log.view.viewport().rect()
    assert painted and all(rect.height() < viewport.height() // 2 for rect in painted)  # the new line only
    _log_shows_what_it_holds(qtbot, window)
    height = window.height()
    for extra in (0, 5, 9, 13):  # the last line cut anywhere: the lines shown move up as new ones come
        window.resize(window.width(), height + extra)
        for _ in range(3):
            window.action("next_phase").trigger()
            _log_shows_what_it_holds(qtbot, window)
    window.action("undo").trigger()  # a line greyed, one appended
    _log_shows_what_it_holds(qtbot, window)
    window.action("redo").trigger()
    _log_shows_what_it_holds(qtbot, window)
    log.set_filter(family="damage")  # another model
    _log_shows_what_it_holds(qtbot, window)
    log.set_filter(family="initiative")  # the same model: lines in and out all along
    _log_shows_what_it_holds(qtbot, window)
    window.action("next_phase").trigger()
    _log_shows_what_it_holds(qtbot, window)
    log.set_filter()
    _log_shows_what_it_holds(qtbot, window)


def test_the_log_shows_an_abandoned_branch_heading_inserted_above(qtbot, window) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QPushButton

    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    view = window.log_panel.view
    model = window.log_panel.model
    index = next(model.index(r, 0) for r in range(model.rowCount()) if model.line(r).kind == "pass_started")
    view.setCurrentIndex(index)
    view.clicked.emit(index)  # rewound to the first pass
    _log_shows_what_it_holds(qtbot, window)
    window.rewind_bar.findChild(QPushButton, "continueFromHere").click()  # a heading inserted mid-log
    assert any(model.line(r).kind == "abandoned" for r in range(model.rowCount()))
    _log_shows_what_it_holds(qtbot, window)


def test_after_each_key_press_the_screen_shows_the_fight(qtbot, window) -> None:  # noqa: ANN001
    """Whatever a press leaves unpainted must still be right: the window on screen equals a fresh painting."""
    window.resize(1366, 768)
    qtbot.wait(5)

    def same_on_screen(step: str) -> None:
        _settle(qtbot)
        screen = _on_screen(window).convertToFormat(QImage.Format.Format_RGB32)
        assert screen == window.grab().toImage().convertToFormat(QImage.Format.Format_RGB32), step

    for n in range(20):  # more combatants: the order and the log scroll
        assert window.bridge.execute(window.view.add(window.view.new_sheet(f"Extra {n}")))
    window.action("roll_initiative").trigger()
    same_on_screen("roll")
    for n in range(14):
        window.action("next_phase").trigger()
        same_on_screen(f"next phase {n}")
    actor = window.bridge.current_actor().id
    window.bridge.execute(cmd.EditSheet(combatant=actor, field="physical_damage", value=5))
    same_on_screen("damage")
    window.action("undo").trigger()
    same_on_screen("undo")
    window.action("redo").trigger()
    same_on_screen("redo")
    window.parts.show_attack()
    panel = window.parts.attack_panel
    panel.model.set_attacker(actor)
    panel.model.set_distance(10.0)
    for target in [cid for cid in window.bridge.state.combatants if cid != actor][:3]:
        panel.model.set_target(target)
        window.action("apply_attack").trigger()
        same_on_screen(f"attack on {target}")
