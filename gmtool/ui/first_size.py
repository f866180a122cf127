"""Where and how big the first window opens (no saved size and place yet): the screen's free area.

A 1366 × 768 laptop with a 40-px task bar gets 1366 × 698 (its free height less a title bar); a
1920 × 1080 screen 1920 × 1010, the order, the map and the panels getting the room the screen has;
a larger screen a 2560 × 1440 window in its middle.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

MOST_SIZE = QSize(2560, 1440)  # a first window on a bigger screen stays this size, centred
FRAME_HEIGHT = 30  # a title bar, which the screen's free area does not subtract


def first_size(window: QWidget) -> QSize:
    """The window's size on first start: the screen's free area less the window's title bar, up to
    ``MOST_SIZE`` (a 1366 × 768 laptop with a 40-px task bar gets 1366 × 698, a 1920 × 1080 screen
    with one 1920 × 1010: the order, the map and the panels get the room the screen has)."""
    free = _free_area(window)
    return QSize(min(MOST_SIZE.width(), free.width()), min(MOST_SIZE.height(), free.height() - FRAME_HEIGHT))


def first_place(window: QWidget) -> QPoint:
    """Where the first window goes: centred in the screen's free area (at its top-left when it fills it)."""
    free, size = _free_area(window), first_size(window)
    room = QSize(free.width() - size.width(), free.height() - FRAME_HEIGHT - size.height())
    return QPoint(free.x() + max(room.width(), 0) // 2, free.y() + max(room.height(), 0) // 2)


def _free_area(window: QWidget) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()
