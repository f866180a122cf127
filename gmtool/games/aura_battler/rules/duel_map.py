"""The duel on the map dock (:class:`gmtool.core.hex.on_map.MapRules` for the Aura Battler): the sky
with the units, a step or a drop as a command (movement is the GM's: the digest has no movement
rules), the selected unit's six sectors (AB-13) and its sword's parry arc, and the line of fire with
the range, the target's sector and its modifier (AB-14)."""

from __future__ import annotations

from functools import lru_cache

from gmtool.core.hex.board import Board, Token
from gmtool.core.hex.coords import ORIGIN, Hex, distance, label, within
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.on_map import Arcs, FireLine, Step
from gmtool.core.hex.sight import Ground
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.games.aura_battler.rules.hit import SECTOR_MODIFIER
from gmtool.games.aura_battler.rules.sectors import range_of
from gmtool.games.aura_battler.rules.terrain import board_kinds

SECTOR_TINT = {"FF": 5, "FR": 1, "FL": 6, "BR": 2, "BL": 3, "BB": 4}
PARRY_TINT = 5
REACH = 10  # sectors are tinted this far from the unit
OPEN_SKY = Ground(levels={})  # the digest gives the sky nothing that blocks or covers


def _token(unit: DuelUnit) -> Token:
    return Token(unit.id, unit.hex, unit.facing, unit.name, min(1.0, unit.damage / unit.machine.durability),
                 out=unit.destroyed)  # AB-17: a wreck


def board(state: DuelState, language: str) -> Board | None:
    sky = state.sky
    if sky is None:
        return None
    return Board(sky.columns, sky.rows, board_kinds(language), sky.hex_terrain(),
                 tuple(_token(u) for u in state.units.values()))


def no_map(state: DuelState) -> str:
    return tr("ab.map.no_sky")


def step(state: DuelState, unit: str, move: Step) -> Command:
    return m.StepUnit(unit=unit, step=move)


def place(state: DuelState, unit: str, at: Hex, facing: int) -> Command:
    return m.PlaceUnit(unit=unit, hex=label(at), facing=facing)


def overlays(state: DuelState, unit: str) -> tuple[tuple[str, str], ...]:
    found = state.units.get(unit)
    if found is None:
        return ()
    offered = [("sectors", tr("ab.overlay.sectors"))]
    if found.machine.sword is not None:
        offered.append(("parry", tr("ab.overlay.parry")))
    return tuple(offered)


@lru_cache(maxsize=6)
def _pattern(facing: int) -> tuple[tuple[Hex, str], ...]:
    """Each hex near a unit at the origin facing ``facing``, with its sector (once per facing)."""
    return tuple((h, range_of(ORIGIN, facing, h)) for h in within(ORIGIN, REACH) if h != ORIGIN)


def overlay(state: DuelState, unit: str, key: str) -> Arcs:
    found, sky = state.units.get(unit), state.sky
    if found is None or sky is None or key not in dict(overlays(state, unit)):
        return Arcs({}, ())
    arc = found.machine.sword.parry_arc if key == "parry" and found.machine.sword else tuple(SECTOR_TINT)
    tints = {}
    for offset, name in _pattern(found.facing):
        h = found.hex + offset
        if name in arc and on_board(h, sky.columns, sky.rows):
            tints[h] = PARRY_TINT if key == "parry" else SECTOR_TINT[name]
    if key == "parry":
        return Arcs(tints, ((PARRY_TINT, tr("ab.overlay.parry_arc", arc=" ".join(arc))),))
    legend = tuple((tint, tr("ab.sector.legend", sector=name, modifier=SECTOR_MODIFIER[name]))
                   for name, tint in SECTOR_TINT.items())
    return Arcs(tints, legend)


def fire_line(state: DuelState, unit: str, target: str) -> FireLine | None:
    shooter, aimed = state.units.get(unit), state.units.get(target)
    if shooter is None or aimed is None or state.sky is None or shooter.id == aimed.id:
        return None
    seen = OPEN_SKY.sight(shooter.hex, aimed.hex)
    if shooter.hex == aimed.hex:
        return FireLine(seen, tr("ab.fire.same_hex"), ())
    sector = range_of(aimed.hex, aimed.facing, shooter.hex)
    reasons = (tr("ab.fire.range", range=distance(shooter.hex, aimed.hex)),
               tr("ab.fire.sector", name=aimed.name, sector=sector, modifier=SECTOR_MODIFIER[sector]))
    return FireLine(seen, tr("ab.fire.verdict", sector=sector, modifier=SECTOR_MODIFIER[sector]), reasons)
