"""Folding what both editions share: a combatant joins, leaves or has a sheet field edited, a rule option
changes, and every attack event (:data:`SHARED_FOLDERS`; each edition adds its own and may replace one).

The attack events' folders live with the attack rules, which an encounter loads on its first
attack event (:func:`on_first_event`): opening an encounter without one does not import them."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from gmtool.games.shadowrun.rules.carried_rounds import carried_magazine
from gmtool.games.shadowrun.rules.grunt_groups import fold_member_removed

Folder = Callable[[Any, Any], None]

_ATTACK = "gmtool.games.shadowrun.rules.attack."


def on_first_event(module: str, name: str) -> Folder:
    """The folder ``name`` of ``module``, imported when the first event it folds comes."""

    def fold(state: Any, e: Any) -> None:
        getattr(import_module(module), name)(state, e)

    fold.__qualname__ = fold.__name__ = name
    return fold


def fold_nothing(state: Any, e: Any) -> None:
    """For an event the state does not keep (only the log shows it)."""


def fold_added(state: Any, e: Any, make: Callable[..., Any]) -> None:
    """``make(id=…, sheet=…)``: the edition's Combatant; ids are "c<number>", never reused."""
    state.combatants[e.combatant] = make(id=e.combatant, sheet=e.sheet)
    state.next_number = max(state.next_number, int(e.combatant[1:]) + 1)
    for index, left in e.rounds.items():  # a runner carried from an earlier encounter
        state.magazines[f"{e.combatant}:{index}"] = carried_magazine(e.sheet.weapons[index], left)


def fold_removed(state: Any, e: Any) -> None:
    """Gone from the roster and from its grunt group; no longer acting now."""
    del state.combatants[e.combatant]
    fold_member_removed(state, e.combatant)
    if state.acting_now == e.combatant:
        state.acting_now = None


def fold_sheet_changed(state: Any, e: Any) -> None:
    """One field (``attr.X`` for an attribute) takes its new value."""
    c = state.combatants[e.combatant]
    if e.field.startswith("attr."):
        c.sheet = c.sheet.model_copy(update={"attributes": {**c.sheet.attributes, e.field[5:]: e.new}})
    else:
        c.sheet = c.sheet.model_copy(update={e.field: e.new})


def fold_option(state: Any, e: Any) -> None:
    state.options[e.option] = e.new


SHARED_FOLDERS: dict[str, Folder] = {
    "combatant_removed": fold_removed,
    "sheet_changed": fold_sheet_changed,
    "rule_option_changed": fold_option,
    "ties_drawn": fold_nothing,  # the log's: ties, the turn's end
    "turn_ended": fold_nothing,
    "attack_resolved": on_first_event(_ATTACK + "common", "fold_attack"),
    "called_shot_resolved": fold_nothing,
    "suppressive_fire_started": on_first_event(_ATTACK + "suppression", "fold_zone"),
    "suppression_tested": on_first_event(_ATTACK + "suppression", "fold_suppression_test"),
    "zone_marked": on_first_event(_ATTACK + "suppression", "fold_zone_marked"),
    "suppressive_fire_ended": on_first_event(_ATTACK + "suppression", "fold_zone_ended"),
    "full_defence_declared": fold_nothing,  # SR4 replaces it (the codecs share the attack's events)
    "rounds_fired": on_first_event(_ATTACK + "common", "fold_rounds_fired"),
    "reloaded": on_first_event(_ATTACK + "common", "fold_reloaded"),
}
