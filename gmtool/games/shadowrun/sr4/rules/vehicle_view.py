"""What the rigging and chase panel shows, in words (no Qt): vehicles, their control, and the chase."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def _name(state: EncounterState, cid: str | None) -> str:
    c = state.combatants.get(cid) if cid else None
    return c.sheet.name if c is not None else "?"


def vehicle_lines(state: EncounterState) -> list[str]:
    """One line per vehicle: attributes, control (SR4-V1), damage on its monitor, crashed."""
    lines = []
    for v in state.vehicles.values():
        c = state.combatants[v.id]
        s, control = v.stats, v.control
        mode = tr(f"sr4rig.mode.{control.mode}")
        if control.rigger:
            mode = tr("sr4rig.view.by", mode=mode, rigger=_name(state, control.rigger))
        line = tr("sr4rig.view.vehicle", name=c.sheet.name, handling=f"{s.handling:+d}", pilot=s.pilot, body=s.body,
                  armor=s.armor, sensor=s.sensor, mode=mode, damage=c.sheet.physical_damage,
                  boxes=c.sheet.physical_boxes)
        lines.append(line + (tr("sr4rig.view.crashed") if v.crashed else ""))
    return lines


def chase_lines(state: EncounterState) -> list[str]:
    """SR4-V6/V7: bands to the lead (and the weapon range each band counts as), the break-away count, positioning dice, drivers still to control."""
    chase = state.chase
    if chase is None:
        return [tr("sr4rig.view.no_chase")]
    lead = _name(state, chase.lead)
    lines = [tr("sr4rig.view.lead", name=lead, streak=chase.streak)]
    if chase.escaped:
        lines.append(tr("sr4rig.view.escaped", name=lead))
    for pid, p in chase.pursuers.items():
        lines.append(tr("sr4rig.view.pursuer", name=_name(state, pid), band=tr(f"sr4rig.band.{p.band}"),
                        guns=tr(f"sr4rig.guns.{p.band}")))
    for vid, (dice, _turn) in chase.positioning.items():
        lines.append(tr("sr4rig.view.positioning", name=_name(state, vid), dice=dice))
    waiting = [_name(state, vid) for vid in (chase.lead, *chase.pursuers)
               if state.turn and chase.controlled.get(vid) != state.turn]
    if waiting:
        lines.append(tr("sr4rig.view.to_control", names=", ".join(waiting)))
    return lines
