"""The datacards' special rules (BR-20) in the log's words: the off-road roll, the Pyrotechnics'
rally, and what a special added to an attack or a special move (its terms, a spin-out, a reroll)."""

from __future__ import annotations

from gmtool.core.i18n import active_language, tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import special_messages as s
from gmtool.games.badlands_rally.rules.specials import specials


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) if faces else "—"


def special_name(key: str) -> str:
    found = specials().get(key)
    return found.name(active_language()) if found else key


def special_names(keys: tuple[str, ...]) -> str:
    """A gear's special rules by name, for its sheet (campaign-only rules too: shown, no race effect)."""
    named = [special_name(k) + (tr("br.specials.campaign_mark") if specials()[k].scope == "campaign" else "")
             for k in keys if k in specials()]
    return ", ".join(named) if named else tr("br.specials.none")


def describe(event: Event) -> str:
    if isinstance(event, s.OffRoadRolled):
        words = tr("br.event.off_road", name=event.name, dice=event.dice, rating=event.rating,
                   faces=_faces(event.faces), successes=event.successes, odds=event.odds)
        return words + _rerolled(event.name, event.rerolled)
    if isinstance(event, s.PyrotechnicsRallied):
        return tr("br.event.pyrotechnics", name=event.name, other=event.other, tokens=event.tokens)
    return ""


def attack_extra(event: m.AttackMade) -> str:
    """What the specials did in an attack (appended to its line; "" when nothing)."""
    parts = [tr("br.event.spun_by", special=special_name(event.spun_by))] if event.spun_by else []
    if event.reliable is not None:
        who = event.attacker_name if event.reliable == event.attacker else event.name
        parts.append(tr("br.event.reliable", name=who, faces=_faces(event.rerolled)))
    return (" " + " ".join(parts)) if parts else ""


def move_extra(event: m.SpecialMoveMade) -> str:
    """The terms a special move's specials added, and a Reliable reroll ("" when none)."""
    terms = ", ".join(f"{tr(key)} {dice:+d}D6" for key, dice in event.terms)
    text = (" " + tr("br.event.special_terms", terms=terms)) if terms else ""
    return text + _rerolled(event.name, event.rerolled)


def _rerolled(name: str, faces: tuple[int, ...] | None) -> str:
    return "" if faces is None else " " + tr("br.event.reliable", name=name, faces=_faces(faces))
