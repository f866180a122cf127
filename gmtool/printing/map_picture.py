"""A hex board as a printed picture (pure Python): the shapes to draw, in points, for the report.

The picture is a display list of polygons, discs and texts laid out once here and drawn by two small
back ends: SVG text for the HTML and Markdown files (:mod:`.map_svg`) and a ``QPainter`` for the PDF
and the printout (:mod:`.map_paint`), so both show the same map. Print is always light: terrain in
each kind's ``light`` colour, the inks (grid, tokens, text) passed in by the caller
(:data:`gmtool.printing.html.MAP_INKS`).

Layout: the board in flat-top hexes (axial ``(q, r)`` centred at ``(1.5·R·q, √3·R·(r + q/2))``, as
the map dock draws it) scaled to :data:`WIDTH` points, its height capped at :data:`MAX_HEIGHT` (a
long board is narrowed instead), under its title when it has one (the PDF's: a heading of its own
could end a page with the map on the next); under the board a legend in fixed cells: a swatch and name per
terrain kind, one per kind of area the game marks (a race's start and finish zones, its checkpoints), then
each unit's number and name. A marked area is outlined along its outer edges in its ink (dashed when
numbered, its number in a ring in its middle hex: a unit's number is on a filled disc). A unit is a disc
with its number and a pointer through the side it faces, and a damage bar across its foot when hurt; a
unit out of the fight is a grey disc crossed out (in the legend too). On paper, names beside adjacent
discs would cover each other, so the names are in the legend, keyed by number.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from gmtool.core.hex.board import Board, Token, Zone
from gmtool.core.hex.coords import DIRS, Hex, label

WIDTH = 510.0  # points: A4's text width with 15 mm margins (Letter's is wider; the PDF scales to fit)
MAX_HEIGHT = 400.0  # points: a tall board is drawn narrower so that a page keeps room for text
PAD = 2.0  # points around the board
LEGEND_COLUMNS = 3
LEGEND_ROW = 14.0  # points per legend row
LEGEND_FONT = 9.0  # points
TITLE_FONT = 14.0  # as big as the PDF's third-level headings (10.5 pt, which Qt's rich text lays out at 96 dpi)
TITLE_ROW = 20.0  # points
SWATCH = 8.0  # points
SQRT3 = math.sqrt(3)
Ink = Literal["grid", "token", "token_npc", "token_text", "damage", "text", "wreck"]
INK_NAMES: tuple[Ink, ...] = ("grid", "token", "token_npc", "token_text", "damage", "text", "wreck")
ZONE_INK = "zone_{tint}"  # a marked area's ink, by its tint (1–6): the caller's inks hold them


@dataclass(frozen=True)
class Polygon:
    """A filled shape (``stroke`` None: no outline); ``fill`` is a ``#rrggbb`` colour."""

    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Line:
    """A stroke from (x1, y1) to (x2, y2), dashed or solid."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float
    dashed: bool = False


@dataclass(frozen=True)
class Disc:
    x: float
    y: float
    radius: float
    fill: str


@dataclass(frozen=True)
class Text:
    """One line of text: ``x`` is its left edge (``centred``: its centre), ``y`` its baseline."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    centred: bool = False
    bold: bool = False


@dataclass(frozen=True)
class Terrain:
    """The hexes of one terrain kind (all the same hexagon, placed at ``centres``), outlined by the grid."""

    fill: str
    centres: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Picture:
    """What to draw, in points from the top left: the terrain per kind (the grid in ``grid_ink``,
    ``radius`` the hexes' centre-to-vertex), then the other shapes in order."""

    width: float
    height: float
    radius: float
    grid_ink: str
    terrain: tuple[Terrain, ...]
    shapes: tuple[Shape, ...]


Shape = Polygon | Line | Disc | Text


def hexagon(cx: float, cy: float, radius: float) -> tuple[tuple[float, float], ...]:
    """A flat-top hexagon's six vertices, from the right-hand one clockwise (on screen: y down)."""
    return tuple((cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                 for i in range(6))


def _centre(h: Hex, radius: float) -> tuple[float, float]:
    return 1.5 * radius * h.q, SQRT3 * radius * (h.r + h.q / 2)


def _bounds(board: Board) -> tuple[float, float, float, float]:
    """The board's hexes' extent at radius 1: left, top, width, height."""
    centres = [_centre(h, 1.0) for h in board.hexes()]
    xs, ys = [x for x, _y in centres], [y for _x, y in centres]
    half = SQRT3 / 2
    return min(xs) - 1, min(ys) - half, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2 * half


def _zone_kinds(board: Board) -> list[tuple[str, int]]:
    """Each kind of marked area once (label, tint), in the board's order."""
    return list(dict.fromkeys((zone.label, zone.tint) for zone in board.zones))


def legend_rows(board: Board) -> int:
    kinds = math.ceil((len(board.kinds) + len(_zone_kinds(board))) / LEGEND_COLUMNS)
    units = math.ceil(len(board.tokens) / LEGEND_COLUMNS)
    return kinds + units


def picture(board: Board, inks: dict[str, str], title: str = "") -> Picture:
    """The board and its legend laid out at :data:`WIDTH` points (less for a tall board), under
    ``title`` if given."""
    left, top, width, height = _bounds(board)
    head = TITLE_ROW if title else 0.0
    map_height_cap = MAX_HEIGHT - legend_rows(board) * LEGEND_ROW - head
    radius = min((WIDTH - 2 * PAD) / width, (map_height_cap - 2 * PAD) / height)
    ox = PAD - left * radius + (WIDTH - 2 * PAD - width * radius) / 2  # a narrowed board centred
    oy = head + PAD - top * radius
    kinds = {kind.key: kind for kind in board.kinds}
    first = board.kinds[0].key
    by_kind: dict[str, list[tuple[float, float]]] = {key: [] for key in kinds}
    for h in board.hexes():
        x, y = _centre(h, radius)
        key = board.terrain.get(h, first)
        by_kind[key if key in kinds else first].append((x + ox, y + oy))
    terrain = tuple(Terrain(kinds[key].light, tuple(centres)) for key, centres in by_kind.items() if centres)
    shapes: list[Shape] = [Text(PAD, TITLE_FONT + 2, title, TITLE_FONT, inks["text"], bold=True)] if title else []
    for zone in board.zones:
        shapes.extend(_zone(zone, radius, ox, oy, inks))
    for number, token in enumerate(board.tokens, start=1):
        shapes.extend(_token(token, number, radius, ox, oy, inks))
    map_bottom = head + height * radius + 2 * PAD
    shapes.extend(_legend(board, map_bottom, inks))
    full = map_bottom + legend_rows(board) * LEGEND_ROW + PAD
    return Picture(WIDTH, full, radius, inks["grid"], terrain, tuple(shapes))


def _fill(token: Token, inks: dict[str, str]) -> str:
    return inks["wreck" if token.out else "token_npc" if token.npc else "token"]


def cross(x: float, y: float, arm: float, width: float, ink: str) -> tuple[Polygon, Polygon]:
    """An X centred on (x, y), each stroke a thin polygon ``width`` wide reaching ``arm`` along both axes."""
    w = width / (2 * math.sqrt(2))
    return (Polygon(((x - arm - w, y - arm + w), (x - arm + w, y - arm - w), (x + arm + w, y + arm - w),
                     (x + arm - w, y + arm + w)), ink),
            Polygon(((x + arm - w, y - arm - w), (x + arm + w, y - arm + w), (x - arm + w, y + arm + w),
                     (x - arm - w, y + arm - w)), ink))


def _zone(zone: Zone, radius: float, ox: float, oy: float, inks: dict[str, str]) -> list[Shape]:
    """The area's outer edges (side ``k`` of a hex between its vertices ``k + 4`` and ``k + 5``), drawn a
    little inside it, and its number on a disc in its middle hex."""
    ink = inks.get(ZONE_INK.format(tint=zone.tint), inks["text"])
    inside = set(zone.hexes)
    width = max(radius / 6, 0.6)
    shapes: list[Shape] = []
    for h in zone.hexes:
        x, y = _centre(h, radius)
        corners = hexagon(x + ox, y + oy, radius - width)
        for side, step in enumerate(DIRS):
            if h + step not in inside:
                (x1, y1), (x2, y2) = corners[(side + 4) % 6], corners[(side + 5) % 6]
                shapes.append(Line(x1, y1, x2, y2, ink, width, zone.number is not None))
    if zone.number is not None and zone.hexes:
        x, y = _centre(zone.hexes[len(zone.hexes) // 2], radius)
        size = 0.62 * radius
        # a ring (paper inside), not a filled disc: a unit is a filled disc with its number
        shapes.append(Disc(x + ox, y + oy, 0.5 * radius, ink))
        shapes.append(Disc(x + ox, y + oy, 0.38 * radius, inks["paper"]))
        shapes.append(Text(x + ox, y + oy + 0.36 * size, str(zone.number), size, ink, centred=True, bold=True))
    return shapes


def _token(token: Token, number: int, radius: float, ox: float, oy: float, inks: dict[str, str]) -> list[Shape]:
    x, y = _centre(token.hex, radius)
    x, y = x + ox, y + oy
    fill = _fill(token, inks)
    if token.out:  # a wreck: a grey disc crossed out, no pointer, no damage bar; its number still on it
        return [Disc(x, y, 0.56 * radius, fill), *cross(x, y, 0.5 * radius, 0.14 * radius, inks["damage"]),
                Text(x, y + 0.36 * 0.62 * radius, str(number), 0.62 * radius, inks["token_text"], centred=True, bold=True)]
    ahead = _centre(DIRS[token.facing % 6], 1.0)
    length = math.hypot(*ahead)
    ux, uy = ahead[0] / length, ahead[1] / length
    base, half = 0.3 * radius, 0.4 * radius
    pointer = Polygon(((x + ux * 0.95 * radius, y + uy * 0.95 * radius),
                       (x + ux * base - uy * half, y + uy * base + ux * half),
                       (x + ux * base + uy * half, y + uy * base - ux * half)), fill)
    shapes: list[Shape] = [pointer, Disc(x, y, 0.56 * radius, fill)]
    if token.damage > 0:  # a bar across the disc's foot: how hurt
        w, bar_top = radius * min(token.damage, 1.0), y + 0.28 * radius
        shapes.append(Polygon(((x - 0.5 * radius, bar_top), (x - 0.5 * radius + w, bar_top),
                               (x - 0.5 * radius + w, bar_top + 0.16 * radius), (x - 0.5 * radius, bar_top + 0.16 * radius)),
                              inks["damage"]))
    size = 0.62 * radius
    shapes.append(Text(x, y + 0.36 * size, str(number), size, inks["token_text"], centred=True, bold=True))
    return shapes


def _legend(board: Board, top: float, inks: dict[str, str]) -> list[Shape]:
    cell = WIDTH / LEGEND_COLUMNS
    shapes: list[Shape] = []
    row_y = top + 3
    swatches = [(kind.light, inks["grid"], 0.5, kind.label) for kind in board.kinds]
    swatches += [(inks["paper"], inks.get(ZONE_INK.format(tint=tint), inks["text"]), 1.5, label)
                 for label, tint in _zone_kinds(board)]
    for i, (fill, stroke, width, name) in enumerate(swatches):
        x, y = PAD + (i % LEGEND_COLUMNS) * cell, row_y + (i // LEGEND_COLUMNS) * LEGEND_ROW
        shapes.append(Polygon(((x, y), (x + SWATCH, y), (x + SWATCH, y + SWATCH), (x, y + SWATCH)), fill, stroke, width))
        shapes.append(Text(x + SWATCH + 4, y + SWATCH - 0.8, name, LEGEND_FONT, inks["text"]))
    row_y += math.ceil(len(swatches) / LEGEND_COLUMNS) * LEGEND_ROW
    for i, token in enumerate(board.tokens):
        x, y = PAD + (i % LEGEND_COLUMNS) * cell, row_y + (i // LEGEND_COLUMNS) * LEGEND_ROW
        r = SWATCH / 2 + 0.5
        shapes.append(Disc(x + r, y + SWATCH / 2, r, _fill(token, inks)))
        if token.out:
            shapes.extend(cross(x + r, y + SWATCH / 2, r * 0.8, 1.0, inks["damage"]))
        shapes.append(Text(x + r, y + SWATCH / 2 + 2.3, str(i + 1), 6.5, inks["token_text"], centred=True, bold=True))
        shapes.append(Text(x + SWATCH + 4, y + SWATCH - 0.8, f"{token.name} ({label(token.hex)})", LEGEND_FONT, inks["text"]))
    return shapes
