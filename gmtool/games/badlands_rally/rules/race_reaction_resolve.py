"""A reaction window closing (BR-18, 複数モデルのリアクション): the active gear's held attack and every
reaction are rolled, each planned on the race as it stood before any of them (a hit does not rattle
the other attack's dice), then their effects are applied together: hits on one gear add up in the
order rolled, a gear spins out once. Then the held step is made, unless the active gear now waits to
spin out (its activation ends with the spin-out)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.damage import take_hits
from gmtool.games.badlands_rally.rules.race_attack import attack
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.rattled import Rattle, hull_emptied
from gmtool.games.badlands_rally.rules.reaction_window import ReactionWindow
from gmtool.games.badlands_rally.rules.traits import impact_spins_out

Stepper = Callable[[RaceState, m.StepGear], m.GearStepped]  # a step decided as usual
Running = dict[str, tuple[int, int, Rattle]]  # a gear's hull, structure and rattled track so far


def as_reactor(state: RaceState, gear_id: str) -> RaceState:
    """The race as the reacting gear's attack sees it: as if it were the active gear, its action free."""
    gear = state.gears[gear_id]
    twin = replace(gear, speed=gear.speed or "cruising", actions_used=0)
    return replace(state, current=gear_id, gears={**state.gears, gear_id: twin})


def resolve(state: RaceState, window: ReactionWindow, rng: random.Random, readings: RuleReadings,
            stepper: Stepper) -> tuple[Event, ...]:
    attacks = ([window.attack] if window.attack is not None else []) + list(window.reactions)
    running: Running = {}
    spinning: set[str] = set()
    made: list[m.AttackMade] = []
    for command in attacks:
        view = state if command.attacker == window.active else as_reactor(state, command.attacker)
        made.append(_together(state, attack(view, command, rng, readings), command, running, spinning))
    active = state.gears[window.active]
    dropped, step = "", None
    if window.step is not None:
        if window.active in spinning:
            dropped = "spins"
        else:
            try:
                step = stepper(state, m.StepGear(gear=active.id, step=window.step))
            except RulesError:
                dropped = "refused"
    reactors = tuple(c.attacker for c in window.reactions)
    done = r.ReactionsResolved(gear=active.id, name=active.name, reactors=reactors,
                               reactor_names=tuple(state.gears[g].name for g in reactors), step=window.step,
                               step_dropped=dropped)
    return (*made, done, *((step,) if step is not None else ()))


def _together(state: RaceState, made: m.AttackMade, command: m.AttackGear, running: Running,
              spinning: set[str]) -> m.AttackMade:
    """The attack's hits taken from what the earlier attacks of the window left (applied together)."""
    target = state.gears[made.target]
    hull, structure, rattle = running.get(target.id, (target.hull, target.structure, target.rattle))
    taken = take_hits(hull, structure, made.hits)
    rattled = taken.hull_emptied and hull_emptied(rattle) != rattle
    weapon = state.gears[command.attacker].weapons[command.weapon]
    emptied = made.hits > 0 and taken.hull == 0 and taken.structure == 0
    spins = (emptied or (weapon.has("impact") and impact_spins_out(made.hits))) and target.id not in spinning
    if spins:
        spinning.add(target.id)
    running[target.id] = (taken.hull, taken.structure, hull_emptied(rattle) if rattled else rattle)
    return made.model_copy(update={"hull_before": hull, "hull": taken.hull, "structure_before": structure,
                                   "structure": taken.structure, "excess": taken.excess, "rattled": rattled,
                                   "spins_out": spins})
