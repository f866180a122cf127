"""The race as it stands: the course, every gear (card values, damage, place on the map, speed and
MR left), the round and whose activation it is. Built only by folding events (:mod:`.race_fold`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules.laps import Progress
from gmtool.games.badlands_rally.rules.rattled import Rattle
from gmtool.games.badlands_rally.rules.seats import clockwise_gears
from gmtool.games.badlands_rally.rules.terrain import Speed
from gmtool.games.badlands_rally.rules.weapons import WeaponCard


@dataclass
class RaceGear:
    """One gear: its card (typed by the GM), its damage, where it stands and faces, this activation."""

    id: str
    name: str
    seat: str
    attack: int
    defence: int
    initiative: int
    armour: int
    hull: int
    hull_max: int
    structure: int
    structure_max: int
    cruising_mr: int
    top_mr: int
    actions: int
    weapons: tuple[WeaponCard, ...]
    hex: Hex
    facing: int
    rattle: Rattle = field(default_factory=Rattle)
    speed: Speed | None = None  # declared this activation (None: not yet, or not its activation)
    mr_left: int = 0
    activated: bool = False  # this round
    actions_used: int = 0  # this activation
    progress: Progress = field(default_factory=Progress)  # laps and checkpoints passed
    spun: bool = False  # spun out this activation (once per activation, BR-15)
    rally_tokens: int = 0  # rally-the-crowd tokens (a recovered spin-out gives one)
    began_at: tuple[int, int, int] | None = None  # its race position when this activation began (BR-8)
    spins_caused: int = 0  # a derby: the spin-outs it caused on other gears (BR-19)
    specials: tuple[str, ...] = ()  # the datacard's special rules (BR-20, rules/specials.py)
    rough_free: int = 0  # Off-Road Specialist: consecutive rough hexes still to ignore
    off_road_round: int = 0  # the round it last rolled Off-Road Specialist (once per turn)
    reliable_lap: int | None = None  # Reliable: the lap (laps completed) it last rerolled a test in
    upgrades: tuple[str, ...] = ()  # its upgrades' keys (BR-20)
    twins: int | None = None  # Twins: the weapon it carries two of (index)

    @property
    def out(self) -> bool:
        return self.rattle.knocked_out


@dataclass
class RaceState:
    course: HexMapFile | None = None
    gears: dict[str, RaceGear] = field(default_factory=dict)
    round: int = 0
    order: tuple[str, ...] = ()  # this round's activations
    current: str | None = None
    table_mode: bool = False  # played on a physical board: the map is off, positions are the table's
    pending: tuple[tuple[str, int], ...] = ()  # gears waiting to spin out and skid: (id, excess hits)
    scenario: str | None = None  # its key (BR-19); None: none chosen (two laps)
    laps: int = 2  # to finish the race
    finished: dict[str, int] = field(default_factory=dict)  # gear → the round it finished every lap
    contest: tuple[str, ...] = ()  # gears whose contested check decides the winner
    winner: str | None = None
    gentlemen: bool = False  # the gentlemen's sport: no attacks in round 1 (BR-19)
    spin_causes: dict[str, str] = field(default_factory=dict)  # a gear waiting to spin out → the gear that caused it
    players: tuple[str, ...] = ()  # the players clockwise (BR-4; empty: each gear's seat as typed)
    choice_order: tuple[str, ...] = ()  # the order the players choose their gears in (BR-4)
    upgrade_mode: str = "rolled"  # this race's upgrades: "none", "rolled" or "chosen" (BR-20)
    pole: str | None = None  # the gear with the pole position (BR-4)

    @property
    def combatants(self) -> dict[str, RaceGear]:
        """The gears, by the shell's name for whoever takes part."""
        return self.gears

    def seats(self) -> list[str]:
        """Gear ids clockwise: the order they joined, or with players named, each player's first gear
        in the players' order, then their second gears (:func:`.seats.clockwise_gears`)."""
        return clockwise_gears(self.players, [(g.id, g.seat) for g in self.gears.values()])
