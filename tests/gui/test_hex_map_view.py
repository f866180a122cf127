"""The hex board view (issue 15 groundwork): it draws every hex in its kind's colour with a legend,
units as tokens facing their side, and reports clicks; zoom by keys and fit. Made-up demo terrain."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem, QGraphicsPolygonItem

from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.board import Board, TerrainKind, Token
from gmtool.core.hex.coords import Hex, from_offset, within
from gmtool.core.hex.sight import Ground
from gmtool.ui.hex_map_view import HexMapPanel, HexMapView, centre
from gmtool.viewmodels.tones import data_colour, tone

KINDS = (  # made-up demo kinds and colours (a game's data will supply its own)
    TerrainKind("open", "Open", "#d9d2b0", "#5a5541"),
    TerrainKind("rough", "Rough", "#a89060", "#6b5a35"),
    TerrainKind("hill", "Hill", "#7a8f5a", "#435233"),
)


def demo_board() -> Board:
    terrain = {from_offset(c, r): "rough" for c in range(3, 6) for r in range(2, 5)}
    terrain.update({from_offset(8, r): "hill" for r in range(0, 6)})
    tokens = (Token("u1", from_offset(1, 1), 2, "Jerboa", damage=0.4),
              Token("u2", from_offset(10, 4), 5, "Cheetah", npc=True))
    return Board(12, 8, KINDS, terrain, tokens)


@pytest.fixture
def panel(qtbot) -> HexMapPanel:  # noqa: ANN001
    """The demo board, shown in a 600×400 panel."""
    shown = HexMapPanel()
    qtbot.addWidget(shown)
    shown.resize(600, 400)
    shown.show()
    shown.show_board(demo_board())
    return shown


@pytest.fixture
def view(panel: HexMapPanel) -> HexMapView:
    return panel.view


def test_it_draws_every_hex_the_tokens_and_the_legend(panel: HexMapPanel) -> None:
    terrain = panel.view.terrain
    assert terrain is not None and len(terrain.colours) == 12 * 8
    assert terrain.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache  # drawn once per zoom
    assert set(panel.view.tokens) == {"u1", "u2"}
    legend = panel.legend.text().replace("\u2060", "")  # word joiners keep each name on one line
    assert legend.index("Open") < legend.index("Rough") < legend.index("Hill")  # one swatch and name per kind
    assert legend.count("■") == 3 and panel.legend.wordWrap()  # a long legend wraps, never widens the window
    rough, plain = terrain.colours[from_offset(4, 3)], terrain.colours[from_offset(0, 0)]
    assert rough == data_colour(KINDS[1].light) and plain == data_colour(KINDS[0].light)


def test_clicks_report_hexes_and_tokens_and_selection_follows(qtbot, view: HexMapView) -> None:  # noqa: ANN001
    view.fit()
    target = from_offset(6, 6)
    with qtbot.waitSignal(view.hexClicked) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(centre(target)))
    assert clicked.args[0] == target
    with qtbot.waitSignal(view.tokenSelected) as picked:
        view.select_token("u2")
    assert picked.args[0] == "u2" and view.tokens["u2"].isSelected() and not view.tokens["u1"].isSelected()


def test_zoom_keys_and_fit(qtbot, view: HexMapView) -> None:  # noqa: ANN001
    before = view.transform().m11()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() > before
    qtbot.keyClick(view, Qt.Key.Key_0)
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(view.scene().sceneRect().adjusted(1, 1, -1, -1))


def test_the_line_of_fire_is_drawn_with_its_verdict(view: HexMapView) -> None:
    origin = from_offset(2, 3)
    ground = Ground({from_offset(8, r): 2 for r in range(6)}, dice={1: 1, 2: 2})
    blocked = ground.sight(origin, origin + Hex(10, -5, -5))  # due east, through the hill column
    view.show_sight(blocked)
    lines = [i for i in view.overlay if isinstance(i, QGraphicsLineItem)]
    assert not blocked.lock and len(blocked.line.divided) == 5
    assert len(lines) == 2 + 5 and lines[0].pen().color() == tone("map_los_blocked")  # thread, its rest, 5 edges
    assert lines[1].pen().style() == Qt.PenStyle.DashLine  # beyond the blocker
    assert sum(isinstance(i, QGraphicsPolygonItem) for i in view.overlay) == 1  # the blocker outlined
    divided = Ground({}).sight(origin, origin + Hex(4, -2, -2))  # two divided steps, clear
    view.show_sight(divided)
    lines = [i for i in view.overlay if isinstance(i, QGraphicsLineItem)]
    assert len(lines) == 1 + 2 and lines[0].pen().color() == tone("map_los_clear")
    touched = Ground({}).sight(origin, origin + Hex(4, -5, 1))  # two corner touches
    view.show_sight(touched)
    assert sum(isinstance(i, QGraphicsEllipseItem) for i in view.overlay) == 2
    view.clear_overlay()
    assert view.overlay == [] and all(i.scene() is view.scene() for i in view.tokens.values())


def test_tints_show_a_game_s_arcs_and_are_replaced(view: HexMapView) -> None:
    unit = from_offset(5, 4)
    near = [h for h in within(unit, 3) if h != unit]
    tints = {h: 1 if bearing(unit, 0, h).ahead >= 0 else 4 for h in near}  # e.g. front and the rest
    view.show_tints(tints)
    assert len(near) == 36 and len(view.tints) == 2  # one path per tint
    assert all(t.brush().color().alpha() < 255 for t in view.tints)  # the terrain shows through
    assert len({t.brush().color().rgb() for t in view.tints}) == 2  # two tints: ahead and the rest
    for item in view.tints:  # each path covers exactly its hexes' centres
        number = item.data(0)
        assert all(item.contains(centre(h)) == (tint == number) for h, tint in tints.items())
        assert not item.contains(centre(unit))
    view.show_tints({})
    assert view.tints == []


def test_units_move_without_the_terrain_drawn_again(view: HexMapView) -> None:
    terrain = view.terrain
    view.select_token("u1")
    moved = (Token("u1", from_offset(2, 1), 3, "Jerboa"), Token("u3", from_offset(6, 6), 0, "Iguana"))
    view.show_tokens(moved)
    assert set(view.tokens) == {"u1", "u3"}  # u2 gone, u3 joined
    assert view.tokens["u1"].isSelected()  # the selection stays on the unit
    assert view.tokens["u1"].contains(centre(from_offset(2, 1)))
    assert view.terrain is terrain and terrain.scene() is view.scene() and view.board.tokens == moved


def test_a_kind_the_game_lacks_is_drawn_as_the_first_kind(view: HexMapView) -> None:
    damaged = Board(4, 4, KINDS, {from_offset(1, 1): "hardpac0"})  # a damaged file's kind
    view.show_board(damaged)
    assert view.terrain is not None and view.terrain.colours[from_offset(1, 1)] == data_colour(KINDS[0].light)


def test_name_plates_keep_their_size_on_screen_stay_below_discs_and_follow_the_units(view: HexMapView) -> None:
    plates = [item for item in view.scene().items() if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations]
    assert len(plates) == 2  # one per unit, the same size at every zoom
    assert all(plate.zValue() < disc.zValue() for plate in plates for disc in view.tokens.values())
    view.show_tokens((Token("u1", from_offset(2, 1), 3, "Jerboa"),))
    plates = [item for item in view.scene().items() if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations]
    assert len(plates) == 1  # the old plates went with their discs
    disc, plate = view.tokens["u1"], plates[0]
    before = plate.pos()
    disc.setPos(30, 10)  # a drag under way
    assert (plate.pos() - before).toTuple() == (30, 10)
    view.select_token("u1")
    assert disc.zValue() > plate.zValue() > 1.5  # the selected unit's plate above the others, still below discs


def _shown_plates(view: HexMapView) -> dict[str, bool]:
    return {tid: item.plate.isVisible() for tid, item in view.tokens.items() if item.plate is not None}


def _on_screen(view: HexMapView, item: QGraphicsItem) -> QRectF:
    if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations:  # a plate: its size is on screen
        at = view.mapFromScene(item.pos())
        return item.boundingRect().translated(at.x(), at.y())
    return QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect())


def _plates_in_the_clear(view: HexMapView) -> None:
    """No shown plate covers another, nor another unit's disc (the selected unit's may: it always shows)."""
    shown = {tid: _on_screen(view, item.plate) for tid, item in view.tokens.items() if item.plate.isVisible()}
    for tid, rect in shown.items():
        assert not any(rect.intersects(other) for o, other in shown.items() if o != tid)
        if not view.tokens[tid].isSelected():
            assert not any(rect.intersects(_on_screen(view, disc)) for o, disc in view.tokens.items() if o != tid)


CROWD = (Token("u1", from_offset(10, 10), 0, "Demo Sandhopper"), Token("u2", from_offset(11, 10), 0, "Demo Dune Pig"),
         Token("u3", from_offset(11, 9), 0, "Demo Rustbucket"), Token("u4", from_offset(10, 11), 0, "Demo Scrapjack"),
         Token("u5", from_offset(25, 3), 0, "Cheetah"))


def test_a_plate_goes_over_its_disc_when_the_place_under_it_is_taken(view: HexMapView) -> None:
    neighbours = CROWD[:2] + CROWD[4:]
    view.show_board(Board(32, 20, KINDS, {}, neighbours))  # the rally's course size
    view.fit()
    # fitted to 600×400 a hex is ~18 px high and a disc ~14 px across; the next column's hex is half a hex
    # (~9 px) lower and 1.5 radii (~16 px) across: the plate (~12 px high, ~75 px wide) under u1 would
    # cover u2's disc, so u1's goes over its own disc; under u2 nothing stands
    assert _shown_plates(view) == {"u1": True, "u2": True, "u5": True}
    assert _on_screen(view, view.tokens["u1"].plate).bottom() <= _on_screen(view, view.tokens["u1"]).top() + 1
    assert _on_screen(view, view.tokens["u2"].plate).top() >= _on_screen(view, view.tokens["u2"]).center().y()
    _plates_in_the_clear(view)


def test_in_a_crowd_plates_with_no_place_are_left_out_the_selected_unit_s_shown_all_back_zoomed_in(
    view: HexMapView,
) -> None:
    view.show_board(Board(32, 20, KINDS, {}, CROWD))
    view.fit()
    shown = _shown_plates(view)
    assert not all(shown.values()) and shown["u5"]  # the crowd loses a name; the unit far away keeps its own
    _plates_in_the_clear(view)
    hidden = next(tid for tid, visible in shown.items() if not visible)
    assert view.tokens[hidden].toolTip() in {t.name for t in CROWD}  # still named by its disc's tooltip
    view.select_token(hidden)
    assert _shown_plates(view)[hidden]  # the selected unit's name shows first
    plate = view.tokens[hidden].plate
    covers = any(_on_screen(view, plate).intersects(_on_screen(view, disc)) for o, disc in view.tokens.items() if o != hidden)
    assert covers  # in this crowd it has no clear place: it is drawn over the discs, read whole
    assert plate.zValue() > max(disc.zValue() for disc in view.tokens.values())
    _plates_in_the_clear(view)
    for _ in range(8):  # ~3× the fitted size: four discs close together leave a plate's width between them
        view.zoom(1.25)  # plates keep their size on screen while the hexes grow: room for every name
    assert all(_shown_plates(view).values())
    _plates_in_the_clear(view)


def test_a_long_name_is_cut_on_its_plate_with_an_ellipsis(view: HexMapView) -> None:
    view.show_tokens((Token("u1", from_offset(2, 1), 0, "Demo Sandhopper Mk II"),))
    plate = view.tokens["u1"].plate
    assert plate is not None
    assert [child.text() for child in plate.childItems()] == ["Demo Sandhopp…"]  # its first 13 characters and "…"
