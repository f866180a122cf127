"""Dice tests and Edge bookkeeping in words for the turn log (both editions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import term_label, tr
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.shared_describe import (
    SHARED_LINES,
    dice_text,
)


def terms_text(terms: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)


def _outcome(e: te.DiceTestRolled, negated: str = "log.glitch_negated") -> str:
    if e.critical_glitch:
        text = tr("log.critical_glitch")
    elif e.threshold == 0:
        text = tr("log.hits_only")
    elif e.counted_hits >= e.threshold:
        net = e.counted_hits - e.threshold
        text = tr("log.success", net=net) + (tr("log.critical_success") if net >= 4 else "")
    else:
        text = tr("log.failure")
    if e.glitch and not e.critical_glitch:
        text += tr("log.and_glitch")
    if e.glitch_negated:
        text += tr(negated)
    if e.reroll_refused:
        text += tr("log.reroll_refused")
    return text


def _rolled(e: te.DiceTestRolled, edge_words: str = "edge.", negated: str = "log.glitch_negated") -> str:
    """The test's line; ``edge_words``: the key prefix of the edition's names of Edge uses; ``negated``: its
    words for a negated glitch."""
    who = e.name or tr("log.opponent")
    head = tr(f"log.role.{e.role}", name=who, label=e.label or tr("log.test"))
    limit = tr("log.limit", limit=e.limit) if e.limit is not None else ""
    if e.bought:
        dice = tr("log.bought")
    else:
        dice = "[" + dice_text(e.dice) + "]" + (tr("log.typed_mark") if e.typed else "")
    hits = f"{e.counted_hits}/{e.hits}" if e.counted_hits != e.hits else str(e.hits)
    edge = "" if e.edge_use.value == "none" else " · " + tr(f"{edge_words}{e.edge_use.value}")
    return tr(
        "log.dice_test", head=head, terms=terms_text(e.terms), pool=e.pool, limit=limit,
        threshold=e.threshold, edge=edge, dice=dice, hits=hits, outcome=_outcome(e, negated),
    )


def _opposed(e: te.OpposedTestResolved) -> str:
    if e.actor_wins:
        return tr("log.opposed_won", actor=e.actor_hits, opponent=e.opponent_hits, net=e.net_hits)
    return tr("log.opposed_lost", actor=e.actor_hits, opponent=e.opponent_hits)


def readable_key(key: str) -> str:
    """A retry key as the GM reads it: a label as typed, a pool's make-up by names ("Agility + 3")."""
    parts = key.split("+")
    if len(parts) == 2 and parts[0].isupper() and parts[0].isalpha():
        second = parts[1] if parts[1].isdigit() else tr(f"attr.{parts[1]}")
        return f"{tr(f'attr.{parts[0]}')} + {second}"
    return key


def rolled_line(edge_words: str, negated: str) -> Callable[[Any], str]:
    """The line of a test whose Edge uses an edition names with its own keys (SR4: ``sr4test.``)."""
    return lambda e: _rolled(e, edge_words, negated)


RENDERERS: dict[str, Callable[[Any], str]] = {
    **SHARED_LINES,
    "dice_test_rolled": _rolled,
    "opposed_test_resolved": _opposed,
    "retry_counted": lambda e: tr("log.retry_counted", name=e.name, key=readable_key(e.key), count=e.count,
                                  penalty=2 * e.count),
    "retries_cleared": lambda e: tr("log.retries_cleared", name=e.name),
    "edge_burnt": lambda e: tr("log.edge_burnt", name=e.name, before=e.attribute_before, after=e.attribute_after),
    "edge_refreshed": lambda e: tr("log.edge_refreshed", name=e.name, before=e.before, after=e.after),
    "extended_test_started": lambda e: tr(
        "log.extended_started", name=e.name, label=e.label or tr("log.test"), threshold=e.threshold,
        interval=e.interval_minutes, limit=e.roll_limit,
    ),
    "extended_test_progressed": lambda e: tr(
        f"log.extended.{e.outcome}", name=e.name, label=e.label or tr("log.test"), rolls=e.rolls,
        accumulated=e.accumulated, threshold=e.threshold, minutes=e.elapsed_minutes,
    ),
    "interrupt_declared": lambda e: tr(
        "log.interrupt", name=e.name, interrupt=tr(f"interrupt.{e.interrupt}"), cost=e.cost, before=e.before, after=e.after,
    ),
    "surprised": lambda e: tr("log.surprised", name=e.name, by=", ".join(e.by_names)),
    "extended_test_ended": lambda e: tr("log.extended_ended", name=e.name, label=e.label or tr("log.test")),
}
