"""Drawn once, blitted after (issue 19): the pass ladder and condition bars come from the pixmap
cache, yet show every change; a condition track keeps the height of the tallest monitor shown."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QColor, QImage, QPainter

from gmtool.games.shadowrun.gui.initiative_model import COL_CONDITION
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.ui.condition_track import ConditionTrack
from gmtool.ui.drawn_once import paint_cached


def _canvas() -> QImage:
    image = QImage(40, 20, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    return image


def test_a_picture_is_drawn_once_per_key_and_placed_where_asked(qapp) -> None:  # noqa: ANN001
    drawn: list[str] = []

    def square(name: str, colour: QColor):  # noqa: ANN202
        def draw(painter: QPainter) -> None:
            drawn.append(name)
            painter.fillRect(QRect(0, 0, 4, 4), colour)
        return draw

    red, blue = QColor(200, 0, 0), QColor(0, 0, 200)
    for at in (QPoint(0, 0), QPoint(10, 5)):
        image = _canvas()
        painter = QPainter(image)
        paint_cached(painter, at, QSize(4, 4), ("test-square", "red"), square("red", red))
        painter.end()
        assert image.pixelColor(at.x() + 1, at.y() + 1) == red
        assert image.pixelColor(at.x() + 6, at.y() + 1).alpha() == 0  # outside the picture: untouched
    image = _canvas()
    painter = QPainter(image)
    paint_cached(painter, QPoint(0, 0), QSize(4, 4), ("test-square", "blue"), square("blue", blue))
    painter.end()
    assert drawn == ["red", "blue"]  # the second red came from the cache
    assert image.pixelColor(1, 1) == blue


def test_the_condition_bars_show_new_damage(qtbot, window) -> None:  # noqa: ANN001
    panel = window.parts.initiative_panel
    view = panel.view
    cid = next(iter(window.bridge.state.combatants))
    row = panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(cid), COL_CONDITION))
    rect = view.visualRect(row)

    def cell() -> QImage:
        qtbot.wait(1)
        return view.viewport().grab(rect).toImage()

    before = cell()
    window.bridge.execute(cmd.EditSheet(combatant=cid, field="physical_damage", value=6))
    after = cell()
    assert after != before
    window.bridge.execute(cmd.EditSheet(combatant=cid, field="physical_damage", value=0))
    assert cell() == before  # the same values: the same picture


def test_a_track_keeps_the_height_of_the_tallest_monitor_shown(qtbot) -> None:  # noqa: ANN001
    track = ConditionTrack("physical")
    qtbot.addWidget(track)
    track.set_track(10, 0, 3)
    short = track.sizeHint().height()
    track.set_track(13, 0, 9)  # a troll: a second line of monitor boxes
    tall = track.sizeHint().height()
    assert tall > short
    track.set_track(10, 0, 3)
    assert track.sizeHint().height() == tall  # stepping back to a human does not move the sheet
