"""What the casting panel shows and sends (SR4-S1..S9), without widgets: the caster's pool,
the exact odds before the roll (:func:`.magic_pools.cast_odds`, the same pools the roll forms),
and the commands. The panel (:mod:`.casting_panel`) only reads and forwards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.core.i18n import active_language, term_label, tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules.effect_messages import AddEffect
from gmtool.games.shadowrun.rules.simple_test import pool_of
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import (
    catalogue,
    drain_track,
    drain_value,
    spell,
)
from gmtool.games.shadowrun.sr4.rules.magic_pools import cast_odds, drain_terms, magic_terms, resist_terms


@dataclass
class CastInputs:
    """The GM's choices in the casting box."""

    spell: str = "manabolt"
    force: int = 1
    skill: int = 0
    foci: int = 0
    visibility: int = 0
    tradition: str = "hermetic"
    targets: tuple[str, ...] = ()
    tie_takes_effect: bool = False
    charge_action: bool = True  # in a combat turn, the phase pays the action


@dataclass
class Typed:
    """The figures the GM types for one caster (kept per caster while the tab lives)."""

    force: int = 1
    skill: int = 0
    foci: int = 0
    visibility: int = 0
    tradition: str = "hermetic"
    counterspelling: int = 0
    spirit_force: int = 1
    summoning: int = 0
    hours: int = 1


def typed_from_sheet(sheet: Any) -> Typed:
    """A caster chosen for the first time: the sheet's skills and tradition, Force = Magic (at least 1)."""
    force = max(1, sheet.magic)
    return Typed(force=force, skill=sheet.skill("spellcasting"), tradition=sheet.tradition,
                 counterspelling=sheet.skill("counterspelling"), spirit_force=force,
                 summoning=sheet.skill("summoning"), hours=force)


def percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def spell_rows() -> list[tuple[str, str]]:
    """(label, key) of the catalogue, the GM's own marked."""
    language = active_language()
    return [(s.label(language), key) for key, s in catalogue().spells.items()]


def spirit_rows() -> list[tuple[str, str]]:
    language = active_language()
    return [(t.label(language), key) for key, t in catalogue().spirits.items()]


def spell_facts(key: str) -> str:
    """Category, type, range, damage, duration, drain formula and source, in words."""
    s = spell(key)
    damage = tr(f"magic.damage.{s.damage}") if s.damage else "—"
    drain = f"F÷2{s.drain_modifier:+d}" if s.drain_modifier else "F÷2"
    return tr("magic.facts", category=tr(f"magic.category.{s.category}"), type=tr(f"magic.type.{s.type}"),
              range=tr(f"magic.range.{s.range}"), damage=damage, duration=tr(f"magic.duration.{s.duration}"),
              drain=drain, source=tr(f"magic.source.{s.source}"))


def _terms_text(terms: Any) -> str:
    return " ".join(f"{term_label(label)} {value:+d}" for label, value in terms)


def cast_preview(state: Any, cid: str, i: CastInputs) -> str:
    """The pool, the exact odds of each target (or of the hits alone) and the drain, before the roll."""
    c = state.combatants[cid]
    s = spell(i.spell)
    terms = magic_terms(state, c, "spellcasting", i.skill, i.foci, i.visibility)
    pool = pool_of(terms)
    dv = drain_value(s, i.force)
    drain_dice = pool_of(drain_terms(c, i.tradition))
    lines = [tr("magic.preview.pool", terms=_terms_text(terms), pool=pool, force=i.force)]
    for t in i.targets or (None,):
        resist = resist_terms(state, state.combatants[t], s) if t else None
        odds = cast_odds(pool, i.force, resist, drain_dice, dv)
        who = state.combatants[t].sheet.name if t else tr("magic.preview.no_target")
        lines.append(tr("magic.preview.target", target=who, resist=_terms_text(resist or ()),
                        effect=percent(odds.effect), tie=percent(odds.tie), net=f"{odds.expected_net:.2f}"))
    odds = cast_odds(pool, i.force, None, drain_dice, dv)
    track = field_track(drain_track(i.force, c.sheet.magic))
    lines.append(tr("magic.preview.drain", drain=dv, track=track, dice=drain_dice, none=percent(odds.no_drain),
                    boxes=f"{odds.expected_drain:.2f}"))
    return "\n".join(lines)


def field_track(track: str) -> str:
    return tr(f"field.{track}_damage")


def cast_command(cid: str, i: CastInputs) -> Command:
    return mm.CastSpell(combatant=cid, spell=i.spell, force=i.force, targets=i.targets, skill=i.skill, foci=i.foci,
                        visibility=i.visibility, tradition=i.tradition,
                        tie_takes_effect=i.tie_takes_effect, charge_action=i.charge_action)


def perception_command(cid: str) -> Command:
    """SR4-S7: astral perception is the effect catalogue's −2."""
    return AddEffect(combatant=cid, key="astral_perception")


def sustained_rows(state: Any) -> list[tuple[str, int]]:
    rows = []
    for kept in state.magic.sustained.values():
        caster = state.combatants.get(kept.caster)
        name = caster.sheet.name if caster else "?"
        rows.append((tr("magic.sustained_row", id=kept.id, spell=spell(kept.spell).label(active_language()),
                        name=name, force=kept.force, hits=kept.hits), kept.id))
    return rows


def spirit_list(state: Any) -> list[tuple[str, str]]:
    rows = []
    for bond in state.magic.spirits.values():
        spirit, summoner = state.combatants.get(bond.spirit), state.combatants.get(bond.summoner)
        rows.append((tr("magic.spirit_row", spirit=spirit.sheet.name if spirit else "?",
                        summoner=summoner.sheet.name if summoner else "?", services=bond.services), bond.spirit))
    return rows


def signature_rows(state: Any) -> list[tuple[str, int]]:
    from gmtool.games.shadowrun.sr4.rules.magic_words import what_label

    rows = []
    for sig in state.magic.signatures.values():
        caster = state.combatants.get(sig.caster)
        rows.append((tr("magic.signature_row", id=sig.id, name=caster.sheet.name if caster else "?",
                        what=what_label(sig.what), force=sig.force, turn=sig.turn, erased=sig.erased_actions), sig.id))
    return rows


def caster_text(state: Any, cid: str | None) -> str:
    if cid is None or cid not in state.combatants:
        return tr("magic.no_caster")
    c = state.combatants[cid]
    key = "magic.caster" if c.sheet.magic else "magic.caster_mundane"
    hours = state.magic.projecting.get(cid)
    text = tr(key, name=c.sheet.name, magic=c.sheet.magic, high=c.sheet.magic * 2,
              tradition=tr(f"magic.tradition.{c.sheet.tradition}"))
    return text + (tr("magic.projecting", hours=hours) if hours else "")
