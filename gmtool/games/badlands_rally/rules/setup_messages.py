"""The race setup's commands and events (BR-4, BR-20): the players at the table and their gears, the
order the players choose their gears in, each gear's upgrade and the pole position.

Every setup command is refused once the race has started (round 1 begun).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command, Event
from gmtool.games.badlands_rally.rules.race_messages import InitiativeCheck
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

UpgradeMode = Literal["none", "rolled", "chosen"]


# -- commands -------------------------------------------------------------------------------
class SetPlayers(Command):
    """The players at the table, clockwise."""

    kind: Literal["br_set_players"] = "br_set_players"
    players: tuple[str, ...] = Field(min_length=1, max_length=8)


class AssignGear(Command):
    """A gear goes to a player (one or two gears each)."""

    kind: Literal["br_assign_gear"] = "br_assign_gear"
    gear: str
    player: str


class RollChoiceOrder(Command):
    """Each player rolls 1D6, the highest chooses a gear first; the tied roll again. Typed: each
    player's dice in the order thrown (the first roll, then the re-rolls)."""

    kind: Literal["br_roll_choice_order"] = "br_roll_choice_order"
    faces: dict[str, tuple[int, ...]] | None = None


class SetUpgradeMode(Command):
    """This race's upgrades: none (campaign or practice), rolled on 1D6 or chosen."""

    kind: Literal["br_set_upgrade_mode"] = "br_set_upgrade_mode"
    mode: UpgradeMode


class GiveUpgrade(Command):
    """A gear's upgrade: rolled (``die`` None, or the die typed from the table) or chosen (``die``: its face)."""

    kind: Literal["br_give_upgrade"] = "br_give_upgrade"
    gear: str
    die: int | None = Field(default=None, ge=1, le=6)


class ChooseTwins(Command):
    """Twins: which of the gear's weapons it carries two of."""

    kind: Literal["br_choose_twins"] = "br_choose_twins"
    gear: str
    weapon: int = Field(ge=0)


class RollPolePosition(Command):
    """The pole position's initiative check (2D6, ties roll again): rolled, or typed by gear id."""

    kind: Literal["br_roll_pole"] = "br_roll_pole"
    faces: dict[str, tuple[int, ...]] | None = None


# -- events ---------------------------------------------------------------------------------
class PlayersSet(Event):
    kind: Literal["br_players_set"] = "br_players_set"
    players: tuple[str, ...]
    before: tuple[str, ...]


class GearAssigned(Event):
    kind: Literal["br_gear_assigned"] = "br_gear_assigned"
    gear: str
    name: str
    player: str
    before: str


class PlayerDie(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str
    die: int


class ChoiceOrderRolled(Event):
    """Every player's die, then each re-roll of the tied; the order they choose their gears in."""

    kind: Literal["br_choice_order_rolled"] = "br_choice_order_rolled"
    rolls: tuple[tuple[PlayerDie, ...], ...]
    order: tuple[str, ...]


class UpgradeModeSet(Event):
    kind: Literal["br_upgrade_mode_set"] = "br_upgrade_mode_set"
    mode: UpgradeMode
    before: UpgradeMode


class UpgradeGiven(Event):
    kind: Literal["br_upgrade_given"] = "br_upgrade_given"
    gear: str
    name: str
    die: int
    rolled: bool
    key: str
    weapon_added: WeaponCard | None = None  # the Whacker


class TwinsChosen(Event):
    kind: Literal["br_twins_chosen"] = "br_twins_chosen"
    gear: str
    name: str
    weapon: int
    before: WeaponCard
    after: WeaponCard


class Placement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: str
    before: str
    after: str


class PolePositionRolled(Event):
    """The pole position's checks (each re-roll of the tied), its winner, and the gears placed on the
    start zone clockwise from it (none in table mode)."""

    kind: Literal["br_pole_rolled"] = "br_pole_rolled"
    rolls: tuple[tuple[InitiativeCheck, ...], ...]
    winner: str
    name: str
    odds: str
    placements: tuple[Placement, ...]


COMMANDS = (SetPlayers, AssignGear, RollChoiceOrder, SetUpgradeMode, GiveUpgrade, ChooseTwins, RollPolePosition)
EVENTS = (PlayersSet, GearAssigned, ChoiceOrderRolled, UpgradeModeSet, UpgradeGiven, TwinsChosen, PolePositionRolled)
