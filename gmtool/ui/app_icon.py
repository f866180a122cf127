"""gmtool's application icon (``resources/icons``, drawn by ``tools/make_icon.py``) for every window.

The PNGs are added by size and read by Qt when a size is first painted, so setting the icon at
start-up costs no drawing.
"""

from __future__ import annotations

from importlib.resources import files

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

SIZES = (16, 24, 32, 48, 64, 128, 256)


def app_icon() -> QIcon:
    """The icon, at every size it is drawn in."""
    icon = QIcon()
    folder = files("gmtool.resources").joinpath("icons")
    for size in SIZES:
        icon.addFile(str(folder.joinpath(f"gmtool-{size}.png")), QSize(size, size))
    return icon
