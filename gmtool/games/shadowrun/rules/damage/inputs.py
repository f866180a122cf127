"""What an attack needs to be resolved: frozen figures for attacker, defender and weapon.

The caller (the journal) fills these from the sheets, the weapon and the modifier
tables; every modifier arrives as breakdown terms (:class:`~.terms.Term`) so the
resolution can show where each figure came from. The dice are not here: the
resolvers take the hits the caller rolled (or typed).

``wound_modifier`` is the combatant's wound modifier (SR4-MT8 / SR5-A6, a
negative number); it becomes its own term. Pass 0 when the caller's table rows
already carry the "wounded" row, so it is not counted twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gmtool.games.shadowrun.rules.damage.monitors import (
    SR4_STUN_OVERFLOW_RATIO,
    SR5_STUN_OVERFLOW_RATIO,
    Monitor,
    Track,
)
from gmtool.games.shadowrun.rules.damage.terms import Terms

AttackKind = Literal["ranged", "melee"]
SR4MeleeDefence = Literal["parry", "block", "dodge"]
SR4FullDefenceSkill = Literal["dodge", "gymnastics", "weapon", "unarmed"]
SR5Interrupt = Literal["full_defence", "block", "dodge", "parry"]
ATTACK_KINDS: tuple[AttackKind, ...] = ("ranged", "melee")
SR4_MELEE_DEFENCES: tuple[SR4MeleeDefence, ...] = ("parry", "block", "dodge")
SR5_INTERRUPTS: tuple[SR5Interrupt, ...] = ("full_defence", "block", "dodge", "parry")


@dataclass(frozen=True)
class Weapon:
    """The damage code as the weapons feature computed it (melee DV already holds STR)."""

    dv: int
    damage_type: Track = "physical"  # "stun": the damage stays stun whatever the armour
    ap: int = 0  # armour penetration, usually ≤ 0
    accuracy: int | None = None  # SR5 only: the attack's limit


@dataclass(frozen=True)
class Attacker:
    """The attack pool's figures: attribute (Agility) + combat skill (0 = defaulting)."""

    attribute: int
    skill: int
    wound_modifier: int = 0
    attribute_label: str = "attr.AGI"


@dataclass(frozen=True)
class SR4Defender:
    """The SR4 defender: Reaction, the defence skills, Body, armour, monitors."""

    body: int
    reaction: int
    ballistic_armour: int = 0
    impact_armour: int = 0
    dodge: int = 0
    gymnastics: int = 0
    unarmed_combat: int = 0
    weapon_skill: int = 0  # the skill of the melee weapon it parries with
    wound_modifier: int = 0


@dataclass(frozen=True)
class SR5Defender:
    """The SR5 defender: Reaction + Intuition, the interrupt skills, Body, armour, limit."""

    body: int
    reaction: int
    intuition: int
    willpower: int
    physical_limit: int  # ⌈(2×STR + BOD + REA)/3⌉: take it from the sheet
    armour: int = 0
    gymnastics: int = 0
    unarmed_combat: int = 0
    weapon_skill: int = 0  # parry
    wound_modifier: int = 0


@dataclass(frozen=True)
class Modifiers:
    """Terms from outside (tables, weapon, ammunition, called shots, the GM)."""

    attack: Terms = ()
    defence: Terms = ()
    damage_value: Terms = ()
    armour: Terms = ()
    soak: Terms = ()
    knockdown: Terms = ()  # changes to the figure knockdown is measured against (gel rounds: −2)


@dataclass(frozen=True)
class SR4AttackInputs:
    """An SR4 attack. ``full_defence`` was declared when the attack was (SR4-R1);
    ``full_defence_skill`` picks the skill it adds (see :mod:`.defence`)."""

    kind: AttackKind
    attacker: Attacker
    defender: SR4Defender
    weapon: Weapon
    melee_defence: SR4MeleeDefence = "dodge"  # ignored for a ranged attack
    full_defence: bool = False
    full_defence_skill: SR4FullDefenceSkill = "dodge"
    no_defence: bool = False  # SR4-MT4 "unaware of the attack": no defence test
    modifiers: Modifiers = Modifiers()
    monitor: Monitor | None = None  # the defender's monitors; None: not applied
    stun_overflow_ratio: int = SR4_STUN_OVERFLOW_RATIO


@dataclass(frozen=True)
class SR5AttackInputs:
    """An SR5 attack. ``interrupts`` are the defender's interrupt actions in force
    for this defence test (SR5-N1, N2, N5, N6)."""

    kind: AttackKind
    attacker: Attacker
    defender: SR5Defender
    weapon: Weapon
    interrupts: frozenset[SR5Interrupt] = frozenset()
    no_defence: bool = False  # surprised or unaware: no defence test
    push_the_limit: bool = False  # the attacker's Edge (SR5-E1): Accuracy does not cap
    defence_push_the_limit: bool = False  # the defender's Edge on the defence test: no limit either
    modifiers: Modifiers = Modifiers()
    monitor: Monitor | None = None
    stun_overflow_ratio: int = SR5_STUN_OVERFLOW_RATIO
    defence_skill_limit: bool = True  # an interrupt's skill brings the physical limit (p. 191)
    knockdown_at_ten: bool = False  # the book's reading (SR5 p. 194): 10+ boxes also knock down
