"""The duel's events in words for the log (the active language), the attack's breakdown for the
report, and the log's shape."""

from __future__ import annotations

from functools import cache

from gmtool.core.display import Breakdown, LogShape, ModifierLine
from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.hit import two_dice_at_most

SIDES = ("n", "ne", "se", "s", "sw", "nw")


def facing_name(facing: int) -> str:
    return tr(f"ab.facing.{SIDES[facing % 6]}")


def points_text(points: m.Points) -> str:
    """"Action 3 · Attack 2 · …" in the digest's order."""
    return " · ".join(f"{tr(f'ab.pp.{item}')} {value}" for item, value in zip(m.PP_ITEMS, points, strict=True))


def faces_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) if faces else "—"


def describe(event: Event) -> str:
    if isinstance(event, m.SkySet):
        return tr("ab.event.sky", name=event.sky.name, columns=event.sky.columns, rows=event.sky.rows)
    if isinstance(event, m.UnitAdded):
        return tr("ab.event.added", name=event.machine.name, pilot=event.pilot.name, side=event.side, hex=event.hex,
                  facing=facing_name(event.facing))
    if isinstance(event, m.TurnStarted):
        return tr("ab.event.turn", turn=event.turn)
    if isinstance(event, m.PPAllocated):
        return tr("ab.event.allocated", name=event.name, points=points_text(event.points))
    if isinstance(event, m.UnitMoved):
        if event.before == event.after:
            return tr("ab.event.turned", name=event.name, facing=facing_name(event.facing))
        return tr("ab.event.moved", name=event.name, before=event.before, after=event.after,
                  facing=facing_name(event.facing))
    if isinstance(event, m.ThrustSet):
        return tr("ab.event.thrust", name=event.name, before=event.before, after=event.after)
    if isinstance(event, m.AttackMade):
        return attack_words(event)
    if isinstance(event, m.ResponseTurned):
        words = tr("ab.event.response_turn", name=event.name, facing=facing_name(event.facing),
                   before=event.response_before, after=event.response)
        return f"{tr('ab.event.aura_response', name=event.name, aura=event.aura_spent)} {words}" if event.aura_spent else words
    if isinstance(event, m.TableModeSet):
        return tr("ab.event.table_mode_on" if event.on else "ab.event.table_mode_off")
    if isinstance(event, m.AllocationsRevealed):
        return tr("ab.event.revealed", turn=event.turn)
    if isinstance(event, m.Boarded):
        key = "ab.event.boarded" if event.carrier else "ab.event.left_carrier"
        return tr(key, name=event.name, carrier=event.carrier_name, hex=event.after)
    if isinstance(event, m.UnitEdited):
        return tr("ab.event.edited", name=event.name, field=tr(f"ab.field.{event.field}"), old=event.old, new=event.new)
    return event.kind


def attack_words(event: m.AttackMade) -> str:
    head = tr("ab.event.attack", name=event.attacker_name, target=event.target_name, arm=event.arm,
              sector=event.sector, range=event.range, defence=tr(f"ab.defence.{event.defence}"))
    roll = tr("ab.event.hit_roll", faces=faces_text(event.hit_faces), value=event.value)
    if not event.hit:
        return f"{head} {roll} {tr('ab.event.missed')}"
    dealt = tr("ab.event.damage", faces=faces_text(event.damage_faces), power=event.power, armour=event.armour,
               dealt=event.dealt, damage=event.damage, durability=event.durability)
    words = f"{head} {roll} {tr('ab.event.hit')} {dealt}"
    if event.land_faces:
        words = f"{head} {roll} {tr('ab.event.hit')} " + tr("ab.event.lands", faces=faces_text(event.land_faces),
                                                            name=event.struck_name) + f" {dealt}"
    if event.damage >= event.durability:
        return f"{words} {tr('ab.event.destroyed', name=event.struck_name)}"
    if 2 * event.damage > event.durability >= 2 * event.damage_before:
        return f"{words} {tr('ab.event.heavily_damaged', name=event.struck_name)}"
    return words


def attack_breakdown(event: m.AttackMade) -> Breakdown:
    """The hit value term by term, the dice and the odds, for the report."""
    lines = tuple(ModifierLine(tr(key), f"{value:+d}", "") for key, value in event.terms)
    chance = two_dice_at_most(event.value)
    return Breakdown(pool=tr("ab.breakdown.value", value=event.value), modifiers=lines,
                     dice=tr("ab.breakdown.dice", hit=faces_text(event.hit_faces),
                             damage=faces_text(event.damage_faces)),
                     odds=tr("ab.breakdown.odds", chance=f"{float(chance):.1%}"))


@cache
def log_shape() -> LogShape:
    moves = frozenset({"ab_unit_moved", "ab_thrust_set", "ab_response_turned", "ab_boarded"})
    pp = frozenset({"ab_pp_allocated", "ab_allocations_revealed"})
    return LogShape(families=(("ab_moves", moves), ("ab_attacks", frozenset({"ab_attack_made"})),
                              ("ab_pp", pp)),
                    headings=(("ab_turn_started", 0),))


def result_lines(event: m.AttackMade) -> tuple[str, str]:
    """The attack panel's last result, kept until the next roll: a headline (who struck whom, hit or miss,
    what the damage did) and the dice behind it (the hit roll, where it landed, the open damage roll)."""
    names = {"name": event.attacker_name, "target": event.target_name}
    total = sum(event.hit_faces)
    roll = tr("ab.result.roll_hit" if event.hit else "ab.result.roll_miss", faces=faces_text(event.hit_faces),
              total=total, value=event.value)
    if not event.hit:
        return tr("ab.result.miss", **names), roll
    head = tr("ab.result.hit", **names, dealt=event.dealt, struck=event.struck_name, damage=event.damage,
              durability=event.durability)
    if event.damage >= event.durability:
        head = f"{head} {tr('ab.result.destroyed', name=event.struck_name)}"
    elif 2 * event.damage > event.durability >= 2 * event.damage_before:
        head = f"{head} {tr('ab.result.heavy', name=event.struck_name)}"
    dice = [roll]
    if event.land_faces:
        dice.append(tr("ab.result.lands", faces=faces_text(event.land_faces), name=event.struck_name))
    dice.append(tr("ab.result.damage", power=event.power, faces=faces_text(event.damage_faces), armour=event.armour,
                   dealt=event.dealt))
    return head, " · ".join(dice)
