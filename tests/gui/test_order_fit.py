"""The order of play fits its dock: no sideways scrolling at 1366×768 (a long name cut in the middle
instead), a narrowed column whole in its tooltip, the badges one a line in theirs, the columns
fitted again when the dock widens."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from gmtool.ui.order_panel import FIT_AT_LEAST, NAME_AT_LEAST, fitted

TOOLTIP = Qt.ItemDataRole.ToolTipRole


def test_the_widest_columns_are_cut_to_one_cap_then_the_name_down_to_its_least() -> None:
    # room 270 px; the name takes 89, 181 are left for 69, 71 and 160: a cap of 181 // 3 = 60 each
    assert fitted([89, 69, 71, 160], 270) == [89, 60, 60, 60]
    # room 300: 211 left; 69 is under 211 // 3 = 70 and stays whole, (211 - 69) // 2 = 71 for the others
    assert fitted([89, 69, 71, 160], 300) == [89, 69, 71, 71]
    assert fitted([89, 69, 71, 160], 389) == [89, 69, 71, 160]  # everything fits: as wanted
    # no room for the others at their least: the name (elided in the middle) gives up to NAME_AT_LEAST;
    # with no room at all, nothing below the leasts, the rest scrolls
    assert fitted([120, 40, 200], 200) == [200 - 40 - FIT_AT_LEAST, 40, FIT_AT_LEAST]
    assert fitted([120, 40, 200], 100) == [NAME_AT_LEAST, 40, FIT_AT_LEAST]
    assert fitted([80, 40, 200], 100) == [80, 40, FIT_AT_LEAST]  # a name shorter than the least stays whole


def _no_sideways_scroll(window) -> None:  # noqa: ANN001
    view = window.parts.order_panel.view
    header = view.horizontalHeader()
    assert view.horizontalScrollBar().maximum() == 0
    assert header.length() <= view.viewport().width()


def _long_name(window) -> str:  # noqa: ANN001
    """The Skyraft renamed so long that its name cannot be whole beside its figures (the sheet's edit)."""
    from gmtool.games.aura_battler.rules import duel_messages as m

    name = "Demo Skyraft of the Far Northern Cloud Sea 12"[:40]
    assert window.run(m.EditUnit(unit="u3", field="name", value=name))
    QApplication.processEvents()
    return name


def test_the_duel_order_fits_its_dock_and_a_narrowed_column_says_it_all_in_its_tooltip(duel_window) -> None:  # noqa: ANN001
    _no_sideways_scroll(duel_window)
    name = _long_name(duel_window)
    _no_sideways_scroll(duel_window)  # before, a long name scrolled the order sideways
    panel = duel_window.parts.order_panel
    model, view = panel.model, panel.view
    row = model.row_of("u3")
    assert view.columnWidth(0) < view.sizeHintForColumn(0)  # the name is narrowed, not the figures
    assert all(view.columnWidth(c) >= view.sizeHintForColumn(c) for c in (1, 2))  # the figures whole
    assert model.index(row, 0).data(TOOLTIP) == name  # whole in its tooltip
    option = QStyleOptionViewItem()
    view.itemDelegateForColumn(0).initStyleOption(option, model.index(row, 0))
    assert option.textElideMode == Qt.TextElideMode.ElideMiddle  # "Demo Sky…Sea 12": the ends stay apart
    assert model.headerData(0, Qt.Orientation.Horizontal, TOOLTIP) == model.columns()[0]


def test_the_rally_order_fits_and_its_badges_read_one_a_line(rally_window) -> None:  # noqa: ANN001
    _no_sideways_scroll(rally_window)
    model = rally_window.parts.order_panel.model
    last = model.columnCount() - 1
    row = model.row(1)
    assert len(row.badges) >= 1
    assert model.index(1, last).data(TOOLTIP).split("\n") == [b.tooltip or b.text for b in row.badges]
    assert model.index(1, last).data() == ", ".join(b.text for b in row.badges)


def test_a_wider_dock_gives_the_narrowed_columns_their_width_back(duel_window) -> None:  # noqa: ANN001
    view = duel_window.parts.order_panel.view
    _long_name(duel_window)
    narrowed = {c: view.columnWidth(c) for c in range(view.model().columnCount() - 1)}
    duel_window.resize(1920, 1080)
    duel_window.resizeDocks([duel_window.docks["order"]], [700], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    assert any(view.columnWidth(c) > width for c, width in narrowed.items())
    _no_sideways_scroll(duel_window)
