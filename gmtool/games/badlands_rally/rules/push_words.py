"""The push (BR-17) and an attack's Area Effect hits (BR-11) in words for the log."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.area_hits import AreaHit
from gmtool.games.badlands_rally.rules.push_messages import GearPushed


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) if faces else "—"


def _hurt(hit: m.Collision | AreaHit, key: str) -> list[str]:
    parts = [tr(key, name=hit.name, dice=hit.dice, faces=_faces(hit.faces), hits=hit.hits, hull=hit.hull,
                structure=hit.structure)]
    if hit.rattled:
        parts.append(tr("br.event.rattled", name=hit.name))
    if hit.spins_out:
        parts.append(tr("br.event.spins_in_turn", name=hit.name))
    return parts


def push_words(event: GearPushed) -> str:
    """The push in one line: the check, the hexes pushed and paid, the collision, a fumble."""
    parts = [tr("br.event.push", pusher=event.pusher_name, name=event.name, side=tr(f"br.side.{event.side}"),
                attack=_faces(event.attack_faces), a=event.attack_value, defence=_faces(event.defence_faces),
                d=event.defence_value, margin=event.margin, odds=event.odds)]
    if event.distance:
        parts.append(tr("br.event.push_moved", name=event.name, distance=event.distance, before=event.before,
                        after=event.after, pusher=event.pusher_name, pusher_after=event.pusher_after,
                        cost=event.cost, mr=event.mr_left))
    elif event.margin >= 0 and not event.hit:
        parts.append(tr("br.event.push_stays", name=event.name))
    if event.hit:
        parts.append(tr(f"br.event.push_into_{event.hit}", name=event.name, hex=event.hit_hex, cost=event.cost))
    for hit in event.collisions:
        parts += _hurt(hit, "br.event.collision_damage")
    if event.off_balance:
        parts.append(tr("br.event.off_balance_spins", name=event.name))
    if event.fumble:
        parts.append(tr("br.event.push_fumble", name=event.pusher_name))
    return " ".join(parts)


def area_words(event: m.AttackMade) -> str:
    """The gears next to the target an Area Effect weapon hit ("" when none)."""
    parts = []
    for hit in event.area:
        key = "br.event.area_hit" if hit.dice else "br.event.area_half_hits"
        parts += _hurt(hit, key)
    return " ".join(parts)
