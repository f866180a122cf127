"""Special moves and rallying the crowd in the race (BR-9, BR-17), each one action of the active gear.

Burn rubber and jump roll against the gear's Defence: 2D6, −1D6 rattled, +1D6 at top speed, +1D6
equipment when the GM ticks it, +1D6 Speed Demon or Enhancer (BR-20); every die a 1 spins the gear
out (it waits, then skids 1D6).
Burn rubber adds a MR per success. A jump rolls no more dice than the MR left and flies straight
ahead over as many hexes as successes, landing on the next (or nearer, as far as the MR allows);
level 2 and structures stop it before them; coming down on level 1 terrain or a gear stops it just
before and spins it out — and the gear it came down on too. Rally the crowd: one more die on the
next initiative check. The odds of at least one success are exact and kept in the event.
"""

from __future__ import annotations

import random

from gmtool.core.dice import roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, distance, label
from gmtool.core.hex.map_edits import on_board
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.actions import Jump, jump, jump_dice, recover, special_move_dice
from gmtool.games.badlands_rally.rules.dice import all_ones, roll_law, successes
from gmtool.games.badlands_rally.rules.race_map import terrain_of
from gmtool.games.badlands_rally.rules.race_specials import reliable_ready
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.specials import check_chosen, entry_cost, move_terms
from gmtool.games.badlands_rally.rules.terrain import Kind, kinds
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll
from gmtool.games.badlands_rally.rules.upgrade_effects import move_upgrade_dice


def _ready(state: RaceState, gear_id: str) -> RaceGear:
    gear = state.gears.get(gear_id)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=gear_id)
    if state.current != gear.id:
        raise RulesError("error.br_not_active", name=gear.name)
    if gear.speed is None:
        raise RulesError("error.br_declare_first", name=gear.name)
    if gear.actions_used >= gear.actions:
        raise RulesError("error.br_no_actions", name=gear.name, actions=gear.actions)
    return gear


HULL_FIRST = "br_recover_hull_first"  # rule option: hits come back to the hull first (default: the structure)


def recover_hits(state: RaceState, command: m.Recover, rng: random.Random, readings: RuleReadings) -> m.Recovered:
    """BR-17: at cruising speed, 1D6 hits back up to the card's maximum; a gear at 0 gets its action back on
    a 6. The digest adds the die to the "hit value" (hull and structure): by default the structure comes
    back first (damage undone in reverse), the option gives the hull first."""
    from gmtool.games.badlands_rally.rules.race_reaction import borrowed_recovery

    borrowed = borrowed_recovery(state, command, readings.book(HULL_FIRST))  # its action spent on a reaction
    if borrowed is not None:
        return borrowed
    gear = _ready(state, command.gear)
    if gear.speed != "cruising":
        raise RulesError("error.br_recover_cruising", name=gear.name)
    die = command.die if command.die is not None else roll_d6(rng, 1)[0]
    total = recover(gear.hull + gear.structure, gear.hull_max + gear.structure_max, die, False).hits
    back = total - gear.hull - gear.structure
    if readings.book(HULL_FIRST):
        hull = min(gear.hull_max, gear.hull + back)
        structure = gear.structure + back - (hull - gear.hull)
    else:
        structure = min(gear.structure_max, gear.structure + back)
        hull = gear.hull + back - (structure - gear.structure)
    at_zero = gear.hull == 0 and gear.structure == 0
    return m.Recovered(gear=gear.id, name=gear.name, die=die, hull_before=gear.hull, hull=hull,
                       structure_before=gear.structure, structure=structure, action_back=at_zero and die == 6)


def move_dice(gear: RaceGear, move: str, chosen: tuple[str, ...] = (), equipment: bool = False) -> int:
    """The roll's dice: 2D6, −1 rattled, +1 top speed, +1 equipment, +1 Speed Demon or Enhancer (BR-20), with
    the terms the gear's specials add (BR-20: Low Performance, the dice chosen)."""
    extra = sum(dice for _key, dice in move_terms(gear.specials, gear.rattle.token, move, chosen))
    dice = special_move_dice(gear.rattle.token, gear.speed == "top", equipment) + move_upgrade_dice(gear, move) + extra
    return jump_dice(dice, gear.mr_left) if move == "jump" else max(0, dice)


def must_recover(gear: RaceGear) -> None:
    """A gear with no hits left must recover (BR-17) before anything else."""
    if gear.hull == 0 and gear.structure == 0:
        raise RulesError("error.br_must_recover", name=gear.name)


def special_move(state: RaceState, command: m.SpecialMove, rng: random.Random) -> m.SpecialMoveMade:
    gear = _ready(state, command.gear)
    must_recover(gear)
    if command.move == "jump" and state.table_mode:
        raise RulesError("error.br_table_mode")
    check_chosen(gear.name, gear.specials, command.move, command.specials)
    if command.rerolled is not None:
        reliable_ready(gear)
    dice = move_dice(gear, command.move, command.specials, command.equipment)
    faces = faces_or_roll(command.faces, dice, rng)
    count = successes(faces, gear.defence) if faces else 0
    spins = bool(faces) and all_ones(faces)
    odds = f"{float(1 - roll_law(dice, gear.defence).get(0, 0)):.1%}" if dice else "0.0%"
    here = label(gear.hex)
    made = dict(gear=gear.id, name=gear.name, move=command.move, dice=dice, rating=gear.defence, faces=faces,
                successes=count, spins_out=spins, mr_before=gear.mr_left, before=here, odds=odds,
                terms=move_terms(gear.specials, gear.rattle.token, command.move, command.specials),
                rerolled=command.rerolled, equipment=command.equipment)
    if command.move == "burn_rubber":
        return m.SpecialMoveMade(**made, mr_left=gear.mr_left + count, after=here, obstacle="", obstacle_gear=None)
    landed = _jump(state, gear, 0 if spins else count)
    hit = landed.obstacle
    other = next((g for g in state.gears.values() if g.hex == hit and g.id != gear.id and not g.out), None)
    if other is not None and hit is not None and "tall" in other.specials and distance(gear.hex, hit) <= count:
        other = hit = None  # BR-20 Tall: not jumped over — the jump stops before it, as before level 2
    return m.SpecialMoveMade(**made, mr_left=gear.mr_left - landed.cost, after=label(landed.hex),
                             obstacle=label(hit) if hit is not None and _lands_on(state, hit, gear) else "",
                             obstacle_gear=other.id if other and hit is not None else None)


def _jump(state: RaceState, gear: RaceGear, count: int) -> Jump:
    course = state.course
    assert course is not None
    table, terrain, first = kinds(), terrain_of(course), next(iter(kinds()))

    def kind(h: Hex) -> Kind | None:
        return table.get(terrain.get(h, first)) if on_board(h, course.columns, course.rows) else None

    def gear_at(h: Hex) -> bool:
        return any(g.hex == h and g.id != gear.id and not g.out for g in state.gears.values())

    def can_fly_over(h: Hex) -> bool:
        found = kind(h)
        if any(g.hex == h and g.id != gear.id and not g.out and "tall" in g.specials for g in state.gears.values()):
            return False  # BR-20 Tall
        return found is not None and (found.course or (found.level == 1 and not found.structure)) or gear_at(h)

    def blocks_landing(h: Hex) -> bool:
        found = kind(h)
        return gear_at(h) or (found is not None and not found.course)

    def landing_cost(h: Hex) -> int:
        found = kind(h)
        cost = entry_cost(found, gear.speed or "cruising", gear.specials, 0) if found is not None else None
        return cost if cost is not None else 1

    return jump(gear.hex, gear.facing, count, gear.mr_left, can_fly_over, blocks_landing, landing_cost)


def _lands_on(state: RaceState, h: Hex, gear: RaceGear) -> bool:
    """An obstacle it came down on (level 1 or a gear), not the level 2 or structure that stopped it."""
    course = state.course
    assert course is not None
    if any(g.hex == h and g.id != gear.id and not g.out for g in state.gears.values()):
        return True
    found = kinds().get(terrain_of(course).get(h, next(iter(kinds()))))
    return found is not None and found.level == 1 and not found.structure


def rally(state: RaceState, command: m.RallyTheCrowd) -> m.CrowdRallied:
    gear = _ready(state, command.gear)
    must_recover(gear)
    return m.CrowdRallied(gear=gear.id, name=gear.name, tokens=gear.rally_tokens + 1)
