"""Opaque scroll bars: promised for Fusion only, revised when the style changes, and drawn whole."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QListView, QStyleFactory, QWidget

from gmtool.ui.opaque_scroll_bars import fill_opaque, is_opaque


def test_fusion_scroll_bars_are_opaque_and_another_style_takes_the_promise_back(qtbot) -> None:
    view = QListView()
    qtbot.addWidget(view)
    view.setStyle(QStyleFactory.create("Fusion"))
    fill_opaque(view)
    assert is_opaque(view.verticalScrollBar()) and is_opaque(view.horizontalScrollBar())
    view.setStyle(QStyleFactory.create("Windows"))
    assert not is_opaque(view.verticalScrollBar())
    view.setStyle(QStyleFactory.create("Fusion"))
    assert is_opaque(view.verticalScrollBar())


def test_an_opaque_fusion_scroll_bar_looks_the_same_over_a_loud_background(qtbot) -> None:
    """Nothing of the parent shows through: the style fills every pixel it promised."""
    images = []
    for opaque in (False, True):
        parent = QWidget()
        qtbot.addWidget(parent)
        parent.setAutoFillBackground(True)
        palette = parent.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("magenta"))
        parent.setPalette(palette)
        view = QListView(parent)
        view.setStyle(QStyleFactory.create("Fusion"))
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        view.setGeometry(0, 0, 120, 200)
        if opaque:
            fill_opaque(view)
        parent.resize(120, 200)
        parent.show()
        qtbot.waitExposed(parent)
        images.append(parent.grab().toImage())
    assert images[0] == images[1]
