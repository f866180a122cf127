"""Draw gmtool's application icon: ``resources/icons/gmtool.svg`` and PNGs at the usual sizes.

Usage: QT_QPA_PLATFORM=offscreen python tools/make_icon.py
Our own drawing: a die showing three (the dice and their odds) on the amber of the acting
combatant's row (the order of play). The PNGs are drawn with QPainter from the same geometry
as the SVG (a 256-unit square), so no SVG renderer is needed at run time.
"""

from __future__ import annotations

import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256)
OUT = Path(__file__).resolve().parents[1] / "resources" / "icons"
AMBER, EDGE, DIE, PIP = "#ffd666", "#b8860b", "#1f2430", "#ffffff"
PLATE = (8, 8, 240, 240, 48)  # x, y, w, h, corner radius
DIE_BOX = (40, 40, 176, 176, 36)
PIPS = ((88, 88), (128, 128), (168, 168))  # face three, corner to corner
PIP_R = 20


def svg() -> str:
    x, y, w, h, r = PLATE
    dx, dy, dw, dh, dr = DIE_BOX
    pips = "".join(f'<circle cx="{cx}" cy="{cy}" r="{PIP_R}" fill="{PIP}"/>' for cx, cy in PIPS)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{AMBER}" stroke="{EDGE}" stroke-width="8"/>'
        f'<rect x="{dx}" y="{dy}" width="{dw}" height="{dh}" rx="{dr}" fill="{DIE}"/>{pips}</svg>\n'
    )


def png(size: int, path: Path) -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 256, size / 256)
    x, y, w, h, r = PLATE
    painter.setPen(QPen(QColor(EDGE), 8))
    painter.setBrush(QColor(AMBER))
    painter.drawRoundedRect(QRectF(x, y, w, h), r, r)
    dx, dy, dw, dh, dr = DIE_BOX
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(DIE))
    painter.drawRoundedRect(QRectF(dx, dy, dw, dh), dr, dr)
    painter.setBrush(QColor(PIP))
    pip = max(PIP_R, 256 / size * 1.6)  # at 16 px a pip keeps about three pixels
    for cx, cy in PIPS:
        painter.drawEllipse(QRectF(cx - pip, cy - pip, 2 * pip, 2 * pip))
    painter.end()
    image.save(str(path))


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - fonts and images need it
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "gmtool.svg").write_text(svg(), encoding="utf-8")
    for size in SIZES:
        png(size, OUT / f"gmtool-{size}.png")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
