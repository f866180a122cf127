"""The new round's initiative check (BR-6): every racing gear rolls its check (2D6, −1D6 rattled, +1D6 per
rally-the-crowd token, spent on the check), the highest begins; a tie goes to the gear
ahead in the race, and when that is not clear the tied gears roll again. The round then runs
clockwise from the winner.

The winner's chance is exact: for each top value ``v`` and each set ``S`` of gears reaching it,
``P = Π_{i∈S} P_i(v) · Π_{j∉S} P_j(<v)``; a set with one gear wins, a set ordered by position goes to
the one ahead, any other set rolls again — a smaller set by recursion, the same set by the
geometric series (its chance ``a`` of ending, ``q`` of the same tie again: ``a / (1 − q)``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from gmtool.core.dice import roll_d6, validate_faces
from gmtool.core.errors import RulesError
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.dice import Reading, check_law, check_value
from gmtool.games.badlands_rally.rules.laps import standing
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rounds import clockwise_from
from gmtool.games.badlands_rally.rules.scenario_rules import lap_course
from gmtool.games.badlands_rally.rules.upgrade_effects import initiative_dice_of

REROLLS_MAX = 100
ODDS_GEARS_MAX = 6  # the exact chance is computed up to this many gears (7 take 0.26 s, each more ×4)
CHECK_COUNT = "br_check_count"
Law = dict[int, Fraction]


def _ahead(state: RaceState, gears: list[RaceGear]) -> list[str] | None:
    """The gears front first, or None when two stand level (then who is ahead is not clear)."""
    if state.course is None:
        return None
    keys = {g.id: standing(lap_course(state, g.progress) or state.course, g.progress, g.hex) for g in gears}
    if len(set(keys.values())) != len(keys):
        return None
    return sorted(keys, key=keys.__getitem__, reverse=True)


def _winner(values: Mapping[str, int], ahead: list[str] | None) -> tuple[str | None, bool]:
    best = max(values.values())
    tied = [g for g, v in values.items() if v == best]
    if len(tied) == 1:
        return tied[0], False
    order = [g for g in (ahead or []) if g in tied]
    return (order[0], True) if ahead is not None and len(order) == len(tied) else (None, False)


def roll_initiative(state: RaceState, command: m.RollInitiative, rng: random.Random,
                    readings: RuleReadings) -> tuple[m.RoundStarted, m.InitiativeRolled]:
    if state.current is not None:
        raise RulesError("error.br_round_running", name=state.gears[state.current].name)
    racing = [g for g in state.gears.values() if not g.out]
    if not racing:
        raise RulesError("error.br_no_gears")
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    dice = {g.id: initiative_dice_of(g) for g in racing}
    ahead = _ahead(state, racing)
    chances = win_chances(tuple((g.id, g.initiative, dice[g.id]) for g in racing), tuple(ahead) if ahead else None,
                          reading) if len(racing) <= ODDS_GEARS_MAX else None
    rolls, rolling = [], racing
    for attempt in range(REROLLS_MAX):
        checks = tuple(_check(g, dice[g.id], rng, command.faces if attempt == 0 else None, reading) for g in rolling)
        rolls.append(checks)
        winner, by_position = _winner({c.gear: c.value for c in checks}, ahead)
        if winner is not None:
            break
        if command.faces is not None:  # typed at the table: the tied gears roll again there
            tied = [c.name for c in checks if c.value == max(x.value for x in checks)]
            raise RulesError("error.br_initiative_tie", names=", ".join(tied))
        best = max(c.value for c in checks)
        rolling = [g for g in rolling if any(c.gear == g.id and c.value == best for c in checks)]
    else:  # pragma: no cover - a hundred ties in a row
        raise RulesError("error.br_initiative_tie", names=", ".join(g.name for g in rolling))
    seats = [g.id for g in racing]
    rolled = m.InitiativeRolled(rolls=tuple(rolls), winner=winner, name=state.gears[winner].name,
                                by_position=by_position, odds=f"{float(chances[winner]):.1%}" if chances else "")
    return m.RoundStarted(round=state.round + 1, order=tuple(clockwise_from(seats, winner))), rolled


def _check(gear: RaceGear, dice: int, rng: random.Random, typed: Mapping[str, tuple[int, ...]] | None,
           reading: Reading) -> m.InitiativeCheck:
    if typed is not None:
        faces = tuple(typed.get(gear.id, ()))
        validate_faces(faces, dice)
    else:
        faces = roll_d6(rng, dice)
    value = check_value(faces, gear.initiative, reading) if faces else 0
    return m.InitiativeCheck(gear=gear.id, name=gear.name, faces=faces, value=value)


def preview(state: RaceState, readings: RuleReadings) -> tuple[tuple[str, Fraction], ...] | None:
    """Each racing gear's chance to win the next initiative check, before it is rolled (None: too many
    gears to compute, or no round to start)."""
    racing = [g for g in state.gears.values() if not g.out]
    if state.current is not None or not racing or len(racing) > ODDS_GEARS_MAX:
        return None
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    ahead = _ahead(state, racing)
    chances = _cached_chances(tuple((g.id, g.initiative, initiative_dice_of(g))
                                    for g in racing),
                              tuple(ahead) if ahead else None, reading)
    return tuple((state.gears[gid].name, p) for gid, p in chances)


@lru_cache(maxsize=32)
def _cached_chances(gears: tuple[tuple[str, int, int], ...], ahead: tuple[str, ...] | None,
                    reading: Reading) -> tuple[tuple[str, Fraction], ...]:
    return tuple(win_chances(gears, ahead, reading).items())


def win_chances(gears: tuple[tuple[str, int, int], ...], ahead: tuple[str, ...] | None,
                reading: Reading = "digest") -> dict[str, Fraction]:
    """Each gear's exact chance to win the initiative ((id, rating, dice) each; ``ahead`` front first)."""
    laws = {gid: (check_law(dice, rating, reading) if dice > 0 else {0: Fraction(1)}) for gid, rating, dice in gears}
    memo: dict[frozenset[str], dict[str, Fraction]] = {}
    return _chances(frozenset(laws), laws, list(ahead) if ahead else None, memo)


def _chances(group: frozenset[str], laws: dict[str, Law], ahead: list[str] | None,
             memo: dict[frozenset[str], dict[str, Fraction]]) -> dict[str, Fraction]:
    if group in memo:
        return memo[group]
    ends: dict[str, Fraction] = dict.fromkeys(group, Fraction(0))
    same_again = Fraction(0)
    members = sorted(group)
    for v in sorted({v for g in group for v in laws[g]}):
        for size in range(1, len(members) + 1):
            for tied in combinations(members, size):
                p = _exactly(tied, members, v, laws)
                if not p:
                    continue
                winner, _ = _winner(dict.fromkeys(tied, 1), ahead)
                if winner is not None:
                    ends[winner] += p
                elif frozenset(tied) == group:
                    same_again += p
                else:
                    for g, q in _chances(frozenset(tied), laws, ahead, memo).items():
                        ends[g] += p * q
    memo[group] = {g: ends[g] / (1 - same_again) for g in members}
    return memo[group]


def _exactly(tied: tuple[str, ...], members: list[str], v: int, laws: dict[str, Law]) -> Fraction:
    p = Fraction(1)
    for g in members:
        law = laws[g]
        p *= law.get(v, Fraction(0)) if g in tied else sum((q for w, q in law.items() if w < v), Fraction(0))
        if not p:
            return p
    return p
