"""What the map editor does to a :class:`~gmtool.core.hex.map_file.HexMapFile`, as pure functions.

Each returns a new map and leaves its argument alone (the editor keeps the old ones for undo).
Zones and checkpoints keep their labels sorted; a zone or a checkpoint left without hexes is
dropped (the checkpoints after it move up one number), so a map never carries an empty one.

Labels are ``CCRR`` with two digits each: beyond 99 columns or rows they grow a digit and no
longer read back as one hex (``10105`` is column 101, row 5 or column 10, row 105), so maps are at
most :data:`LABELLED_MAX` hexes wide and high (the file format refuses more).
"""

from __future__ import annotations

from collections.abc import Iterable

from gmtool.core.hex.coords import Hex, label, to_offset
from gmtool.core.hex.map_file import SIZE_MAX, HexMapFile, labels_of_board

LABELLED_MAX = SIZE_MAX  # the largest number of columns or rows whose labels read back unambiguously


def on_board(h: Hex, columns: int, rows: int) -> bool:
    """``h`` lies on a ``columns`` × ``rows`` board."""
    col, row = to_offset(h)
    return 0 <= col < columns and 0 <= row < rows


def with_zone_hexes(document: HexMapFile, zone: str, hexes: Iterable[Hex], present: bool) -> HexMapFile:
    """The map with ``hexes`` in zone ``zone`` (``present``) or out of it."""
    labels = _set(document.zones.get(zone, ()), hexes, present)
    zones = {name: list(found) for name, found in document.zones.items() if name != zone}
    if labels:
        zones[zone] = labels
    return document.model_copy(update={"zones": dict(sorted(zones.items()))})


def with_checkpoint_hexes(document: HexMapFile, index: int, hexes: Iterable[Hex], present: bool) -> HexMapFile:
    """The map with ``hexes`` in checkpoint ``index`` (0-based; ``len(checkpoints)`` starts a new one)
    or out of it."""
    checkpoints = [list(found) for found in document.checkpoints]
    if index == len(checkpoints):
        checkpoints.append([])
    checkpoints[index] = _set(checkpoints[index], hexes, present)
    return document.model_copy(update={"checkpoints": [found for found in checkpoints if found]})


def without_checkpoint(document: HexMapFile, index: int) -> HexMapFile:
    """The map without checkpoint ``index`` (0-based); the ones after it move up."""
    checkpoints = [list(found) for number, found in enumerate(document.checkpoints) if number != index]
    return document.model_copy(update={"checkpoints": checkpoints})


def off_board(document: HexMapFile, columns: int, rows: int) -> set[str]:
    """The labels holding terrain, a zone or a checkpoint that a ``columns`` × ``rows`` board drops."""
    used = {*document.terrain, *(x for z in document.zones.values() for x in z), *(x for c in document.checkpoints for x in c)}
    return used - board_labels(columns, rows)


def resized(document: HexMapFile, columns: int, rows: int) -> HexMapFile:
    """The map on a ``columns`` × ``rows`` board: what falls off is dropped (and zones or checkpoints
    left empty with it); hexes keep their labels, so the map grows or shrinks on the right and bottom."""

    fits = board_labels(columns, rows)

    def kept(labels: list[str]) -> list[str]:
        return [x for x in labels if x in fits]

    zones = {name: kept(labels) for name, labels in document.zones.items()}
    return HexMapFile.model_validate({
        **document.model_dump(),
        "columns": columns,
        "rows": rows,
        "terrain": {x: kind for x, kind in document.terrain.items() if x in fits},
        "zones": {name: labels for name, labels in zones.items() if labels},
        "checkpoints": [found for found in map(kept, document.checkpoints) if found],
    })


def board_labels(columns: int, rows: int) -> frozenset[str]:
    """Every label of a ``columns`` × ``rows`` board (the map file's own check's set)."""
    return labels_of_board(columns, rows)


def _set(labels: Iterable[str], hexes: Iterable[Hex], present: bool) -> list[str]:
    found, changed = set(labels), {label(h) for h in hexes}
    return sorted(found | changed if present else found - changed)
