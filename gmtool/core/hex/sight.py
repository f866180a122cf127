"""Sight across a hex map: is the line of fire blocked, grazed, or covered, and by what
(``shared/spec/hex.md`` §5; the reading of Badlands Rally's lock and cover, BR-10, in game-neutral terms).

A :class:`Ground` holds each hex's level (0 open, higher taller; a game names its kinds), its
structures (as tall as the blocking level) and the levels' cover dice; it labels **elements**
once (connected runs of hexes of the same level; a structure counts at the blocking level).
:meth:`Ground.sight` then walks the exact line (:mod:`.line`) between two centres:

1. a crossed hex (neither end) that blocks — the blocking level or above, a structure, a hex
   holding another unit — means **no lock** (full obstruction);
2. blocking hexes grazed on both sides (divided edges, and corner touches unless
   ``touches_graze`` is off) mean **no lock** too: every straight line beside the exact one is
   blocked; on one side only, the obstruction is **partial** and there is lock;
3. cover: each element of lower terrain crossed or grazed, and each blocking element grazed on
   its one side, gives its level's dice once, unless every hex of it the line meets is nearer the
   attacker than the target (a tie counts as cover). A unit grazed gives ``unit_dice``.

Every verdict carries its reason (which hexes, which side, which element) for the GM to read.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from gmtool.core.hex.coords import Hex, distance, neighbours
from gmtool.core.hex.line import Line, line

Where = Literal["crossed", "left", "right"]
Obstruction = Literal["none", "partial", "full"]


@dataclass(frozen=True, slots=True)
class Blocker:
    """A hex that stops sight: where the line meets it, and why (``level``, ``structure``, ``unit``)."""

    hex: Hex
    where: Where
    why: str


@dataclass(frozen=True, slots=True)
class Cover:
    """One element the line passes through or along: its hexes met, its level, its dice, and
    whether it counts (``False``: every hex met is nearer the attacker than the target)."""

    element: int
    level: int
    hexes: tuple[Hex, ...]
    dice: int
    counted: bool


@dataclass(frozen=True, slots=True)
class Sight:
    """The verdict from ``attacker`` to ``target``."""

    attacker: Hex
    target: Hex
    lock: bool
    obstruction: Obstruction
    blockers: tuple[Blocker, ...]
    cover: tuple[Cover, ...]
    line: Line

    @property
    def range(self) -> int:
        return distance(self.attacker, self.target)

    @property
    def cover_dice(self) -> int:
        return sum(c.dice for c in self.cover if c.counted)


@dataclass
class Ground:
    """The map as sight sees it. ``levels``: hex → level (absent: 0); ``dice``: level → cover dice
    (a level not listed gives none); ``block_level``: from this level up a hex blocks."""

    levels: Mapping[Hex, int]
    structures: frozenset[Hex] = frozenset()
    block_level: int = 2
    dice: Mapping[int, int] = field(default_factory=dict)
    unit_dice: int = 0
    touches_graze: bool = True
    _elements: dict[Hex, int] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._elements = _label(self._level, [*self.levels, *self.structures])

    def _level(self, h: Hex) -> int:
        return self.block_level if h in self.structures else self.levels.get(h, 0)

    def _blocks(self, h: Hex, units: frozenset[Hex]) -> str | None:
        if h in units:
            return "unit"
        if h in self.structures:
            return "structure"
        return "level" if self.levels.get(h, 0) >= self.block_level else None

    def sight(self, attacker: Hex, target: Hex, units: Iterable[Hex] = ()) -> Sight:
        """From the centre of ``attacker``'s hex to the centre of ``target``'s; ``units``: the hexes
        holding other units (the attacker's and target's own hexes never block)."""
        ends = {attacker, target}
        others = frozenset(h for h in units if h not in ends)
        walked = line(attacker, target)
        met: list[tuple[Hex, Where]] = [(h, "crossed") for h in walked.crossed if h not in ends]
        met += [(g.hex, "left" if g.left else "right") for pair in walked.divided for g in pair]
        if self.touches_graze:
            met += [(g.hex, "left" if g.left else "right") for g in walked.touches]
        blockers = tuple(Blocker(h, where, why) for h, where in met if (why := self._blocks(h, others)))
        sides = {b.where for b in blockers}
        if "crossed" in sides or {"left", "right"} <= sides:
            return Sight(attacker, target, False, "full", blockers, (), walked)
        cover = self._cover(attacker, target, met, others)
        return Sight(attacker, target, True, "partial" if sides else "none", blockers, cover, walked)

    def _cover(self, attacker: Hex, target: Hex, met: list[tuple[Hex, Where]], units: frozenset[Hex]) -> tuple[Cover, ...]:
        groups: dict[int, list[Hex]] = {}
        levels: dict[int, int] = {}
        for h, _where in met:
            if h in units:
                key, level = -1 - sorted(units).index(h), self.block_level  # a unit: an element of its own
            else:
                level = self._level(h)
                if level <= 0:
                    continue
                key = self._elements[h]
            groups.setdefault(key, []).append(h)
            levels[key] = level
        found = []
        for key, hexes in groups.items():
            counted = any(distance(h, attacker) >= distance(h, target) for h in hexes)
            dice = self.unit_dice if key < 0 else self.dice.get(levels[key], 0)
            found.append(Cover(key, levels[key], tuple(hexes), dice, counted))
        return tuple(found)


def _label(level_of: Callable[[Hex], int], hexes: Iterable[Hex]) -> dict[Hex, int]:
    """Element numbers: connected runs (6-adjacency) of hexes of the same level above 0."""
    labels: dict[Hex, int] = {}
    present = set(hexes)
    number = -1
    for start in present:
        level = level_of(start)
        if level <= 0 or start in labels:
            continue
        number += 1
        labels[start] = number
        queue = deque([start])
        while queue:
            for n in neighbours(queue.popleft()):
                if n in present and n not in labels and level_of(n) == level:
                    labels[n] = number
                    queue.append(n)
    return labels
