"""SR4 events in words for the turn log (formatting kept apart from computing).

Messages shared with SR5 (roster, sheet, phases, Edge) use the same keys;
SR4's own are ``log.sr4.*``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import active_language, term_label, tr
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.shadowrun import faces_text, field_label
from gmtool.games.shadowrun.rules.shadowrun import value_text as shared_value_text
from gmtool.games.shadowrun.rules.shared_describe import SHARED_LINES, TURN_LINES, roster_lines
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.actions import action_label
from gmtool.games.shadowrun.sr4.rules.describe_tests import RENDERERS as TEST_LINES
from gmtool.games.shadowrun.sr4.rules.magic_words import RENDERERS as MAGIC_LINES
from gmtool.games.shadowrun.sr4.rules.matrix_words import MATRIX_LINES
from gmtool.games.shadowrun.sr4.rules.sheet import metatypes
from gmtool.games.shadowrun.sr4.rules.vehicle_words import RENDERERS as VEHICLE_LINES


def value_text(field: str, value: int | str | bool) -> str:
    """A sheet value in words (the edition's metatype labels)."""
    return shared_value_text(field, value, {k: m.label for k, m in metatypes().metatypes.items()})


_faces = faces_text


def _terms(terms: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)


def _suffix(glitch: bool, critical: bool, typed: bool) -> str:
    text = tr("log.typed_mark") if typed else ""
    if critical:
        return text + tr("log.sr4.critical_glitch_mark")
    return text + (tr("log.sr4.glitch_mark") if glitch else "")


def _initiative(e: ev.InitiativeRolled) -> str:
    wound = f" {e.wound:+d}" if e.wound else ""
    score = max(0, e.attribute + e.wound + e.hits)
    text = tr(
        "log.sr4.initiative_rolled", name=e.name, attribute=e.attribute, wound=wound,
        pool=e.pool, faces=_faces(e.faces), hits=e.hits, score=score,
    )
    return text + _suffix(e.glitch, e.critical_glitch, e.typed)


def _action(e: ev.ActionTaken) -> str:
    action = action_label(e.action, active_language()) if e.action != e.action_kind else tr(f"action.{e.action}")
    key = "log.sr4.action_swapped" if e.paid == "slot" else "log.sr4.action_taken"
    text = tr(key, name=e.name, action=action, kind=tr(f"action.{e.action_kind}"))
    return text + (tr("log.sr4.action_target", target=e.target_name) if e.target_name else "")


def _sprinted(e: ev.Sprinted) -> str:
    text = tr(
        "log.sr4.sprinted", name=e.name, terms=_terms(e.terms), pool=e.pool, faces=_faces(e.faces),
        hits=e.hits, bonus=e.bonus, limit=e.limit,
    )
    return text + _suffix(e.glitch, e.critical_glitch, e.typed)


def _surprise_rolled(e: ev.SurpriseRolled) -> str:
    text = tr(
        "log.sr4.surprise_rolled", name=e.name, terms=_terms(e.terms), pool=e.pool,
        faces=_faces(e.faces), hits=e.hits,
    )
    return text + _suffix(e.glitch, e.critical_glitch, e.typed)


def _surprise(e: ev.SurpriseDecided) -> str:
    if not e.marks:
        return tr("log.sr4.nobody_surprised")
    return " ".join(tr("log.sr4.surprised", name=m.name, by=", ".join(m.by_names)) for m in e.marks)


def _damage(e: ev.DamageApplied) -> str:
    return tr(
        "log.sr4.damage", name=e.name, track=field_label(f"{e.track}_damage"), boxes=e.boxes,
        physical_before=e.physical_before, physical_after=e.physical_after,
        stun_before=e.stun_before, stun_after=e.stun_after, wound=e.wound_after,
    )


RENDERERS: dict[str, Callable[[Any], str]] = {
    **SHARED_LINES,
    **TURN_LINES,
    **roster_lines(value_text),
    "damage_applied": _damage,
    "initiative_rolled": _initiative,
    "pass_started": lambda e: tr("log.sr4.pass_started", turn=e.turn, pass_number=e.pass_number),
    "phase_started": lambda e: tr("log.sr4.phase_started", name=e.name),
    "first_in_pass": lambda e: tr("log.sr4.first_in_pass", name=e.name, pass_number=e.pass_number),
    "extra_pass_gained": lambda e: tr("log.sr4.extra_pass", name=e.name, passes=e.passes),
    "score_adjusted": lambda e: tr(f"log.score_adjusted.{e.reason}", name=e.name, delta=f"{e.delta:+d}"),
    "action_taken": _action,
    "moved": lambda e: tr(
        f"log.sr4.moved_{e.mode}", name=e.name, metres=e.metres, total=e.total, limit=e.limit
    ),
    "sprinted": _sprinted,
    "surprise_rolled": _surprise_rolled,
    "surprise_decided": _surprise,
    "surprise_ended": lambda e: tr("log.sr4.surprise_ended"),
    "rule_option_changed": lambda e: tr(
        "log.option_changed", option=tr(f"option.{e.option}"),
        value=tr("common.on") if e.new else tr("common.off"),
    ),
    **TEST_LINES,
    **MAGIC_LINES,
    **VEHICLE_LINES,
    **MATRIX_LINES,
}


def _attack_renderer(kind: str) -> Callable[[Any], str]:
    """The attack events' lines (SR4's own above win), loaded with the encounter's first attack event."""
    from gmtool.games.shadowrun.rules.attack.describe import RENDERERS as ATTACK_RENDERERS

    return ATTACK_RENDERERS[kind]


def describe(event: Event) -> str:
    return (RENDERERS.get(event.kind) or _attack_renderer(event.kind))(event)
