"""What an SR4 encounter keeps of magic: sustained spells, spell defence, summoned spirits,
astral projection and astral signatures (SR4-S1..S9). Folded by :mod:`.magic_fold`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SustainedSpell:
    """SR4-S1/S5: a spell kept up by its caster (−2 through the effect ``effect``), dispellable by hits."""

    id: int
    caster: str
    spell: str  # catalogue key
    force: int
    hits: int  # the caster's hits (capped at Force); dispelling removes them one by one
    target: str | None
    effect: int  # the caster's sustained_spell effect


@dataclass
class SpiritBond:
    """SR4-S6: a summoned spirit (a combatant) and what it owes its summoner."""

    spirit: str
    summoner: str
    kind: str
    force: int
    services: int


@dataclass
class Signature:
    """SR4-S9: an astral signature, a timed note (Force hours), erased by Force complex actions."""

    id: int
    caster: str
    what: str  # the spell or spirit type key
    force: int
    turn: int  # the combat turn it was left in
    erased_actions: int = 0


@dataclass
class MagicState:
    sustained: dict[int, SustainedSpell] = field(default_factory=dict)
    next_spell: int = 1
    spell_defence: dict[str, tuple[str, int]] = field(default_factory=dict)  # SR4-S4: protected → (defender, Counterspelling)
    spirits: dict[str, SpiritBond] = field(default_factory=dict)  # spirit combatant id → bond
    projecting: dict[str, int] = field(default_factory=dict)  # SR4-S8: combatant → hours allowed
    signatures: dict[int, Signature] = field(default_factory=dict)
    next_signature: int = 1
