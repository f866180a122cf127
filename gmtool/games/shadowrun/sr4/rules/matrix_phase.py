"""Matrix deeds in the fight: a persona's user acts in the user's own action phase, as a mage casts.

In a combat turn, a test a persona makes (Matrix perception, a cybercombat attack, an interval of
hacking on the fly, threading, compiling, one action of erasing a signature) is a complex action of
its user's phase (the digest's action list, §3.2: a skill used is a complex action), paid from the
phase budget (SR4-C2) and refused outside that phase unless the GM unticks *Uses the action*, as for
spells (SR4-S1). Agents, IC, sprites and nodes act on their own (the digest gives Matrix icons no
initiative: gmtool does not put them in the order), so their deeds take nobody's action. Probing
(an hour or a day per interval) is not a combat action either.

The Matrix tab offers a deed only when its command would be accepted now (a preview through the
journal, no die kept), so a refused deed shows its reason before the GM presses anything.
"""

from __future__ import annotations

import random

from gmtool.core.messages import Event
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules.decide_actions import take_action
from gmtool.games.shadowrun.sr4.rules.matrix_pools import owner
from gmtool.games.shadowrun.sr4.rules.matrix_state import Icon
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

ACTION_KIND = "complex"


def acting_user(state: EncounterState, i: Icon) -> Combatant | None:
    """The combatant whose phase a deed of this icon takes: a persona's user (else nobody)."""
    return owner(state, i) if i.sheet.kind == "persona" else None


def charges(state: EncounterState, i: Icon, charge: bool) -> Combatant | None:
    """The user who pays the deed now, or None (not a persona's, not in a combat turn, or unticked)."""
    user = acting_user(state, i)
    return user if charge and state.turn > 0 and user is not None else None


def action_events(state: EncounterState, i: Icon, charge: bool, rng: random.Random) -> list[Event]:
    """The complex action the deed takes from its user's phase (SR4-C2); nothing when it takes none."""
    user = charges(state, i, charge)
    if user is None:
        return []
    return take_action(state, cmd.TakeAction(combatant=user.id, action=ACTION_KIND), rng)
