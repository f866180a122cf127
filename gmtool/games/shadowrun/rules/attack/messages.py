"""The attack's command and events (the same ``kind`` in both editions' journals)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command, Event

Faces = tuple[int, ...]
FREE_MODIFIERS_MAX = 8
# Edge on one test of the attack (SR4-E2..E4, E8; SR5-E1..E3), as EdgeUse values: before the roll
# ("add_before"), or after it ("add_after", "reroll_failures", "negate_glitch"): the attack is one
# command, so an "after" use is chosen once the GM has seen the roll the Roll button shows.
AttackEdge = Literal["none", "add_before", "add_after", "reroll_failures", "negate_glitch"]


class FreeTerm(BaseModel):
    """A modifier the GM typed in: his own words and a value."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str = Field(min_length=1, max_length=40)
    value: int = Field(ge=-30, le=30)


class RowCount(BaseModel):
    """The count the GM gave a counted row (take aim ×2, friends in the melee ×3 …)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str = Field(min_length=3, max_length=80)  # "<table id>/<row id>"
    count: int = Field(ge=-20, le=20)


class TableChoices(BaseModel):
    """The rows the GM ticked in one modifier sheet, the counts he gave, and his own modifiers."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ticked: tuple[str, ...] = ()
    free: tuple[FreeTerm, ...] = Field(default=(), max_length=FREE_MODIFIERS_MAX)
    counts: tuple[RowCount, ...] = Field(default=(), max_length=40)


class Attack(Command):
    """An attack from declaration to applied damage (SR4-R1..R7, M1..M3; SR5-A1..A6)."""

    kind: Literal["attack"] = "attack"
    attacker: str
    target: str = ""  # "" only for suppressive fire, which aims at a zone (SR5-F8)
    weapon: int = Field(ge=0)  # index into the attacker's weapons
    mode: str = ""  # a firing-mode key of the edition's table; "" for melee
    distance: float | None = Field(default=None, ge=0, le=100_000)
    attack_choices: TableChoices | None = None  # None: the rows the situation pre-ticks
    defence_choices: TableChoices | None = None
    melee_defence: Literal["parry", "block", "dodge"] = "dodge"  # SR4-M2
    full_defence: bool = False  # SR4-R1: declared with the attack (a complex action, to the defender's next action)
    wide_burst: bool = False  # SR4: a wide burst lowers the defence instead of raising the DV
    no_defence: bool = False  # unaware or surprised: no defence test
    charge_action: bool = True  # the attack uses the attacker's action (not when intercepting)
    attack_faces: Faces | None = None  # dice rolled at the table
    defence_faces: Faces | None = None
    soak_faces: Faces | None = None
    # Called shots (SR5-CS1..CS9; SR4 p. 160): a kind of the edition's list, "" for none.
    called_shot: str = Field(default="", max_length=40)
    outside_combat: bool = False  # SR5-CS7: a trick shot is only made outside combat
    # SR5-CS9 multiple attacks: the pool (after Edge) is split evenly across ``attacks``;
    # this command is the attack with the ``pool_share``-th share (0 = the first, which pays the action).
    attacks: int = Field(default=1, ge=1, le=12)
    pool_share: int = Field(default=0, ge=0, le=11)
    # SR5-CS9 with two weapons: the other one (its index and firing mode); this command attacks
    # with ``weapon``, the pool split is the smaller of the two weapons' modified pools.
    paired_weapon: int | None = Field(default=None, ge=0)
    paired_mode: str = ""
    # Edge, one point per test: the attacker's on the attack test, the defender's on defence and soak.
    attack_edge: AttackEdge = "none"
    defence_edge: AttackEdge = "none"
    soak_edge: AttackEdge = "none"


class MarkSuppressed(Command):
    """SR5-F9: the GM marks who is in or beside a suppressive-fire zone (−hits on all their actions)."""

    kind: Literal["mark_suppressed"] = "mark_suppressed"
    zone: int = Field(ge=1)
    combatants: tuple[str, ...] = Field(min_length=1, max_length=200)


class SuppressionTest(Command):
    """SR5-F9: one combatant's Reaction + Edge test against the zone's hits; damage on failure."""

    kind: Literal["suppression_test"] = "suppression_test"
    zone: int = Field(ge=1)
    combatant: str
    test_faces: Faces | None = None
    soak_faces: Faces | None = None


class Reload(Command):
    """Reload the selected weapon to capacity (SR5-T2 decides the action it costs)."""

    kind: Literal["reload"] = "reload"
    combatant: str
    weapon: int = Field(ge=0)
    charge_action: bool = True
    ammo_type: str = Field(default="", max_length=40)  # "" keeps what is loaded


class TermRecord(BaseModel):
    """One breakdown line as the log keeps it: a message key or ``text:`` words, the
    Japanese words where the label is a table row's, the value, the table or rule, the page."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str
    value: int
    ja: str = ""
    source: str = ""
    page: int | None = None
    # A table row's table title in both languages, and whether the row is the GM's house rule
    # (older logs: empty; the report then names the table by its id).
    table_title: str = ""
    table_title_ja: str = ""
    house: bool = False


class TestRecord(BaseModel):
    """A rolled (or typed) test of the attack."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    terms: tuple[TermRecord, ...]
    pool: int
    limit: int | None = None
    faces: Faces = ()
    hits: int = 0
    glitch: bool = False
    critical_glitch: bool = False
    typed: bool = False
    edge_use: AttackEdge = "none"  # the Edge used on this test
    edge_dice: int = 0  # Edge dice added (they follow the pool's dice in ``faces``)
    rerolls: int = 0  # the last ``rerolls`` faces reroll the dice that did not hit (Second Chance)
    glitch_negated: bool = False  # Close Call


class AttackResolved(Event):
    kind: Literal["attack_resolved"] = "attack_resolved"
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    weapon_name: str
    melee: bool
    mode: str = ""
    rounds: int = 0
    distance: float | None = None
    attack: TestRecord
    defence: TestRecord | None  # None: no defence test
    hit: bool
    net_hits: int = 0
    full_defence: bool = False
    damage_value: tuple[TermRecord, ...] = ()
    dv: int = 0
    armour: tuple[TermRecord, ...] = ()
    modified_armour: int = 0
    track: Literal["physical", "stun"] = "physical"
    soak: TestRecord | None = None
    applied: int = 0
    knockdown: bool = False
    no_damage: bool = False  # a hit whose called shot deals no damage (SR5-CS1, CS4, CS7)
    physical_before: int = 0
    physical_after: int = 0
    stun_before: int = 0
    stun_after: int = 0
    condition: str = "conscious"  # conscious, unconscious, dying, dead (after the attack)
    shared_with: tuple[str, ...] = ()  # SR5 grunt group members sharing the monitor
    hit_chance: float = 0.0  # the odds at the moment of the roll
    knockdown_terms: tuple[TermRecord, ...] = ()  # what changed the knockdown figure (gel rounds)
    readings: tuple[str, ...] = ()  # "<option>:<digest|book>": the rule readings this attack applied


class RoundsFired(Event):
    kind: Literal["rounds_fired"] = "rounds_fired"
    combatant: str
    name: str
    weapon: int
    weapon_name: str
    rounds: int
    left: int
    recoil_rounds: int  # the attacker's recoil count after the shot


class Reloaded(Event):
    kind: Literal["reloaded"] = "reloaded"
    combatant: str
    name: str
    weapon: int
    weapon_name: str
    rounds: int  # after reloading
    action: str  # free, simple or complex
    ammo_type: str = "regular"


class CalledShotResolved(Event):
    """What a called shot did besides the attack's damage (SR5-CS1..CS8, SR4 p. 160)."""

    kind: Literal["called_shot_resolved"] = "called_shot_resolved"
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    shot: str
    hit: bool
    deals_damage: bool = True
    extra_dv: int = 0
    stun: bool = False  # harder knock: the damage went on the stun track
    distance_m: int | None = None  # blast out of hands: how far the item flies
    bonus_dice: int = 0  # trick shot: dice for the next Intimidation test
    initiative_change: int = 0  # shake up
    loses_action: bool = False
    split: tuple[int, int] | None = None  # splitting the damage: (physical, stun) boxes
    knock_down: tuple[int, int] | None = None  # knock down: (Strength + net hits, the physical limit)
    prone: tuple[str, ...] = ()  # names of those who fall
    ignore_armour: bool = False  # SR4: a shot where the armour does not cover


class SuppressiveFireStarted(Event):
    """SR5-F8: a suppressive-fire zone, in force to the end of ``turn`` while its marker effect lasts."""

    kind: Literal["suppressive_fire_started"] = "suppressive_fire_started"
    zone: int  # the id of the marker effect on the shooter
    shooter: str
    name: str
    weapon: int
    weapon_name: str
    hits: int
    turn: int
    dv: int
    ap: int
    damage_type: Literal["P", "S"] = "P"
    length_m: int | None = None
    ammo_type: str = "regular"
    attack: TestRecord


class ZoneMarked(Event):
    """SR5-F9: who the GM marked as in or beside a zone: their ``suppressed`` effects end with it."""

    kind: Literal["zone_marked"] = "zone_marked"
    zone: int
    shooter_name: str
    effects: tuple[int, ...]  # the ids of the ``suppressed`` effects added
    names: tuple[str, ...]
    hits: int


class SuppressiveFireEnded(Event):
    """SR5-F8: a zone ends: the shooter took another action, the turn ended, or the fire stopped
    (the GM removed the shooter's marker: the gun failed). The −hits on those marked ends with it."""

    kind: Literal["suppressive_fire_ended"] = "suppressive_fire_ended"
    zone: int
    shooter: str
    name: str
    reason: Literal["action", "turn_end", "stopped"]
    lifted: tuple[str, ...] = ()  # names of those whose −hits ends


class FullDefenceDeclared(Event):
    """SR4-R1: the defender goes on full defence when attacked: a complex action (its next action
    phase's when it is not its own phase now), in force until the end of its next action phase."""

    kind: Literal["full_defence_declared"] = "full_defence_declared"
    combatant: str
    name: str
    owed: bool  # True: paid with the defender's next action phase (declared outside its own phase)


class SuppressionTested(Event):
    """SR5-F9: a combatant's Reaction + Edge test against a zone, and the damage on failure."""

    kind: Literal["suppression_tested"] = "suppression_tested"
    zone: int
    combatant: str
    name: str
    shooter_name: str
    test: TestRecord
    threshold: int
    hit: bool
    dv: int = 0
    modified_armour: int = 0
    track: Literal["physical", "stun"] = "physical"
    soak: TestRecord | None = None
    applied: int = 0
    physical_before: int = 0
    physical_after: int = 0
    stun_before: int = 0
    stun_after: int = 0
    condition: str = "conscious"
    shared_with: tuple[str, ...] = ()


COMMAND_CLASSES = (Attack, Reload, MarkSuppressed, SuppressionTest)
EVENT_CLASSES = (
    AttackResolved, RoundsFired, Reloaded, CalledShotResolved, SuppressiveFireStarted, SuppressionTested, ZoneMarked,
    SuppressiveFireEnded, FullDefenceDeclared,
)
