"""Issue 30: a destroyed battler is drawn as a wreck (a grey disc crossed out, no facing, no damage
bar) on the GM's map, the player view and the printed map, and its state leads the order list whole.
Before, a wreck looked like any other disc and "Destroyed" was cut to "Thru…"."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsLineItem, QGraphicsPolygonItem, QGraphicsRectItem

from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.printing.html import MAP_INKS
from gmtool.printing.map_picture import Disc, Polygon, picture
from gmtool.printing.report import build_report
from gmtool.ui.hex_map_view import HexMapView
from gmtool.viewmodels.tones import tone

HORNET = "u2"


def _wrecked(window) -> None:  # noqa: ANN001
    assert window.run(m.EditUnit(unit=HORNET, field="damage", value=18))  # the Hornet's durability (17.3)
    QApplication.processEvents()


def _looks_wrecked(view: HexMapView, unit: str) -> None:
    disc = view.tokens[unit]
    children = disc.childItems()
    assert disc.brush().color() == tone("map_wreck")
    assert not any(isinstance(c, QGraphicsPolygonItem) for c in children)  # no facing arrow
    assert not any(isinstance(c, QGraphicsRectItem) for c in children)  # no damage bar
    assert len([c for c in children if isinstance(c, QGraphicsLineItem)]) == 4  # a cross, edged
    assert disc.plate is not None and disc.plate.brush().color() == tone("map_wreck")


def test_the_gm_s_map_draws_the_wreck(duel_window) -> None:  # noqa: ANN001
    view = duel_window.parts.map.view
    assert view.tokens[HORNET].brush().color() != tone("map_wreck")  # flying: its side's colour
    _wrecked(duel_window)
    _looks_wrecked(view, HORNET)
    assert view.tokens["u1"].brush().color() == tone("map_token")  # the others as they were


def test_the_player_view_draws_the_wreck(duel_window, qtbot) -> None:  # noqa: ANN001
    from gmtool.ui.player_view import PlayerView

    players = PlayerView(duel_window.bridge)
    qtbot.addWidget(players)
    players.resize(1366, 768)
    players.show()
    _wrecked(duel_window)
    assert players.map is not None
    _looks_wrecked(players.map.view, HORNET)


@pytest.mark.usefixtures("qapp")
def test_the_printed_map_draws_the_wreck(duel_window) -> None:  # noqa: ANN001
    from PySide6.QtCore import QRectF

    from gmtool.printing.map_paint import paint_picture
    from gmtool.printing.pdf import document_font

    _wrecked(duel_window)
    workspace = duel_window.workspace
    board = build_report(workspace.encounter, "Duel").rounds[-1].board
    assert [t.out for t in board.tokens] == [False, True, False]
    pic = picture(board, MAP_INKS)
    wreck = next(s for s in pic.shapes if isinstance(s, Disc) and s.fill == MAP_INKS["wreck"] and s.radius > 5)
    crosses = [s for s in pic.shapes if isinstance(s, Polygon) and s.fill == MAP_INKS["damage"]]
    assert len(crosses) == 4  # on the map and in the legend, two strokes each
    image = QImage(round(pic.width * 2), round(pic.height * 2), QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    paint_picture(painter, pic, document_font(), QRectF(0, 0, image.width(), image.height()))
    painter.end()
    # inside the disc, on its vertical through the centre above the number and off the diagonal strokes
    x, y = round(wreck.x * 2), round((wreck.y - 0.8 * wreck.radius) * 2)
    assert image.pixelColor(x, y).name() == MAP_INKS["wreck"]
    x, y = round((wreck.x - 0.45 * wreck.radius) * 2), round((wreck.y - 0.45 * wreck.radius) * 2)  # on a stroke
    assert image.pixelColor(x, y).name() == MAP_INKS["damage"]


def test_the_order_list_leads_with_the_wreck_s_state_whole(duel_window) -> None:  # noqa: ANN001
    _wrecked(duel_window)
    panel = duel_window.parts.order_panel
    row = panel.model.row_of(HORNET)
    last = panel.model.columnCount() - 1
    text = panel.model.index(row, last).data()
    assert text.startswith("Destroyed, ")  # before: "Thrust 4, Aura 4, Destroyed", cut to "Thru…"
    room = panel.view.columnWidth(last) - 8  # the cell's margins
    assert panel.view.fontMetrics().horizontalAdvance("Destroyed") <= room
    assert panel.model.index(row, last).data(3).split("\n")[0].startswith("Destroyed: its damage reached")
