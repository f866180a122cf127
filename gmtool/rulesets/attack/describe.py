"""The attack's events in words: one log line each, and the breakdown lines a report prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import active_language, term_label, tr
from gmtool.rulesets.attack.messages import AttackResolved, Reloaded, RoundsFired, TermRecord, TestRecord
from gmtool.rulesets.shadowrun import faces_text


def term_text(term: TermRecord) -> str:
    """A breakdown term in the active language, with its table or rule and page."""
    label = term.ja if active_language() == "ja" and term.ja else term_label(term.label)
    where = ", ".join(part for part in (_source(term.source), tr("attack.page", page=term.page) if term.page else "") if part)
    return f"{label} {term.value:+d}" + (f" ({where})" if where else "")


def _source(source: str) -> str:
    return "" if not source or source.startswith(("effect:", "text:")) else source


def _test(record: TestRecord) -> str:
    limit = tr("attack.limit", limit=record.limit) if record.limit is not None else ""
    typed = tr("log.typed_mark") if record.typed else ""
    glitch = tr("attack.critical_glitch") if record.critical_glitch else (tr("attack.glitch") if record.glitch else "")
    return tr("attack.test", pool=record.pool, faces=faces_text(record.faces), hits=record.hits, limit=limit) + typed + glitch


def _damage(e: AttackResolved) -> str:
    if not e.hit:
        return tr("attack.miss")
    soak = _test(e.soak) if e.soak is not None else ""
    text = tr(
        "attack.damage", net=e.net_hits, dv=e.dv, track=tr(f"attack.track.{e.track}"), armour=e.modified_armour,
        soak=soak, applied=e.applied,
    )
    if e.knockdown:
        text += tr("attack.knockdown")
    if e.condition != "conscious":
        text += tr(f"attack.condition.{e.condition}")
    return text


def attack_line(e: AttackResolved) -> str:
    mode = f" ({e.mode})" if e.mode else ""
    distance = tr("attack.distance", metres=f"{e.distance:g}") if e.distance is not None else ""
    defence = _test(e.defence) if e.defence is not None else tr("attack.no_defence")
    return tr(
        "log.attack", attacker=e.attacker_name, target=e.target_name, weapon=e.weapon_name, mode=mode,
        distance=distance, attack=_test(e.attack), defence=defence, chance=f"{e.hit_chance:.0%}", result=_damage(e),
    )


def breakdown_lines(e: AttackResolved) -> list[str]:
    """Every term of every figure (X-3), for the report and the log's tooltip."""
    lines = [tr("attack.breakdown.attack") + " " + "; ".join(term_text(t) for t in e.attack.terms)]
    if e.defence is not None:
        lines.append(tr("attack.breakdown.defence") + " " + "; ".join(term_text(t) for t in e.defence.terms))
    if e.hit:
        lines.append(tr("attack.breakdown.dv") + " " + "; ".join(term_text(t) for t in e.damage_value))
        lines.append(tr("attack.breakdown.armour") + " " + "; ".join(term_text(t) for t in e.armour))
        if e.soak is not None:
            lines.append(tr("attack.breakdown.soak") + " " + "; ".join(term_text(t) for t in e.soak.terms))
    return lines


RENDERERS: dict[str, Callable[[Any], str]] = {
    "attack_resolved": attack_line,
    "rounds_fired": lambda e: tr("log.rounds_fired", name=e.name, weapon=e.weapon_name, rounds=e.rounds, left=e.left),
    "reloaded": lambda e: tr("log.reloaded", name=e.name, weapon=e.weapon_name, rounds=e.rounds, action=tr(f"action.{e.action}")),
}

__all__ = ["RENDERERS", "AttackResolved", "Reloaded", "RoundsFired", "attack_line", "breakdown_lines", "term_text"]
