"""The reaction attacks' commands and events (BR-18): the window opening on a step or an attack, each
passive gear's answer (react with a weapon, typed or rolled dice; or no reaction), and the window's end.
The attacks themselves are :class:`~.race_messages.AttackMade` events (one per attack, rolled together)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command, Event
from gmtool.games.badlands_rally.rules.race_messages import AttackGear, Step, TableGeometry

Reason = Literal["melee", "attacked"]


class React(Command):
    """A passive gear offered a reaction attacks the active gear with one of its weapons."""

    kind: Literal["br_react"] = "br_react"
    gear: str
    weapon: int = Field(ge=0)
    attack_faces: tuple[int, ...] | None = None
    defence_faces: tuple[int, ...] | None = None
    damage_faces: tuple[int, ...] | None = None
    table: TableGeometry | None = None  # table mode only


class DeclineReaction(Command):
    kind: Literal["br_decline_reaction"] = "br_decline_reaction"
    gear: str


class ReactionOffer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: str
    name: str
    reason: Reason


class ReactionOffered(Event):
    """The active gear's step or attack is held: these passive gears may react first (or again, when the
    window is open already: the active gear's attack added to it)."""

    kind: Literal["br_reaction_offered"] = "br_reaction_offered"
    gear: str  # the active gear
    name: str
    offers: tuple[ReactionOffer, ...]
    step: Step | None = None
    left: str = ""  # the hex the held step leaves
    attack: AttackGear | None = None
    target_name: str = ""  # the held attack's target


class ReactionChosen(Event):
    """One passive gear's answer: a reaction attack with ``weapon`` (held until every gear answered), or none."""

    kind: Literal["br_reaction_chosen"] = "br_reaction_chosen"
    gear: str
    attacker_name: str  # the passive gear's (it attacks, when it reacts)
    target: str  # the active gear
    name: str
    reason: Reason
    attack: AttackGear | None  # None: no reaction
    weapon: str = ""


class ReactionsResolved(Event):
    """Every offered gear answered: the attacks (the events before this one) were rolled together and
    applied; each reacting gear has spent its action for the round; the held step is made next, unless
    the active gear now waits to spin out."""

    kind: Literal["br_reactions_resolved"] = "br_reactions_resolved"
    gear: str
    name: str
    reactors: tuple[str, ...]
    reactor_names: tuple[str, ...]
    step: Step | None = None
    step_dropped: str = ""  # why the held step is not made ("" : made, or none held)


COMMANDS = (React, DeclineReaction)
EVENTS = (ReactionOffered, ReactionChosen, ReactionsResolved)
