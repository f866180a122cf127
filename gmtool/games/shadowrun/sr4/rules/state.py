"""SR4 encounter state: what the fold of the events has produced so far.

Nothing here is derived twice: scores, pass order and budgets left are queries
in :mod:`gmtool.games.shadowrun.sr4.rules.turn`; the current actor is stored (``actor``),
because a phase, once begun, belongs to its actor even when scores change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from gmtool.core.effects import Effect
from gmtool.games.shadowrun.sr4.rules.magic_state import MagicState
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

if TYPE_CHECKING:  # loaded with the first vehicle or Matrix event, not with every encounter
    from gmtool.games.shadowrun.sr4.rules.matrix_state import MatrixState
    from gmtool.games.shadowrun.sr4.rules.vehicle_state import Chase, Vehicle

RULE_OPTIONS: dict[str, bool] = {
    # SR4: wound modifiers apply to the Initiative attribute, so to the initiative
    # test's pool and to the score (lowered at once when damage is taken).
    "wound_modifier_on_initiative": True,
}


@dataclass
class Combatant:
    id: str
    sheet: Sheet
    hits: int | None = None  # initiative test hits this turn (None: not rolled)
    faces: tuple[int, ...] = ()
    pool: int = 0  # dice of the initiative test
    typed: bool = False
    glitch: bool = False
    tiebreak: int = 0
    adjustment: int = 0  # this turn's score changes by effects and the GM
    acted: bool = False  # in this pass
    delayed: bool = False
    first_in_pass: int | None = None  # SR4-E6: the pass it acts first in
    extra_pass: bool = False  # SR4-E7, this turn
    simple_slots: int = 0  # used in the current phase (simple actions, or free ones paid with a slot)
    complex_action: bool = False
    free_action: bool = False  # the free action between phases (SR4-C3) is used
    walked: bool = False  # SR4-C6: the free walk of this turn is used
    running: bool = False  # declared the free action Run this turn
    moved: int = 0  # metres moved this turn
    sprint_bonus: int = 0  # metres added by sprinting this turn
    surprised_by: tuple[str, ...] = ()  # SR4-C9, until the first pass ends
    phases_ended: int = 0  # action phases finished in this encounter (effects count them)
    recoil_rounds: int = 0  # SR4-MT6: rounds fired in the current action phase
    defences: int = 0  # defence tests this turn (the next one takes −1 per each)
    owes_complex: bool = False  # SR4-R1: full defence declared outside its phase spends its next one
    last_test: Any = None  # the last dice test (tests_state.LastTest): Edge after the roll acts on it
    retries: dict[str, int] = field(default_factory=dict)  # SR4-D11: failed tries per test
    last_action: bool = False  # SR4-E9: the dead man's trigger was pulled (one more action)


@dataclass
class EncounterState:
    combatants: dict[str, Combatant] = field(default_factory=dict)
    turn: int = 0  # 0: initiative not rolled yet
    pass_number: int = 0
    actor: str | None = None  # whose action phase it is
    acting_now: str | None = None  # a delayed combatant acting out of turn
    interrupted: str | None = None  # the actor it stepped in before (resumes next)
    next_number: int = 1
    surprise_turn: int | None = None  # the turn whose first pass the surprise marks apply to
    options: dict[str, bool] = field(default_factory=lambda: dict(RULE_OPTIONS))
    effects: dict[int, Effect] = field(default_factory=dict)
    next_effect: int = 1
    groups: dict[str, Any] = field(default_factory=dict)  # id → GruntGroup
    next_group: int = 1
    magazines: dict[str, Any] = field(default_factory=dict)  # "c1:0" → Magazine (full until a shot)
    extended_tests: dict[int, Any] = field(default_factory=dict)  # SR4-D6: id → extended_tests.ExtendedTest
    next_extended: int = 1
    magic: MagicState = field(default_factory=MagicState)  # SR4-S*: sustained spells, spirits, signatures
    vehicles: dict[str, Vehicle] = field(default_factory=dict)  # SR4-V1..V5: by id
    chase: Chase | None = None  # SR4-V6/V7: while a chase runs
    matrix: MatrixState | None = None  # the Matrix, made by its first event

    # Not dataclass fields (so not part of the state's value): a counter bumped by every folded
    # event, and the pass order derived at a given revision.
    # (cast: a typed default without an annotation, which would make it a dataclass field)
    revision = 0
    order_cache = cast("tuple[int, list[Combatant]] | None", None)
