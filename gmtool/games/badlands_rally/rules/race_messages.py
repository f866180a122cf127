"""The race's commands and events (journal messages): setting the course, gears joining, rounds,
activations, speed, movement on the map and the GM's own corrections.

Every event carries what it changed, before and after, so the log, undo and rewind need nothing else.
Hexes are board labels (``CCRR``); facings are hex sides 0–5 clockwise from the top.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.hex.map_file import HexMapFile
from gmtool.core.messages import Command, Event
from gmtool.games.badlands_rally.rules.area_hits import AreaHit
from gmtool.games.badlands_rally.rules.special_messages import (
    OffRoad as OffRoad,  # the race's commands, with the others
)
from gmtool.games.badlands_rally.rules.special_messages import OffRoadRolled, PyrotechnicsRallied
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

Step = Literal["ahead", "back", "left", "right"]
SpeedName = Literal["cruising", "top"]
Side = Literal["front", "flank", "rear"]
GEAR_FIELDS = ("name", "seat", "attack", "defence", "initiative", "armour", "hull", "structure", "cruising_mr", "top_mr")


# -- commands -------------------------------------------------------------------------------
class SetCourse(Command):
    kind: Literal["br_set_course"] = "br_set_course"
    course: HexMapFile


class AddGear(Command):
    kind: Literal["br_add_gear"] = "br_add_gear"
    name: str = Field(min_length=1, max_length=40)
    seat: str = Field(min_length=1, max_length=40)  # the player; seats in the order they joined are clockwise
    attack: int = Field(ge=2, le=6)  # the gear's Attack rating (3 for 3+)
    defence: int = Field(ge=2, le=6)
    initiative: int = Field(default=4, ge=2, le=6)  # the Initiative rating (BR-6)
    armour: int = Field(ge=0, le=30)
    hull: int = Field(ge=0, le=20)
    structure: int = Field(ge=1, le=20)
    cruising_mr: int = Field(ge=1, le=30)
    top_mr: int = Field(ge=1, le=40)
    actions: int = Field(default=1, ge=0, le=5)  # per activation, from the datacard
    weapons: tuple[WeaponCard, ...] = Field(default=(), max_length=8)
    hex: str | None = Field(default=None, pattern=r"^\d{4}$")  # None: the first free hex of the start zone
    facing: int = Field(default=0, ge=0, le=5)
    specials: tuple[str, ...] = ()  # the datacard's special rules (rules/specials.py)
    # a player's gear carried from an earlier race (the party): its hull and structure left (None: whole)
    # and the upgrades it won (BR-20), their weapons among ``weapons``
    hull_left: int | None = Field(default=None, ge=0, le=20)
    structure_left: int | None = Field(default=None, ge=0, le=20)
    upgrades: tuple[str, ...] = Field(default=(), max_length=12)


class StartRound(Command):
    kind: Literal["br_start_round"] = "br_start_round"
    first: str  # the gear whose player won the initiative check


class RollInitiative(Command):
    """The new round's initiative check (BR-6): every racing gear's check, rolled or typed by gear id."""

    kind: Literal["br_roll_initiative"] = "br_roll_initiative"
    faces: dict[str, tuple[int, ...]] | None = None


class DeclareSpeed(Command):
    kind: Literal["br_declare_speed"] = "br_declare_speed"
    gear: str
    speed: SpeedName


class StepGear(Command):
    kind: Literal["br_step"] = "br_step"
    gear: str
    step: Step


class PlaceGear(Command):
    kind: Literal["br_place"] = "br_place"
    gear: str
    hex: str = Field(pattern=r"^\d{4}$")
    facing: int = Field(ge=0, le=5)


class EndActivation(Command):
    kind: Literal["br_end_activation"] = "br_end_activation"
    gear: str


class TableGeometry(BaseModel):
    """What the GM reads off the physical board for one attack (table mode: the map is off)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    in_front: bool = True  # the target in the attacker's front arc
    lock: bool = True
    side: Side = "front"  # the target's side the attack comes from
    range: int = Field(default=1, ge=0, le=60)
    cover_dice: int = Field(default=0, ge=0, le=12)


class AttackGear(Command):
    """One attack (1 action): the weapon chosen; dice typed at the table, or rolled when left out."""

    kind: Literal["br_attack"] = "br_attack"
    attacker: str
    target: str
    weapon: int = Field(ge=0)
    attack_faces: tuple[int, ...] | None = None
    defence_faces: tuple[int, ...] | None = None
    damage_faces: tuple[int, ...] | None = None
    table: TableGeometry | None = None  # table mode only
    area_faces: dict[str, tuple[int, ...]] | None = None  # Area Effect: each adjacent gear's damage roll, by id
    area_gears: tuple[str, ...] = ()  # Area Effect in table mode: the gears next to the target, read off the board
    reliable: str | None = None  # Reliable: the gear whose check is a reroll (attacker or target)
    rerolled: tuple[int, ...] = ()  # the faces rerolled (kept for the log)


class ResolveSpin(Command):
    """A gear waiting to spin out does (BR-15, BR-16): the direction chosen (by the attacker or the
    player on the left); the spin die, the skid die and the collision dice typed, or rolled."""

    kind: Literal["br_resolve_spin"] = "br_resolve_spin"
    gear: str
    clockwise: bool = True
    spin_die: int | None = Field(default=None, ge=1, le=6)
    skid_die: int | None = Field(default=None, ge=1, le=6)
    collision_faces: tuple[int, ...] | None = None  # the skidding gear's collision damage roll
    other_faces: tuple[int, ...] | None = None  # the gear it hits
    second_die: int | None = Field(default=None, ge=1, le=6)  # The Move's second spin die (BR-20)


class SpecialMove(Command):
    """Burn rubber or jump (BR-9, 1 action): a roll against the gear's Defence, typed or rolled."""

    kind: Literal["br_special_move"] = "br_special_move"
    gear: str
    move: Literal["burn_rubber", "jump"]
    faces: tuple[int, ...] | None = None
    specials: tuple[str, ...] = ()  # the dice the player chose to add (Jump Jets, Overdrive, Booster Rockets)
    rerolled: tuple[int, ...] | None = None  # Reliable: the faces rerolled (None: not a reroll)
    equipment: bool = False  # equipment's +1D6 (装備による修正)


class Recover(Command):
    """Recovery (BR-17, 1 action, cruising speed only): 1D6 hits back, typed or rolled."""

    kind: Literal["br_recover"] = "br_recover"
    gear: str
    die: int | None = Field(default=None, ge=1, le=6)


class RallyTheCrowd(Command):
    """Rally the crowd (BR-17, 1 action): no test; one more die on the next initiative check."""

    kind: Literal["br_rally_the_crowd"] = "br_rally_the_crowd"
    gear: str


class ChooseScenario(Command):
    """The race's scenario (BR-19): chosen, or rolled on 1D6 when ``scenario`` is None; race day's lap die
    typed or rolled."""

    kind: Literal["br_choose_scenario"] = "br_choose_scenario"
    scenario: int | None = Field(default=None, ge=1, le=6)  # a die's face (1–2 race day …)
    lap_die: int | None = Field(default=None, ge=1, le=6)


class ContestVictory(Command):
    """Several gears finished in one round: each makes the contested check (typed or rolled by gear id)."""

    kind: Literal["br_contest_victory"] = "br_contest_victory"
    faces: dict[str, tuple[int, ...]] | None = None


class SetTableMode(Command):
    kind: Literal["br_set_table_mode"] = "br_set_table_mode"
    on: bool  # True: the race is played on a physical board, the map is off


class EditGear(Command):
    kind: Literal["br_edit_gear"] = "br_edit_gear"
    gear: str
    field: str
    value: int | str | bool


# -- events ---------------------------------------------------------------------------------
class CourseSet(Event):
    kind: Literal["br_course_set"] = "br_course_set"
    course: HexMapFile


class GearAdded(Event):
    kind: Literal["br_gear_added"] = "br_gear_added"
    id: str
    name: str
    seat: str
    attack: int
    defence: int
    initiative: int
    armour: int
    hull: int
    structure: int
    cruising_mr: int
    top_mr: int
    actions: int
    weapons: tuple[WeaponCard, ...]
    hex: str
    facing: int
    specials: tuple[str, ...] = ()
    hull_left: int | None = None  # carried from an earlier race (None: whole)
    structure_left: int | None = None
    upgrades: tuple[str, ...] = ()


class InitiativeCheck(BaseModel):
    """One gear's initiative check."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: str
    name: str
    faces: tuple[int, ...]
    value: int


class InitiativeRolled(Event):
    """Every gear's check, then each re-roll of the gears tied and unclear who is ahead; the winner."""

    kind: Literal["br_initiative_rolled"] = "br_initiative_rolled"
    rolls: tuple[tuple[InitiativeCheck, ...], ...]
    winner: str
    name: str  # the winner's
    by_position: bool  # a tie the gear ahead won
    odds: str  # the winner's chance before the roll


class RoundStarted(Event):
    kind: Literal["br_round_started"] = "br_round_started"
    round: int
    order: tuple[str, ...]  # gear ids in activation order (clockwise from the initiative's winner)


class SpeedDeclared(Event):
    kind: Literal["br_speed_declared"] = "br_speed_declared"
    gear: str
    name: str
    speed: SpeedName
    mr: int


class GearStepped(Event):
    kind: Literal["br_stepped"] = "br_stepped"
    gear: str
    name: str
    step: Step
    before: str
    after: str
    facing_before: int
    facing: int
    cost: int
    mr_left: int
    checkpoint: int | None = None  # the checkpoint passed (index in course order)
    lap: int | None = None  # the lap completed (its number)
    rough_free: int | None = None  # Off-Road Specialist: rough hexes still to ignore (None: unchanged)


class GearPlaced(Event):
    kind: Literal["br_placed"] = "br_placed"
    gear: str
    name: str
    before: str
    after: str
    facing_before: int
    facing: int
    checkpoint: int | None = None
    lap: int | None = None


class ActivationEnded(Event):
    kind: Literal["br_activation_ended"] = "br_activation_ended"
    gear: str
    name: str
    mr_unused: int
    next: str | None  # None: every gear has activated this round
    against_course: bool = False  # "this is a race!" (BR-8): it ended behind where it began, a rattle step


class AttackMade(Event):
    """An attack from the check to the damage: every term, die and value before and after."""

    kind: Literal["br_attack_made"] = "br_attack_made"
    attacker: str
    attacker_name: str
    target: str
    name: str  # the target's
    weapon: str
    range: int
    side: Side
    attack_terms: tuple[tuple[str, int], ...]
    defence_terms: tuple[tuple[str, int], ...]
    attack_rating: int
    defence_rating: int
    attack_faces: tuple[int, ...]
    defence_faces: tuple[int, ...]
    attack_value: int
    defence_value: int
    margin: int | None  # None: an automatic failure (beyond the maximum range, or no attack dice)
    damage_dice: int
    damage_faces: tuple[int, ...]
    blast: bool  # a blast roll after a miss
    hits: int
    hull_before: int
    hull: int
    structure_before: int
    structure: int
    excess: int  # hits beyond hull and structure (they add to a skid, issue 16)
    rattled: bool  # the hull emptied and the gear rattled by it
    typed: bool  # the faces were typed at the table
    odds: str  # P(success) before the roll, as shown
    spins_out: bool = False  # no hull and no structure left, or an Impact weapon's hit: it waits to spin out
    area: tuple[AreaHit, ...] = ()  # Area Effect (BR-11): the gears next to the target hit too
    spun_by: str = ""  # the special rule that spun it out (exposed_movement, exposed_crew), if any
    reliable: str | None = None  # Reliable: the gear whose check was rerolled
    rerolled: tuple[int, ...] = ()


class Collision(BaseModel):
    """One gear's collision damage roll and what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: str
    name: str
    dice: int
    faces: tuple[int, ...]
    hits: int
    hull_before: int
    hull: int
    structure_before: int
    structure: int
    excess: int
    rattled: bool
    spins_out: bool  # damaged by the collision: it spins out and skids in turn (another gear than the skidder)


class SpinResolved(Event):
    """A spin-out: the turn, the skid straight ahead, what it ran into and the collision damage."""

    kind: Literal["br_spin_resolved"] = "br_spin_resolved"
    gear: str
    name: str
    skipped: bool  # it had spun out already this activation: once per activation
    die: int
    clockwise: bool
    facing_before: int
    facing: int
    recovered: bool  # a 6: a full turn, no skid, a rally-the-crowd token
    skid_die: int
    distance: int
    before: str
    after: str
    hit: Literal["", "terrain", "gear"]
    hit_hex: str
    collisions: tuple[Collision, ...]
    second_die: int = 0  # The Move (BR-20): its second die, the higher kept (0: not The Move)
    token: bool = True  # a recovery's rally-the-crowd token (The Move: only for the active gear)


class SpecialMoveMade(Event):
    kind: Literal["br_special_move_made"] = "br_special_move_made"
    gear: str
    name: str
    move: Literal["burn_rubber", "jump"]
    dice: int
    rating: int
    faces: tuple[int, ...]
    successes: int
    spins_out: bool  # every die a 1: it spins out and skids
    mr_before: int
    mr_left: int
    before: str  # jump: where it took off and landed (else the same hex)
    after: str
    obstacle: str  # jump: the hex it came down on ("": none)
    obstacle_gear: str | None  # the gear there, which takes the impact too
    odds: str  # P(at least one success) before the roll
    terms: tuple[tuple[str, int], ...] = ()  # the dice the gear's specials added
    rerolled: tuple[int, ...] | None = None  # Reliable: the faces rerolled
    equipment: bool = False  # equipment's +1D6


class Recovered(Event):
    kind: Literal["br_recovered"] = "br_recovered"
    gear: str
    name: str
    die: int
    hull_before: int
    hull: int
    structure_before: int
    structure: int
    action_back: bool  # it was at 0 and rolled a 6


class CrowdRallied(Event):
    kind: Literal["br_crowd_rallied"] = "br_crowd_rallied"
    gear: str
    name: str
    tokens: int  # after


class ScenarioChosen(Event):
    kind: Literal["br_scenario_chosen"] = "br_scenario_chosen"
    die: int
    rolled: bool
    key: str
    lap_die: int | None
    laps: int


class RaceWon(Event):
    """The race is over (BR-19): its winner, outright or after the contested check (every score)."""

    kind: Literal["br_race_won"] = "br_race_won"
    winner: str
    name: str
    finishers: tuple[str, ...]
    checks: tuple[InitiativeCheck, ...] = ()  # the contested check (empty: won outright)
    scores: tuple[int, ...] = ()  # each check less the rattles, 0 at least
    by_position: bool = False
    derby: tuple[str, ...] = ()  # the gears that won by causing six spin-outs (a derby)


class VictoryContested(Event):
    """Several gears finished every lap in the round: the contested check decides (BR-19)."""

    kind: Literal["br_victory_contested"] = "br_victory_contested"
    finishers: tuple[str, ...]
    names: tuple[str, ...]
    derby: tuple[str, ...] = ()  # those among them that caused six spin-outs (a derby)


class TableModeSet(Event):
    kind: Literal["br_table_mode_set"] = "br_table_mode_set"
    on: bool


class GearEdited(Event):
    kind: Literal["br_gear_edited"] = "br_gear_edited"
    gear: str
    name: str  # the gear's name before the edit (undo names it)
    field: str
    old: int | str
    new: int | str


COMMANDS: tuple[type[Command], ...] = (SetCourse, AddGear, StartRound, DeclareSpeed, StepGear, PlaceGear, EndActivation, EditGear, SetTableMode,
            AttackGear, RollInitiative, ResolveSpin, SpecialMove, RallyTheCrowd, ChooseScenario, ContestVictory,
            Recover, OffRoad)
EVENTS: tuple[type[Event], ...] = (CourseSet, GearAdded, RoundStarted, SpeedDeclared, GearStepped, GearPlaced, ActivationEnded, GearEdited,
          TableModeSet, AttackMade, InitiativeRolled, SpinResolved, SpecialMoveMade, CrowdRallied, ScenarioChosen,
          RaceWon, VictoryContested, Recovered, OffRoadRolled, PyrotechnicsRallied)

from gmtool.games.badlands_rally.rules.scenario_messages import SCENARIO_COMMANDS, SCENARIO_EVENTS  # noqa: E402

COMMANDS = (*COMMANDS, *SCENARIO_COMMANDS)
EVENTS = (*EVENTS, *SCENARIO_EVENTS)
