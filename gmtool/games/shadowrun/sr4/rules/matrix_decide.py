"""SR4 Matrix icons in the encounter: adding, removing, modes (SR4-X1, X4) and Matrix damage.

SR4-X1: a persona controls at most System × 2 nodes, agents or drones: an agent (or node) joining
under a persona's user counts against it. The handlers of the Matrix tests live in
matrix_hacking, matrix_combat and matrix_resonance; :mod:`.matrix_handlers` gathers them all.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.matrix_pools import icon, matrix, monitor
from gmtool.games.shadowrun.sr4.rules.matrix_state import Icon
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

CONTROL_FACTOR = 2  # SR4-X1 (000 §5.1): System × 2


def controlled(state: EncounterState, user: str) -> int:
    """Agents and nodes run under a user (the user's persona controls them)."""
    return sum(1 for i in matrix(state).icons.values() if i.sheet.owner == user and i.sheet.kind in ("agent", "node"))


def persona_of(state: EncounterState, user: str) -> Icon | None:
    return next((i for i in matrix(state).icons.values() if i.sheet.owner == user and i.sheet.kind == "persona"), None)


def check_control(state: EncounterState, sheet: mx.IconSheet) -> None:
    """SR4-X1: refuse an agent or node beyond System × 2 of its user's persona."""
    if sheet.kind not in ("agent", "node") or sheet.owner is None:
        return
    persona = persona_of(state, sheet.owner)
    if persona is None:
        raise RulesError("error.matrix_no_persona", name=state.combatants[sheet.owner].sheet.name)
    allowed = persona.sheet.system * CONTROL_FACTOR
    if controlled(state, sheet.owner) + 1 > allowed:
        raise RulesError("error.matrix_control_limit", name=persona.sheet.name, limit=allowed)


def add_icon(state: EncounterState, command: mx.AddIcon, rng: random.Random) -> list[Event]:
    sheet = command.sheet
    if sheet.owner is not None:
        combatant(state, sheet.owner)
    if sheet.kind == "persona" and sheet.owner is not None and persona_of(state, sheet.owner) is not None:
        raise RulesError("error.matrix_one_persona", name=state.combatants[sheet.owner].sheet.name)
    check_control(state, sheet)
    icon_id = f"m{matrix(state).next_icon}"
    return [mx.IconAdded(icon=icon_id, name=sheet.name, sheet=sheet)]


def remove_icon(state: EncounterState, command: mx.RemoveIcon, rng: random.Random) -> list[Event]:
    i = icon(state, command.icon)
    return [mx.IconRemoved(icon=i.id, name=i.sheet.name)]


def set_mode(state: EncounterState, command: mx.SetMatrixMode, rng: random.Random) -> list[Event]:
    """SR4-X1 PAN mode; SR4-X4 AR / cold sim / hot sim (a persona's; other icons have no user to immerse)."""
    i = icon(state, command.icon)
    sim, pan = command.sim or i.sim, command.pan or i.pan
    if sim != "ar" and i.sheet.kind != "persona":
        raise RulesError("error.matrix_vr_persona_only", name=i.sheet.name)
    if (sim, pan) == (i.sim, i.pan):
        raise RulesError("error.no_change")
    return [mx.MatrixModeSet(icon=i.id, name=i.sheet.name, sim=sim, pan=pan)]


def damaged(i: Icon, boxes: int) -> mx.MatrixDamaged:
    """Boxes on the Matrix condition monitor (it stops when full: the icon crashes)."""
    top = monitor(i)
    return mx.MatrixDamaged(icon=i.id, name=i.sheet.name, boxes=boxes, before=i.damage,
                            after=min(top, i.damage + boxes), monitor=top)


HANDLERS: dict[str, Handler[EncounterState]] = {"add_matrix_icon": add_icon, "remove_matrix_icon": remove_icon, "set_matrix_mode": set_mode}
