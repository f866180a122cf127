"""SR4 rigging and chase events in words for the turn log (``log.sr4rig.*``).

The rigging tests go out as the test box's events, their label a message key behind the Matrix's
``mx:`` mark (``mx:sr4rig.test.*``), which the SR4 log reads in the current language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm


def _stats(e: vm.VehicleRegistered) -> str:
    s = e.stats
    soft = ", ".join(f"{tr(f'sr4rig.autosoft.{k}')} {v}" for k, v in sorted(s.autosofts.items()) if v)
    return tr("log.sr4rig.registered", name=e.name, handling=f"{s.handling:+d}", accel=s.accel, speed=s.speed,
              pilot=s.pilot, body=s.body, armor=s.armor, sensor=s.sensor, autosofts=soft or "—")


def _control(e: vm.ControlSet) -> str:
    if e.mode == "autonomous":
        return tr("log.sr4rig.autonomous", name=e.name)
    group = tr("log.sr4rig.group", group=e.group) if e.group else ""
    return tr(f"log.sr4rig.control_{e.mode}", name=e.name, rigger=e.rigger_name, devices=e.devices,
              limit=e.system * 2) + group


def _lock(e: vm.LockedOn) -> str:
    if not e.held:
        return tr("log.sr4rig.lock_failed", name=e.name, target=e.target_name)
    return tr(f"log.sr4rig.{e.targeting}_targeting", name=e.name, target=e.target_name, bonus=f"{e.bonus:+d}")


def _hit(e: vm.VehicleHitTaken) -> str:
    text = tr("log.sr4rig.hit", name=e.name, boxes=e.boxes, body=e.body)
    if e.feedback:
        text += tr("log.sr4rig.feedback", feedback=e.feedback)
    return text + (tr("log.sr4rig.crash_check") if e.crash_test else "")


def _manoeuvre(e: vm.ManoeuvreMade) -> str:
    what = tr(f"sr4rig.manoeuvre.{e.manoeuvre}")
    text = tr("log.sr4rig.manoeuvre", name=e.name, manoeuvre=what, turn=e.turn)
    if e.target_name:
        text += tr("log.sr4rig.against", target=e.target_name)
    return text + (tr("log.sr4rig.ram_by_hand") if e.manoeuvre == "ram" else "")


def _break_away(e: vm.BreakAwayCounted) -> str:
    if e.escaped:
        return tr("log.sr4rig.escaped", name=e.name)
    key = "log.sr4rig.break_away_success" if e.success else "log.sr4rig.break_away_failed"
    return tr(key, name=e.name, streak=e.streak)


def _range(e: vm.RangeSet) -> str:
    band, before = tr(f"sr4rig.band.{e.band}"), tr(f"sr4rig.band.{e.before}")
    if e.winner == "tie":
        return tr("log.sr4rig.range_tie", name=e.name, lead=e.lead_name, band=band, turn=e.turn)
    winner = e.lead_name if e.winner == "lead" else e.name
    return tr("log.sr4rig.range_set", name=e.name, lead=e.lead_name, winner=winner, band=band, before=before,
              turn=e.turn)


RENDERERS: dict[str, Callable[[Any], str]] = {
    "vehicle_registered": _stats,
    "control_set": _control,
    "group_acted": lambda e: tr("log.sr4rig.group_acted", group=e.group, names=", ".join(e.names)),
    "locked_on": _lock,
    "vehicle_hit_taken": _hit,
    "crash_tested": lambda e: tr("log.sr4rig.crashed" if e.crashed else "log.sr4rig.crash_avoided", name=e.name),
    "dumpshocked": lambda e: tr("log.sr4rig.dumpshock", name=e.name, rigger=e.rigger_name),
    "chase_started": lambda e: tr("log.sr4rig.chase_started", lead=e.lead_name, pursuers=", ".join(e.pursuer_names)),
    "chase_ended": lambda e: tr("log.sr4rig.chase_ended"),
    "range_set": _range,
    "manoeuvre_made": _manoeuvre,
    "break_away_counted": _break_away,
    "positioning_gained": lambda e: tr("log.sr4rig.positioning", name=e.name, dice=e.dice),
}
