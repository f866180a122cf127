"""SR4 effects with durations.

Effects use the shared timing rules (:mod:`gmtool.games.shadowrun.rules.effect_rules`) with
the SR4 catalogue (``resources/sr4/effects.json``: prone, full defence, aiming,
sustaining a spell, astral perception (SR4-S7: −2 on physical actions), or the
GM's own). Full defence lasts to the end of the turn (SR4 p. 161); its bonus is
the defender's Dodge rating, which the GM types in (SR4 sheets hold no skills).
"""

from __future__ import annotations

import random

from gmtool.core.messages import Event
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.rules.effect_messages import AddEffect, RemoveEffect
from gmtool.games.shadowrun.rules.effect_rules import EffectTable
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def effect_table() -> EffectTable:
    return cached_model(EffectTable, "sr4", "effects.json")


def add_effect(state: EncounterState, command: AddEffect, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    acting = state.actor == c.id
    return [
        effect_rules.new_effect(
            effect_table(), state, c, acting, command.key, command.modifier, command.duration, command.turns, command.label
        )
    ]


def remove_effect(state: EncounterState, command: RemoveEffect, rng: random.Random) -> list[Event]:
    return effect_rules.removal(state, command.effect)


HANDLERS: dict[str, Handler[EncounterState]] = {"add_effect": add_effect, "remove_effect": remove_effect}
