"""The race's events in words for the log (the active language), and the log's shape."""

from __future__ import annotations

from gmtool.core.display import LogShape
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m

SIDES = ("n", "ne", "se", "s", "sw", "nw")


def facing_name(facing: int) -> str:
    return tr(f"br.facing.{SIDES[facing % 6]}")


def speed_name(speed: str) -> str:
    return tr(f"br.speed.{speed}")


def describe(event: Event) -> str:
    if isinstance(event, m.CourseSet):
        return tr("br.event.course", name=event.course.name, columns=event.course.columns, rows=event.course.rows)
    if isinstance(event, m.GearAdded):
        return tr("br.event.added", name=event.name, seat=event.seat, hex=event.hex, facing=facing_name(event.facing))
    if isinstance(event, m.RoundStarted):
        return tr("br.event.round", round=event.round)
    if isinstance(event, m.SpeedDeclared):
        return tr("br.event.speed", name=event.name, speed=speed_name(event.speed), mr=event.mr)
    if isinstance(event, m.GearStepped):
        return _stepped(event)
    if isinstance(event, m.GearPlaced):
        return tr("br.event.placed", name=event.name, before=event.before, after=event.after,
                  facing=facing_name(event.facing))
    if isinstance(event, m.ActivationEnded):
        return tr("br.event.ended", name=event.name, mr=event.mr_unused)
    if isinstance(event, m.TableModeSet):
        return tr("br.event.table_mode_on" if event.on else "br.event.table_mode_off")
    if isinstance(event, m.GearEdited):
        return tr("br.event.edited", field=tr(f"br.field.{event.field}"), old=event.old, new=event.new)
    return ""


def _stepped(event: m.GearStepped) -> str:
    if event.step in ("left", "right"):
        return tr(f"br.event.turned_{event.step}", name=event.name, facing=facing_name(event.facing),
                  cost=event.cost, left=event.mr_left)
    return tr(f"br.event.moved_{event.step}", name=event.name, before=event.before, after=event.after,
              cost=event.cost, left=event.mr_left)


def log_shape() -> LogShape:
    moves = frozenset({"br_stepped", "br_placed", "br_speed_declared"})
    return LogShape(families=(("br_moves", moves),), headings=(("br_round_started", 0), ("br_speed_declared", 1)))
