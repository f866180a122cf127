"""Attack and defence pools of both editions, each as a breakdown (X-3).

SR4-R3 / SR4-M1: attack = Agility + the combat skill (firearm for ranged, melee
skill for melee; skill 0 defaults at −1, SR4-D8) + modifiers (SR4-R2, SR4-MT1/MT3).
SR4-R3 ranged defence: Reaction, + Dodge or Gymnastics on full defence.
SR4-M2 melee defence: parry Reaction + the weapon skill, block Reaction + Unarmed
Combat, dodge Reaction + Dodge. Full defence adds a skill; the digest lists two per
choice — parry: Dodge or the weapon skill; block: Dodge or Unarmed Combat; dodge:
Dodge or Gymnastics (ranged: Dodge or Gymnastics). SR4 core adds Dodge, SR4A (where
Dodge became part of Gymnastics) adds Gymnastics, so the choice is an input
(``full_defence_skill``, default Dodge, allowed in every case); another is refused.
SR4-MT4 defence modifiers (and "unaware: no defence") come from outside.

SR5-A1: attack = skill + attribute ± modifiers, limited by the weapon's Accuracy
(unless Push the Limit). SR5-A2: defence = Reaction + Intuition ± modifiers, plus
the interrupt actions in force: Full Defence + Willpower (SR5-N6, any attack),
Block + Unarmed Combat (N1), Dodge + Gymnastics (N2), Parry + the weapon skill (N5)
— the last three on melee defence tests only (digest and SR5 p. 191). SR5 p. 191:
a defence test that gains a skill gains the physical limit too
(``defence_skill_limit``, on by default; Full Defence alone adds no skill).
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.inputs import (
    ATTACK_KINDS,
    SR4_MELEE_DEFENCES,
    SR5_INTERRUPTS,
    Attacker,
    AttackKind,
    SR4AttackInputs,
    SR5AttackInputs,
)
from gmtool.games.shadowrun.rules.damage.terms import Term, Terms, check_rating, term

DEFAULTING_PENALTY = -1  # SR4-D8: a skill test without the skill
SR4_WOUND_PAGE = "SR4 165"
NO_DEFENCE = "damage.term.no_defence"

# SR4-M2 / SR4-R3: the skills full defence may add, per defence choice.
SR4_FULL_DEFENCE_CHOICES: dict[str, frozenset[str]] = {
    "ranged": frozenset({"dodge", "gymnastics"}),
    "parry": frozenset({"dodge", "weapon"}),
    "block": frozenset({"dodge", "unarmed"}),
    "dodge": frozenset({"dodge", "gymnastics"}),
}
SKILL_LABELS = {
    "dodge": "damage.term.dodge",
    "gymnastics": "damage.term.gymnastics",
    "weapon": "damage.term.weapon_skill",
    "unarmed": "damage.term.unarmed_combat",
}


def _check_kind(kind: AttackKind) -> None:
    if kind not in ATTACK_KINDS:
        raise RulesError("error.damage.unknown_attack_kind", kind=kind)


def _wounds(value: int, rule: str, page: str | None) -> list[Term]:
    return [term("pool.wound_modifier", value, rule, page)] if value else []


def attack_terms(attacker: Attacker, kind: AttackKind, extra: Terms, rule: str, page: str | None = None) -> Terms:
    """Attribute + combat skill (defaulting −1 without it) + wound modifier + ``extra``."""
    _check_kind(kind)
    check_rating(attacker.attribute, "attribute")
    check_rating(attacker.skill, "skill")
    skill_label = "damage.term.firearm_skill" if kind == "ranged" else "damage.term.melee_skill"
    terms = [term(attacker.attribute_label, attacker.attribute, rule)]
    if attacker.skill > 0:
        terms.append(term(skill_label, attacker.skill, rule))
    else:
        terms.append(term("pool.defaulting", DEFAULTING_PENALTY, "SR4-D8"))
    return tuple(terms + _wounds(attacker.wound_modifier, rule, page) + list(extra))


def sr4_attack_terms(inputs: SR4AttackInputs) -> Terms:
    """SR4-R3 (ranged) / SR4-M1 (melee)."""
    rule = "SR4-R3" if inputs.kind == "ranged" else "SR4-M1"
    return attack_terms(inputs.attacker, inputs.kind, inputs.modifiers.attack, rule, SR4_WOUND_PAGE)


def sr4_defence_choice(inputs: SR4AttackInputs) -> str:
    """"ranged", or the melee defence chosen (parry, block, dodge)."""
    _check_kind(inputs.kind)
    if inputs.kind == "ranged":
        return "ranged"
    if inputs.melee_defence not in SR4_MELEE_DEFENCES:
        raise RulesError("error.damage.unknown_defence", defence=inputs.melee_defence)
    return inputs.melee_defence


def _sr4_skill(inputs: SR4AttackInputs, skill: str) -> int:
    d = inputs.defender
    return {"dodge": d.dodge, "gymnastics": d.gymnastics, "weapon": d.weapon_skill, "unarmed": d.unarmed_combat}[skill]


def sr4_defence_terms(inputs: SR4AttackInputs) -> Terms:
    """SR4-R3 / SR4-M2 with SR4-MT4 modifiers from outside; SR4-R1 full defence."""
    choice = sr4_defence_choice(inputs)
    if inputs.no_defence:
        return (term(NO_DEFENCE, 0, "SR4-MT4", "SR4 161"),)
    d = inputs.defender
    for figure in ("reaction", "dodge", "gymnastics", "unarmed_combat", "weapon_skill"):
        check_rating(getattr(d, figure), figure)
    rule = "SR4-R3" if choice == "ranged" else "SR4-M2"
    terms = [term("attr.REA", d.reaction, rule)]
    own_skill = {"parry": "weapon", "block": "unarmed", "dodge": "dodge"}.get(choice)
    if own_skill is not None:
        terms.append(term(SKILL_LABELS[own_skill], _sr4_skill(inputs, own_skill), rule))
    if inputs.full_defence:
        skill = inputs.full_defence_skill
        if skill not in SR4_FULL_DEFENCE_CHOICES[choice]:
            raise RulesError("error.damage.full_defence_skill", skill=skill, defence=choice)
        terms.append(term("damage.term.full_defence", _sr4_skill(inputs, skill), rule))
    terms += _wounds(d.wound_modifier, "SR4-MT4", SR4_WOUND_PAGE)
    return tuple(terms + list(inputs.modifiers.defence))


def sr5_attack_terms(inputs: SR5AttackInputs) -> Terms:
    """SR5-A1: skill + attribute ± modifiers (the limit is :func:`sr5_attack_limit`)."""
    return attack_terms(inputs.attacker, inputs.kind, inputs.modifiers.attack, "SR5-A1")


def sr5_attack_limit(inputs: SR5AttackInputs) -> int | None:
    """SR5-A1: the weapon's Accuracy caps the hits; Push the Limit (SR5-E1) lifts it."""
    accuracy = inputs.weapon.accuracy
    if accuracy is None:
        raise RulesError("error.damage.accuracy_missing")
    check_rating(accuracy, "accuracy")
    return None if inputs.push_the_limit else accuracy


def _sr5_check_interrupts(inputs: SR5AttackInputs) -> None:
    unknown = sorted(set(inputs.interrupts) - set(SR5_INTERRUPTS))
    if unknown:
        raise RulesError("error.damage.unknown_interrupt", interrupt=", ".join(unknown))
    if inputs.kind == "ranged" and set(inputs.interrupts) & {"block", "dodge", "parry"}:
        raise RulesError("error.damage.interrupt_melee_only")


SR5_INTERRUPT_TERMS = (  # (interrupt, label, defender field, rule)
    ("full_defence", "damage.term.full_defence_willpower", "willpower", "SR5-N6"),
    ("block", "damage.term.block_unarmed", "unarmed_combat", "SR5-N1"),
    ("dodge", "damage.term.dodge_gymnastics", "gymnastics", "SR5-N2"),
    ("parry", "damage.term.parry_weapon", "weapon_skill", "SR5-N5"),
)


def sr5_defence_terms(inputs: SR5AttackInputs) -> Terms:
    """SR5-A2: Reaction + Intuition, the interrupts in force, wounds, modifiers."""
    _check_kind(inputs.kind)
    if inputs.no_defence:
        return (term(NO_DEFENCE, 0, "SR5-A2"),)
    _sr5_check_interrupts(inputs)
    d = inputs.defender
    for figure in ("reaction", "intuition", "willpower", "gymnastics", "unarmed_combat", "weapon_skill"):
        check_rating(getattr(d, figure), figure)
    terms = [term("attr.REA", d.reaction, "SR5-A2"), term("attr.INT", d.intuition, "SR5-A2")]
    for interrupt, label, figure, rule in SR5_INTERRUPT_TERMS:
        if interrupt in inputs.interrupts:
            terms.append(term(label, getattr(d, figure), rule))
    terms += _wounds(d.wound_modifier, "SR5-A2", None)
    return tuple(terms + list(inputs.modifiers.defence))


def sr5_defence_limit(inputs: SR5AttackInputs) -> int | None:
    """The physical limit when an interrupt added a skill (and the option is on), else None."""
    skilled = set(inputs.interrupts) & {"block", "dodge", "parry"}
    if inputs.no_defence or not skilled or not inputs.defence_skill_limit or inputs.defence_push_the_limit:
        return None  # (Push the Limit on the defence test lifts it, SR5-E1)
    return inputs.defender.physical_limit
