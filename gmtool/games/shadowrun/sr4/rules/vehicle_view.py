"""What the rigging and chase panel shows, in words (no Qt): vehicles, their control, and the chase."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import AUTOSOFTS


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


def vehicle_sheet_rows(state: EncounterState, cid: str) -> tuple[tuple[str, str], ...] | None:
    """(label, value) of a vehicle's attributes, autosofts and control; None when ``cid`` is not a vehicle."""
    v = state.vehicles.get(cid)
    if v is None:
        return None
    s, control = v.stats, v.control
    rows = [(tr("sr4rig.ui.handling"), f"{s.handling:+d}"), (tr("sr4rig.ui.accel"), s.accel),
            (tr("sr4rig.ui.speed"), str(s.speed)), (tr("sr4rig.ui.pilot"), str(s.pilot)),
            (tr("sr4rig.ui.body"), str(s.body)), (tr("sr4rig.ui.armor"), str(s.armor)),
            (tr("sr4rig.ui.sensor"), str(s.sensor))]
    rows += [(tr(f"sr4rig.autosoft.{k}"), str(s.autosoft(k))) for k in AUTOSOFTS if s.autosoft(k)]
    mode = tr(f"sr4rig.mode.{control.mode}")
    if control.rigger:
        mode = tr("sr4rig.view.by", mode=mode, rigger=_name(state, control.rigger))
    rows.append((tr("sr4rig.ui.mode"), mode))
    return tuple(rows)


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
