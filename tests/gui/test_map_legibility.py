"""Issue 30: the hex map read at a glance, in both themes, measured on screenshots of the rally's map.

Every pair of terrain kinds that meet on the demo course differs by ΔE ≥ 15 (CIE 1976; the dark
theme's hard-pack and structure differed by 3.5, its normal and level 1 by 10); each of the arcs'
tints (front, flank, rear) differs from the bare terrain it lies on and from the other arcs by ΔE ≥ 8
(the mean of a patch: the hatching and the see-through fill together). Every unit is named at the
fitted zoom, 9 pt or more on the GM's map, 14 pt or more on the players', and the course's start and
finish zones and numbered checkpoints are drawn on both maps.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import QApplication

from gmtool.core.hex.coords import DIRS, Hex
from gmtool.core.hex.map_file import hex_of
from gmtool.core.i18n import active_language
from gmtool.ui.hex_map_view import HexMapView, centre
from gmtool.ui.theme import apply_theme
from tests.gui.gm_sight import colour_difference, mean_colour

TERRAIN_APART = 15.0
TINT_APART = 8.0


@pytest.fixture(params=["light", "dark"])
def themed_rally(request, qtbot, rally):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    apply_theme(QApplication.instance(), request.param)
    window = MainWindow(rally)
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    qtbot.waitExposed(window)
    yield window
    apply_theme(QApplication.instance(), "light")


def _clear_hexes(window, view: HexMapView) -> Iterator[tuple[Hex, str]]:  # noqa: ANN001
    """Hexes of the board with nothing drawn over their middle (no zone, unit, name or number), and their kind."""
    board = window.bridge.ruleset.board(window.bridge.state, active_language())
    marked = {h for zone in board.zones for h in zone.hexes}
    covered = [QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect()) for item in view.tokens.values()]
    on_screen = [item.plate for item in view.tokens.values()] + [badge for badge, _hexes in view.numbers]
    covered += [item.boundingRect().translated(view.mapFromScene(item.pos()).toPointF()) for item in on_screen]
    for h in board.hexes():
        at = view.mapFromScene(centre(h))
        spot = QRectF(at.x() - 6, at.y() - 6, 12, 12)
        if h not in marked and not any(spot.intersects(rect) for rect in covered):
            yield h, board.kind(h).key


def _sample(view: HexMapView, h: Hex) -> QPoint:
    return view.mapFromScene(centre(h))


def test_terrain_kinds_that_meet_on_the_course_are_told_apart_in_both_themes(themed_rally) -> None:  # noqa: ANN001
    window = themed_rally
    dock = window.parts.map
    dock.overlay.setCurrentIndex(dock.overlay.findData(""))  # no overlay: the bare terrain
    view = dock.view
    QApplication.processEvents()
    image = view.viewport().grab().toImage()
    clear = dict(_clear_hexes(window, view))
    colour = {}
    for h, kind in clear.items():
        colour.setdefault(kind, mean_colour(image, _sample(view, h), 2))
    board = window.bridge.ruleset.board(window.bridge.state, active_language())
    meeting = {tuple(sorted((board.kind(h).key, board.kind(h + step).key))) for h in board.hexes() for step in DIRS
               if board.kind(h).key != board.kind(h + step).key and (h + step) in set(board.hexes())}
    assert len(meeting) >= 8  # the demo course: every kind meets several others
    close = {pair: round(colour_difference(colour[pair[0]], colour[pair[1]]), 1) for pair in meeting
             if colour_difference(colour[pair[0]], colour[pair[1]]) < TERRAIN_APART}
    assert not close, close


def test_the_arcs_tints_stand_apart_from_the_terrain_and_from_each_other(themed_rally) -> None:  # noqa: ANN001
    window = themed_rally
    dock, state = window.parts.map, window.bridge.state
    view = dock.view
    assert dock.overlay.currentData() == "arcs"
    dock.overlay.setCurrentIndex(dock.overlay.findData(""))
    QApplication.processEvents()
    plain = view.viewport().grab().toImage()
    dock.overlay.setCurrentIndex(dock.overlay.findData("arcs"))
    QApplication.processEvents()
    tinted = view.viewport().grab().toImage()
    arcs = window.bridge.ruleset.overlay(state, "g1", "arcs")
    clear = dict(_clear_hexes(window, view))
    seen: dict[tuple[int, str], list] = {}  # (tint, terrain kind) → (over, under) mean colours
    for h, tint in arcs.tints.items():
        if h in clear:
            at = _sample(view, h)
            seen.setdefault((tint, clear[h]), []).append((mean_colour(tinted, at, 5), mean_colour(plain, at, 5)))
    assert {tint for tint, _kind in seen} == {5, 2, 3}  # front, flank and rear each have hexes in the clear
    for (tint, kind), found in seen.items():  # each tint stands out from the terrain under it
        for over, under in found:
            assert colour_difference(over, under) >= TINT_APART, (tint, kind, over.name(), under.name())
    for one, other in ((5, 2), (5, 3), (2, 3)):  # two arcs over the same terrain kind look different
        common = sorted({k for t, k in seen if t == one} & {k for t, k in seen if t == other})
        assert common, (one, other)
        for kind in common:
            assert colour_difference(seen[(one, kind)][0][0], seen[(other, kind)][0][0]) >= TINT_APART, (one, other, kind)


def test_every_gear_is_named_at_the_fitted_zoom_and_the_course_is_marked(rally_window) -> None:  # noqa: ANN001
    view = rally_window.parts.map.view
    view.fit()
    for tid, item in view.tokens.items():
        (text,) = item.plate.childItems()
        assert item.plate.isVisible() and text.text() == item.toolTip() and text.font().pointSizeF() >= 9, tid
    course = rally_window.bridge.state.course
    assert view.zones is not None  # start and finish zones and the checkpoints, drawn over the terrain
    numbers = sorted(int(badge.childItems()[0].text()) for badge, _hexes in view.numbers)
    assert numbers == list(range(1, len(course.checkpoints) + 1))
    for (_badge, hexes), labels in zip(view.numbers, course.checkpoints, strict=True):
        assert hexes == tuple(hex_of(h) for h in labels)
    legend = rally_window.parts.map.panel.legend.text().replace("\u2060", "").replace("\u00a0", " ")
    assert "Start zone" in legend and "Finish zone" in legend and "Checkpoint (number)" in legend


def test_the_players_map_names_every_gear_at_14_points_and_marks_the_course(qtbot, rally_window) -> None:  # noqa: ANN001
    from gmtool.ui.player_view import PlayerView

    player = PlayerView(rally_window.bridge)
    qtbot.addWidget(player)
    player.resize(1920, 1080)
    player.show()
    qtbot.waitExposed(player)
    view = player.map.view
    for tid, item in view.tokens.items():
        (text,) = item.plate.childItems()
        assert item.plate.isVisible() and text.text() == item.toolTip() and text.font().pointSizeF() >= 14, tid
    assert view.zones is not None and len(view.numbers) == len(rally_window.bridge.state.course.checkpoints)
    legend = player.map.legend.text().replace("\u2060", "").replace("&nbsp;", " ").replace("\u00a0", " ")
    assert "Finish zone" in legend and "Checkpoint (number)" in legend
