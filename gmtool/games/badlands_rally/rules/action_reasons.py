"""Why one of the race's actions cannot be taken now, in words (the window disables it with this
reason as its tooltip: a GM never presses a dead key without being told why). The words are the
rules' own refusals (``error.br_*``), so the tooltip says what pressing it would say.

Each function answers "" when the action may be taken now; the window enables exactly those.
"""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules.race_reaction import recovers_after_reaction
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.special_words import special_name


def _active(state: RaceState) -> tuple[RaceGear | None, str]:
    """The active gear, or why there is none."""
    if state.winner is not None or state.contest:
        return None, tr("error.br_race_over") if state.winner is not None else tr("error.br_no_active_contest")
    if state.current is None:
        return None, tr("error.br_no_active_gear") if state.gears else tr("error.br_no_gears")
    return state.gears[state.current], ""


def _waiting(state: RaceState) -> str:
    """Spin-outs and reactions come before anything else (BR-15, BR-18)."""
    if state.pending:
        return tr("error.br_spins_pending", names=", ".join(state.gears[g].name for g, _e in state.pending))
    if state.reaction is not None:
        return tr("error.br_reactions_waiting", names=", ".join(state.gears[g].name for g, _w in state.reaction.offers))
    return ""


def step(state: RaceState) -> str:
    """A step or turn of the active gear on the map (BR-7, BR-8)."""
    if state.table_mode:
        return tr("error.br_table_mode")
    gear, why = _active(state)
    if gear is None:
        return why
    return "" if gear.speed is not None else tr("error.br_declare_first", name=gear.name)


def speed(state: RaceState) -> str:
    """Declaring cruising or top speed, or ending the activation: the active gear's (BR-5)."""
    return _active(state)[1]


def action(state: RaceState) -> str:
    """One of the active gear's actions (a special move or action, a push; BR-9, BR-17)."""
    gear, why = _ready(state)
    if gear is None:
        return why
    if gear.actions_used >= gear.actions:
        return tr("error.br_no_actions", name=gear.name, actions=gear.actions)
    return ""


def _ready(state: RaceState) -> tuple[RaceGear | None, str]:
    """The active gear when its speed is declared and no spin-out waits, else None and why."""
    gear, why = _active(state)
    if gear is None:
        return None, why
    if gear.speed is None:
        return None, tr("error.br_declare_first", name=gear.name)
    if state.pending:
        return None, _waiting(state)
    return gear, ""


def recover(state: RaceState) -> str:
    """Recovery: an action, or after a reaction spent it, the 1-hit recovery all the same (BR-17, BR-18)."""
    gear, _why = _active(state)
    if gear is not None and gear.speed is not None and not state.pending and recovers_after_reaction(gear):
        return ""
    return action(state)


def off_road(state: RaceState) -> str:
    """The Off-Road Specialist's roll (BR-20): its own gear, once per turn."""
    gear, why = _ready(state)
    if gear is None:
        return why
    if "off_road_specialist" not in gear.specials:
        return tr("error.br_no_special", name=gear.name, special=special_name("off_road_specialist"))
    return ""


def resolve_spin(state: RaceState) -> str:
    return "" if state.pending else tr("error.br_no_spin_waits")


def no_reaction(state: RaceState) -> str:
    return "" if state.reaction is not None else tr("error.br_no_reaction_waits")


def new_round(state: RaceState) -> str:
    """The initiative of a new round (BR-6): every gear has activated, the race is not over."""
    if state.winner is not None or state.contest:
        return tr("error.br_race_over") if state.winner is not None else tr("error.br_no_active_contest")
    if not state.gears:
        return tr("error.br_no_gears")
    if state.current is not None:
        return tr("error.br_round_running", name=state.gears[state.current].name)
    return ""


def contest(state: RaceState) -> str:
    return "" if state.contest else tr("error.br_no_contest")


def before_the_start(state: RaceState) -> str:
    """The scenario and the gentlemen's sport are chosen before round 1 (BR-19)."""
    return "" if state.round == 0 else tr("error.br_race_started")


def add_gear(state: RaceState) -> str:
    return "" if state.course is not None else tr("error.br_no_course")
