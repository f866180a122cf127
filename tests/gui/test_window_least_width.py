"""Every game's window fits a 1366 × 768 laptop at 125 % scaling: 1093 × 614 logical pixels.

Before, a dock as wide as its widest content (a log filter holding the longest name, a row of
three long buttons, a tab behind the one shown) made the least width 1179 px (SR5), 1339 (SR4),
1219 (Badlands Rally) and 1322 in Japanese: such a window ran off the screen. Now filter boxes
shrink, button rows wrap (:class:`gmtool.ui.flow_layout.FlowLayout`), forms put a field under
its label, tabs are as wide as the page in front (:class:`gmtool.ui.page_sized_tabs.PageSizedTabs`)
and a long sheet scrolls.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QPushButton, QTabWidget, QWidget

from gmtool.core.i18n import set_language
from gmtool.storage.workspace import Workspace
from gmtool.ui.flow_layout import FlowLayout
from gmtool.ui.page_sized_tabs import PageSizedTabs

SCALED_LAPTOP = (1093, 614)  # 1366 × 768 at 125 %
FREE_HEIGHT = SCALED_LAPTOP[1] - 32 - 30  # less a task bar and the title bar
GAMES = ("sr5", "sr4", "badlands_rally", "aura_battler")


@pytest.fixture(params=["en", "ja"])
def language(request):  # noqa: ANN001, ANN201
    set_language(request.param)
    yield request.param
    set_language("en")


def _window(qtbot, workspace: Workspace, game: str):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    found = next(e.id for e in workspace.encounters() if e.ruleset == game)
    window = MainWindow(workspace.with_encounter(found))
    qtbot.addWidget(window)
    window.resize(*SCALED_LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_a_laptop_at_125_percent(qtbot, workspace, language, game) -> None:  # noqa: ANN001
    window = _window(qtbot, workspace, game)
    least = window.minimumSizeHint()
    assert least.width() <= SCALED_LAPTOP[0], f"{game} ({language}) needs {least.width()} px"
    assert least.height() <= FREE_HEIGHT, f"{game} ({language}) needs {least.height()} px high"
    assert window.width() == SCALED_LAPTOP[0]  # the window really is that narrow


def test_each_sr4_tab_opened_keeps_the_window_on_the_laptop(qtbot, workspace, language) -> None:  # noqa: ANN001
    window = _window(qtbot, workspace, "sr4")
    tabs = window.findChild(QTabWidget, "sr4Tabs")
    assert tabs.count() == 5  # tests, movement, magic, rigging, Matrix
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        QApplication.processEvents()
        assert window.minimumSizeHint().width() <= SCALED_LAPTOP[0], tabs.tabText(index)
        assert window.width() == SCALED_LAPTOP[0], tabs.tabText(index)


def test_page_sized_tabs_ask_for_the_page_in_front(qtbot) -> None:  # noqa: ANN001
    tabs = PageSizedTabs()
    qtbot.addWidget(tabs)
    narrow, wide = QWidget(), QWidget()
    narrow.setMinimumWidth(100)
    wide.setMinimumWidth(400)
    tabs.addTab(narrow, "a")
    tabs.addTab(wide, "b")
    assert QTabWidget.minimumSizeHint(tabs).width() >= 400  # Qt's own: the widest page, shown or not
    assert 100 <= tabs.minimumSizeHint().width() < 150
    tabs.setCurrentIndex(1)
    assert tabs.minimumSizeHint().width() >= 400


def _flow(qtbot, labels: tuple[str, ...]) -> tuple[QWidget, FlowLayout, list[QPushButton]]:  # noqa: ANN001
    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(holder)
    buttons = [QPushButton(text, holder) for text in labels]
    for button in buttons:
        flow.addWidget(button)
    return holder, flow, buttons


def test_a_flow_is_one_row_where_there_is_room_and_wraps_where_not(qtbot) -> None:  # noqa: ANN001
    holder, flow, buttons = _flow(qtbot, ("Push the Limit (after)", "Second Chance", "Close Call"))
    one_row = flow.sizeHint()
    holder.resize(one_row.width() + 60, one_row.height())
    holder.show()
    QApplication.processEvents()
    assert len({b.geometry().top() for b in buttons}) == 1  # one row …
    assert sum(b.width() for b in buttons) + 2 * flow.spacing() == holder.width()  # … sharing the spare room
    widest = max(b.sizeHint().width() for b in buttons)
    assert flow.minimumSize().width() == widest  # as narrow as the widest button
    assert flow.heightForWidth(widest) == 3 * one_row.height() + 2 * flow.spacing()  # one to a line
    holder.resize(widest, flow.heightForWidth(widest))
    QApplication.processEvents()
    tops = [b.geometry().top() for b in buttons]
    assert tops == sorted(tops) and len(set(tops)) == 3
    for button in buttons:
        assert holder.rect().contains(button.geometry())


def test_a_flow_leaves_out_a_hidden_item(qtbot) -> None:  # noqa: ANN001
    holder, flow, buttons = _flow(qtbot, ("one", "two"))
    holder.show()
    both = flow.sizeHint().width()
    buttons[1].hide()
    assert flow.sizeHint().width() == buttons[0].sizeHint().width() < both


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard", extend=True)  # a popup, offscreen
def test_the_log_filters_shrink_and_still_list_every_name_whole(qtbot, window) -> None:  # noqa: ANN001
    panel = window.log_panel
    combo = panel.combatant
    longest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
    assert combo.minimumSizeHint().width() < longest  # the box can be narrower than its longest name
    combo.showPopup()
    QApplication.processEvents()
    try:
        assert combo.view().width() >= longest  # its list opens as wide as the longest name
    finally:
        combo.hidePopup()
