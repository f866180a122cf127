"""SR4 Matrix events in words for the turn log (``log.matrix.*``), and the Matrix tests' labels.

A Matrix test's ``dice_test_rolled`` label is a message key behind ``mx:`` (so the log reads in
the GM's language whatever the language it was rolled in); SR4's test line renders the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules.describe_tests import RENDERERS as TEST_LINES
from gmtool.games.shadowrun.sr4.rules.keyed_labels import shown


def _rolled(e: Any) -> str:
    if shown(e.label) != e.label:
        e = e.model_copy(update={"label": shown(e.label)})
    return TEST_LINES["dice_test_rolled"](e)


def _hack_started(e: Any) -> str:
    return tr(f"log.matrix.hack_started.{e.method}", name=e.name, node=e.node_name, threshold=e.threshold,
              stealth=e.detect_threshold, interval=tr(f"matrix.interval.{e.interval}"))


def _hack(e: Any) -> str:
    if e.account:
        text = tr("log.matrix.hack_account", name=e.name, node=e.node_name, rolls=e.rolls)
    elif e.finished:
        text = tr("log.matrix.hack_failed", name=e.name, node=e.node_name)
    else:
        text = tr("log.matrix.hack_progress", name=e.name, node=e.node_name, accumulated=e.accumulated,
                  threshold=e.threshold, rolls=e.rolls)
    if e.detected:
        text += tr("log.matrix.detected", node=e.node_name, hits=e.node_accumulated, stealth=e.detect_threshold)
    return text


def _perception(e: Any) -> str:
    key = "spotted" if e.spotted else "missed"
    return tr(f"log.matrix.perception_{key}", name=e.name, target=e.target_name, hits=e.hits, needed=e.needed)


def _attack(e: Any) -> str:
    program = tr(f"matrix.program.{e.program}")
    if not e.hit:
        return tr("log.matrix.attack_missed", name=e.name, target=e.target_name, program=program,
                  hits=e.hits, defence=e.defence_hits)
    return tr("log.matrix.attack_hit", name=e.name, target=e.target_name, program=program, dv=e.dv,
              resisted=e.resist_hits, boxes=e.boxes, track=tr(f"matrix.track.{e.track}"))


def _threaded(e: Any) -> str:
    text = tr("log.matrix.threaded", name=e.name, form=e.form, base=e.base, rating=e.rating, fading=e.fading,
              resisted=e.resist_hits, boxes=e.boxes, track=tr(f"matrix.track.{e.track}"))
    return text + (tr("log.matrix.sustained") if e.thread is not None else "")


def _compiled(e: Any) -> str:
    sprite = tr(f"matrix.sprite.{e.sprite_kind}")
    head = tr("log.matrix.compiled", name=e.name, sprite=sprite, rating=e.rating, tasks=e.tasks) if e.compiled \
        else tr("log.matrix.not_compiled", name=e.name, sprite=sprite, rating=e.rating)
    return head + tr("log.matrix.fading", fading=e.fading, resisted=e.resist_hits, boxes=e.boxes,
                     track=tr(f"matrix.track.{e.track}"))


MATRIX_LINES: dict[str, Callable[[Any], str]] = {
    "dice_test_rolled": _rolled,
    "matrix_icon_added": lambda e: tr(f"log.matrix.added.{e.sheet.kind}", name=e.name),
    "matrix_icon_removed": lambda e: tr("log.matrix.removed", name=e.name),
    "matrix_mode_set": lambda e: tr("log.matrix.mode", name=e.name, sim=tr(f"matrix.sim.{e.sim}"),
                                    pan=tr(f"matrix.pan.{e.pan}")),
    "hack_started": _hack_started,
    "hack_progressed": _hack,
    "matrix_perception_resolved": _perception,
    "cyber_attack_resolved": _attack,
    "matrix_damaged": lambda e: tr("log.matrix.damaged", name=e.name, boxes=e.boxes, after=e.after,
                                   monitor=e.monitor) + (tr("log.matrix.crashed") if e.after >= e.monitor else ""),
    "form_threaded": _threaded,
    "thread_dropped": lambda e: tr("log.matrix.thread_dropped", name=e.name, form=e.form),
    "sprite_compiled": _compiled,
    "sprite_registered": lambda e: tr("log.matrix.registered", name=e.name),
    "signature_left": lambda e: tr("log.matrix.signature", name=e.name, hours=e.rating),
    "signature_erased": lambda e: tr("log.matrix.signature_erased", name=e.name, actions=e.rating),
}
