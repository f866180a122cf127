"""An attack resolution in words, for the turn log and the GUI (formatting only).

Each function turns a record of :mod:`.resolve` into translated lines; nothing
here decides a rule.
"""

from __future__ import annotations

from gmtool.core.i18n import term_label, tr
from gmtool.games.shadowrun.rules.damage.monitors import Monitor
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution, Damage
from gmtool.games.shadowrun.rules.damage.terms import Terms


def breakdown_text(terms: Terms) -> str:
    """"Agility +4 Firearm skill +5 Wound modifier −1" (each term with its sign)."""
    return " ".join(f"{term_label(t.label)} {t.value:+d}" for t in terms)


def track_text(track: str) -> str:
    return tr("damage.track.physical") if track == "physical" else tr("damage.track.stun")


def monitor_text(monitor: Monitor) -> str:
    return tr(
        "damage.log.monitor",
        physical=monitor.physical, physical_boxes=monitor.physical_boxes, overflow=monitor.overflow,
        stun=monitor.stun, stun_boxes=monitor.stun_boxes,
        state=tr(f"damage.state.{monitor.state.value}"), wound=monitor.wound_modifier,
    )


def _damage_lines(damage: Damage, resolution: AttackResolution) -> list[str]:
    pools = resolution.pools
    lines = [
        tr(
            "damage.log.damage_value",
            dv=damage.step.value.value, breakdown=breakdown_text(damage.step.value.terms),
            armour=pools.armour.value, armour_breakdown=breakdown_text(pools.armour.terms),
            track=track_text(damage.track), reason=tr(f"damage.reason.{damage.step.reason}"),
        ),
        tr(
            "damage.log.soak",
            pool=pools.soak_pool, breakdown=breakdown_text(pools.soak), hits=damage.soak.hits,
            applied=damage.applied, track=track_text(damage.track),
        ),
    ]
    if damage.knockdown:
        lines.append(tr("damage.log.knockdown"))
    return lines


def describe_resolution(resolution: AttackResolution) -> list[str]:
    """The attack step by step: pools, outcome, damage, soak, knockdown, monitors."""
    pools, outcome = resolution.pools, resolution.outcome
    lines = [
        tr("damage.log.attack_pool", pool=pools.attack_pool, breakdown=breakdown_text(pools.attack)),
        tr("damage.log.defence_pool", pool=pools.defence_pool, breakdown=breakdown_text(pools.defence)),
    ]
    if outcome.full_defence:
        lines.append(tr("damage.log.full_defence"))
    hits = {"attack": outcome.attack_counted, "defence": outcome.defence_counted}
    if resolution.damage is None:
        lines.append(tr("damage.log.miss", **hits))
        return lines
    lines.append(tr("damage.log.hit", net_hits=outcome.net_hits, **hits))
    lines += _damage_lines(resolution.damage, resolution)
    after = resolution.monitor_after
    if after is not None:
        lines.append(monitor_text(after))
    return lines
