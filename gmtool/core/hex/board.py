"""What a map dock draws for a hex game (display types, no Qt): the board's size, its terrain kinds
and hexes, the areas the game marks on it (zones) and the units on it. A game builds a
:class:`Board` from its state; the shell's map view (``gmtool/ui/hex_map_view.py``), the players'
map and the printed maps only draw it (and the map view reports clicks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gmtool.core.hex.coords import Hex, from_offset


@dataclass(frozen=True)
class TerrainKind:
    """A kind of terrain as drawn: ``label`` in the active language, its colour in the light and the
    dark theme (``#rrggbb``, from the game's data)."""

    key: str
    label: str
    light: str
    dark: str


@dataclass(frozen=True)
class Token:
    """A unit on the board: where it stands and faces, its name, its damage (0 unhurt … 1 out); ``out``:
    wrecked or out of the fight (destroyed, knocked out), drawn as a wreck on every map."""

    id: str
    hex: Hex
    facing: int
    name: str
    damage: float = 0.0
    npc: bool = False
    out: bool = False


@dataclass(frozen=True)
class Zone:
    """An area the game marks on its board (a start or finish area, a numbered waypoint …), drawn over
    the terrain and under the units: outlined in one of the map's six tints (``tint`` 1–6, the
    game's choice), see-through, with ``number`` written on it when given. ``label`` names it in the
    legend (in the active language); zones with the same label and tint share one legend entry."""

    key: str
    label: str
    hexes: tuple[Hex, ...]
    tint: int
    number: int | None = None


@dataclass(frozen=True)
class Board:
    """``columns`` × ``rows`` hexes (odd-q offset, ``0101`` top-left); a hex absent from ``terrain``
    is of the first kind; ``zones`` are drawn in order, over the terrain."""

    columns: int
    rows: int
    kinds: tuple[TerrainKind, ...]
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    tokens: tuple[Token, ...] = ()
    zones: tuple[Zone, ...] = ()

    def hexes(self) -> list[Hex]:
        """Every hex of the board, column by column."""
        return [from_offset(col, row) for col in range(self.columns) for row in range(self.rows)]

    def same_ground(self, other: Board | None) -> bool:
        """Whether ``other`` has this board's size, terrain and kinds (a view then moves the units only)."""
        return other is not None and (other.columns, other.rows, other.terrain, other.kinds) == \
            (self.columns, self.rows, self.terrain, self.kinds)

    def kind(self, h: Hex) -> TerrainKind:
        key = self.terrain.get(h)
        return next((k for k in self.kinds if k.key == key), self.kinds[0])
