"""The odds chart's numbers whole (issue 30, seen on README's attack picture: the tail's "12+" under the last
bar read "2·", cut at the chart's right edge): every label has the room its text needs, inside the chart."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from gmtool.ui.odds_chart import OddsChart


def _chart(qtbot, bars: int, width: int) -> OddsChart:  # noqa: ANN001
    chart = OddsChart()
    qtbot.addWidget(chart)
    chart.resize(width, 70)
    chart.set_distribution(tuple([1 / bars] * bars), threshold=2)
    return chart


def test_every_label_is_whole_inside_the_chart(qtbot) -> None:  # noqa: ANN001
    for bars, width in ((13, 150), (13, 400), (3, 60), (16, 150)):  # the attack's 11 dice on a laptop; wide; few
        chart = _chart(qtbot, bars, width)
        inside = QRectF(chart.rect())
        places = chart.label_places()
        assert places and places[0][0] == "0"
        for label, place in places:
            assert place.width() >= chart.fontMetrics().horizontalAdvance(label), (bars, width, label)
            assert inside.contains(place), (bars, width, label, place)


def test_labels_never_overlap(qtbot) -> None:  # noqa: ANN001
    chart = _chart(qtbot, 16, 150)
    places = [place for _, place in chart.label_places()]
    assert all(a.right() <= b.left() for a, b in zip(places, places[1:], strict=False))
