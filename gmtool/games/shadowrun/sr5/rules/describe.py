"""SR5 events in words for the turn log (formatting kept apart from computing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.shadowrun import faces_text
from gmtool.games.shadowrun.rules.shadowrun import value_text as shared_value_text
from gmtool.games.shadowrun.rules.shared_describe import TURN_LINES, roster_lines
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.describe_tests import RENDERERS as TEST_RENDERERS
from gmtool.games.shadowrun.sr5.rules.sheet import metatypes


def value_text(field: str, value: int | str | bool) -> str:
    """A sheet value in words (the edition's metatype labels)."""
    return shared_value_text(field, value, {k: m.label for k, m in metatypes().metatypes.items()})


_faces = faces_text


def _rolled(e: ev.InitiativeRolled) -> str:
    score = e.base + sum(e.faces) - e.reduction
    key = "log.initiative_typed" if e.typed else "log.initiative_rolled"
    text = tr(key, name=e.name, base=e.base, faces=_faces(e.faces), score=score)
    if e.reduction:
        text += tr("log.initiative_late", reduction=e.reduction)
    if e.blitz:
        text += tr("log.initiative_blitz")
    return text


def _test(e: ev.TestRolled) -> str:
    terms = " ".join(f"{tr(label)} {value:+d}" for label, value in e.terms)
    if e.critical_glitch:
        outcome = tr("log.critical_glitch")
    elif e.hits >= e.threshold:
        outcome = tr("log.success", net=e.hits - e.threshold)
    else:
        outcome = tr("log.failure")
    if e.glitch and not e.critical_glitch:
        outcome += tr("log.and_glitch")
    key = "log.test_typed" if e.typed else "log.test_rolled"
    return tr(
        key, name=e.name, terms=terms, pool=e.pool, threshold=e.threshold,
        faces=_faces(e.faces), hits=e.hits, outcome=outcome,
    )


def _action_taken(e: ev.ActionTaken) -> str:
    if not e.listed:
        return tr("log.action_taken", name=e.name, action=tr(f"action.{e.action}"))
    from gmtool.core.i18n import active_language
    from gmtool.games.shadowrun.sr5.rules.actions import action_list

    info = action_list().by_key()[e.listed]
    label = info.ja if active_language() == "ja" else info.en
    return tr("log.action_taken_named", name=e.name, listed=label, action=tr(f"action.{e.action}"))


RENDERERS: dict[str, Callable[[Any], str]] = {
    **TURN_LINES,
    **roster_lines(value_text),
    "initiative_rolled": _rolled,
    "pass_started": lambda e: tr("log.pass_started", turn=e.turn, pass_number=e.pass_number),
    "scores_reduced": lambda e: tr("log.scores_reduced", amount=e.amount),
    "initiative_seized": lambda e: tr("log.seized", name=e.name),
    "blitz_declared": lambda e: tr("log.blitz_declared", name=e.name),
    "score_adjusted": lambda e: tr(f"log.score_adjusted.{e.reason}", name=e.name, delta=f"{e.delta:+d}"),
    "action_taken": _action_taken,
    "test_rolled": _test,
    "rule_option_changed": lambda e: tr(
        "log.option_changed", option=tr(f"option.{e.option}"),
        value=tr("common.on") if e.new else tr("common.off"),
    ),
}


def _attack_renderer(kind: str) -> Callable[[Any], str]:
    """The attack events' lines, loaded with the encounter's first attack event."""
    from gmtool.games.shadowrun.rules.attack.describe import RENDERERS as ATTACK_RENDERERS

    return ATTACK_RENDERERS[kind]


def describe(event: Event) -> str:
    renderer = RENDERERS.get(event.kind) or TEST_RENDERERS.get(event.kind) or _attack_renderer(event.kind)
    return renderer(event)
