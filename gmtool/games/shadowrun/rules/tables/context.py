"""What the modifier engine knows of the action being resolved: :class:`ActionContext` (SR4-MT7).

The attack flow fills one in (from the sheets, the weapon code and the state of
the encounter); the core's engine (:mod:`gmtool.core.tables.engine`) is given it and asks it
which tables exist, which rows its flags pre-tick and what a row following a named Shadowrun
rule is worth (:mod:`gmtool.games.shadowrun.rules.tables.rules`, ``environment``).

Context flags are plain words. Those derived from the fields are listed in
:meth:`ActionContext.all_flags`; anything else (``target_good_cover``,
``smartlink``, ``wide_burst``, ``called_shot`` …: the ``context`` of any table row)
goes in ``flags``. Environment conditions (SR4 visibility rows such as
``full_darkness``; SR5 ``visibility_heavy``, ``light_dim``, ``glare_weak``,
``wind_strong`` …) go in ``conditions``; vision gear and sights (``low_light``,
``thermographic``, ``flare_compensation``, ``tracer_full_auto`` …) in ``equipment``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from gmtool.core.i18n import catalogue
from gmtool.core.tables.engine import EFFECTS_TABLE
from gmtool.games.shadowrun.rules.tables import rules
from gmtool.games.shadowrun.rules.tables.environment import EnvironmentResult, environment
from gmtool.games.shadowrun.rules.tables.loader import load_tables
from gmtool.games.shadowrun.rules.tables.models import (
    ACTIONS,
    COUNT_RULES,
    SPECIAL_RULES,
    VISION_MODES,
    LocalText,
    Row,
    Table,
)

RANGE_BANDS: tuple[str, ...] = ("range_short", "range_medium", "range_long", "range_extreme")

EffectTerm = tuple[str, int, str]  # (label: a message key or "text:" + words, value, source)
SIGNED_COUNTS = frozenset({"reach_difference"})  # counts that may be negative (the defender's longer reach)


@dataclass(frozen=True)
class ActionContext:
    """One action's situation, as far as the modifier tables care.

    ``wound_modifier`` is the rolling character's (≤ 0). ``recoil`` is the recoil
    modifier the weapon code computed (a penalty; given as −3 or 3, it counts −3).
    ``reach_difference`` is the attacker's reach minus the defender's.
    ``range_bands`` are the weapon's upper limits in metres for short, medium,
    long and extreme range; with ``distance_m`` they pre-tick the range row.
    ``effects`` are the effects in force on the roller, as (label, value, source).
    """

    game: Literal["sr4", "sr5"]
    action: Literal["ranged_attack", "melee_attack", "ranged_defence", "melee_defence", "perception"]
    wound_modifier: int = 0
    attacker_running: bool = False
    attacker_in_melee: bool = False
    friends_in_melee: int = 0
    reach_difference: int = 0
    defender_prone: bool = False
    defender_running: bool = False
    defender_in_melee: bool = False
    prior_defences: int = 0
    recoil: int = 0
    recoil_compensation: int = 0
    gyro: int = 0
    aim_actions: int = 0
    target_changes: int = 0
    perception_enhancement: int = 0
    full_defence: int = 0
    distance_m: float | None = None
    range_bands: tuple[float, ...] = ()
    vision: Literal["normal", "low_light", "thermographic", "ultrasound"] = "normal"
    conditions: frozenset[str] = field(default_factory=frozenset)
    equipment: frozenset[str] = field(default_factory=frozenset)
    flags: frozenset[str] = field(default_factory=frozenset)
    effects: tuple[EffectTerm, ...] = ()

    def __post_init__(self) -> None:
        if self.game not in ("sr4", "sr5"):
            raise ValueError(f"unknown game {self.game!r}")
        if self.action not in ACTIONS:
            raise ValueError(f"unknown action {self.action!r}")
        if self.vision not in VISION_MODES:
            raise ValueError(f"unknown vision mode {self.vision!r}")
        if list(self.range_bands) != sorted(self.range_bands) or len(self.range_bands) > len(RANGE_BANDS):
            raise ValueError("range_bands: at most four rising limits (short, medium, long, extreme)")

    def count(self, name: str) -> int:
        """A count a named rule multiplies (``friends_in_melee``, ``prior_defences`` …)."""
        value = getattr(self, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{name} is not a count")
        return value

    @property
    def recoil_penalty(self) -> int:
        return -abs(self.recoil)

    def range_band(self) -> str | None:
        """``range_short`` … ``range_extreme`` for the distance, None if unknown or beyond."""
        if self.distance_m is None or not self.range_bands:
            return None
        for name, limit in zip(RANGE_BANDS, self.range_bands, strict=False):
            if self.distance_m <= limit:
                return name
        return None

    def all_flags(self) -> frozenset[str]:
        """Every context flag: the explicit ones and those the fields imply."""
        derived = {
            "wounded": self.wound_modifier != 0,
            "attacker_running": self.attacker_running,
            "attacker_in_melee": self.attacker_in_melee,
            "friends_in_melee": self.friends_in_melee > 0,
            "reach": self.reach_difference != 0,
            "defender_prone": self.defender_prone,
            "defender_running": self.defender_running,
            "defender_in_melee": self.defender_in_melee,
            "prior_defences": self.prior_defences > 0,
            "recoil": self.recoil != 0,
            "aimed": self.aim_actions > 0,
            "multiple_targets": self.target_changes > 0,
            "enhanced_senses": self.perception_enhancement > 0,
            "full_defence": self.full_defence > 0,
        }
        found = {name for name, present in derived.items() if present}
        band = self.range_band()
        if band is not None:
            found.add(band)
        if self.vision != "normal":
            found.add(self.vision)
        return frozenset(found) | self.flags | self.conditions | self.equipment

    # -- the engine's parameter (gmtool.core.tables.engine.TableContext): Shadowrun's rules ----------
    def count_name(self, rule: str | None) -> str | None:
        return COUNT_RULES.get(rule) if rule is not None else None

    def count_low(self, name: str) -> int:
        return -1 if name in SIGNED_COUNTS else 0

    def base_value(self, row: Row, count: int | None = None) -> int | None:
        return rules.base_value(row, self, count)

    def dependent_rules(self) -> tuple[str, ...]:
        return rules.DEPENDENT_RULES

    def dependent_value(self, row: Row, ticked: Mapping[str, tuple[Row, int]]) -> int:
        return rules.dependent_value(row, self, ticked)

    def environment(self, table: Table, ticked: Sequence[Row], equipment: Sequence[Row]) -> EnvironmentResult | None:
        return environment(table, ticked, equipment, self)

    def special_rules(self) -> frozenset[str]:
        return frozenset(SPECIAL_RULES)

    def tables(self) -> Iterable[Table]:
        return load_tables().tables.values()

    def effects_table(self) -> Table | None:
        """The effects in force on the roller, as a table whose rows are all pre-ticked."""
        if not self.effects:
            return None
        rows = tuple(
            Row(id=f"effect_{number}", label=_local(label), value=value, source="effect", context="effect",
                note=LocalText(en=source, ja=source) if source else None)
            for number, (label, value, source) in enumerate(self.effects, start=1)
        )
        return Table(id=EFFECTS_TABLE, game=self.game, title=_local("tables.effects_title"),
                     applies_to=(self.action,), rows=rows)


def _local(label: str) -> LocalText:
    """A message key (or ``text:`` + words) in both languages, as a table row's label."""
    if label.startswith("text:"):
        return LocalText(en=label[5:] or "?", ja=label[5:] or "?")
    return LocalText(en=catalogue("en").messages.get(label, label), ja=catalogue("ja").messages.get(label, label))
