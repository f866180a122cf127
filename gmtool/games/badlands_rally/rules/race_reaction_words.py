"""The reaction window's events (BR-18) in words for the log and the heading."""

from __future__ import annotations

from gmtool.core.i18n import tr
from gmtool.core.messages import Event
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race_state import RaceState


def reason_words(reason: str, active: str, left: str = "") -> str:
    return tr(f"br.reaction.reason_{reason}", active=active, hex=left)


def reaction_words(event: Event) -> str:
    if isinstance(event, r.ReactionOffered):
        held = (tr("br.event.reaction_step_held", name=event.name, hex=event.left) if event.step
                else tr("br.event.reaction_attack_held", name=event.name, target=event.target_name))
        if not event.offers:
            return held
        offers = ", ".join(f"{o.name} ({reason_words(o.reason, event.name, event.left)})" for o in event.offers)
        return f"{held} {tr('br.event.reaction_offered', offers=offers)}"
    if isinstance(event, r.ReactionChosen):
        if event.attack is None:
            return tr("br.event.reaction_declined", name=event.attacker_name, active=event.name)
        return tr("br.event.reaction_chosen", name=event.attacker_name, active=event.name, weapon=event.weapon)
    if isinstance(event, r.ReactionsResolved):
        words = (tr("br.event.reactions_resolved", names=", ".join(event.reactor_names)) if event.reactors
                 else tr("br.event.reactions_none"))
        if event.step_dropped:
            words += " " + tr(f"br.event.reaction_step_{event.step_dropped}", name=event.name)
        return words
    return ""


def reaction_heading(state: RaceState) -> tuple[str, str]:
    """While a window is open: who may still react (the heading), and why (its detail)."""
    window = state.reaction
    assert window is not None
    active = state.gears[window.active].name
    names = ", ".join(state.gears[g].name for g, _why in window.offers)
    why = ", ".join(f"{state.gears[g].name} ({reason_words(r, active, window.left)})" for g, r in window.offers)
    return tr("br.heading.reaction", names=names), why
