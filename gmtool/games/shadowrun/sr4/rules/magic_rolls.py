"""The rolls of SR4 magic through the shared test machinery (:mod:`.decide_tests`): a pool rolled
or typed (X-2) into a ``dice_test_rolled`` event, a plain number of dice (a Force), the drain test
(SR4-S3) and damage through the existing damage path (:func:`.decide_sheet.apply_damage`)."""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestOutcome
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.decide_actions import take_action
from gmtool.games.shadowrun.sr4.rules.decide_sheet import apply_damage
from gmtool.games.shadowrun.sr4.rules.decide_tests import plain_spec, resolve, rolled_event, spec_for
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import drain_track
from gmtool.games.shadowrun.sr4.rules.magic_messages import DrainResisted, Faces
from gmtool.games.shadowrun.sr4.rules.magic_pools import drain_terms
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState


def roll(c: Combatant, label: str, role: str, terms: Terms, rng: random.Random,
         faces: Faces | None) -> tuple[Event, TestOutcome]:
    """The combatant's pool (no Edge in magic tests yet), rolled or typed."""
    outcome = resolve(spec_for(c, pool_of(terms), 0, EdgeUse.NONE), rng, faces)
    return rolled_event(c, label, role, terms, outcome), outcome


def roll_plain(c: Combatant, label: str, term: str, dice: int, rng: random.Random,
               faces: Faces | None) -> tuple[Event, TestOutcome]:
    """A number of dice that is nobody's pool (a Force, a spell's Force + its caster's Magic)."""
    outcome = resolve(plain_spec(dice), rng, faces)
    event = rolled_event(c, label, "opponent", ((term, dice),), outcome)
    return event.model_copy(update={"combatant": "", "name": ""}), outcome


def _as_now(state: EncounterState, events: list[Event], cid: str) -> EncounterState:
    """Just the combatant, its sheet as the damage among ``events`` left it (no copy of the whole state)."""
    sheet = state.combatants[cid].sheet
    for e in events:
        if isinstance(e, ev.DamageApplied) and e.combatant == cid:
            sheet = sheet.model_copy(update={"physical_damage": e.physical_after, "stun_damage": e.stun_after})
    return EncounterState(combatants={cid: Combatant(id=cid, sheet=sheet)})


def damage(state: EncounterState, events: list[Event], cid: str, track: str, boxes: int) -> list[Event]:
    """Boxes through the damage command's own handler (SR4-MT8); nothing when nothing changes."""
    if boxes < 1:
        return []
    try:
        return apply_damage(_as_now(state, events, cid), cmd.ApplyDamage(combatant=cid, track=track, boxes=boxes),
                            random.Random(0))
    except RulesError:  # the monitor is full: no box changes
        return []


def drain(state: EncounterState, events: list[Event], c: Combatant, drain_value: int, force: int,
          tradition: str, rng: random.Random, faces: Faces | None) -> list[Event]:
    """SR4-S3: each hit of Willpower + the tradition's attribute takes one point off the drain value."""
    rolled, outcome = roll(c, tr("magic.label.drain"), "test", drain_terms(c, tradition), rng, faces)
    track = drain_track(force, c.sheet.magic)
    boxes = max(0, drain_value - outcome.hits)
    resisted = DrainResisted(combatant=c.id, name=c.sheet.name, drain_value=drain_value, hits=outcome.hits,
                             boxes=boxes, track=track)
    out: list[Event] = [rolled, resisted]
    return out + damage(state, events + out, c.id, track, boxes)


def action(state: EncounterState, c: Combatant, kind: str, charge: bool, rng: random.Random) -> list[Event]:
    """Casting as an action (SR4-C2, C8): in a combat turn the phase budget pays ``kind``; outside, nothing."""
    if not charge or state.turn == 0:
        return []
    return take_action(state, cmd.TakeAction(combatant=c.id, action=kind), rng)
