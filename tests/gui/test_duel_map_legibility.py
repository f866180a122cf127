"""Issue 30: the duel's sky read at a glance, in both themes, measured on screenshots of its map.

Open sky and a cloud differ by ΔE ≥ 15 (CIE 1976, as the rally's terrain kinds: the light theme's
sky and cloud differed by 10.9); each of the six range bands' tints (FF … BB, the ``Ranges`` overlay)
differs from the bare sky under it and from every other band by ΔE ≥ 8, the means of a patch.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import QApplication

from gmtool.core.hex.coords import Hex
from gmtool.core.i18n import active_language
from gmtool.ui.hex_map_view import HexMapView, centre
from gmtool.ui.theme import apply_theme
from tests.gui.gm_sight import colour_difference, mean_colour

TERRAIN_APART = 15.0
TINT_APART = 8.0


@pytest.fixture(params=["light", "dark"])
def themed_duel(request, qtbot, duel):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    apply_theme(QApplication.instance(), request.param)
    window = MainWindow(duel)
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    qtbot.waitExposed(window)
    yield window
    apply_theme(QApplication.instance(), "light")


def _clear(window, view: HexMapView) -> dict[Hex, str]:  # noqa: ANN001
    """Hexes with nothing drawn over their middle (no unit, name plate), and their kind."""
    board = window.bridge.ruleset.board(window.bridge.state, active_language())
    covered = [QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect()) for item in view.tokens.values()]
    covered += [item.plate.boundingRect().translated(view.mapFromScene(item.plate.pos()).toPointF())
                for item in view.tokens.values() if item.plate is not None]
    clear = {}
    for h in board.hexes():
        at = view.mapFromScene(centre(h))
        if not any(QRectF(at.x() - 6, at.y() - 6, 12, 12).intersects(rect) for rect in covered):
            clear[h] = board.kind(h).key
    return clear


def _at(view: HexMapView, h: Hex) -> QPoint:
    return view.mapFromScene(centre(h))


def _bare(window) -> tuple[HexMapView, object]:  # noqa: ANN001
    dock = window.parts.map
    dock.overlay.setCurrentIndex(dock.overlay.findData(""))  # no overlay: the bare sky
    QApplication.processEvents()
    return dock.view, dock.view.viewport().grab().toImage()


def test_open_sky_and_a_cloud_are_told_apart_in_both_themes(themed_duel) -> None:  # noqa: ANN001
    view, image = _bare(themed_duel)
    clear = _clear(themed_duel, view)
    sky = next(h for h, kind in clear.items() if kind == "sky")
    cloud = next(h for h, kind in clear.items() if kind == "cloud")
    difference = colour_difference(mean_colour(image, _at(view, sky), 2), mean_colour(image, _at(view, cloud), 2))
    assert difference >= TERRAIN_APART, round(difference, 1)


def test_the_range_bands_stand_apart_from_the_sky_and_from_each_other(themed_duel) -> None:  # noqa: ANN001
    window = themed_duel
    view, plain = _bare(window)
    dock = window.parts.map
    unit = window.bridge.selected
    dock.overlay.setCurrentIndex(dock.overlay.findData("sectors"))
    QApplication.processEvents()
    tinted = view.viewport().grab().toImage()
    bands = window.bridge.ruleset.overlay(window.bridge.state, unit, "sectors")
    clear = _clear(window, view)
    seen: dict[int, tuple] = {}  # tint → (over, under) mean colours of one clear sky hex of it
    for h, tint in bands.tints.items():
        if clear.get(h) == "sky" and tint not in seen:
            at = _at(view, h)
            seen[tint] = (mean_colour(tinted, at, 5), mean_colour(plain, at, 5))
    assert len(seen) == 6  # FF, FR, FL, BR, BL, BB each have a clear sky hex
    for tint, (over, under) in seen.items():
        assert colour_difference(over, under) >= TINT_APART, (tint, over.name(), under.name())
    tints = sorted(seen)
    close = [(one, other, round(colour_difference(seen[one][0], seen[other][0]), 1))
             for n, one in enumerate(tints) for other in tints[n + 1:]
             if colour_difference(seen[one][0], seen[other][0]) < TINT_APART]
    assert not close, close
