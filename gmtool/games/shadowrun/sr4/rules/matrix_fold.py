"""Folding the SR4 Matrix events into ``state.matrix`` (:mod:`.matrix_state`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.shadowrun.rules.shared_folds import fold_nothing
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules.matrix_state import Hack, Icon, MatrixState, Signature, Thread
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def _m(state: EncounterState) -> MatrixState:
    """The Matrix, made by the first Matrix event (an encounter without one keeps ``None``)."""
    if state.matrix is None:
        state.matrix = MatrixState()
    return state.matrix


def _added(state: EncounterState, e: mx.IconAdded) -> None:
    m = _m(state)
    m.icons[e.icon] = Icon(id=e.icon, sheet=e.sheet, tasks=e.tasks)
    m.next_icon = max(m.next_icon, int(e.icon[1:]) + 1)


def _removed(state: EncounterState, e: mx.IconRemoved) -> None:
    _m(state).icons.pop(e.icon, None)


def _mode(state: EncounterState, e: mx.MatrixModeSet) -> None:
    i = _m(state).icons[e.icon]
    i.sim, i.pan = e.sim, e.pan


def _hack_started(state: EncounterState, e: mx.HackStarted) -> None:
    m = _m(state)
    m.hacks[e.hack] = Hack(id=e.hack, icon=e.icon, node=e.node, method=e.method, threshold=e.threshold,
                           detect_threshold=e.detect_threshold)
    m.next_hack = max(m.next_hack, e.hack + 1)


def _hack_progressed(state: EncounterState, e: mx.HackProgressed) -> None:
    h = _m(state).hacks[e.hack]
    h.rolls, h.accumulated, h.node_accumulated = e.rolls, e.accumulated, e.node_accumulated
    h.detected, h.finished = e.detected, e.finished


def _damaged(state: EncounterState, e: mx.MatrixDamaged) -> None:
    _m(state).icons[e.icon].damage = e.after


def _threaded(state: EncounterState, e: mx.FormThreaded) -> None:
    if e.thread is None:
        return
    m = _m(state)
    m.threads[e.thread] = Thread(id=e.thread, icon=e.icon, form=e.form, rating=e.rating, effect=e.effect)
    m.next_thread = max(m.next_thread, e.thread + 1)


def _dropped(state: EncounterState, e: mx.ThreadDropped) -> None:
    _m(state).threads.pop(e.thread, None)


def _registered(state: EncounterState, e: mx.SpriteRegistered) -> None:
    _m(state).icons[e.icon].registered = True


def _signature(state: EncounterState, e: mx.SignatureLeft) -> None:
    m = _m(state)
    m.signatures[e.signature] = Signature(id=e.signature, icon=e.icon, name=e.name, rating=e.rating)
    m.next_signature = max(m.next_signature, e.signature + 1)


def _erased(state: EncounterState, e: mx.SignatureErased) -> None:
    _m(state).signatures.pop(e.signature, None)


MATRIX_FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    "matrix_icon_added": _added,
    "matrix_icon_removed": _removed,
    "matrix_mode_set": _mode,
    "hack_started": _hack_started,
    "hack_progressed": _hack_progressed,
    "matrix_perception_resolved": fold_nothing,
    "cyber_attack_resolved": fold_nothing,
    "matrix_damaged": _damaged,
    "form_threaded": _threaded,
    "thread_dropped": _dropped,
    "sprite_compiled": fold_nothing,
    "sprite_registered": _registered,
    "signature_left": _signature,
    "signature_erased": _erased,
}
