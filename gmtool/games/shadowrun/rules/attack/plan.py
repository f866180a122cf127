"""Everything about an attack that needs no dice: the shot, the recoil, the two modifier
sheets with the GM's choices, the resolution's inputs and the exact odds.

The GUI plans to show the tables and the odds before anything is rolled; deciding
the command plans the same way and then rolls, so what was shown is what is used.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.core.tables.engine import (
    Choices,
    FreeModifier,
    ModifierSheet,
    TableContext,
    TableData,
    build_sheet,
)
from gmtool.games.shadowrun.rules.attack import called
from gmtool.games.shadowrun.rules.attack.edge import (
    AttackSpecs,
    edge_term,
    lifted_limits,
    test_specs,
)
from gmtool.games.shadowrun.rules.attack.messages import Attack, TableChoices, TermRecord
from gmtool.games.shadowrun.rules.attack.records import sheet_records
from gmtool.games.shadowrun.rules.damage.odds import DamageOdds
from gmtool.games.shadowrun.rules.damage.pools import AttackPools
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution
from gmtool.games.shadowrun.rules.readings import Readings
from gmtool.games.shadowrun.rules.tables.context import RANGE_BANDS, ActionContext
from gmtool.games.shadowrun.rules.tables.loader import TableSet, load_tables
from gmtool.games.shadowrun.rules.weapons.firing import FiringModeTable, Shot, fire_mode
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon


@dataclass(frozen=True)
class Situation:
    """Who attacks whom with what, and the shot (None for a melee attack)."""

    attacker: Any
    target: Any
    weapon: Weapon
    shot: Shot | None
    recoil: int  # the recoil modifier of this attack (≤ 0)
    recoil_rounds: int  # the attacker's recoil count after it


class EditionAttack(Protocol):
    """What an edition supplies to the shared attack flow."""

    readings: Readings  # the campaign's rule readings (gmtool.games.shadowrun.rules.readings)

    @property
    def game(self) -> Literal["sr4", "sr5"]: ...
    @property
    def edge_spent(self) -> type[Event]: ...  # the edition's EdgeSpent event (an Edge point paid during the attack)

    def combatant(self, state: Any, cid: str) -> Any: ...
    def mode_table(self) -> FiringModeTable: ...
    def recoil(self, state: Any, attacker: Any, weapon: Weapon, shot: Shot | None) -> tuple[int, int]: ...
    def attack_context(self, state: Any, s: Situation, command: Attack) -> ActionContext: ...
    def defence_context(self, state: Any, s: Situation, command: Attack) -> ActionContext: ...
    def inputs(
        self, state: Any, s: Situation, command: Attack, attack: tuple[TermRecord, ...], defence: tuple[TermRecord, ...]
    ) -> Any: ...
    def pools(self, inputs: Any) -> AttackPools: ...
    def resolve(self, inputs: Any, attack_hits: int, defence_hits: int, soak_hits: int | None) -> AttackResolution: ...
    def odds(self, inputs: Any, specs: tuple[Any, Any, Any] = ...) -> DamageOdds: ...
    def action_events(self, state: Any, attacker: Any, kind: str, key: str) -> list[Event]: ...
    def after_events(self, state: Any, s: Situation, resolution: AttackResolution, defended: bool) -> list[Event]: ...
    def shared_monitor(self, state: Any, target: str) -> tuple[str, ...]: ...
    def called_shot_events(self, state: Any, s: Situation, result: Any) -> tuple[list[Event], tuple[str, ...]]: ...
    def check_attack(self, state: Any, s: Situation, command: Attack) -> None: ...
    def defence_events(self, state: Any, s: Situation, command: Attack) -> list[Event]: ...


@dataclass(frozen=True)
class AttackPlan:
    situation: Situation
    attack_sheet: ModifierSheet
    defence_sheet: ModifierSheet
    inputs: Any
    pools: AttackPools
    no_defence: bool  # the GM said so, or the defence table's "unaware" row is ticked
    suppressive: bool = False  # SR5-F8: a zone, no target (the attacker stands in for it)
    specs: AttackSpecs | None = None  # the three tests with the Edge the command uses

    @property
    def attack_terms(self) -> tuple[TermRecord, ...]:
        return sheet_records(self.attack_sheet)

    @property
    def defence_terms(self) -> tuple[TermRecord, ...]:
        return sheet_records(self.defence_sheet)


def magazine_of(state: Any, attacker_id: str, index: int, weapon: Weapon) -> Magazine:
    """The weapon's magazine now (full until the encounter records a shot or a reload)."""
    return state.magazines.get(f"{attacker_id}:{index}") or Magazine.full(weapon)


def situation(adapter: EditionAttack, state: Any, command: Attack) -> Situation:
    if state.turn == 0:
        raise RulesError("error.no_initiative")
    attacker = adapter.combatant(state, command.attacker)
    if command.mode == SUPPRESSIVE:
        target = attacker  # suppressive fire aims at a zone: the defender's figures are never used
    else:
        target = adapter.combatant(state, command.target)
    if attacker.id == target.id and command.mode != SUPPRESSIVE:
        raise RulesError("error.attack_self", name=attacker.sheet.name)
    weapons = attacker.sheet.weapons
    if not 0 <= command.weapon < len(weapons):
        raise RulesError("error.attack_no_weapon", name=attacker.sheet.name)
    weapon = weapons[command.weapon]
    shot = None
    if weapon.melee:
        if command.mode:
            raise RulesError("error.attack_melee_mode", weapon=weapon.display_name())
    else:
        if not command.mode:
            raise RulesError("error.attack_choose_mode", weapon=weapon.display_name())
        magazine = magazine_of(state, attacker.id, command.weapon, weapon)
        shot = fire_mode(weapon, magazine, adapter.mode_table().mode(command.mode))
    recoil, recoil_rounds = adapter.recoil(state, attacker, weapon, shot)
    return Situation(attacker, target, weapon, shot, recoil, recoil_rounds)


SUPPRESSIVE = "suppressive"


def _choices(stored: TableChoices | None) -> Choices | None:
    if stored is None:
        return None
    return Choices(
        ticked=frozenset(stored.ticked), free=tuple(FreeModifier(f.label, f.value) for f in stored.free),
        counts=tuple(sorted((c.key, c.count) for c in stored.counts)),
    )


_TABLES: list[TableSet] = []  # the tables in use: the book's and the GM's house rules


def use_tables(tables: TableSet) -> None:
    """Use these tables (shipped plus house rules, loaded once at start) for every attack planned."""
    _TABLES[:] = [tables]
    _PLANNED.clear()


def sheet_for(context: ActionContext, stored: TableChoices | None) -> ModifierSheet:
    """The tables for the action, pre-ticked from the situation, or with the GM's stored choices."""
    if not _TABLES:
        _TABLES.append(load_tables())
    # cast: the engine hands the context back only the rows of the tables given here (Shadowrun's own Row and
    # Table); its protocols are not generic over them, so they take any game's rows as parameters
    sheet = build_sheet(cast(TableContext, context), cast(Iterable[TableData], _TABLES[0]))
    choices = _choices(stored)
    return sheet if choices is None else sheet.with_choices(choices)


def stored_choices(sheet: ModifierSheet) -> TableChoices:
    """The GM's choices on a sheet, as the command stores them."""
    from gmtool.games.shadowrun.rules.attack.messages import FreeTerm, RowCount

    return TableChoices(
        ticked=tuple(sorted(sheet.choices.ticked)),
        free=tuple(FreeTerm(label=f.label, value=f.value) for f in sheet.choices.free),
        counts=tuple(RowCount(key=key, count=count) for key, count in sheet.choices.counts),
    )


def check_in_range(context: ActionContext, s: Situation) -> None:
    """A ranged attack beyond the weapon's extreme range cannot be made (SR4-MT1, SR5 range table)."""
    bands = context.range_bands
    if context.distance_m is not None and len(bands) == len(RANGE_BANDS) and context.distance_m > bands[-1]:
        raise RulesError(
            "error.attack_out_of_range", weapon=s.weapon.display_name(), distance=f"{context.distance_m:g}",
            extreme=f"{context.range_bands[-1]:g}",
        )


def plan(adapter: EditionAttack, state: Any, command: Attack) -> AttackPlan:
    s = situation(adapter, state, command)
    adapter.check_attack(state, s, command)
    readings = adapter.readings
    called.check(adapter.game, s, command, readings)
    context = adapter.attack_context(state, s, command)
    check_in_range(context, s)
    attack_sheet = called.with_required_rows(sheet_for(context, command.attack_choices), command, readings)
    defence_sheet = sheet_for(adapter.defence_context(state, s, command), command.defence_choices)
    specials = attack_sheet.specials() | defence_sheet.specials()
    split = called.split_kind(adapter.game, context.action, command, specials)
    if split == "sr4":
        called.check_sr4_split(s, command)
    suppressive = command.mode == SUPPRESSIVE
    if ("no_defence" in specials or suppressive) and not command.no_defence:
        command = command.model_copy(update={"no_defence": True})
    attack_terms = sheet_records(attack_sheet)
    defence_terms = sheet_records(defence_sheet)
    edge = edge_term(s.attacker, command)
    if edge is not None:  # SR5-CS9: the Edge dice go in before the split
        attack_terms = (*attack_terms, edge)
    inputs = adapter.inputs(state, s, command, attack_terms, defence_terms)
    pool, skill = adapter.pools(inputs).attack_pool, inputs.attacker.skill
    if split and command.paired_weapon is not None:
        other_pool, other_skill = _paired_pool(adapter, state, command, defence_terms)
        pool, skill = min(pool, other_pool + (edge.value if edge is not None else 0)), min(skill, other_skill)
    share = called.pool_share_term(pool, skill, command, adapter.pools(inputs).attack_pool, split, context.action)
    if share is not None:
        inputs = adapter.inputs(state, s, command, (*attack_terms, share), defence_terms)
    armour = adapter.pools(inputs).armour.value
    inputs = called.adjusted_inputs(adapter.game, inputs, command, attack_sheet, armour, readings)
    inputs = lifted_limits(inputs, command)
    pools = adapter.pools(inputs)
    specs = None if suppressive else test_specs(pools, command, s.attacker, s.target, command.no_defence)
    return AttackPlan(s, attack_sheet, defence_sheet, inputs, pools, command.no_defence, suppressive, specs)


@dataclass(frozen=True)
class _Planned:
    """A plan with what it was worked out from: the state (the object and its revision), the
    edition and its rule readings, the command."""

    state: Any
    revision: int
    game: str
    readings: Readings
    command: Attack
    plan: AttackPlan
    odds: list[DamageOdds]  # the plan's odds once asked (at most one)


_PLANNED: list[_Planned] = []  # the last plans, newest first
PLANS_KEPT = 4


def _planned_entry(adapter: EditionAttack, state: Any, command: Attack) -> _Planned:
    for entry in _PLANNED:
        if (entry.state is state and entry.revision == state.revision and entry.game == adapter.game
                and entry.readings == adapter.readings and entry.command == command):
            return entry
    entry = _Planned(state, state.revision, adapter.game, adapter.readings, command, plan(adapter, state, command), [])
    _PLANNED.insert(0, entry)
    del _PLANNED[PLANS_KEPT:]
    return entry


def planned(adapter: EditionAttack, state: Any, command: Attack) -> AttackPlan:
    """:func:`plan`, worked out once per state revision, command and rule readings: the plan the panel
    shows before Roll is the one deciding the attack uses, not planned again (every event folded bumps
    the state's revision; a plan is immutable)."""
    return _planned_entry(adapter, state, command).plan


def planned_odds(adapter: EditionAttack, state: Any, command: Attack) -> tuple[AttackPlan, DamageOdds]:
    """The plan (:func:`planned`) and its exact odds (:func:`plan_odds`), each worked out once."""
    entry = _planned_entry(adapter, state, command)
    if not entry.odds:
        entry.odds.append(plan_odds(adapter, entry.plan))
    return entry.plan, entry.odds[0]


def _paired_pool(
    adapter: EditionAttack, state: Any, command: Attack, defence_terms: tuple[TermRecord, ...]
) -> tuple[int, int]:
    """Two weapons (SR5-CS9, SR4's two weapons): the other weapon's modified pool and skill rating.

    The other weapon's tables get the GM's ticks when they fit (the same kind of attack),
    else what the situation implies; the called shot's −4 of the digest's CS9 is in both.
    """
    other = command.model_copy(update={
        "weapon": command.paired_weapon, "mode": command.paired_mode, "paired_weapon": None, "paired_mode": "",
        "attacks": 1, "pool_share": 0, "attack_edge": "none",
    })
    s = situation(adapter, state, other)
    context = adapter.attack_context(state, s, other)
    try:
        sheet = sheet_for(context, command.attack_choices)
    except RulesError:
        sheet = sheet_for(context, None)
    sheet = called.with_required_rows(sheet, command, adapter.readings)
    terms = sheet_records(sheet)
    inputs = adapter.inputs(state, s, other, terms, defence_terms)
    return adapter.pools(inputs).attack_pool, inputs.attacker.skill


def plan_odds(adapter: EditionAttack, p: AttackPlan) -> DamageOdds:
    """The planned attack's exact odds, with the Edge its tests use (X-4)."""
    return adapter.odds(p.inputs, p.specs.as_tuple() if p.specs is not None else (None, None, None))
