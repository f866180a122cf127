"""Folding the race's events into :class:`RaceState` (never rolls, never refuses) and saying what
each event touched, so the views redraw that and no more."""

from __future__ import annotations

from dataclasses import replace

from gmtool.core.game import EVERYTHING, Touched
from gmtool.core.hex.map_file import hex_of
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import push_fold, scenario_fold, special_fold
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.laps import Progress, standing
from gmtool.games.badlands_rally.rules.push_messages import GearPushed
from gmtool.games.badlands_rally.rules.race_reaction_fold import apply_reaction, touched_by_reaction
from gmtool.games.badlands_rally.rules.race_reaction_messages import EVENTS as REACTION_EVENTS
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.rattled import activated, hull_emptied, hull_repaired
from gmtool.games.badlands_rally.rules.scenario_rules import lap_course


def apply(state: RaceState, event: Event) -> None:
    scenario_fold.apply(state, event)
    push_fold.apply(state, event)
    if isinstance(event, REACTION_EVENTS):
        apply_reaction(state, event)
    elif isinstance(event, m.CourseSet):
        state.course = event.course
    elif isinstance(event, m.GearAdded):
        left = ("kind", "hex", "hull_left", "structure_left")
        fields = {name: getattr(event, name) for name in type(event).model_fields if name not in left}
        gear = RaceGear(hex=hex_of(event.hex), hull_max=event.hull, structure_max=event.structure, **fields)
        gear.hull = event.hull if event.hull_left is None else event.hull_left
        gear.structure = event.structure if event.structure_left is None else event.structure_left
        gear.rattle = replace(gear.rattle, token=gear.hull == 0)  # BR-14: rattled until the hull is back to 1
        state.gears[event.id] = gear
    elif isinstance(event, m.AttackMade):
        _attacked(state, event)
    elif isinstance(event, m.SpinResolved):
        _spun(state, event)
    elif isinstance(event, m.SpecialMoveMade):
        _special_move(state, event)
    elif isinstance(event, m.Recovered):
        gear = state.gears[event.gear]
        gear.hull, gear.structure = event.hull, event.structure
        gear.rattle = hull_repaired(gear.rattle, event.hull)
        gear.actions_used += 0 if event.action_back or gear.actions_used >= gear.actions else 1
    elif isinstance(event, m.CrowdRallied):
        gear = state.gears[event.gear]
        gear.rally_tokens, gear.actions_used = event.tokens, gear.actions_used + 1
    elif isinstance(event, m.ScenarioChosen):
        state.scenario, state.laps = event.key, event.laps
    elif isinstance(event, m.VictoryContested):
        state.contest = event.finishers
    elif isinstance(event, m.RaceWon):
        state.winner, state.contest = event.winner, ()
    elif isinstance(event, m.InitiativeRolled):
        for check in event.rolls[0]:  # the rally-the-crowd dice are spent on the check
            state.gears[check.gear].rally_tokens = 0
    elif isinstance(event, m.RoundStarted):
        _round(state, event)
    elif isinstance(event, m.SpeedDeclared):
        gear = state.gears[event.gear]
        gear.speed, gear.mr_left = event.speed, event.mr
    elif isinstance(event, m.GearStepped | m.GearPlaced):
        gear = state.gears[event.gear]
        gear.hex, gear.facing = hex_of(event.after), event.facing
        if isinstance(event, m.GearStepped):
            gear.mr_left = event.mr_left
        if isinstance(event, m.GearPlaced):
            gear.began_at = None  # the GM moved it: "this is a race!" is not judged this activation
        if event.checkpoint is not None:
            gear.progress = Progress(gear.progress.laps, event.checkpoint + 1)
        if event.lap is not None:
            gear.progress = Progress(event.lap, 0)
            if event.lap >= state.laps:
                state.finished.setdefault(gear.id, state.round)
    elif isinstance(event, m.ActivationEnded):
        gear = state.gears[event.gear]
        gear.speed, gear.mr_left, gear.activated = None, 0, True
        if event.against_course:  # a step on the rattled track, without the token or its penalty
            gear.rattle = replace(gear.rattle, count=gear.rattle.count + 1)
        _begin(state, event.next)
    elif isinstance(event, m.GearEdited):
        gear = state.gears[event.gear]
        setattr(gear, event.field, event.new)
        if event.field == "hull" and isinstance(event.new, int):
            gear.rattle = hull_repaired(gear.rattle, event.new)  # back to 1 or more: the token goes
    elif isinstance(event, m.TableModeSet):
        state.table_mode = event.on
    special_fold.apply(state, event)  # BR-20: what the datacards' special rules change


def _attacked(state: RaceState, event: m.AttackMade) -> None:
    state.gears[event.attacker].actions_used += 1
    target = state.gears[event.target]
    target.hull, target.structure = event.hull, event.structure
    target.targeted_by = (*target.targeted_by, event.attacker)  # BR-18 condition B: its first attack
    if event.rattled:
        target.rattle = hull_emptied(target.rattle)
    if event.spins_out:
        state.pending = (*state.pending, (event.target, event.excess))
    for hit in event.area:  # BR-11 Area Effect: the gears next to the target
        push_fold.take(state, hit, event.attacker)


def _special_move(state: RaceState, event: m.SpecialMoveMade) -> None:
    gear = state.gears[event.gear]
    gear.actions_used += 1
    gear.mr_left, gear.hex = event.mr_left, hex_of(event.after)
    if event.spins_out or event.obstacle:
        state.pending = (*state.pending, (gear.id, 0))
    if event.obstacle_gear is not None:
        state.pending = (*state.pending, (event.obstacle_gear, 0))


def _spun(state: RaceState, event: m.SpinResolved) -> None:
    state.pending = tuple((g, x) for g, x in state.pending if g != event.gear)
    gear = state.gears[event.gear]
    if event.skipped:
        return
    gear.spun, gear.facing, gear.hex = True, event.facing, hex_of(event.after)
    gear.began_at = None  # a skid is forced: "this is a race!" is not judged this activation
    if event.recovered and event.token:
        gear.rally_tokens += 1
    for hit in event.collisions:
        hurt = state.gears[hit.gear]
        hurt.hull, hurt.structure = hit.hull, hit.structure
        if hit.rattled:
            hurt.rattle = hull_emptied(hurt.rattle)
        if hit.spins_out:
            state.pending = (*state.pending, (hit.gear, hit.excess))


def _round(state: RaceState, event: m.RoundStarted) -> None:
    state.round, state.order = event.round, event.order
    for gear in state.gears.values():
        gear.activated, gear.speed, gear.mr_left = False, None, 0
        gear.reacted, gear.targeted_by = 0, ()
    _begin(state, event.order[0] if event.order else None)


def _begin(state: RaceState, gear_id: str | None) -> None:
    """``gear_id``'s activation begins (None: the round is over): it may be rattled again (BR-14)."""
    state.current = gear_id
    if gear_id is not None:
        gear = state.gears[gear_id]
        gear.rattle = activated(gear.rattle)
        gear.actions_used, gear.spun = gear.reacted, False  # a reaction spent its action (BR-18)
        lap = lap_course(state, gear.progress)
        gear.began_at = standing(lap, gear.progress, gear.hex) if lap else None


def touched(event: Event) -> Touched:
    if isinstance(event, REACTION_EVENTS):
        return touched_by_reaction(event)
    if isinstance(event, m.CourseSet | m.RoundStarted | m.TableModeSet | m.RaceWon | m.VictoryContested
                  | m.ScenarioChosen):
        return EVERYTHING
    if isinstance(event, m.GearAdded):
        return Touched(frozenset({event.id}), frozenset({"roster", "order", "map"}))
    if isinstance(event, m.SpeedDeclared):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "badges", "map"}))
    if isinstance(event, m.GearStepped | m.GearPlaced):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "badges", "map"}))
    if isinstance(event, m.ActivationEnded):  # the next gear's activation begins: its own marks change too
        who = frozenset({event.gear, *((event.next,) if event.next else ())})
        return Touched(who, frozenset({"order", "heading", "sheet", "badges", "map"}))
    if isinstance(event, m.Recovered):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "tracks", "badges", "map"}), frozenset({"br_attack"}))
    if isinstance(event, m.SpecialMoveMade | m.CrowdRallied):
        who = frozenset({event.gear} | ({event.obstacle_gear} if isinstance(event, m.SpecialMoveMade)
                                        and event.obstacle_gear else set()))
        return Touched(who, frozenset({"sheet", "badges", "map"}), frozenset({"br_attack"}))
    if isinstance(event, m.InitiativeRolled):
        return Touched(frozenset(c.gear for c in event.rolls[0]), frozenset({"sheet"}))
    if isinstance(event, m.SpinResolved):
        who = frozenset({event.gear, *(c.gear for c in event.collisions)})
        return Touched(who, frozenset({"sheet", "tracks", "badges", "map"}), frozenset({"br_attack"}))
    if isinstance(event, m.AttackMade):
        return Touched(frozenset({event.attacker, event.target, *(a.gear for a in event.area)}),
                       frozenset({"sheet", "tracks", "badges", "map"}),
                       frozenset({"br_attack"}))
    if isinstance(event, m.GearEdited):
        return Touched(frozenset({event.gear}), frozenset({"sheet", "tracks", "badges", "map"}))
    if isinstance(event, GearPushed):
        return push_fold.touched(event)
    if isinstance(event, special_fold.EVENTS):
        return special_fold.touched(event)
    return scenario_fold.touched(event)
