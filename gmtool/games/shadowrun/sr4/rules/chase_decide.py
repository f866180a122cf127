"""SR4 chase handlers: the chase, its range test (SR4-V6) and the driver's manoeuvres (SR4-V7).

A chase is one lead vehicle and its pursuers; each pursuer is at a range band from the lead.
A chase turn is a combat turn: each pursuer's opposed range test once (the winner sets the band
it wants; a tie leaves the band), then initiative and passes as usual. A manoeuvre is the
driver's complex action in the vehicle's own phase (the vehicle's place in the order).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules import vehicle_pools as vp
from gmtool.games.shadowrun.sr4.rules.actions import payment
from gmtool.games.shadowrun.sr4.rules.common import combatant, require_turn
from gmtool.games.shadowrun.sr4.rules.keyed_labels import keyed  # a test label that is a message key
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_decide import crash_test
from gmtool.games.shadowrun.sr4.rules.vehicle_rolls import opposed, roll
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Chase, Vehicle, chase_of

ESCAPE_STREAK = 3  # SR4-V7: three successful break-away tests running
BANDS_OF = {"break_away": ("long",), "cut_off": ("close",), "ram": ("close",)}


def chase_turn(state: EncounterState) -> int:
    """The chase turn is the combat turn; range tests before the first initiative belong to turn 1."""
    return max(state.turn, 1)


def start(state: EncounterState, command: vm.StartChase, rng: random.Random) -> list[Event]:
    if state.chase is not None:
        raise RulesError("error.sr4rig.chase_running")
    ids = (command.lead, *command.pursuers)
    if len(set(ids)) != len(ids):
        raise RulesError("error.sr4rig.chase_twice")
    names = [combatant(state, vp.vehicle_of(state, vid).id).sheet.name for vid in ids]
    return [vm.ChaseStarted(lead=command.lead, lead_name=names[0], pursuers=command.pursuers,
                            pursuer_names=tuple(names[1:]))]


def end(state: EncounterState, command: vm.EndChase, rng: random.Random) -> list[Event]:
    chase_of(state)
    return [vm.ChaseEnded()]


def _positioning(chase: Chase, vid: str, turn: int) -> tuple[tuple[str, int], ...]:
    """SR4-V7 positioning: dice earned in an earlier turn go to this turn's range test."""
    dice, earned = chase.positioning.get(vid, (0, turn))
    return (("sr4rig.term.positioning", dice),) if dice and earned < turn else ()


def range_test(state: EncounterState, command: vm.ChaseRange, rng: random.Random) -> list[Event]:
    """SR4-V6: Reaction + vehicle skill ± Handling, opposed; more hits sets the band."""
    chase = chase_of(state)
    pursuer = chase.pursuers.get(command.pursuer)
    if pursuer is None:
        raise RulesError("error.sr4rig.not_pursuer", name=combatant(state, command.pursuer).sheet.name)
    turn = chase_turn(state)
    name = state.combatants[command.pursuer].sheet.name
    if pursuer.range_turn == turn:
        raise RulesError("error.sr4rig.range_done", name=name, turn=turn)
    lead, chaser = state.vehicles[chase.lead], state.vehicles[command.pursuer]
    lead_terms = vp.vehicle_terms(state, lead, command.lead_skill, _positioning(chase, lead.id, turn))
    chaser_terms = vp.vehicle_terms(state, chaser, command.pursuer_skill, _positioning(chase, chaser.id, turn))
    result = opposed(state.combatants[lead.id], lead_terms, state.combatants[chaser.id], chaser_terms,
                     keyed("sr4rig.test.range"), command.lead_faces, command.pursuer_faces, rng)
    if result.actor_hits == result.opponent_hits:
        winner, band = "tie", pursuer.band
    elif result.actor_wins:
        winner, band = "lead", command.lead_wants
    else:
        winner, band = "pursuer", command.pursuer_wants
    return [*result.events, vm.RangeSet(pursuer=chaser.id, name=name, lead_name=state.combatants[lead.id].sheet.name,
                                        band=band, before=pursuer.band, winner=winner, turn=turn)]


def band_between(chase: Chase, a: str, b: str | None) -> str:
    """The band between two vehicles of the chase (a pursuer and the lead); SR4-V7 needs it per manoeuvre."""
    if b is None:
        raise RulesError("error.sr4rig.target_needed")
    pursuer = b if a == chase.lead else a
    other = a if a == chase.lead else b
    if other != chase.lead or pursuer not in chase.pursuers:
        raise RulesError("error.sr4rig.not_opponents")
    return chase.pursuers[pursuer].band


def manoeuvre(state: EncounterState, command: vm.ChaseManoeuvre, rng: random.Random) -> list[Event]:
    """SR4-V7: the driver's complex action (control), with break away, cut off, positioning or ram."""
    chase = chase_of(state)
    require_turn(state)
    v = vp.vehicle_of(state, command.vehicle)
    c = state.combatants[v.id]
    if v.id != chase.lead and v.id not in chase.pursuers:
        raise RulesError("error.sr4rig.not_in_chase", name=c.sheet.name)
    _check_band(chase, v, command)
    paid = payment(state, c, "complex")
    target = state.combatants.get(command.target) if command.target else None
    events: list[Event] = [
        ev.ActionTaken(combatant=c.id, name=c.sheet.name, action="complex", action_kind="complex", paid=paid),
        vm.ManoeuvreMade(vehicle=v.id, name=c.sheet.name, manoeuvre=command.manoeuvre,
                         target=target.id if target else None, target_name=target.sheet.name if target else "",
                         turn=state.turn),
    ]
    return events + MOVES[command.manoeuvre](state, chase, v, command, rng)


def _check_band(chase: Chase, v: Vehicle, command: vm.ChaseManoeuvre) -> None:
    needed = BANDS_OF.get(command.manoeuvre)
    if needed is None:
        return
    if command.manoeuvre == "break_away":
        if v.id != chase.lead:
            raise RulesError("error.sr4rig.break_away_lead")
        if any(p.band != "long" for p in chase.pursuers.values()):
            raise RulesError("error.sr4rig.band_needed", band="long")
        return
    if band_between(chase, v.id, command.target) not in needed:
        raise RulesError("error.sr4rig.band_needed", band=needed[0])


def _nothing(*_args: object) -> list[Event]:
    return []


def _break_away(state: EncounterState, chase: Chase, v: Vehicle, command: vm.ChaseManoeuvre,
                rng: random.Random) -> list[Event]:
    """SR4-V7: once per turn, threshold +1 per pursuer; three successes running escape."""
    if chase.streak_turn == state.turn:
        raise RulesError("error.sr4rig.break_away_done", turn=state.turn)
    c = state.combatants[v.id]
    threshold = vp.vehicle_threshold(v, len(chase.pursuers))
    rolled = roll(c, keyed("sr4rig.test.break_away"), "test", vp.vehicle_terms(state, v, command.skill), threshold,
                  command.faces, rng)
    running = chase.streak if chase.streak_turn == state.turn - 1 else 0
    streak = running + 1 if rolled.outcome.success else 0
    return [rolled.event, vm.BreakAwayCounted(vehicle=v.id, name=c.sheet.name, success=rolled.outcome.success,
                                              streak=streak, escaped=streak >= ESCAPE_STREAK, turn=state.turn)]


def _cut_off(state: EncounterState, chase: Chase, v: Vehicle, command: vm.ChaseManoeuvre,
             rng: random.Random) -> list[Event]:
    """SR4-V7: opposed vehicle test; the loser's crash test takes the net hits as a dice penalty."""
    assert command.target is not None  # _check_band refused a cut-off without one
    other = state.vehicles[command.target]
    result = opposed(state.combatants[v.id], vp.vehicle_terms(state, v, command.skill), state.combatants[other.id],
                     vp.vehicle_terms(state, other, command.target_skill), keyed("sr4rig.test.cut_off"), command.faces,
                     command.target_faces, rng)
    if result.net_hits == 0:
        return result.events
    loser = other if result.actor_wins else v
    skill = command.target_skill if result.actor_wins else command.skill
    return result.events + crash_test(state, loser, skill, result.net_hits, command.crash_faces, rng)


def _positioning_move(state: EncounterState, chase: Chase, v: Vehicle, command: vm.ChaseManoeuvre,
                      rng: random.Random) -> list[Event]:
    """SR4-V7: the vehicle test's hits become +1 die each on next turn's range test."""
    c = state.combatants[v.id]
    rolled = roll(c, keyed("sr4rig.test.positioning"), "test", vp.vehicle_terms(state, v, command.skill), 0,
                  command.faces, rng)
    return [rolled.event, vm.PositioningGained(vehicle=v.id, name=c.sheet.name, dice=rolled.outcome.hits,
                                               turn=state.turn)]


Move = Callable[[EncounterState, Chase, Vehicle, vm.ChaseManoeuvre, random.Random], list[Event]]
MOVES: dict[str, Move] = {"control": _nothing, "ram": _nothing, "break_away": _break_away, "cut_off": _cut_off,
         "positioning": _positioning_move}

HANDLERS: dict[str, Handler[EncounterState]] = {"start_chase": start, "end_chase": end, "chase_range": range_test, "chase_manoeuvre": manoeuvre}
