"""Folding the push (BR-17) and the hits an attack's Area Effect or a collision did (BR-11, BR-16)
into :class:`RaceState`, and what a push touched."""

from __future__ import annotations

from gmtool.core.game import Touched
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.area_hits import AreaHit
from gmtool.games.badlands_rally.rules.push_messages import GearPushed
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.rattled import hull_emptied


def wait_to_spin(state: RaceState, gear_id: str, excess: int) -> None:
    """``gear_id`` waits to spin out (once in the queue: the later excess kept)."""
    state.pending = (*((g, x) for g, x in state.pending if g != gear_id), (gear_id, excess))


def take(state: RaceState, hit: m.Collision | AreaHit, cause: str) -> None:
    """A gear's damage from a collision or an Area Effect: hull, structure, rattle, and its spin-out
    (caused by ``cause``: a derby counts it, BR-19)."""
    hurt = state.gears[hit.gear]
    hurt.hull, hurt.structure = hit.hull, hit.structure
    if hit.rattled:
        hurt.rattle = hull_emptied(hurt.rattle)
    if hit.spins_out:
        wait_to_spin(state, hit.gear, hit.excess)
        state.spin_causes[hit.gear] = cause


def apply(state: RaceState, event: Event) -> None:
    if not isinstance(event, GearPushed):
        return
    pusher, target = state.gears[event.pusher], state.gears[event.target]
    pusher.actions_used += 1
    pusher.mr_left, pusher.hex, target.hex = event.mr_left, hex_of(event.pusher_after), hex_of(event.after)
    if event.off_balance:
        wait_to_spin(state, target.id, 0)
        state.spin_causes[target.id] = pusher.id
    for hit in event.collisions:
        take(state, hit, pusher.id)
    if event.fumble:
        wait_to_spin(state, pusher.id, 0)


def touched(event: GearPushed) -> Touched:
    who = frozenset({event.pusher, event.target, *(c.gear for c in event.collisions)})
    return Touched(who, frozenset({"sheet", "tracks", "badges", "map"}), frozenset({"br_attack"}))
