"""SR4 Matrix and technomancer commands and events (000 §5, §6; SR4-X1..X7, T1..T4).

Every die of a Matrix test is in a shared ``dice_test_rolled`` event (the test box's log line);
the events here carry what the dice decided. ``MATRIX_COMMANDS`` / ``MATRIX_EVENTS`` at the end.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.messages import Command, Event

Faces = tuple[int, ...]
IconKind = Literal["persona", "agent", "ic", "sprite", "node"]
Sim = Literal["ar", "cold", "hot"]
Pan = Literal["active", "passive", "hidden"]
Track = Literal["matrix", "stun", "physical"]
PROGRAMS = ("analyze", "armor", "attack", "biofeedback_filter", "black_hammer", "blackout", "exploit", "stealth")
ATTACK_PROGRAMS = ("attack", "black_hammer", "blackout")
SKILLS = ("computer", "cybercombat", "hacking", "software", "compiling")
SPRITES = ("courier", "crack", "data", "fault", "machine")


class IconSheet(BaseModel):
    """An icon's Matrix attributes (0-10), programs and, for a persona, its user's Matrix skills."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    kind: IconKind
    owner: str | None = None  # the persona's user, the agent's persona or the sprite's technomancer (a combatant)
    response: int = Field(default=3, ge=0, le=10)
    system: int = Field(default=3, ge=0, le=10)
    firewall: int = Field(default=3, ge=0, le=10)
    signal: int = Field(default=3, ge=0, le=10)
    rating: int = Field(default=0, ge=0, le=12)  # agents, IC, sprites: the Rating their tests roll
    programs: dict[str, int] = Field(default_factory=dict)
    skills: dict[str, int] = Field(default_factory=dict)
    resonance: int = Field(default=0, ge=0, le=12)  # a technomancer's persona (SR4-T*)
    black_ic: bool = False
    sprite_kind: str = ""

    @field_validator("programs")
    @classmethod
    def _programs(cls, programs: dict[str, int]) -> dict[str, int]:
        if not set(programs) <= set(PROGRAMS) or any(not 0 <= r <= 12 for r in programs.values()):
            raise ValueError("programs are the listed ones, ratings 0-12")
        return programs

    @field_validator("skills")
    @classmethod
    def _skills(cls, skills: dict[str, int]) -> dict[str, int]:
        if not set(skills) <= set(SKILLS) or any(not 0 <= r <= 12 for r in skills.values()):
            raise ValueError("skills are the listed Matrix skills, ratings 0-12")
        return skills


class AddIcon(Command):
    kind: Literal["add_matrix_icon"] = "add_matrix_icon"
    sheet: IconSheet


class RemoveIcon(Command):
    kind: Literal["remove_matrix_icon"] = "remove_matrix_icon"
    icon: str


class SetMatrixMode(Command):
    """SR4-X1 PAN mode, SR4-X4 AR / cold sim / hot sim."""

    kind: Literal["set_matrix_mode"] = "set_matrix_mode"
    icon: str
    sim: Sim | None = None
    pan: Pan | None = None


class StartHack(Command):
    """SR4-X2 hacking on the fly, SR4-X3 probing: an extended test against a node."""

    kind: Literal["start_hack"] = "start_hack"
    icon: str
    node: str
    method: Literal["on_the_fly", "probe"]


class RollHack(Command):
    kind: Literal["roll_hack"] = "roll_hack"
    hack: int
    faces: Faces | None = None
    node_faces: Faces | None = None
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class MatrixPerception(Command):
    """SR4-X5 (a target icon, opposed when hidden) or SR4-T2 (a resonance signature, threshold 3)."""

    kind: Literal["matrix_perception"] = "matrix_perception"
    icon: str
    target: str | None = None
    signature: int | None = None
    threshold: int = Field(default=1, ge=1, le=30)
    faces: Faces | None = None
    target_faces: Faces | None = None
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class Cybercombat(Command):
    """SR4-X6: an attack program against an icon; the defender resists what gets through."""

    kind: Literal["cybercombat"] = "cybercombat"
    icon: str
    target: str
    program: str
    full_defence: bool = False
    faces: Faces | None = None
    defence_faces: Faces | None = None
    resist_faces: Faces | None = None
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class ThreadForm(Command):
    """SR4-T1: Resonance + Software; each hit +1 to the complex form's rating."""

    kind: Literal["thread_form"] = "thread_form"
    icon: str
    form: str = Field(min_length=1, max_length=40)
    rating: int = Field(ge=0, le=24)
    sustain: bool = True
    faces: Faces | None = None
    fading_faces: Faces | None = None
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class DropThread(Command):
    kind: Literal["drop_thread"] = "drop_thread"
    thread: int


class CompileSprite(Command):
    """SR4-T4: Resonance + Compiling against the sprite's rating."""

    kind: Literal["compile_sprite"] = "compile_sprite"
    icon: str
    sprite_kind: str
    rating: int = Field(ge=1, le=24)
    faces: Faces | None = None
    sprite_faces: Faces | None = None
    fading_faces: Faces | None = None
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class RegisterSprite(Command):
    """SR4-T3 (p. 256): the GM marks a compiled sprite registered; the registering itself is played by hand."""

    kind: Literal["register_sprite"] = "register_sprite"
    icon: str


class EraseSignature(Command):
    """SR4-T2: spend complex actions equal to the rating to erase a resonance signature."""

    kind: Literal["erase_signature"] = "erase_signature"
    signature: int
    charge_action: bool = True  # in a combat turn: a complex action of the persona's user (matrix_phase)


class IconAdded(Event):
    kind: Literal["matrix_icon_added"] = "matrix_icon_added"
    icon: str
    name: str
    sheet: IconSheet
    tasks: int = 0


class IconRemoved(Event):
    kind: Literal["matrix_icon_removed"] = "matrix_icon_removed"
    icon: str
    name: str


class MatrixModeSet(Event):
    kind: Literal["matrix_mode_set"] = "matrix_mode_set"
    icon: str
    name: str
    sim: Sim
    pan: Pan


class HackStarted(Event):
    kind: Literal["hack_started"] = "hack_started"
    hack: int
    icon: str
    name: str
    node: str
    node_name: str
    method: Literal["on_the_fly", "probe"]
    threshold: int
    detect_threshold: int
    interval: Literal["pass", "hour", "day"]


class HackProgressed(Event):
    kind: Literal["hack_progressed"] = "hack_progressed"
    hack: int
    name: str
    node_name: str
    rolls: int
    accumulated: int
    threshold: int
    node_accumulated: int
    detect_threshold: int
    account: bool
    detected: bool
    finished: bool


class PerceptionResolved(Event):
    kind: Literal["matrix_perception_resolved"] = "matrix_perception_resolved"
    name: str
    target_name: str
    opposed: bool
    hits: int
    needed: int  # the threshold, or the hidden icon's hits + 1
    spotted: bool


class CyberAttackResolved(Event):
    kind: Literal["cyber_attack_resolved"] = "cyber_attack_resolved"
    name: str
    target_name: str
    program: str
    hits: int
    defence_hits: int
    hit: bool
    dv: int
    resist_hits: int
    boxes: int
    track: Track


class MatrixDamaged(Event):
    kind: Literal["matrix_damaged"] = "matrix_damaged"
    icon: str
    name: str
    boxes: int
    before: int
    after: int
    monitor: int


class FormThreaded(Event):
    kind: Literal["form_threaded"] = "form_threaded"
    icon: str
    name: str
    form: str
    base: int
    rating: int
    fading: int
    resist_hits: int
    boxes: int
    track: Track
    thread: int | None  # the sustained thread's id (None: not sustained)
    effect: int | None  # the owner's −2 effect


class ThreadDropped(Event):
    kind: Literal["thread_dropped"] = "thread_dropped"
    thread: int
    name: str
    form: str


class SpriteCompiled(Event):
    kind: Literal["sprite_compiled"] = "sprite_compiled"
    name: str
    sprite_kind: str
    rating: int
    hits: int
    sprite_hits: int
    compiled: bool
    tasks: int
    fading: int
    resist_hits: int
    boxes: int
    track: Track


class SpriteRegistered(Event):
    kind: Literal["sprite_registered"] = "sprite_registered"
    icon: str
    name: str


class SignatureLeft(Event):
    kind: Literal["signature_left"] = "signature_left"
    signature: int
    icon: str
    name: str
    rating: int


class SignatureErased(Event):
    kind: Literal["signature_erased"] = "signature_erased"
    signature: int
    name: str
    rating: int


MATRIX_COMMANDS = (
    AddIcon, RemoveIcon, SetMatrixMode, StartHack, RollHack, MatrixPerception, Cybercombat, ThreadForm, DropThread,
    CompileSprite, RegisterSprite, EraseSignature,
)
MATRIX_EVENTS = (
    IconAdded, IconRemoved, MatrixModeSet, HackStarted, HackProgressed, PerceptionResolved, CyberAttackResolved,
    MatrixDamaged, FormThreaded, ThreadDropped, SpriteCompiled, SpriteRegistered, SignatureLeft, SignatureErased,
)
