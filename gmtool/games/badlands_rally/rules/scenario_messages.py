"""The scenarios' own commands and events (BR-19): the gentlemen's sport chosen for the race, the free
rally-the-crowd token a grudge match or show-off central gives, and a derby's spin-outs caused."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Command, Event

TokenReason = Literal["grudge_match", "show_off_central"]


class SetGentlemensSport(Command):
    """The optional rule 紳士のスポーツ: no attacks in the race's first round (chosen before it starts)."""

    kind: Literal["br_set_gentlemens_sport"] = "br_set_gentlemens_sport"
    on: bool


class GentlemensSportSet(Event):
    kind: Literal["br_gentlemens_sport_set"] = "br_gentlemens_sport_set"
    on: bool


class ScenarioTokenGained(Event):
    """A free rally action (a rally-the-crowd token, no action spent): a grudge match's gear rattled its
    target, or show-off central's gear jumped over another gear (``other``: that gear's name)."""

    kind: Literal["br_scenario_token"] = "br_scenario_token"
    gear: str
    name: str
    reason: TokenReason
    other: str
    tokens: int  # after


class SpinOutCaused(Event):
    """Derby: the gear caused another gear's spin-out; its count after."""

    kind: Literal["br_spin_out_caused"] = "br_spin_out_caused"
    gear: str
    name: str
    victim: str
    victim_name: str
    count: int


SCENARIO_COMMANDS = (SetGentlemensSport,)
SCENARIO_EVENTS = (GentlemensSportSet, ScenarioTokenGained, SpinOutCaused)
