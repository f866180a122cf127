"""A :class:`~gmtool.printing.map_picture.Picture` as SVG text (pure Python), for the HTML and Markdown files.

Each terrain kind is one path of hexagons written as a start point and the same relative outline (the
file stays small and compresses well); coordinates are rounded to a tenth of a point.
"""

from __future__ import annotations

import base64
from html import escape

from gmtool.printing.map_picture import Disc, Line, Picture, Polygon, Shape, hexagon


def _n(value: float) -> str:
    """A coordinate to a tenth, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _outline(radius: float) -> str:
    """A hexagon's outline as relative moves from its right-hand vertex, closed."""
    corners = hexagon(0.0, 0.0, radius)
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(corners, corners[1:], strict=False)]
    return "l" + " ".join(f"{_n(dx)},{_n(dy)}" for dx, dy in steps) + "z"


def picture_svg(picture: Picture, title: str, font_family: str) -> str:
    """The picture as one ``<svg>`` element (no XML prologue: it goes inline into HTML), sized to the
    page's width and scaled with it; ``title`` is its accessible name."""
    outline = _outline(picture.radius)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(picture.width)} {_n(picture.height)}" '
        f'width="100%" role="img" aria-label="{escape(title)}" font-family="{escape(font_family)}">',
        f"<title>{escape(title)}</title>",
        f'<g stroke="{picture.grid_ink}" stroke-width="{_n(max(picture.radius / 20, 0.3))}" stroke-linejoin="round">',
    ]
    for terrain in picture.terrain:
        d = "".join(f"M{_n(x + picture.radius)},{_n(y)}{outline}" for x, y in terrain.centres)
        parts.append(f'<path fill="{terrain.fill}" d="{d}"/>')
    parts.append("</g>")
    parts.extend(_shape(shape) for shape in picture.shapes)
    parts.append("</svg>")
    return "".join(parts)


def _shape(shape: Shape) -> str:
    if isinstance(shape, Line):
        dash = f' stroke-dasharray="{_n(shape.width * 3)} {_n(shape.width * 2)}"' if shape.dashed else ""
        return (f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
                f'stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"{dash}/>')
    if isinstance(shape, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
        stroke = f' stroke="{shape.stroke}" stroke-width="{_n(shape.width)}"' if shape.stroke else ""
        return f'<polygon points="{points}" fill="{shape.fill}"{stroke}/>'
    if isinstance(shape, Disc):
        return f'<circle cx="{_n(shape.x)}" cy="{_n(shape.y)}" r="{_n(shape.radius)}" fill="{shape.fill}"/>'
    anchor = ' text-anchor="middle"' if shape.centred else ""
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size)}" fill="{shape.fill}"{anchor}{weight}>'
            f"{escape(shape.text)}</text>")


def svg_data_uri(svg: str) -> str:
    """The SVG as a ``data:`` address (base64), for a Markdown image."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
