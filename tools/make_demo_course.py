"""Writes resources/badlands_rally/demo_course.json: gmtool's made-up demo rally course (not an
official map): an oval loop of race course around a rocky infield, every terrain kind used,
start and finish zones, three checkpoints in clockwise order. Run it again after changing the shape."""

from __future__ import annotations

import math
from pathlib import Path

from gmtool.core.hex.coords import Hex, from_offset, label, neighbours
from gmtool.core.hex.map_file import HexMapFile, write_map

COLUMNS, ROWS = 32, 20
OUT = Path(__file__).resolve().parent.parent / "resources" / "badlands_rally" / "demo_course.json"


def _oval(col: int, row: int) -> tuple[float, float]:
    """The hex's place on the oval: radius (1 = outer edge) and angle (0 = east, clockwise)."""
    h = from_offset(col, row)
    x, y = 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)
    cx, cy = 1.5 * (COLUMNS - 1) / 2, math.sqrt(3) * (ROWS - 1) / 2
    dx, dy = (x - cx) / (1.5 * COLUMNS / 2 - 1.2), (y - cy) / (math.sqrt(3) * ROWS / 2 - 1.2)
    return math.hypot(dx, dy), math.degrees(math.atan2(dy, dx)) % 360


def _kind(col: int, row: int) -> str:
    radius, angle = _oval(col, row)
    if radius > 1.0:
        return "level2" if (col + row) % 7 == 0 else "level1"
    if radius < 0.52:
        if radius < 0.2:
            return "structure" if col % 2 == 0 else "level2"
        return "level2" if radius < 0.3 else "level1"
    if 60 < angle < 120 or 240 < angle < 300:
        return "hardpack"  # the straights
    if radius > 0.88 and (angle < 30 or angle > 330 or 150 < angle < 210):
        return "rough"  # the outside of the bends
    return "normal"


COURSE = ("normal", "hardpack", "rough")


def _smoothed(kinds: dict[Hex, str]) -> dict[Hex, str]:
    """A course hex with fewer than three course neighbours becomes level 1 (the oval's ragged edge)."""
    def course_around(h: Hex) -> int:
        return sum(kinds.get(n, "level1") in COURSE for n in neighbours(h))
    return {h: ("level1" if kind in COURSE and course_around(h) < 3 else kind) for h, kind in kinds.items()}


def main() -> None:
    kinds = _smoothed({from_offset(col, row): _kind(col, row) for col in range(COLUMNS) for row in range(ROWS)})
    terrain = {label(h): kind for h, kind in kinds.items() if kind != "normal"}
    for rock, kind in (("1004", "level1"), ("2317", "level1"), ("0710", "structure")):
        terrain[rock] = kind  # obstacles on the course: cover and a lock to argue about
    start = ["1517", "1518", "1617", "1618", "1717", "1718"]
    finish = ["1417", "1418"]
    # clockwise from the start (bottom, heading west): the west straight, the north, the east, then the finish
    checkpoints = [[f"{col:02d}{r:02d}" for r in rows]
                   for col, rows in ((6, range(8, 13)), (16, range(2, 5)), (26, range(8, 13)))]
    document = HexMapFile(name="Demo: Dust Bowl loop (made up)", game="badlands_rally", columns=COLUMNS, rows=ROWS,
                          terrain=terrain, zones={"start": start, "finish": finish}, checkpoints=checkpoints,
                          course="clockwise")
    OUT.write_text(write_map(document), encoding="utf-8")


if __name__ == "__main__":
    main()
