"""The race on the map dock (:class:`gmtool.core.hex.on_map.MapRules` for Badlands Rally): the course
with the gears, a step or a drop as a command, a gear's front arc, flanks and rear (BR-10, BR-11),
and the line of fire with lock and cover and the reasons for them (BR-10)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from gmtool.core.hex.bearing import bearing
from gmtool.core.hex.board import Board, Token, Zone
from gmtool.core.hex.coords import ORIGIN, Hex, distance, label, within
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.core.hex.on_map import Arcs, FireLine, Step
from gmtool.core.hex.sight import Ground, Sight
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.attack import Gear, target_side
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.terrain import board_kinds, ground, kinds
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

ARC_TINT = {"front": 5, "flank": 2, "rear": 3}  # orange, blue, purple: apart from the terrain's greens
REAR_CONE, CORNER_OPEN, GEAR_COVER_1D6 = "br_rear_cone", "br_corner_open", "br_gear_cover_1d6"  # rule options
ARC_REACH = 12  # arcs are tinted at most this far from the gear
ARC_LEAST = 3  # … and at least this far




@dataclass(frozen=True)
class SightReadings:
    """The open choices of the digest about arcs and cover (rule options, Preferences → Rules):
    the rear is the row straight behind (else a 60° cone); a line touching a blocking hex's corner
    grazes it (partial cover, digest: 頂点方向＝部分遮蔽; else open); a gear grazed gives 2D6 cover
    (as a level-2 element; else 1D6)."""

    rear_cone: bool = False
    corner_grazes: bool = True
    gear_cover_dice: int = 2


def sight_readings(readings: RuleReadings) -> SightReadings:
    return SightReadings(rear_cone=readings.book(REAR_CONE), corner_grazes=not readings.book(CORNER_OPEN),
                         gear_cover_dice=1 if readings.book(GEAR_COVER_1D6) else 2)


_read: list[tuple[HexMapFile, dict[Hex, str], Ground]] = []  # the last course read (a course is not hashable)


def _course(course: HexMapFile) -> tuple[dict[Hex, str], Ground]:
    """The course's terrain by hex and its ground for sight, read once per course."""
    if not _read or _read[0][0] is not course:
        terrain = course.hex_terrain()
        _read[:] = [(course, terrain, ground(terrain))]
    return _read[0][1], _read[0][2]


def terrain_of(course: HexMapFile) -> dict[Hex, str]:
    """The course's terrain by hex (read once per course)."""
    return _course(course)[0]



def sight_ground(course: HexMapFile, readings: RuleReadings) -> tuple[Ground, bool]:
    """The course's ground for sight with the campaign's rule options, and whether the rear is a cone."""
    choices = sight_readings(readings)
    return _ground(course, choices), choices.rear_cone


def _ground(course: HexMapFile, choices: SightReadings) -> Ground:
    found = _course(course)[1]
    if (found.touches_graze, found.unit_dice) == (choices.corner_grazes, choices.gear_cover_dice):
        return found
    return replace(found, touches_graze=choices.corner_grazes, unit_dice=choices.gear_cover_dice)


def _on_board(course: HexMapFile, h: Hex) -> bool:
    return on_board(h, course.columns, course.rows)


def _token(gear: RaceGear) -> Token:
    whole = gear.hull_max + gear.structure_max
    damage = 1.0 - (gear.hull + gear.structure) / whole if whole else 0.0
    return Token(gear.id, gear.hex, gear.facing, gear.name, 1.0 if gear.out else damage)


def board(state: RaceState, language: str) -> Board | None:
    course = state.course
    if course is None or state.table_mode:
        return None
    tokens = tuple(_token(g) for g in state.gears.values())
    return Board(course.columns, course.rows, board_kinds(language), terrain_of(course), tokens,
                 _zones(course, language))


ZONE_TINT = {"start": 1, "finish": 4}  # green and red, as the course editor draws them; any other zone: 3
CHECKPOINT_TINT = 2  # blue
_zones_read: list[tuple[HexMapFile, str, tuple[Zone, ...]]] = []  # the last course's zones, in a language


def _zones(course: HexMapFile, language: str) -> tuple[Zone, ...]:
    """The course's start and finish zones and its checkpoints, numbered in course order (the laps'
    way round: docs/user/badlands-rally.md, BR-19), as the map, the players' map and the printed maps draw them."""
    if _zones_read and _zones_read[0][0] is course and _zones_read[0][1] == language:
        return _zones_read[0][2]
    zones = [Zone(name, tr(f"br.zone.{name}") if name in ZONE_TINT else name,
                  tuple(hex_of(h) for h in hexes), ZONE_TINT.get(name, 3))
             for name, hexes in sorted(course.zones.items(), key=lambda item: item[0] not in ZONE_TINT) if hexes]
    zones += [Zone(f"checkpoint_{n}", tr("br.zone.checkpoint"), tuple(hex_of(h) for h in hexes), CHECKPOINT_TINT, n)
              for n, hexes in enumerate(course.checkpoints, start=1) if hexes]
    _zones_read[:] = [(course, language, tuple(zones))]
    return _zones_read[0][2]


def no_map(state: RaceState) -> str:
    return tr("br.map.table_mode") if state.table_mode else tr("br.map.no_course")


def step(state: RaceState, unit: str, move: Step) -> Command:
    return m.StepGear(gear=unit, step=move)


def place(state: RaceState, unit: str, at: Hex, facing: int) -> Command:
    return m.PlaceGear(gear=unit, hex=label(at), facing=facing)


def arcs(state: RaceState, unit: str, choices: SightReadings = SightReadings()) -> Arcs:
    gear, course = state.gears.get(unit), state.course
    if gear is None or course is None:
        return Arcs({}, ())
    tints = _arc_tints(gear.hex, gear.facing, choices.rear_cone, course.columns, course.rows, arc_reach(state))
    legend = tuple((number, tr(f"br.arc.{side}")) for side, number in ARC_TINT.items())
    return Arcs(tints, legend)


def arc_reach(state: RaceState) -> int:
    """How far the arcs are tinted: as far as any gear's weapon reaches (no attack comes from farther:
    beyond the maximum range it fails, BR-10), between :data:`ARC_LEAST` and :data:`ARC_REACH`. The
    map keeps the rest of the course plain, its terrain read at a glance."""
    longest = max((w.maximum for g in state.gears.values() for w in g.weapons), default=ARC_REACH)
    return min(max(longest, ARC_LEAST), ARC_REACH)


@lru_cache(maxsize=256)
def _arc_tints(at: Hex, facing: int, rear_cone: bool, columns: int, rows: int, reach: int = ARC_REACH) -> Mapping[Hex, int]:
    """The arcs' tints around a gear on a board of that size (the map redraws them after every command:
    placed anew each time they cost a millisecond; a gear's place and facing repeat from round to round)."""
    placed = ((at + offset, tint) for offset, tint in _arc_pattern(facing, rear_cone, reach))
    return MappingProxyType({h: tint for h, tint in placed if on_board(h, columns, rows)})


BAND_TINT = {"optimal": 1, "beyond": 4}  # green: no modifier; red: −1D6 (BR-10)


def overlays(state: RaceState, unit: str) -> tuple[tuple[str, str], ...]:
    """The gear's arcs, then each weapon's range bands."""
    gear = state.gears.get(unit)
    if gear is None:
        return ()
    return (("arcs", tr("br.overlay.arcs")),
            *((f"range:{n}", tr("br.overlay.range", weapon=w.name)) for n, w in enumerate(gear.weapons)))


def overlay(state: RaceState, unit: str, key: str, choices: SightReadings = SightReadings()) -> Arcs:
    if key == "arcs":
        return arcs(state, unit, choices)
    gear, course = state.gears.get(unit), state.course
    number = int(key.split(":", 1)[1]) if key.startswith("range:") and key[6:].isdigit() else -1
    if gear is None or course is None or not 0 <= number < len(gear.weapons):
        return Arcs({}, ())
    return range_bands(course, gear, gear.weapons[number])


def range_bands(course: HexMapFile, gear: RaceGear, weapon: WeaponCard) -> Arcs:
    """The weapon's reach in the gear's front arc (where it may attack, BR-10): up to the optimal
    range no modifier, beyond it to the maximum −1D6; beyond the maximum nothing (it fails)."""
    tints = {}
    for h in within(gear.hex, weapon.maximum):
        if h != gear.hex and _on_board(course, h) and bearing(gear.hex, gear.facing, h).ahead >= 0:
            tints[h] = BAND_TINT["optimal" if distance(h, gear.hex) <= weapon.optimal else "beyond"]
    legend = ((BAND_TINT["optimal"], tr("br.overlay.optimal", range=weapon.optimal)),
              (BAND_TINT["beyond"], tr("br.overlay.beyond", range=weapon.maximum)))
    return Arcs(tints, legend)


@lru_cache(maxsize=24)
def _arc_pattern(facing: int, rear_cone: bool, reach: int = ARC_REACH) -> tuple[tuple[Hex, int], ...]:
    """Each hex within reach of a gear at the origin facing ``facing``, with its arc's tint (an arc
    depends only on where a hex lies from the gear: worked out once per facing, then moved)."""
    seen_as = Gear(ORIGIN, facing, 0)
    return tuple((h, ARC_TINT[target_side(h, seen_as, rear_cone)]) for h in within(ORIGIN, reach) if h != ORIGIN)


def fire_line(state: RaceState, unit: str, target: str, choices: SightReadings = SightReadings()) -> FireLine | None:
    shooter, aimed, course = state.gears.get(unit), state.gears.get(target), state.course
    if shooter is None or aimed is None or course is None or shooter.id == aimed.id:
        return None
    others = [g.hex for g in state.gears.values() if g.id not in (shooter.id, aimed.id) and not g.out]
    seen = _ground(course, choices).sight(shooter.hex, aimed.hex, others)
    in_front = target_side(aimed.hex, Gear(shooter.hex, shooter.facing, shooter.attack)) == "front"
    side = target_side(shooter.hex, Gear(aimed.hex, aimed.facing, aimed.defence), choices.rear_cone)
    reasons = [tr("br.fire.range", range=seen.range),
               tr("br.fire.in_front" if in_front else "br.fire.not_in_front", name=aimed.name),
               tr(f"br.fire.side_{side}", name=aimed.name)]
    reasons += _blockers(seen) + _cover(seen)
    return FireLine(seen, _verdict(seen, in_front), tuple(reasons))


def _verdict(seen: Sight, in_front: bool) -> str:
    if not seen.lock:
        return tr("br.fire.no_lock")
    if not in_front:
        return tr("br.fire.lock_not_in_arc")
    if seen.obstruction == "partial":
        return tr("br.fire.lock_partial", dice=seen.cover_dice)
    return tr("br.fire.lock", dice=seen.cover_dice) if seen.cover_dice else tr("br.fire.lock_clear")


def _blockers(seen: Sight) -> list[str]:
    return [tr(f"br.fire.blocked_{b.where}", hex=label(b.hex), why=tr(f"br.fire.why_{b.why}")) for b in seen.blockers]


def _cover(seen: Sight) -> list[str]:
    found = []
    for cover in seen.cover:
        hexes = ", ".join(label(h) for h in cover.hexes)
        what = tr("br.fire.a_gear") if cover.element < 0 else tr("br.fire.level", level=cover.level)
        key = "br.fire.cover" if cover.counted else "br.fire.cover_not_counted"
        found.append(tr(key, what=what, hexes=hexes, dice=cover.dice))
    return found


def kind_keys() -> tuple[str, ...]:
    return tuple(kinds())
