"""Rendering a test's result as rich text: faces (sixes and ones marked), hits, glitch, net hits."""

from __future__ import annotations

from typing import Any

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.describe_tests import RENDERERS
from gmtool.viewmodels.tones import tone_hex


def escape(text: str) -> str:
    """``text`` safe inside rich text (``html`` is imported with the first result, not at start)."""
    from html import escape as html_escape

    return html_escape(text)


def _strong(name: str) -> str:
    """A bold style in a tone of the theme in use (a six, a one, a glitch)."""
    return f"color:{tone_hex(name)};font-weight:bold"


def face_html(face: int, source: str, replaced: bool) -> str:
    style = _strong("success") if face == 6 else _strong("error") if face == 1 else ""
    text = f"+{face}" if source == "extra" else str(face)
    if source == "edge":
        text = f"<u>{text}</u>"
    if replaced:
        struck = tone_hex("struck")
        return f"<s style='color:{struck}'>{text}</s>"
    return f"<span style='{style}'>{text}</span>" if style else text


def dice_html(dice: tuple[tuple[int, str, bool], ...]) -> str:
    return " ".join(face_html(face, source, replaced) for face, source, replaced in dice)


def event_html(event: Any, negated: str = "result.glitch_negated") -> str:
    """One result line: the dice in colour for a roll, the log's words for everything else."""
    if event.kind != "dice_test_rolled":
        return escape(RENDERERS[event.kind](event))
    who = escape(event.name or tr("log.opponent"))
    if event.bought:
        dice = escape(tr("log.bought"))
    else:
        dice = dice_html(event.dice) + (escape(tr("log.typed_mark")) if event.typed else "")
    hits = tr("result.hits", hits=event.counted_hits)
    if event.counted_hits != event.hits:
        hits += escape(tr("result.limited", hits=event.hits, limit=event.limit))
    verdict = _verdict(event, negated)
    return f"<b>{who}</b>: {dice} → <b>{escape(hits)}</b>{verdict}"


def _verdict(e: Any, negated: str) -> str:
    parts = []
    if e.critical_glitch:
        parts.append(f"<span style='{_strong('error')}'>{escape(tr('log.critical_glitch'))}</span>")
    elif e.glitch:
        parts.append(f"<span style='{_strong('error')}'>{escape(tr('result.glitch'))}</span>")
    if e.glitch_negated:
        parts.append(escape(tr(negated)))
    if e.threshold and not e.critical_glitch:
        net = e.counted_hits - e.threshold
        key = "result.success" if net >= 0 else "result.failure"
        parts.append(escape(tr(key, net=max(net, 0))))
        if net >= 4:
            parts.append(f"<b>{escape(tr('result.critical_success'))}</b>")
    if e.reroll_refused:
        parts.append(escape(tr("log.reroll_refused")))
    return (" · " + " · ".join(parts)) if parts else ""


def results_html(events: tuple[Any, ...], negated: str = "result.glitch_negated") -> str:
    """The lines of a test's events; ``negated`` is the edition's words for a negated glitch."""
    return "<br>".join(event_html(e, negated) for e in events)
