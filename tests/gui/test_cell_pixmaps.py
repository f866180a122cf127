"""The order's cells are painted once per content and copied (issue 30's key presses): the copies
are the very pixels a direct painting gives, in both themes, for every kind of row (the current
actor bold and tinted, acted, out of the pass and grey, hurt, with state badges), and a scroll
that brings new rows into view copies the cells it met before instead of drawing them."""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractItemView, QApplication

from gmtool.games.shadowrun.gui.initiative_model import COL_NAME
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.ui import cell_pixmaps
from gmtool.ui.painted_cells import PaintedCells
from gmtool.ui.theme import apply_theme
from gmtool.viewmodels import roles
from tests.gui.test_key_press_paint import _fight, _on_screen, _settle


@pytest.fixture(autouse=True)
def _light_theme():  # noqa: ANN202
    """Each test starts in the light theme, whatever ran before it in this process (the style drawn
    before any theme is applied paints the selected row's gradient a shade apart where a part of it
    is repainted, so these tests failed when no earlier test had applied a theme)."""
    apply_theme(QApplication.instance(), "light")


@pytest.fixture(params=["light", "dark"])
def theme(request):  # noqa: ANN001, ANN201
    apply_theme(QApplication.instance(), request.param)
    yield request.param
    apply_theme(QApplication.instance(), "light")


def _varied_fight(window) -> None:  # noqa: ANN001
    _fight(window)  # pass 2: bold, tinted, plain and grey rows, one hurt
    window.bridge.execute(AddEffect(combatant="c3", key="prone", label="", modifier=0))
    window.bridge.execute(AddEffect(combatant="c4", key="custom", label="Smoke", modifier=-1, turns=2))
    QApplication.processEvents()


def _counting(monkeypatch) -> tuple[list[int], list[int]]:  # noqa: ANN001
    """Cells painted through the copies, and the pictures made for them (a copy made, not found)."""
    painted: list[int] = []
    made: list[int] = []
    paint, picture = PaintedCells.paint, PaintedCells._picture

    def counted_paint(self, *args):  # noqa: ANN001, ANN002, ANN202
        painted.append(1)
        return paint(self, *args)

    def counted_picture(*args):  # noqa: ANN002, ANN202
        made.append(1)
        return picture(*args)

    monkeypatch.setattr(PaintedCells, "paint", counted_paint)
    monkeypatch.setattr(PaintedCells, "_picture", staticmethod(counted_picture))
    return painted, made


def test_copied_cells_are_the_pixels_of_a_direct_painting(qtbot, window, theme, monkeypatch) -> None:  # noqa: ANN001
    _varied_fight(window)
    view = window.parts.initiative_panel.view
    viewport = view.viewport()
    painted, made = _counting(monkeypatch)
    first = viewport.grab().toImage()  # the copies made (or made already when the window was shown)
    made_first = len(made)
    again = viewport.grab().toImage()  # … and used
    assert painted and len(made) == made_first and again == first  # the second painting copied every cell
    monkeypatch.setattr(cell_pixmaps, "roles", types.SimpleNamespace(CELL_KEY=roles.USER + 999))  # no key: drawn
    assert viewport.grab().toImage() == first
    assert _on_screen(viewport).convertToFormat(first.format()) == first  # and so on screen


def test_a_cell_shows_what_its_row_holds_after_a_change(qtbot, window) -> None:  # noqa: ANN001
    _varied_fight(window)
    proxy = window.parts.initiative_panel.proxy
    keys = {proxy.index(r, c).data(roles.CELL_KEY) for r in range(proxy.rowCount()) for c in range(proxy.columnCount())}
    assert all(proxy.index(r, COL_NAME).data(roles.CELL_KEY) is None for r in range(proxy.rowCount()))  # names drawn
    assert len(keys - {None}) > 4
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(roles.COMBATANT_ID) == "c2")
    before = [proxy.index(row, c).data(roles.CELL_KEY) for c in range(proxy.columnCount())]
    window.bridge.execute(cmd.EditSheet(combatant="c2", field="physical_damage", value=6))
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(roles.COMBATANT_ID) == "c2")
    after = [proxy.index(row, c).data(roles.CELL_KEY) for c in range(proxy.columnCount())]
    assert after != before  # the condition bars (and the score) are another content now
    _settle(qtbot)
    viewport = window.parts.initiative_panel.view.viewport()
    assert _on_screen(viewport).convertToFormat(viewport.grab().toImage().format()) == viewport.grab().toImage()


def test_a_scroll_copies_the_cells_it_met_before(qtbot, window, monkeypatch) -> None:  # noqa: ANN001
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition

    sheets = demo_definition().combatants
    for number in range(40):
        window.bridge.execute(cmd.AddCombatant(sheet=sheets[number % len(sheets)].model_copy(
            update={"name": f"Extra {number + 1}"})))
    window.action("roll_initiative").trigger()
    view = window.parts.initiative_panel.view
    _settle(qtbot)
    drawn: list[int] = []

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                drawn.append(1)
            return False

    view.viewport().installEventFilter(Paints(view))
    painted, made = _counting(monkeypatch)
    top = view.verticalScrollBar().value()
    while view.verticalScrollBar().value() == top:  # until the order scrolls to the current actor
        window.action("next_phase").trigger()
        _settle(qtbot)
    assert drawn and view.verticalScrollBar().value() > top
    assert len(painted) - len(made) > len(made)  # most cells of the rows brought into view were copies
    current = view.currentIndex()
    assert view.viewport().rect().contains(view.visualRect(current))  # the actor in view, as before
    assert view.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection
    viewport = view.viewport()
    assert _on_screen(viewport).convertToFormat(viewport.grab().toImage().format()) == viewport.grab().toImage()
