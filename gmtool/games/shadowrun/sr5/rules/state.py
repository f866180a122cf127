"""SR5 encounter state: what the fold of the events has produced so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from gmtool.core.effects import Effect
from gmtool.games.shadowrun.rules.extended_tests import ExtendedTest
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

RULE_OPTIONS: dict[str, bool] = {
    # SR5 p. 169: wound modifiers also apply to the Initiative score. Some tables
    # ignore this; it is a setting, on by default as in the book.
    "wound_modifier_on_initiative": True,
    # SR5: a glitch counts the ones on rule-of-six extra dice too; GMs differ, default yes.
    "ones_on_extras_count": True,
}


@dataclass
class LastTest:
    """The combatant's last test, kept so Edge can still be used after the roll."""

    label: str
    terms: tuple[tuple[str, int], ...]
    pool: int
    threshold: int
    limit: int | None
    faces: tuple[int, ...]
    edge_used: bool
    typed: bool
    glitch: bool


@dataclass
class Combatant:
    id: str
    sheet: Sheet
    score: int | None = None  # rolled score − 10 per pass + adjustments; no wound modifier
    adjustment: int = 0  # this turn's score changes from effects and the GM (kept by a re-roll)
    faces: tuple[int, ...] = ()
    tiebreak: int = 0
    typed: bool = False
    acted: bool = False  # in this pass
    delayed: bool = False
    seized: bool = False  # this turn
    blitzed: bool = False  # this turn
    blitz_declared: bool = False  # SR5-I5: the next initiative roll is 5d6 (Edge already spent)
    simple_actions: int = 0  # used in the current phase (SR5-I6)
    complex_action: bool = False
    free_action: bool = False  # used since the end of the last own phase
    last_test: LastTest | None = None
    phases_ended: int = 0  # action phases this combatant has finished (effects count them)
    surprised_by: tuple[str, ...] = ()  # until the first pass ends
    retries: dict[str, int] = field(default_factory=dict)  # SR4-D11: failed tries per test
    recoil_rounds: int = 0  # SR5 progressive recoil: rounds fired since the count reset
    defences: int = 0  # defence tests this turn (the next one takes −1 per each)
    attacks_in_phase: int = 0  # attack actions taken in the current action phase (SR5-A1/F1/F2: one)


@dataclass
class EncounterState:
    combatants: dict[str, Combatant] = field(default_factory=dict)
    turn: int = 0  # 0: initiative not rolled yet
    pass_number: int = 0
    acting_now: str | None = None  # a delayed combatant acting out of turn
    next_number: int = 1
    extended_tests: dict[int, ExtendedTest] = field(default_factory=dict)
    next_extended: int = 1
    effects: dict[int, Effect] = field(default_factory=dict)
    next_effect: int = 1
    groups: dict[str, Any] = field(default_factory=dict)  # id → GruntGroup
    next_group: int = 1
    options: dict[str, bool] = field(default_factory=lambda: dict(RULE_OPTIONS))
    magazines: dict[str, Any] = field(default_factory=dict)  # "c1:0" → Magazine (full until a shot)
    zones: dict[int, Any] = field(default_factory=dict)  # SR5-F8 suppressive-fire zones in force

    # Not dataclass fields (so not part of the state's value): a counter bumped by
    # every folded event, and the pass order derived at a given revision.
    # (cast: a typed default without an annotation, which would make it a dataclass field)
    revision = 0
    order_cache = cast("tuple[int, list[Combatant]] | None", None)
    score_cache = cast("tuple[int, dict[str, int | None]] | None", None)
    actor_cache = cast("tuple[int, Combatant | None] | None", None)
