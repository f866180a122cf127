"""SR4 magic pools and their exact odds before the roll (SR4-S1..S6).

Casting: Magic + Spellcasting + foci + visibility, with the wound modifier and the caster's
effects (each sustained spell −2, SR4-S1). Resisting: Willpower (mana) or Body (physical)
+ the spell defender's Counterspelling (SR4-S4). Drain: Willpower + the tradition's attribute
only — no wound, no sustaining modifier (SR4-S3). The same functions form the rolled pools.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.rules.simple_test import Terms, pool_of
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import TRADITION_ATTRIBUTE, Spell, resist_attribute
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

HIT_CHANCE = 1 / 3  # a 5 or a 6 (SR4-D1)


def _wound(c: Combatant) -> Terms:
    w = c.sheet.wound_modifier
    return (("pool.wound_modifier", w),) if w else ()


def magic_terms(state: EncounterState, c: Combatant, skill_key: str, skill: int, foci: int = 0,
                visibility: int = 0) -> Terms:
    """Magic + the skill (+ foci, visibility), wounds and the caster's effects (sustained spells)."""
    terms: list[tuple[str, int]] = [("magic.term.magic", c.sheet.magic), (f"magic.term.{skill_key}", skill)]
    if foci:
        terms.append(("magic.term.foci", foci))
    if visibility:
        terms.append(("magic.term.visibility", visibility))
    return tuple(terms) + _wound(c) + effect_terms(state, c.id, "test")


def resist_terms(state: EncounterState, target: Combatant, s: Spell) -> Terms:
    """SR4-S2 (b): the resisting attribute, + Counterspelling under a spell defence (SR4-S4)."""
    attribute = resist_attribute(s)
    terms: list[tuple[str, int]] = [(f"attr.{attribute}", target.sheet.attributes[attribute])]
    defence = state.magic.spell_defence.get(target.id)
    if defence is not None and defence[1]:
        terms.append(("magic.term.counterspelling", defence[1]))
    return tuple(terms)


def drain_terms(c: Combatant, tradition: str) -> Terms:
    """SR4-S3: Willpower + the tradition's attribute; wound and sustaining modifiers do not apply."""
    second = TRADITION_ATTRIBUTE[tradition]
    return (("attr.WIL", c.sheet.attributes["WIL"]), (f"attr.{second}", c.sheet.attributes[second]))


def hit_pmf(dice: int) -> list[float]:
    """P(k hits) of ``dice`` dice, no Edge (0 or fewer dice: no hits)."""
    n = max(0, dice)
    return [comb(n, k) * HIT_CHANCE**k * (1 - HIT_CHANCE) ** (n - k) for k in range(n + 1)]


def capped(pmf: list[float], cap: int) -> list[float]:
    """SR4-S2: hits beyond ``cap`` (the Force) do not count."""
    out = pmf[: cap + 1] + [0.0] * max(0, cap + 1 - len(pmf))
    out[cap] += sum(pmf[cap + 1:])
    return out


@dataclass(frozen=True)
class CastOdds:
    """Before the roll: P(effect), P(tie), expected net hits, P(no drain), expected drain boxes."""

    effect: float
    tie: float
    expected_net: float
    no_drain: float
    expected_drain: float


def contest(actor: list[float], defender: list[float]) -> tuple[float, float, float]:
    """P(actor > defender), P(equal), E[max(0, actor − defender)]."""
    win = tie = net = 0.0
    for a, pa in enumerate(actor):
        for d, pd in enumerate(defender):
            p = pa * pd
            if a > d:
                win += p
                net += p * (a - d)
            elif a == d:
                tie += p
    return win, tie, net


def drain_odds(dice: int, drain_value: int) -> tuple[float, float]:
    """P(the drain fully resisted), expected boxes taken."""
    pmf = hit_pmf(dice)
    none = sum(p for k, p in enumerate(pmf) if k >= drain_value)
    boxes = sum(p * max(0, drain_value - k) for k, p in enumerate(pmf))
    return none, boxes


def cast_odds(pool: int, force: int, resist: Terms | None, drain_dice: int, drain_value: int) -> CastOdds:
    """SR4-S2/S3 exactly: the caster's hits capped at Force against the resistance (None: no target)."""
    actor = capped(hit_pmf(pool), force)
    win, tie, net = contest(actor, hit_pmf(pool_of(resist)) if resist is not None else [1.0])
    none, boxes = drain_odds(drain_dice, drain_value)
    return CastOdds(effect=win, tie=tie, expected_net=net, no_drain=none, expected_drain=boxes)
