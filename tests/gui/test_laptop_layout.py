"""A 1366 × 768 laptop fits the fight (issue 12), in both languages, both themes, both games.

The window is 1366 × 698: maximised on a 768-px screen with a 40-px task bar and a 30-px
title bar. The initiative list shows at least ten combatants with the acting one in view;
after Roll the result, its odds and Apply are visible without scrolling; no panel scrolls
sideways.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from gmtool.core.i18n import set_language
from gmtool.storage.workspace import Workspace

LAPTOP = (1366, 698)
COMBATANTS = 14


@pytest.fixture(params=[("en", "light"), ("ja", "dark")], ids=["en-light", "ja-dark"])
def look(request):  # noqa: ANN001, ANN201
    from gmtool.ui.theme import apply_theme

    language, theme = request.param
    set_language(language)
    apply_theme(QApplication.instance(), theme)
    yield request.param
    apply_theme(QApplication.instance(), "light")
    set_language("en")


def _laptop_window(qtbot, workspace: Workspace, game: str):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    if game == "sr4":
        workspace = workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == "sr4"))
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    number = len(window.bridge.state.combatants)
    while number < COMBATANTS:
        number += 1
        sheet = window.view.new_sheet(f"Demo Street Samurai {number}")
        assert window.bridge.execute(window.view.add(sheet))
    window.action("roll_initiative").trigger()
    QApplication.processEvents()
    return window


def _rows_in_view(window) -> list[int]:  # noqa: ANN001
    view = window.parts.initiative_panel.view
    shown = view.viewport().rect()
    return [row for row in range(view.model().rowCount()) if shown.contains(view.visualRect(view.model().index(row, 0)))]


def _in_view(widget: QWidget, window: QWidget) -> bool:
    """Wholly visible: shown, inside the window, not clipped by a scroll area or panel around it."""
    if not widget.isVisible():
        return False
    rect = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        outer = QRect(parent.mapTo(window, parent.rect().topLeft()), parent.size())
        if not outer.contains(rect):
            return False
        parent = parent.parentWidget()
    return window.rect().contains(rect)


def _no_sideways_scroll(window) -> None:  # noqa: ANN001
    for area in window.findChildren(QAbstractScrollArea):
        if area.isVisible():
            assert not area.horizontalScrollBar().isVisible(), area.objectName() or type(area).__name__


@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_ten_combatants_in_view_and_the_acting_one_always(qtbot, workspace, look, game) -> None:
    window = _laptop_window(qtbot, workspace, game)
    assert len(_rows_in_view(window)) >= 10
    _no_sideways_scroll(window)
    view = window.parts.initiative_panel.view
    for _ in range(COMBATANTS + 3):  # through the pass and into the next
        window.action("next_phase").trigger()
        QApplication.processEvents()
        actor = window.bridge.current_actor()
        if actor is None:
            continue
        row = window.parts.initiative_panel.proxy.mapFromSource(
            window.parts.initiative_panel.model.index(window.parts.initiative_panel.model.row_of(actor.id), 0)
        ).row()
        assert row in _rows_in_view(window), actor.sheet.name
    assert view.isVisible()


@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_after_roll_the_result_its_odds_and_apply_are_in_view(qtbot, workspace, look, game) -> None:
    window = _laptop_window(qtbot, workspace, game)
    actor = window.bridge.current_actor()
    target = next(cid for cid in window.bridge.state.combatants if cid != actor.id)
    window.bridge.select(target)
    window.action("attack").trigger()
    window.action("roll_attack").trigger()
    QApplication.processEvents()
    panel = window.parts.attack_panel
    assert panel.model.result is not None
    for widget in (panel.result, panel.summary, panel.chart, panel.apply_button, panel.roll_button):
        assert _in_view(widget, window), widget.objectName()
    assert panel.result.text() and panel.summary.text()
    _no_sideways_scroll(window)


def test_the_first_window_fits_a_1366_by_768_screen_and_fills_a_1920_by_1080_one(qtbot) -> None:
    from gmtool.ui.first_size import first_place, first_size

    def on(width: int, height: int, top: int = 0):  # noqa: ANN202
        screen = SimpleNamespace(availableGeometry=lambda: QRect(0, top, width, height))
        window = SimpleNamespace(screen=lambda: screen)
        size, place = first_size(window), first_place(window)
        return size.width(), size.height(), place.x(), place.y()

    assert on(1366, 728) == (1366, 698, 0, 0)  # 768 minus a 40-px task bar; 728 minus a 30-px title bar
    assert on(1920, 1040) == (1920, 1010, 0, 0)  # the whole free area, not 1366 × 820 in a corner
    assert on(1920, 1040, top=40) == (1920, 1010, 0, 40)  # a task bar at the top
    assert on(3840, 2120) == (2560, 1440, 640, 325)  # a 4K screen: a large window, centred


def test_after_a_dice_test_its_result_odds_and_edge_are_in_view(qtbot, workspace, look) -> None:
    """The SR5 test box keeps its odds, Roll, the Edge-after buttons and the result in view after Roll."""
    window = _laptop_window(qtbot, workspace, "sr5")
    window.docks["test"].raise_()
    panel = window.parts.test_panel
    panel.skill.setValue(6)
    panel.threshold.setValue(2)
    panel.roll_button.click()
    QApplication.processEvents()
    assert panel.result_label.text()
    shown = (panel.result_label, panel.odds_label, panel.chart, panel.roll_button, *panel.after_buttons.values())
    for widget in shown:
        assert _in_view(widget, window), widget.objectName() or widget.text()
    _no_sideways_scroll(window)
