"""A spin-out resolved in the race (BR-15, BR-16): the gear turns a die's hex sides in the chosen
direction (a 6: all the way round — no skid, a rally-the-crowd token, its activation goes on),
then skids a die of hexes straight ahead plus the hits beyond what it had left, stopping before
terrain off the course or another gear; then the collision damage roll: 2D6 against terrain,
against a gear the skid's distance ± the armour difference for each of the two. A gear damaged by
the collision waits to spin out in turn (the GM resolves the chain in the active player's order).
A gear spins out once per activation: a second one is recorded as skipped — unless it is off
balance (BR-15, :mod:`.off_balance`): then it spins again. The active gear's
activation ends when it spins out (unless it recovered). The Move (BR-20): two spin dice, the higher
kept (a 6 on either: no skid, the activation goes on; the token only for the active gear); its
player chooses the direction."""

from __future__ import annotations

import random

from gmtool.core.dice import roll_d6
from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, label
from gmtool.core.hex.map_edits import on_board
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.damage import hits, take_hits
from gmtool.games.badlands_rally.rules.off_balance import off_balance
from gmtool.games.badlands_rally.rules.race_map import terrain_of
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rattled import hull_emptied
from gmtool.games.badlands_rally.rules.spin import collision_dice, forced_move, skid_distance, spin_out
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll
from gmtool.games.badlands_rally.rules.upgrade_effects import THE_MOVE
from gmtool.games.badlands_rally.rules.upgrades import the_move_spin


def _die(typed: int | None, rng: random.Random) -> int:
    return typed if typed is not None else roll_d6(rng, 1)[0]


def resolve(state: RaceState, command: m.ResolveSpin, rng: random.Random,
            readings: RuleReadings | None = None) -> m.SpinResolved:
    waiting = dict(state.pending)
    gear = state.gears.get(command.gear)
    if gear is None or command.gear not in waiting:
        raise RulesError("error.br_no_spin_waiting", gear=gear.name if gear else command.gear)
    if command.second_die is not None and THE_MOVE not in gear.upgrades:
        raise RulesError("error.br_no_the_move", name=gear.name)
    here = label(gear.hex)
    if gear.spun and not off_balance(gear, readings):
        return m.SpinResolved(gear=gear.id, name=gear.name, skipped=True, die=0, clockwise=command.clockwise,
                              facing_before=gear.facing, facing=gear.facing, recovered=False, skid_die=0,
                              distance=0, before=here, after=here, hit="", hit_hex="", collisions=())
    die = _die(command.spin_die, rng)
    second = _die(command.second_die, rng) if THE_MOVE in gear.upgrades else 0
    spun = spin_out(gear.facing, the_move_spin(die, second)[0], command.clockwise)
    move = {"second_die": second, "token": not second or state.current == gear.id}
    if spun.recovered:
        return m.SpinResolved(gear=gear.id, name=gear.name, skipped=False, die=die, clockwise=command.clockwise,
                              facing_before=gear.facing, facing=spun.facing, recovered=True, skid_die=0,
                              distance=0, before=here, after=here, hit="", hit_hex="", collisions=(), **move)
    skid_die = _die(command.skid_die, rng)
    distance = skid_distance(skid_die, waiting[command.gear])
    forced = forced_move(gear.hex, spun.facing, distance, lambda h: _on_course(state, h),
                         lambda h: _gear_at(state, h, gear.id) is not None)
    hit, hit_hex = (forced.hit[0], label(forced.hit[1])) if forced.hit else ("", "")
    collisions = _collisions(state, gear, forced.hit, distance, command, rng)
    return m.SpinResolved(gear=gear.id, name=gear.name, skipped=False, die=die, clockwise=command.clockwise,
                          facing_before=gear.facing, facing=spun.facing, recovered=False, skid_die=skid_die,
                          distance=distance, before=here, after=label(forced.hex), hit=hit, hit_hex=hit_hex,
                          collisions=collisions, **move)


def _on_course(state: RaceState, h: Hex) -> bool:
    course = state.course
    if course is None or not on_board(h, course.columns, course.rows):
        return False
    kind = kinds().get(terrain_of(course).get(h, next(iter(kinds()))))
    return kind is not None and kind.course


def _gear_at(state: RaceState, h: Hex, mover: str) -> RaceGear | None:
    return next((g for g in state.gears.values() if g.hex == h and g.id != mover and not g.out), None)


def _collisions(state: RaceState, gear: RaceGear, hit: tuple[str, Hex] | None, distance: int,
                command: m.ResolveSpin, rng: random.Random) -> tuple[m.Collision, ...]:
    if hit is None:
        return ()
    if hit[0] == "terrain":
        return (_damaged(gear, collision_dice(distance, "terrain"), command.collision_faces, rng, False),)
    other = _gear_at(state, hit[1], gear.id)
    assert other is not None
    own = _damaged(gear, collision_dice(distance, "gear", gear.armour, other.armour), command.collision_faces, rng,
                   False)
    theirs = _damaged(other, collision_dice(distance, "gear", other.armour, gear.armour), command.other_faces, rng,
                      True)
    return own, theirs


def _damaged(gear: RaceGear, dice: int, typed: tuple[int, ...] | None, rng: random.Random,
             spins: bool) -> m.Collision:
    faces = faces_or_roll(typed, dice, rng)
    count = hits(faces)
    taken = take_hits(gear.hull, gear.structure, count)
    rattled = taken.hull_emptied and hull_emptied(gear.rattle) != gear.rattle
    return m.Collision(gear=gear.id, name=gear.name, dice=dice, faces=faces, hits=count, hull_before=gear.hull,
                       hull=taken.hull, structure_before=gear.structure, structure=taken.structure,
                       excess=taken.excess, rattled=rattled, spins_out=spins and count > 0)
