"""The pole position (BR-4), from the digest's ポール・ポジション: every gear makes a 2D6 initiative check
(+1D6 Sponsorship Paint); the highest takes the pole, a tie rolls again (no gear is ahead yet). The
pole gear is placed on the start zone's first hex, then the others clockwise from it on the next
hexes, in the zone's order (the GM can still drag them); the first round begins with the pole gear.
In table mode the board is on the table: nothing is placed.

The chance of each gear is exact (:func:`.race_initiative.win_chances` with nobody ahead).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

from gmtool.core.dice import roll_d6, validate_faces
from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.dice import Reading, check_value
from gmtool.games.badlands_rally.rules.race_initiative import ODDS_GEARS_MAX, REROLLS_MAX, win_chances
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rounds import clockwise_from
from gmtool.games.badlands_rally.rules.upgrade_effects import pole_dice_of

CHECK_COUNT = "br_check_count"


def _racing(state: RaceState) -> list[RaceGear]:
    return [state.gears[g] for g in state.seats() if not state.gears[g].out]


def _reading(readings: RuleReadings) -> Reading:
    return "count" if readings.book(CHECK_COUNT) else "digest"


def _chances(racing: list[RaceGear], reading: Reading) -> dict[str, Fraction] | None:
    if not racing or len(racing) > ODDS_GEARS_MAX:
        return None
    return win_chances(tuple((g.id, g.initiative, pole_dice_of(g)) for g in racing), None, reading)


def pole_odds(state: RaceState, readings: RuleReadings) -> tuple[tuple[str, Fraction], ...] | None:
    """Each gear's exact chance to take the pole, before the roll (None: too many gears, or none)."""
    racing = _racing(state)
    chances = _chances(racing, _reading(readings)) if state.round == 0 else None
    return tuple((g.name, chances[g.id]) for g in racing) if chances else None


def roll_pole(state: RaceState, command: s.RollPolePosition, rng: random.Random,
              readings: RuleReadings) -> tuple[s.PolePositionRolled, m.RoundStarted]:
    racing = _racing(state)
    if not racing:
        raise RulesError("error.br_no_gears")
    reading = _reading(readings)
    odds = _chances(racing, reading)
    rolls, rolling = [], racing
    for attempt in range(REROLLS_MAX):
        checks = tuple(_check(g, rng, command.faces if attempt == 0 else None, reading) for g in rolling)
        rolls.append(checks)
        best = max(c.value for c in checks)
        tied = [c for c in checks if c.value == best]
        if len(tied) == 1:
            break
        if command.faces is not None:  # typed at the table: the tied gears roll again there
            raise RulesError("error.br_initiative_tie", names=", ".join(c.name for c in tied))
        rolling = [g for g in rolling if any(c.gear == g.id for c in tied)]
    else:  # pragma: no cover - a hundred ties in a row
        raise RulesError("error.br_initiative_tie", names=", ".join(g.name for g in rolling))
    winner = tied[0].gear
    order = clockwise_from([g.id for g in racing], winner)
    chance = odds.get(winner) if odds else None
    rolled = s.PolePositionRolled(rolls=tuple(rolls), winner=winner, name=state.gears[winner].name,
                                  odds=f"{float(chance):.1%}" if chance is not None else "",
                                  placements=_placements(state, order))
    return rolled, m.RoundStarted(round=1, order=tuple(order))


def _check(gear: RaceGear, rng: random.Random, typed: Mapping[str, tuple[int, ...]] | None,
           reading: Reading) -> m.InitiativeCheck:
    dice = pole_dice_of(gear)
    faces = tuple(typed.get(gear.id, ())) if typed is not None else roll_d6(rng, dice)
    validate_faces(faces, dice)
    value = check_value(faces, gear.initiative, reading) if faces else 0
    return m.InitiativeCheck(gear=gear.id, name=gear.name, faces=faces, value=value)


def _placements(state: RaceState, order: list[str]) -> tuple[s.Placement, ...]:
    """The gears on the start zone's hexes in its order, clockwise from the pole (none in table mode)."""
    if state.table_mode or state.course is None:
        return ()
    zone = state.course.zones.get("start", [])
    if len(zone) < len(order):
        raise RulesError("error.br_start_zone_small", hexes=len(zone), gears=len(order))
    return tuple(s.Placement(gear=g, before=label(state.gears[g].hex), after=h) for g, h in zip(order, zone, strict=False))
