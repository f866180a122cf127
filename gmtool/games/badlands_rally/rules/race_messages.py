"""The race's commands and events (journal messages): setting the course, gears joining, rounds,
activations, speed, movement on the map and the GM's own corrections.

Every event carries what it changed, before and after, so the log, undo and rewind need nothing else.
Hexes are board labels (``CCRR``); facings are hex sides 0–5 clockwise from the top.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.hex.map_file import HexMapFile
from gmtool.core.messages import Command, Event

Step = Literal["ahead", "back", "left", "right"]
SpeedName = Literal["cruising", "top"]
GEAR_FIELDS = ("name", "seat", "attack", "defence", "armour", "hull", "structure", "cruising_mr", "top_mr")


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
    armour: int = Field(ge=0, le=30)
    hull: int = Field(ge=0, le=20)
    structure: int = Field(ge=1, le=20)
    cruising_mr: int = Field(ge=1, le=30)
    top_mr: int = Field(ge=1, le=40)
    hex: str | None = Field(default=None, pattern=r"^\d{4}$")  # None: the first free hex of the start zone
    facing: int = Field(default=0, ge=0, le=5)


class StartRound(Command):
    kind: Literal["br_start_round"] = "br_start_round"
    first: str  # the gear whose player won the initiative check


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
    armour: int
    hull: int
    structure: int
    cruising_mr: int
    top_mr: int
    hex: str
    facing: int


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


class GearPlaced(Event):
    kind: Literal["br_placed"] = "br_placed"
    gear: str
    name: str
    before: str
    after: str
    facing_before: int
    facing: int


class ActivationEnded(Event):
    kind: Literal["br_activation_ended"] = "br_activation_ended"
    gear: str
    name: str
    mr_unused: int
    next: str | None  # None: every gear has activated this round


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


COMMANDS = (SetCourse, AddGear, StartRound, DeclareSpeed, StepGear, PlaceGear, EndActivation, EditGear, SetTableMode)
EVENTS = (CourseSet, GearAdded, RoundStarted, SpeedDeclared, GearStepped, GearPlaced, ActivationEnded, GearEdited,
          TableModeSet)
