"""SR4 magic commands and events (SR4-S1..S9): casting, spell defence, dispelling, dropping a
sustained spell, summoning, releasing a spirit, its services, astral projection, erasing signatures.

Every roll is a shared ``dice_test_rolled`` event; faces may be typed at the table (X-2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import Tradition

Faces = tuple[int, ...]
DICE_MAX = 30


class CastSpell(Command):
    """SR4-S1/S2/S3: Magic + Spellcasting (hits capped at Force) against each target's resistance."""

    kind: Literal["cast_spell"] = "cast_spell"
    combatant: str
    spell: str
    force: int = Field(ge=1, le=24)
    targets: tuple[str, ...] = ()  # none: the hits alone decide (a test against no one)
    skill: int = Field(default=0, ge=0, le=12)  # Spellcasting
    foci: int = Field(default=0, ge=0, le=12)  # SR4-S1: dice from foci
    visibility: int = Field(default=0, ge=-12, le=0)  # SR4-S1: the GM's visibility modifier
    tradition: Tradition = "hermetic"
    tie_takes_effect: bool = False  # SR4-S2: a tie gives the minimal effect (the GM's call) or none
    charge_action: bool = True  # in a combat turn: a complex action from the caster's phase
    faces: Faces | None = None
    target_faces: tuple[Faces, ...] | None = None  # one per target
    drain_faces: Faces | None = None


class DeclareSpellDefence(Command):
    """SR4-S4: the defender adds Counterspelling to the resistance tests of those it protects."""

    kind: Literal["declare_spell_defence"] = "declare_spell_defence"
    combatant: str
    protects: tuple[str, ...]  # empty: the defence ends
    counterspelling: int = Field(default=0, ge=0, le=12)
    charge_action: bool = True  # in a combat turn: a simple action (000 §4.2 line 204: 簡易動作)


class DispelSpell(Command):
    """SR4-S5: Counterspelling + Magic against Force + the caster's Magic; net hits remove the spell's hits."""

    kind: Literal["dispel_spell"] = "dispel_spell"
    combatant: str
    spell: int  # the sustained spell's id
    skill: int = Field(default=0, ge=0, le=12)  # Counterspelling
    tradition: Tradition = "hermetic"
    charge_action: bool = True  # in a combat turn: a complex action (000 §4.2 line 210: 複雑動作)
    faces: Faces | None = None
    opponent_faces: Faces | None = None
    drain_faces: Faces | None = None


class DropSpell(Command):
    """SR4-S1: the caster stops sustaining a spell (its −2 goes)."""

    kind: Literal["drop_spell"] = "drop_spell"
    spell: int


class SummonSpirit(Command):
    """SR4-S6: Magic + Summoning against the Force; net hits = services; drain = spirit's hits × 2 (min 2)."""

    kind: Literal["summon_spirit"] = "summon_spirit"
    combatant: str
    spirit: str  # spirit type key
    force: int = Field(ge=1, le=24)
    skill: int = Field(default=0, ge=0, le=12)  # Summoning
    foci: int = Field(default=0, ge=0, le=12)
    tradition: Tradition = "hermetic"
    charge_action: bool = True  # in a combat turn: a complex action
    faces: Faces | None = None
    spirit_faces: Faces | None = None
    drain_faces: Faces | None = None


class ReleaseSpirit(Command):
    kind: Literal["release_spirit"] = "release_spirit"
    spirit: str  # the spirit's combatant id


class UseService(Command):
    kind: Literal["use_service"] = "use_service"
    spirit: str


class AstralProjection(Command):
    """SR4-S8: project for up to Magic hours (start), or return to the body (hours 0)."""

    kind: Literal["astral_projection"] = "astral_projection"
    combatant: str
    hours: int = Field(ge=0, le=24)


class EraseSignature(Command):
    """SR4-S9: complex actions spent on erasing a signature; Force of them erase it."""

    kind: Literal["erase_astral_signature"] = "erase_astral_signature"
    combatant: str
    signature: int
    actions: int = Field(default=1, ge=1, le=24)
    charge_action: bool = False  # one complex action now, from the phase (000 §4.6 line 253)


class SpellResolved(Event):
    """SR4-S2: one target's outcome; ``outcome``: resisted, minimal (a tie the GM lets through), effect."""

    kind: Literal["spell_resolved"] = "spell_resolved"
    caster: str
    name: str
    spell: str
    force: int
    target: str | None
    target_name: str | None
    hits: int  # the caster's hits, capped at Force
    resisted_hits: int
    net_hits: int
    outcome: Literal["resisted", "minimal", "effect"]
    damage: int = 0  # combat spells: Force + net hits
    track: Literal["physical", "stun"] | None = None


class DrainResisted(Event):
    """SR4-S3: the drain value, the hits of Willpower + the tradition's attribute, the boxes left."""

    kind: Literal["drain_resisted"] = "drain_resisted"
    combatant: str
    name: str
    drain_value: int
    hits: int
    boxes: int
    track: Literal["physical", "stun"]


class SpellSustained(Event):
    kind: Literal["spell_sustained"] = "spell_sustained"
    spell_id: int
    caster: str
    name: str
    spell: str
    force: int
    hits: int
    target: str | None
    effect: int


class SpellEnded(Event):
    """A sustained spell ends: dropped by its caster or dispelled to no hits."""

    kind: Literal["spell_ended"] = "spell_ended"
    spell_id: int
    caster: str
    name: str
    spell: str
    reason: Literal["dropped", "dispelled"]


class SpellWeakened(Event):
    """SR4-S5: net hits of a dispelling remove the spell's hits one by one."""

    kind: Literal["spell_weakened"] = "spell_weakened"
    spell_id: int
    dispeller: str
    name: str
    spell: str
    net_hits: int
    hits_after: int


class SpellDefenceDeclared(Event):
    kind: Literal["spell_defence_declared"] = "spell_defence_declared"
    combatant: str
    name: str
    protects: tuple[str, ...]
    protect_names: tuple[str, ...]
    counterspelling: int


class SpiritSummoned(Event):
    """SR4-S6: the spirit joined (its combatant added just before), owing ``services``."""

    kind: Literal["spirit_summoned"] = "spirit_summoned"
    summoner: str
    name: str
    spirit: str
    spirit_name: str
    spirit_kind: str
    force: int
    services: int


class SummoningFailed(Event):
    kind: Literal["summoning_failed"] = "summoning_failed"
    summoner: str
    name: str
    spirit_kind: str
    force: int


class ServiceUsed(Event):
    kind: Literal["service_used"] = "service_used"
    spirit: str
    name: str
    left: int


class SpiritReleased(Event):
    kind: Literal["spirit_released"] = "spirit_released"
    spirit: str
    name: str


class ProjectionChanged(Event):
    """SR4-S8: projecting (hours > 0, the body inert) or back in the body (hours 0)."""

    kind: Literal["projection_changed"] = "projection_changed"
    combatant: str
    name: str
    hours: int


class SignatureLeft(Event):
    """SR4-S9: a timed note: lasts Force hours; an Assensing (3) test finds it."""

    kind: Literal["astral_signature_left"] = "astral_signature_left"
    signature: int
    caster: str
    name: str
    what: str
    force: int
    turn: int


class SignatureErased(Event):
    kind: Literal["astral_signature_erased"] = "astral_signature_erased"
    signature: int
    combatant: str
    name: str
    actions: int  # spent so far
    force: int
    gone: bool


MAGIC_COMMANDS = (
    CastSpell, DeclareSpellDefence, DispelSpell, DropSpell, SummonSpirit, ReleaseSpirit, UseService,
    AstralProjection, EraseSignature,
)
MAGIC_EVENTS = (
    SpellResolved, DrainResisted, SpellSustained, SpellEnded, SpellWeakened, SpellDefenceDeclared,
    SpiritSummoned, SummoningFailed, ServiceUsed, SpiritReleased, ProjectionChanged, SignatureLeft,
    SignatureErased,
)
