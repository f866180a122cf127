"""SR4 summoning (SR4-S6): one spirit at a time, Force ≤ Magic × 2, Magic + Summoning against
the Force; net hits = services owed; drain = the spirit's hits × 2 (at least 2), stun or physical
as SR4-S3. The spirit joins the fight as a combatant with a Force-based sheet: every attribute
= Force, Edge = Force ÷ 2 (1 to 6), the type's initiative passes, Unarmed Combat, Dodge and
Perception at its Force and its type's natural attack (made up: :mod:`.natural_weapons`), so it can
attack and defend at once (its other powers are the GM's).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.shadowrun import SKILL_MAX
from gmtool.games.shadowrun.rules.turn_events import CombatantAdded
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.common import combatant, preview
from gmtool.games.shadowrun.sr4.rules.decide_sheet import add_combatant, remove_combatant
from gmtool.games.shadowrun.sr4.rules.magic_cast import signature
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import check_force, spirit_type
from gmtool.games.shadowrun.sr4.rules.magic_messages import (
    ReleaseSpirit,
    ServiceUsed,
    SpiritReleased,
    SpiritSummoned,
    SummoningFailed,
    SummonSpirit,
    UseService,
)
from gmtool.games.shadowrun.sr4.rules.magic_pools import magic_terms
from gmtool.games.shadowrun.sr4.rules.magic_rolls import action, drain, roll, roll_plain
from gmtool.games.shadowrun.sr4.rules.magic_state import SpiritBond
from gmtool.games.shadowrun.sr4.rules.natural_weapons import spirit_weapons
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

EDGE_MAX = 6  # the spirit metatype's Edge limit
DRAIN_MIN = 2
SPIRIT_SKILLS = ("unarmed_combat", "dodge", "perception")  # at the spirit's Force


def spirit_sheet(kind: str, force: int, summoner: Combatant) -> Sheet:
    """The Force-based sheet of a summoned spirit."""
    t = spirit_type(kind)
    edge = min(EDGE_MAX, max(1, force // 2))
    attributes = {a: force for a in ATTRIBUTES} | {"EDG": edge}
    return Sheet(
        name=f"{t.label(active_language())} F{force}", metatype="spirit", is_npc=summoner.sheet.is_npc,
        attributes=attributes, edge_points=edge, initiative_passes=t.initiative_passes,
        skills=dict.fromkeys(SPIRIT_SKILLS, min(force, SKILL_MAX)), weapons=spirit_weapons(kind),
    )


def summoning_drain(spirit_hits: int) -> int:
    """SR4-S6: the spirit's hits × 2, at least 2."""
    return max(DRAIN_MIN, spirit_hits * 2)


def summon(state: EncounterState, command: SummonSpirit, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    t = spirit_type(command.spirit)
    check_force(command.force, c.sheet.magic, c.sheet.name)
    if any(b.summoner == c.id for b in state.magic.spirits.values()):
        raise RulesError("error.sr4_one_spirit", name=c.sheet.name)
    label = t.label(active_language())
    paid = action(state, c, "complex", command.charge_action, rng)
    rolled, mine = roll(c, label, "actor", magic_terms(state, c, "summoning", command.skill, command.foci), rng,
                        command.faces)
    against, theirs = roll_plain(c, label, "magic.term.force", command.force, rng, command.spirit_faces)
    events: list[Event] = [*paid, rolled, against]
    if mine.hits > theirs.hits:
        added = add_combatant(state, cmd.AddCombatant(sheet=spirit_sheet(command.spirit, command.force, c)), rng)
        joined = added[0]
        assert isinstance(joined, CombatantAdded)  # add_combatant's first event
        events += [*added, SpiritSummoned(
            summoner=c.id, name=c.sheet.name, spirit=joined.combatant, spirit_name=joined.sheet.name,
            spirit_kind=command.spirit, force=command.force, services=mine.hits - theirs.hits,
        )]
    else:
        events.append(SummoningFailed(summoner=c.id, name=c.sheet.name, spirit_kind=command.spirit,
                                      force=command.force))
    events.append(signature(state, c, command.spirit, command.force))
    return events + drain(state, events, c, summoning_drain(theirs.hits), command.force, command.tradition, rng,
                          command.drain_faces)


def _bond(state: EncounterState, spirit: str) -> SpiritBond:
    bond = state.magic.spirits.get(spirit)
    if bond is None:
        raise RulesError("error.sr4_not_a_spirit", combatant=spirit)
    return bond


def use_service(state: EncounterState, command: UseService, rng: random.Random) -> list[Event]:
    bond = _bond(state, command.spirit)
    if bond.services < 1:
        raise RulesError("error.sr4_no_services", name=state.combatants[bond.spirit].sheet.name)
    return [ServiceUsed(spirit=bond.spirit, name=state.combatants[bond.spirit].sheet.name, left=bond.services - 1)]


def release(state: EncounterState, command: ReleaseSpirit, rng: random.Random) -> list[Event]:
    bond = _bond(state, command.spirit)
    events: list[Event] = [SpiritReleased(spirit=bond.spirit, name=state.combatants[bond.spirit].sheet.name)]
    return events + remove_combatant(preview(state, events), cmd.RemoveCombatant(combatant=bond.spirit), rng)


def add_with_spirit(state: EncounterState, command: cmd.AddCombatant, rng: random.Random) -> list[Event]:
    """A combatant joins (:func:`add_combatant`); a runner carried from an earlier encounter brings the
    spells it still sustains (:func:`.magic_carried.sustained_again`) and the spirit still bound to it,
    owing the services it still owes (SR4-S6; its Force was checked when summoned)."""
    from gmtool.games.shadowrun.sr4.rules.magic_carried import sustained_again

    events = add_combatant(state, command, rng)
    events += sustained_again(preview(state, events), events[0].combatant, command.spells)  # type: ignore[attr-defined]  # add_combatant's first event: a CombatantAdded
    for carried in command.spirits:
        now = preview(state, events)
        summoner = now.combatants[events[0].combatant]  # type: ignore[attr-defined]  # add_combatant's first event: a CombatantAdded
        added = add_combatant(now, cmd.AddCombatant(sheet=spirit_sheet(carried.kind, carried.force, summoner)), rng)
        events += [*added, SpiritSummoned(
            summoner=summoner.id, name=summoner.sheet.name, spirit=added[0].combatant,  # type: ignore[attr-defined]  # a CombatantAdded, as above
            spirit_name=added[0].sheet.name, spirit_kind=carried.kind, force=carried.force,  # type: ignore[attr-defined]  # a CombatantAdded
            services=carried.services,
        )]
    return events
