"""The duel as it stands: the sky, every unit (card, pilot, damage, place, thrust, power points and
aura power left), the turn, who has split their PP and the last attack rolled. Built only by folding
events (:mod:`.duel_fold`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.aura_battler.rules.allocation import PowerPoints
from gmtool.games.aura_battler.rules.cards import MachineCard, PilotCard
from gmtool.games.aura_battler.rules.damage import heavily_damaged
from gmtool.games.aura_battler.rules.duel_messages import AttackMade


@dataclass
class DuelUnit:
    """One machine with its pilot."""

    id: str
    name: str
    machine: MachineCard
    pilot: PilotCard
    side: str
    hex: Hex
    facing: int
    thrust: int
    damage: int = 0
    points: PowerPoints = field(default_factory=lambda: PowerPoints(0))
    aura: int = 0  # aura power left this turn (AB-20)
    allocated: bool = False  # this turn's split made (AB-22)
    came_from: Hex | None = None  # the hex it left last (13.9)
    arrived: int = 0  # when it entered its hex (the duel's move count; 13.9: the later arrival)
    carried_by: str | None = None  # the Wing Caliber it rides (AB-21)
    turn_thrust: int = 0  # its thrust when this turn began (AB-19: 1 PP of change when heavily damaged)
    turned_here: bool = False  # it turned in the hex it is in (AB-19: one 60° turn per hex)

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.machine.durability

    @property
    def heavily_damaged(self) -> bool:
        return heavily_damaged(self.damage, self.machine.durability)


@dataclass
class DuelState:
    sky: HexMapFile | None = None
    units: dict[str, DuelUnit] = field(default_factory=dict)
    turn: int = 0
    moves: int = 0  # every entry into a hex so far (13.9)
    table_mode: bool = False  # played on a physical board: sector and range typed per attack
    revealed: bool = False  # this turn's PP splits shown to the players (AB-22)
    last_attack: AttackMade | None = None  # the latest roll, shown whole in the attack panel until the next

    @property
    def combatants(self) -> dict[str, DuelUnit]:
        return self.units

    def riders(self, carrier: str) -> tuple[DuelUnit, ...]:
        """The battlers aboard ``carrier``."""
        return tuple(u for u in self.units.values() if u.carried_by == carrier)

    @property
    def allocating(self) -> tuple[DuelUnit, ...]:
        """The units still to split their PP this turn (the allocation phase lasts while any is)."""
        if self.turn == 0:
            return ()
        return tuple(u for u in self.units.values() if not u.allocated and not u.destroyed)
