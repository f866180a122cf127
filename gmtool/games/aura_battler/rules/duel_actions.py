"""Why a duel action cannot be taken now, in words (the window disables it and shows this): a new
turn waits for every split (AB-22), attacks and the reveal wait for the turn's splits, moves need a
map and a machine still flying. No Qt; an action not named here can be taken."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.aura_battler.rules.duel_state import DuelState

MOVES = "move"  # the steps, side-slips, thrust and boarding of the selected machine


def waiting(state: DuelState) -> str:
    return tr("error.ab_allocate_first", names=", ".join(u.name for u in state.allocating))


def why_not(state: DuelState, selected: str | None) -> dict[str, str]:
    """``{action: reason}`` for "start_turn", "roll_attack", "reveal" and :data:`MOVES` when refused now."""
    refused: dict[str, str] = {}
    if not state.units:
        refused["start_turn"] = tr("ab.tip.no_machines")
    elif state.allocating:
        refused["start_turn"] = waiting(state)
    if state.turn == 0:
        refused["roll_attack"] = refused["reveal"] = tr("error.ab_no_turn")
    elif state.allocating:
        refused["roll_attack"] = refused["reveal"] = waiting(state)
    elif state.revealed:
        refused["reveal"] = tr("ab.tip.revealed")
    unit = state.units.get(selected or "")
    if state.sky is None:
        refused[MOVES] = tr("error.ab_no_sky")
    elif unit is None:
        refused[MOVES] = tr("ab.tip.select_machine")
    elif unit.destroyed:
        refused[MOVES] = tr("error.ab_destroyed", name=unit.name)
    return refused
