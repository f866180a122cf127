"""The datacards' special rules (BR-20) as the race decides them: Off-Road Specialist's roll (once per
turn), Pyrotechnics' rally, what a step costs a gear with its specials, and Reliable's reroll.

**Reliable** (once per lap, one test): the last deed in the journal — a burn rubber or jump roll, the
off-road roll, or an attack (the attacker's check or the target's defence check) — is taken back
with Undo and made again with the reliable gear's dice rolled anew, every other die kept; the new
event keeps the faces rerolled, and the lap the reroll was spent in (:func:`reroll_command`).
"""

from __future__ import annotations

import random
from fractions import Fraction

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import special_messages as s
from gmtool.games.badlands_rally.rules.actions import BASE_DICE
from gmtool.games.badlands_rally.rules.dice import roll_law, successes
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.special_words import special_name
from gmtool.games.badlands_rally.rules.specials import checked_keys
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll


def known_specials(keys: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return checked_keys(keys)
    except ValueError as exc:  # "unknown special rule: a, b": the message has its own words, the keys follow
        raise RulesError("error.br_unknown_special", detail=str(exc).split(": ", 1)[-1]) from exc


def _has(state: RaceState, gear_id: str, key: str) -> RaceGear:
    gear = state.gears.get(gear_id)
    if gear is None:
        raise RulesError("error.br_no_gear", gear=gear_id)
    if key not in gear.specials:
        raise RulesError("error.br_no_special", name=gear.name, special=special_name(key))
    return gear


# -- Off-Road Specialist ------------------------------------------------------------------------
def off_road_dice(gear: RaceGear) -> int:
    """A defence roll: 2D6, −1D6 rattled."""
    return BASE_DICE + gear.rattle.dice


def off_road_chance(gear: RaceGear) -> Fraction:
    dice = off_road_dice(gear)
    return 1 - roll_law(dice, gear.defence).get(0, Fraction(0)) if dice > 0 else Fraction(0)


def off_road(state: RaceState, command: s.OffRoad, rng: random.Random) -> s.OffRoadRolled:
    """The roll, once per turn, by the active gear with its speed declared (no action spent)."""
    gear = _has(state, command.gear, "off_road_specialist")
    if state.current != gear.id:
        raise RulesError("error.br_not_active", name=gear.name)
    if gear.speed is None:
        raise RulesError("error.br_declare_first", name=gear.name)
    if gear.off_road_round == state.round:
        raise RulesError("error.br_off_road_used", name=gear.name)
    if command.rerolled is not None:
        reliable_ready(gear)
    dice = off_road_dice(gear)
    faces = faces_or_roll(command.faces, max(dice, 0), rng)
    return s.OffRoadRolled(gear=gear.id, name=gear.name, round=state.round, dice=max(dice, 0), rating=gear.defence,
                           faces=faces, successes=successes(faces, gear.defence),
                           odds=f"{float(off_road_chance(gear)):.1%}", rerolled=command.rerolled)


# -- Pyrotechnics -------------------------------------------------------------------------------
def pyrotechnics(state: RaceState, spun: m.SpinResolved) -> tuple[Event, ...]:
    """A gear spun out by the active gear recovered (a 6) and took a rally token: an active gear with
    Pyrotechnics rallies too (one token; rallying only helps, so it always does)."""
    giver = state.gears.get(state.current) if state.current else None
    if not spun.recovered or spun.skipped or giver is None or giver.id == spun.gear:
        return ()
    if "pyrotechnics" not in giver.specials or giver.out:
        return ()
    return (s.PyrotechnicsRallied(gear=giver.id, name=giver.name, other=spun.name, tokens=giver.rally_tokens + 1),)


# -- Reliable -----------------------------------------------------------------------------------
def reliable_ready(gear: RaceGear) -> None:
    """Refuses a gear without Reliable, or that rerolled a test this lap already."""
    if "reliable" not in gear.specials:
        raise RulesError("error.br_no_special", name=gear.name, special=special_name("reliable"))
    if gear.reliable_lap == gear.progress.laps:
        raise RulesError("error.br_reliable_used", name=gear.name)


def reliable_for(state: RaceState, gear_id: str, involved: tuple[str, ...]) -> None:
    """Refuses a Reliable reroll by a gear not in the deed, without Reliable, or spent this lap."""
    if gear_id not in involved:
        raise RulesError("error.br_reliable_nothing")
    reliable_ready(state.gears[gear_id])


def reroll_command(state: RaceState, command: Command | None, events: tuple[Event, ...],
                   prefer: str | None = None) -> Command:
    """The last deed made again as a Reliable reroll (``state``: as it is now, the deed done): the
    reliable gear's dice left to roll, every other die kept. ``prefer``: the gear to reroll for when
    attacker and target both are reliable."""
    first = events[0] if events else None
    if isinstance(command, m.SpecialMove) and isinstance(first, m.SpecialMoveMade):
        reliable_ready(state.gears[first.gear])
        return command.model_copy(update={"faces": None, "rerolled": first.faces})
    if isinstance(command, s.OffRoad) and isinstance(first, s.OffRoadRolled):
        reliable_ready(state.gears[first.gear])
        return command.model_copy(update={"faces": None, "rerolled": first.faces})
    if isinstance(command, m.AttackGear) and isinstance(first, m.AttackMade):
        return _attack_reroll(state, command, first, prefer)
    raise RulesError("error.br_reliable_nothing")


def _attack_reroll(state: RaceState, command: m.AttackGear, made: m.AttackMade, prefer: str | None) -> Command:
    sides = [made.attacker, made.target]
    if prefer == made.target:
        sides.reverse()
    able = [g for g in sides if "reliable" in state.gears[g].specials]
    if not able:
        raise RulesError("error.br_reliable_nothing")
    who = able[0]
    reliable_ready(state.gears[who])
    own = who == made.attacker
    return command.model_copy(update={
        "attack_faces": None if own else made.attack_faces, "defence_faces": made.defence_faces if own else None,
        "damage_faces": None, "reliable": who, "rerolled": made.attack_faces if own else made.defence_faces})
