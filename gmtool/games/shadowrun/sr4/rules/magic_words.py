"""SR4 magic events in words for the turn log (SR4-S1..S9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.rules.shadowrun import field_label
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import catalogue


def what_label(key: str) -> str:
    """A spell's or a spirit type's name in the active language (the key when unknown)."""
    book = catalogue()
    entry = book.spells.get(key) or book.spirits.get(key)
    return entry.label(active_language()) if entry else key


def _resolved(e: mm.SpellResolved) -> str:
    on = tr("log.sr4.spell.on", target=e.target_name) if e.target_name else ""
    text = tr(f"log.sr4.spell.{e.outcome}", name=e.name, spell=what_label(e.spell), force=e.force, on=on,
              hits=e.hits, resisted=e.resisted_hits, net=e.net_hits)
    if e.damage and e.track:
        text += tr("log.sr4.spell.damage", damage=e.damage, track=field_label(f"{e.track}_damage"))
    return text


def _drain(e: mm.DrainResisted) -> str:
    return tr("log.sr4.drain", name=e.name, drain=e.drain_value, hits=e.hits, boxes=e.boxes,
              track=field_label(f"{e.track}_damage"))


def _defence(e: mm.SpellDefenceDeclared) -> str:
    if not e.protects:
        return tr("log.sr4.spell_defence_ended", name=e.name)
    return tr("log.sr4.spell_defence", name=e.name, names=", ".join(e.protect_names), rating=e.counterspelling)


def _projection(e: mm.ProjectionChanged) -> str:
    if e.hours:
        return tr("log.sr4.projection_started", name=e.name, hours=e.hours)
    return tr("log.sr4.projection_ended", name=e.name)


def _erased(e: mm.SignatureErased) -> str:
    key = "log.sr4.signature_gone" if e.gone else "log.sr4.signature_erasing"
    return tr(key, name=e.name, signature=e.signature, actions=e.actions, force=e.force)


RENDERERS: dict[str, Callable[[Any], str]] = {
    "spell_resolved": _resolved,
    "drain_resisted": _drain,
    "spell_sustained": lambda e: tr("log.sr4.spell_sustained", name=e.name, spell=what_label(e.spell),
                                    force=e.force, hits=e.hits, id=e.spell_id),
    "spell_ended": lambda e: tr(f"log.sr4.spell_{e.reason}", name=e.name, spell=what_label(e.spell), id=e.spell_id),
    "spell_weakened": lambda e: tr("log.sr4.spell_weakened", name=e.name, spell=what_label(e.spell), net=e.net_hits,
                                   left=e.hits_after),
    "spell_defence_declared": _defence,
    "spirit_summoned": lambda e: tr("log.sr4.spirit_summoned", name=e.name, spirit=e.spirit_name, force=e.force,
                                    services=e.services),
    "summoning_failed": lambda e: tr("log.sr4.summoning_failed", name=e.name, spirit=what_label(e.spirit_kind),
                                     force=e.force),
    "service_used": lambda e: tr("log.sr4.service_used", name=e.name, left=e.left),
    "spirit_released": lambda e: tr("log.sr4.spirit_released", name=e.name),
    "projection_changed": _projection,
    "astral_signature_left": lambda e: tr("log.sr4.signature_left", name=e.name, what=what_label(e.what),
                                   signature=e.signature, force=e.force),
    "astral_signature_erased": _erased,
}
