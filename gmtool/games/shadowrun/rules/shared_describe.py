"""Words for what both Shadowrun editions share: effect and grunt-group log lines, effect badges."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.effects import Duration, Effect
from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.shadowrun import field_label


def effect_name(key: str, label: str) -> str:
    return label if key == "custom" and label else tr(f"effect.{key}")


def time_left(effect: Effect, turn: int) -> str:
    """How long an effect still lasts, in words."""
    if effect.duration is Duration.TURNS:
        return tr("effect.left.turns", turns=effect.expires_after_turn - turn + 1)
    return tr(f"effect.left.{effect.duration.value}")


def effect_badge(effect: Effect, turn: int) -> str:
    """An effect with its modifier and the time it has left (badges, reports)."""
    modifier = f" {effect.modifier:+d}" if effect.modifier else ""
    return f"{effect_name(effect.key, effect.label)}{modifier} ({time_left(effect, turn)})"


SHARED_LINES: dict[str, Callable[[Any], str]] = {
    "effect_added": lambda e: tr(
        f"log.effect_added.{e.duration.value}", name=e.name, effect=effect_name(e.key, e.label),
        modifier=f"{e.modifier:+d}" if e.modifier else "", turn=e.expires_after_turn,
    ),
    "effect_ended": lambda e: tr(f"log.effect_ended.{e.reason}", name=e.name, effect=effect_name(e.key, e.label)),
    "group_formed": lambda e: tr(
        "log.group_formed", name=e.name, count=len(e.members), rating=e.professional_rating,
        monitor=tr("log.group_shared") if e.shared_monitor else tr("log.group_individual"),
    ),
    "group_left": lambda e: tr("log.group_left", name=e.name),
    "group_split_changed": lambda e: tr("log.group_split" if e.split else "log.group_joined", name=e.name),
}


def dice_text(dice: tuple[tuple[int, str, bool], ...]) -> str:
    """Pool faces, replaced ones in (brackets), rerolls after →, Edge dice after |, extras after +."""
    groups: dict[str, list[str]] = {"pool": [], "reroll": [], "edge": [], "extra": []}
    for face, source, replaced in dice:
        groups[source].append(f"({face})" if replaced else str(face))
    text = " ".join(groups["pool"])
    if groups["reroll"]:
        text += " → " + " ".join(groups["reroll"])
    if groups["edge"]:
        text += " | " + " ".join(groups["edge"])
    if groups["extra"]:
        text += " + " + " ".join(groups["extra"])
    return text


# The turn's events both editions share (games/shadowrun/rules/turn_events.py), worded once.
TURN_LINES: dict[str, Callable[[Any], str]] = {
    "turn_started": lambda e: tr("log.turn_started", turn=e.turn),
    "ties_drawn": lambda e: tr(
        "log.ties_drawn", entries=", ".join(f"{n} ({d})" for n, d in zip(e.names, e.draws, strict=False))
    ),
    "turn_ended": lambda e: tr("log.turn_ended", turn=e.turn),
    "action_phase_ended": lambda e: tr("log.phase_ended", name=e.name),
    "phase_delayed": lambda e: tr("log.phase_delayed", name=e.name),
    "delayed_action_taken": lambda e: tr("log.act_now", name=e.name),
    "edge_spent": lambda e: tr(
        "log.edge_spent", name=e.name, purpose=tr(f"edge.{e.purpose}"), before=e.before, after=e.after
    ),
}


def roster_lines(value_text: Callable[[str, Any], str]) -> dict[str, Callable[[Any], str]]:
    """A combatant joining or leaving, a sheet field edited (the edition words a value: its metatypes)."""
    return {
        "combatant_added": lambda e: tr("log.combatant_added", name=e.sheet.name),
        "combatant_removed": lambda e: tr("log.combatant_removed", name=e.name),
        "sheet_changed": lambda e: tr(
            "log.sheet_changed", name=e.name, field=field_label(e.field),
            old=value_text(e.field, e.old), new=value_text(e.field, e.new),
        ),
    }
