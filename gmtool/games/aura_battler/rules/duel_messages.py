"""The duel's commands and events (journal messages): the sky, units joining, turns and the PP
allocation phase (AB-22), the GM's movement and thrust, attacks (AB-13..AB-20) and corrections.

Every event carries what it changed, before and after, so the log, undo and rewind need nothing else.
Hexes are board labels (``CCRR``); facings are hex sides 0–5 clockwise from the top. Power points
travel as six numbers in the digest's order: action, attack, defence, power, barrier, response.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.hex.map_file import HexMapFile
from gmtool.core.messages import Command, Event
from gmtool.games.aura_battler.rules.cards import MachineCard, PilotCard, SectorName

Step = Literal["ahead", "back", "left", "right", "slip_left", "slip_right"]  # slip: side-slip (AB-19)
Choice = Literal["evade", "parry", "none"]
Points = tuple[int, int, int, int, int, int]  # action, attack, defence, power, barrier, response
PP_ITEMS = ("action", "attack", "defence", "power", "barrier", "response")
UNIT_FIELDS = ("name", "damage")


# -- commands -------------------------------------------------------------------------------
class SetSky(Command):
    kind: Literal["ab_set_sky"] = "ab_set_sky"
    sky: HexMapFile


class AddUnit(Command):
    kind: Literal["ab_add_unit"] = "ab_add_unit"
    machine: MachineCard
    pilot: PilotCard
    side: str = Field(min_length=1, max_length=40)
    hex: str | None = Field(default=None, pattern=r"^\d{4}$")  # None: the first free hex of the map's zones
    facing: int = Field(default=0, ge=0, le=5)
    thrust: int = Field(default=0, ge=0, le=30)
    damage: int = Field(default=0, ge=0, le=98)  # a player's machine carried from an earlier duel (the party)


class StartTurn(Command):
    """A new turn: its PP allocation phase begins (AB-22)."""

    kind: Literal["ab_start_turn"] = "ab_start_turn"


class AllocatePP(Command):
    """One unit's split for this turn (AB-22): the six must total the pilot's base."""

    kind: Literal["ab_allocate"] = "ab_allocate"
    unit: str
    points: Points


class StepUnit(Command):
    kind: Literal["ab_step"] = "ab_step"
    unit: str
    step: Step


class PlaceUnit(Command):
    kind: Literal["ab_place"] = "ab_place"
    unit: str
    hex: str = Field(pattern=r"^\d{4}$")
    facing: int = Field(ge=0, le=5)


class TableGeometry(BaseModel):
    """What the GM reads off the physical board for one attack (table mode): the target's sector the
    attacker is in (AB-13), the range in hexes (AB-15) and whether the shot runs along the attacker's
    front hex row (AB-14)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sector: SectorName = "FF"
    range: int = Field(default=1, ge=0, le=60)
    front_row: bool = False


class SetThrust(Command):
    kind: Literal["ab_set_thrust"] = "ab_set_thrust"
    unit: str
    thrust: int = Field(ge=0, le=30)


class Attack(Command):
    """One attack: a gun (its index) or the sword (``gun`` None); the target's defence; aura power
    spent before the rolls (AB-20, the attacker's first); the dice typed, or rolled when left out."""

    kind: Literal["ab_attack"] = "ab_attack"
    attacker: str
    target: str
    gun: int | None = Field(default=0, ge=0)
    defence: Choice = "evade"
    aura_attack: int = Field(default=0, ge=0, le=30)
    aura_power: int = Field(default=0, ge=0, le=30)
    aura_defence: int = Field(default=0, ge=0, le=30)
    aura_barrier: int = Field(default=0, ge=0, le=30)
    hit_faces: tuple[int, int] | None = None
    damage_faces: tuple[int, ...] | None = None
    land_on: Literal["battler", "carrier"] = "battler"  # a sword hit on a carried battler, 1–4 (AB-21)
    land_faces: tuple[int, ...] | None = Field(default=None, max_length=2)  # where a hit on a carried battler lands
    aura_action: int = Field(default=0, ge=0, le=30)  # the defender's aura power on action PP, to pay its defence
    table: TableGeometry | None = None  # table mode only


class Board(Command):
    """AB-21: a battler boards a Wing Caliber (in its hex, facing its way), or leaves it (``carrier`` None)."""

    kind: Literal["ab_board"] = "ab_board"
    unit: str
    carrier: str | None = None


class ResponseTurn(Command):
    """AB-12: the target of a declared attack turns, paying response PP (no thrust)."""

    kind: Literal["ab_response_turn"] = "ab_response_turn"
    unit: str
    sides: int = Field(ge=-3, le=3)  # hex sides, negative: to the left
    aura: int = Field(default=0, ge=0, le=30)  # aura power put on response PP just before (AB-20)


class SetTableMode(Command):
    kind: Literal["ab_set_table_mode"] = "ab_set_table_mode"
    on: bool  # True: the duel is played on a physical board; sector and range are typed per attack


class RevealAllocations(Command):
    """The GM shows this turn's PP splits to the players (hidden until then, AB-22)."""

    kind: Literal["ab_reveal"] = "ab_reveal"


class EditUnit(Command):
    kind: Literal["ab_edit_unit"] = "ab_edit_unit"
    unit: str
    field: str
    value: int | str | bool


# -- events ---------------------------------------------------------------------------------
class SkySet(Event):
    kind: Literal["ab_sky_set"] = "ab_sky_set"
    sky: HexMapFile


class UnitAdded(Event):
    kind: Literal["ab_unit_added"] = "ab_unit_added"
    id: str
    machine: MachineCard
    pilot: PilotCard
    side: str
    hex: str
    facing: int
    thrust: int
    damage: int = 0  # carried from an earlier duel


class TurnStarted(Event):
    kind: Literal["ab_turn_started"] = "ab_turn_started"
    turn: int


class PPAllocated(Event):
    kind: Literal["ab_pp_allocated"] = "ab_pp_allocated"
    unit: str
    name: str
    points: Points


class UnitMoved(Event):
    """A step on the map, or the GM's drop (``step`` None)."""

    kind: Literal["ab_unit_moved"] = "ab_unit_moved"
    unit: str
    name: str
    step: Step | None = None
    before: str
    after: str
    facing_before: int
    facing: int


class ThrustSet(Event):
    kind: Literal["ab_thrust_set"] = "ab_thrust_set"
    unit: str
    name: str
    before: int
    after: int


class AttackMade(Event):
    """The attack as decided: the hit value term by term, the dice, the damage and what it did."""

    kind: Literal["ab_attack_made"] = "ab_attack_made"
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    arm: str  # the gun's or sword's name
    sword: bool
    sector: str
    range: int
    defence: Choice
    defended: bool  # the defence counted (AB-16: paid for)
    terms: tuple[tuple[str, int], ...]
    value: int
    hit_faces: tuple[int, int]
    hit: bool
    triggers: tuple[int, ...] = ()
    damage_faces: tuple[int, ...] = ()
    power: int = 0
    armour: int = 0
    dealt: int = 0
    damage_before: int = 0
    damage: int = 0
    durability: int = 1
    attacker_points: Points
    attacker_aura: int
    defender: str  # who defended: the target, or the carrier it rides (AB-21)
    defender_points: Points
    defender_aura: int
    struck: str  # who took the hit: the target, or on a carried target where it landed
    struck_name: str
    land_faces: tuple[int, ...] = ()


class Boarded(Event):
    kind: Literal["ab_boarded"] = "ab_boarded"
    unit: str
    name: str
    carrier: str | None
    carrier_name: str
    before: str
    after: str
    facing_before: int
    facing: int


class ResponseTurned(Event):
    kind: Literal["ab_response_turned"] = "ab_response_turned"
    unit: str
    name: str
    facing_before: int
    facing: int
    response_before: int
    response: int
    aura_spent: int = 0  # aura power put on response PP first (AB-20)


class TableModeSet(Event):
    kind: Literal["ab_table_mode_set"] = "ab_table_mode_set"
    on: bool


class AllocationsRevealed(Event):
    kind: Literal["ab_allocations_revealed"] = "ab_allocations_revealed"
    turn: int


class UnitEdited(Event):
    kind: Literal["ab_unit_edited"] = "ab_unit_edited"
    unit: str
    name: str
    field: str
    old: int | str
    new: int | str


COMMANDS = (SetSky, AddUnit, StartTurn, AllocatePP, StepUnit, PlaceUnit, SetThrust, Attack, EditUnit, ResponseTurn,
            Board, SetTableMode, RevealAllocations)
EVENTS = (SkySet, UnitAdded, TurnStarted, PPAllocated, UnitMoved, ThrustSet, AttackMade, UnitEdited, ResponseTurned,
          Boarded, TableModeSet, AllocationsRevealed)
