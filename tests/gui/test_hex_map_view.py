"""The hex board view (issue 15 groundwork): it draws every hex in its kind's colour with a legend,
units as tokens facing their side, and reports clicks; zoom by keys and fit. Made-up demo terrain."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem, QGraphicsPolygonItem

from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.board import Board, TerrainKind, Token
from gmtool.core.hex.coords import DIRS, Hex, from_offset, within
from gmtool.core.hex.sight import Ground
from gmtool.ui.hex_layers import facing_arrow
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
    """No plate covers another, nor another unit's disc, and each lies in the viewport."""
    shown = {tid: _on_screen(view, item.plate) for tid, item in view.tokens.items() if item.plate.isVisible()}
    for tid, rect in shown.items():
        assert not any(rect.intersects(other) for o, other in shown.items() if o != tid), tid
        assert not any(rect.intersects(_on_screen(view, disc)) for o, disc in view.tokens.items() if o != tid), tid
        assert QRectF(view.viewport().rect()).contains(rect), tid


def _led(item) -> bool:  # noqa: ANN001
    """A leader line ties the unit's plate to its disc (made on first need)."""
    return item.leader is not None and item.leader.isVisible()


def _named_whole(view: HexMapView) -> None:
    """Every unit's plate shows, at least 9 pt, its name whole (these names are short enough)."""
    for tid, item in view.tokens.items():
        assert item.plate.isVisible(), tid
        (text,) = item.plate.childItems()
        assert text.text() == item.toolTip() and text.font().pointSizeF() >= 9, tid


CROWD = (Token("u1", from_offset(10, 10), 0, "Demo Sandhopper"), Token("u2", from_offset(11, 10), 0, "Demo Dune Pig"),
         Token("u3", from_offset(11, 9), 0, "Demo Rustbucket"), Token("u4", from_offset(10, 11), 0, "Demo Scrapjack"),
         Token("u5", from_offset(25, 3), 0, "Cheetah"))


def test_a_plate_stands_beside_its_disc_where_the_place_under_it_is_taken(view: HexMapView) -> None:
    neighbours = CROWD[:2] + CROWD[4:]
    view.show_board(Board(32, 20, KINDS, {}, neighbours))  # the rally's course size
    view.fit()
    # fitted to 600×400 a hex is ~18 px high and a disc ~14 px across; the next column's hex is half a hex
    # (~9 px) lower and 1.5 radii (~16 px) across: the plate (~15 px high, ~100 px wide) under u1 would
    # cover u2's disc, so u1's stands elsewhere round its disc; u2's and u5's under their discs
    _named_whole(view)
    _plates_in_the_clear(view)
    for tid in ("u2", "u5"):
        assert _on_screen(view, view.tokens[tid].plate).top() >= _on_screen(view, view.tokens[tid]).center().y()
    assert not any(_led(item) for item in view.tokens.values())  # every plate beside its disc


def test_in_a_crowd_every_unit_is_named_in_the_clear_with_a_leader_when_standing_off(view: HexMapView) -> None:
    view.show_board(Board(32, 20, KINDS, {}, CROWD))
    view.fit()
    _named_whole(view)  # four gears in neighbouring hexes, each named beside its disc
    _plates_in_the_clear(view)
    around = tuple(Token(f"n{k}", from_offset(16, 10) + step, 0, f"Ring gear {k}") for k, step in enumerate(DIRS))
    view.show_board(Board(32, 20, KINDS, {}, (*CROWD, Token("n", from_offset(16, 10), 0, "Hub gear"), *around)))
    view.fit()
    _named_whole(view)  # a hex and its six neighbours full: still every unit named
    _plates_in_the_clear(view)
    off = [tid for tid, item in view.tokens.items() if _led(item)]
    assert off  # in this crowd some plate stands a ring out, tied to its disc by a line
    for tid in off:
        line = view.tokens[tid].leader.line()
        plate = view.tokens[tid].plate.pos() - view.tokens[tid].pos()
        assert (line.p1() - view.tokens[tid].rect().center()).manhattanLength() < 0.01
        assert (line.p2() - plate).manhattanLength() < 0.01
    view.select_token("u4")
    _named_whole(view)
    _plates_in_the_clear(view)
    assert view.tokens["u4"].plate.zValue() > max(item.plate.zValue() for tid, item in view.tokens.items() if tid != "u4")
    for _ in range(8):  # ~3× the fitted size: room beside every disc
        view.zoom(1.25)
    view.centerOn(view.tokens["u1"])
    view.declutter()
    assert not any(_led(item) for tid, item in view.tokens.items() if tid != "u5")
    _plates_in_the_clear_of_units(view, ("u1", "u2", "u3", "u4"))


def _plates_in_the_clear_of_units(view: HexMapView, ids: tuple[str, ...]) -> None:
    rects = {tid: _on_screen(view, view.tokens[tid].plate) for tid in ids}
    for tid, rect in rects.items():
        assert not any(rect.intersects(other) for o, other in rects.items() if o != tid)
        assert not any(rect.intersects(_on_screen(view, view.tokens[o])) for o in ids if o != tid)


def test_a_long_name_keeps_its_start_and_end_round_an_ellipsis(view: HexMapView) -> None:
    view.show_tokens((Token("u1", from_offset(2, 1), 0, "Demo Sandhopper Mk II"),
                      Token("u2", from_offset(6, 1), 0, "The Very Long Demo Sandhopper Mk II"),
                      Token("u3", from_offset(6, 5), 0, "The Very Long Demo Sandhopper Mk III")))
    texts = {tid: item.plate.childItems()[0].text() for tid, item in view.tokens.items()}
    assert texts["u1"] == "Demo Sandhopper Mk II"  # 21 characters: whole
    assert texts["u2"] == "The Very Lo…hopper Mk II"  # 35 characters: its first 11, "…", its last 12
    assert texts["u2"] != texts["u3"] and texts["u3"].endswith("Mk III")  # names differing at their end stay apart


def test_a_move_draws_again_only_the_unit_that_moved(view: HexMapView) -> None:
    still, moving, plate = view.tokens["u2"], view.tokens["u1"], view.tokens["u1"].plate
    tokens = view.board.tokens
    view.show_tokens((Token("u1", from_offset(2, 2), 3, "Jerboa", damage=0.4), tokens[1]))
    assert view.tokens["u2"] is still and still.scene() is view.scene()  # untouched: the same disc and plate
    moved = view.tokens["u1"]  # moved and turned in place: its disc and name kept, its place and arrow new
    assert moved is moving and moved.plate is plate and moved.scene() is view.scene()
    assert moved.contains(centre(from_offset(2, 2))) and not moved.contains(centre(from_offset(2, 1)))
    assert moved.arrow is not None and moved.arrow.polygon() == facing_arrow(from_offset(2, 2), 3)
    assert moved.bar is not None and moved.bar.sceneBoundingRect().intersects(moved.sceneBoundingRect())
    view.show_tokens((Token("u1", from_offset(2, 2), 3, "Jerboa Mk II", damage=0.4), tokens[1]))
    assert view.tokens["u1"] is not moving and moving.scene() is None  # renamed: drawn anew, the old disc gone
    assert view.tokens["u1"].plate.childItems()[0].text() == "Jerboa Mk II"
