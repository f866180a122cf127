"""What of a runner carries over to the next encounter, in both editions (the rules' ``"carry"``).

A runner keeps its damage (the physical monitor, overflow beyond it, the stun monitor: drain is stun
damage, SR5 p. 282 / SR4 p. 178), its Edge points left (spent Edge refreshes only as the GM says,
SR5-E / SR4-E1), the rounds left in each weapon and its lasting effects (sustained spells and threads,
the GM's effects set to last until removed: :mod:`gmtool.games.shadowrun.rules.carried_effects`; SR4 keeps
a sustained spell as the spell itself, its Force, hits and −2). The maxima (boxes, Edge) are kept with the values,
so the GM's edits between encounters are bounded without the template. Joining an encounter, a runner
is one ``add_combatant`` command: its sheet with this damage and Edge, and its rounds left per weapon.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gmtool.core.display import SheetField
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import active_language, tr
from gmtool.core.messages import Command
from gmtool.core.party import RESET, BetweenAction, CarriedState, ChangeLine, StateLine
from gmtool.games.shadowrun.rules.carried_effects import BoundSpirit, CarriedSpell, LastingEffect, lasting_effects
from gmtool.games.shadowrun.rules.shared_describe import effect_name
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine

CARRY_VERSION = 2  # 2: SR4's sustained spells (a version 1 state reads as one without them)
HEAL_STUN, HEAL_ALL, REFRESH_EDGE, RELOAD, END_EFFECTS = "heal_stun", "heal_all", "refresh_edge", "reload", "end_effects"


class WeaponRounds(BaseModel):
    """The rounds left in one weapon (its index on the sheet, its name in both languages)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=0)
    name: str
    name_ja: str = ""
    left: int = Field(ge=0)
    capacity: int = Field(ge=1)

    def label(self) -> str:
        return self.name_ja if active_language() == "ja" and self.name_ja else self.name


class CarriedRunner(CarriedState):
    """A runner between encounters."""

    physical: int = Field(ge=0)  # boxes of physical damage; past ``physical_boxes``: overflow
    physical_boxes: int = Field(ge=1)
    overflow: int = Field(ge=0)  # boxes of overflow before death (Body)
    stun: int = Field(ge=0)
    stun_boxes: int = Field(ge=1)
    edge: int = Field(ge=0)
    edge_max: int = Field(ge=0)
    rounds: tuple[WeaponRounds, ...] = ()
    effects: tuple[LastingEffect, ...] = ()  # sustained spells and threads, the GM's lasting effects
    spirits: tuple[BoundSpirit, ...] = ()  # SR4-S6: a spirit still bound, with its services
    spells: tuple[CarriedSpell, ...] = ()  # SR4-S1: spells still sustained (each with its −2)


def _runner(sheet: Any, magazines: Mapping[int, Magazine], effects: tuple[LastingEffect, ...] = (),
            spirits: tuple[BoundSpirit, ...] = (), spells: tuple[CarriedSpell, ...] = ()) -> CarriedRunner:
    """The carried state of a sheet whose weapons hold ``magazines`` (index → magazine; missing: full)."""
    rounds = []
    for index, weapon in enumerate(sheet.weapons):
        magazine = magazines.get(index) or Magazine.full(weapon)
        if magazine.capacity > 0:
            rounds.append(WeaponRounds(index=index, name=weapon.name, name_ja=weapon.name_ja, left=magazine.rounds,
                                       capacity=magazine.capacity))
    return CarriedRunner(
        physical=sheet.physical_damage, physical_boxes=sheet.physical_boxes, overflow=sheet.physical_overflow,
        stun=sheet.stun_damage, stun_boxes=sheet.stun_boxes, edge=sheet.edge_points,
        edge_max=sheet.attributes["EDG"], rounds=tuple(rounds), effects=effects, spirits=spirits, spells=spells)


def _sheet(template: Any) -> Any:
    from gmtool.games.shadowrun.library.to_sheet import to_sheet  # with the first runner, not the first paint

    return to_sheet(template, is_npc=False)


class ShadowrunCarry:
    """The runner's part of :class:`gmtool.core.capabilities.Carry`; an edition names its
    ``add_combatant`` command."""

    carry_version = CARRY_VERSION
    add_combatant: type[Command]

    def fresh(self, template: Any) -> CarriedRunner:
        return _runner(_sheet(template), {})

    def read_carried(self, document: Mapping[str, object], version: int) -> CarriedRunner:
        if version > CARRY_VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=CARRY_VERSION)
        try:
            return CarriedRunner.model_validate(dict(document))
        except ValidationError as exc:
            raise FileFormatError("sr.carry.error.damaged", detail=str(exc.errors()[0]["msg"])) from exc

    def bring(self, template: Any, carried: CarriedRunner, name: str) -> tuple[Command, ...]:
        sheet = _sheet(template)
        edge = min(carried.edge, sheet.attributes["EDG"])
        sheet = sheet.model_copy(update={"name": name, "physical_damage": carried.physical,
                                         "stun_damage": min(carried.stun, sheet.stun_boxes), "edge_points": edge})
        rounds = {r.index: r.left for r in carried.rounds
                  if r.index < len(sheet.weapons) and sheet.weapons[r.index].name == r.name}
        return (self.add_combatant(sheet=sheet, rounds=rounds, effects=carried.effects,  # type: ignore[call-arg]  # the edition's AddCombatant (SR5 or SR4), typed as any Command
                                   spirits=carried.spirits, spells=carried.spells),)

    def carried(self, state: Any, combatant_id: str) -> CarriedRunner | None:
        c = state.combatants.get(combatant_id)
        if c is None:
            return None
        magazines = {i: state.magazines[f"{combatant_id}:{i}"] for i in range(len(c.sheet.weapons))
                     if f"{combatant_id}:{i}" in state.magazines}
        spells = self.sustained_spells(state, combatant_id)
        effects = lasting_effects(state, combatant_id, frozenset(effect for _spell, effect in spells))
        return _runner(c.sheet, magazines, effects, self.bound_spirits(state, combatant_id),
                       tuple(spell for spell, _effect in spells))

    def sustained_spells(self, state: Any, combatant_id: str) -> tuple[tuple[CarriedSpell, int], ...]:
        """The spells the combatant still sustains, each with its −2 effect's id (an edition that keeps
        spells says; SR5's tracker keeps only the effect, carried as a lasting effect)."""
        return ()

    def spell_words(self, spell: CarriedSpell) -> str:
        """A sustained spell in words ("Armor F4 (−2)")."""
        return tr("sr.carry.spell", spell=spell.spell, force=spell.force, modifier="")

    def _spells(self, carried: CarriedRunner) -> str:
        return ", ".join(self.spell_words(s) for s in carried.spells) or tr("sr.carry.no_effects")

    def bound_spirits(self, state: Any, combatant_id: str) -> tuple[BoundSpirit, ...]:
        """The spirits still bound to the combatant (an edition that keeps spirits says; SR5's tracker does not)."""
        return ()

    def spirit_words(self, spirit: BoundSpirit) -> str:
        """A bound spirit in words ("Fire spirit F4, 2 services")."""
        return tr("sr.carry.spirit", spirit=spirit.kind, force=spirit.force, services=spirit.services)

    def _spirits(self, carried: CarriedRunner) -> str:
        return ", ".join(self.spirit_words(s) for s in carried.spirits) or tr("sr.carry.no_effects")

    def describe_changes(self, before: CarriedRunner, after: CarriedRunner) -> tuple[ChangeLine, ...]:
        lines = []
        if (before.physical, before.physical_boxes) != (after.physical, after.physical_boxes):
            lines.append(ChangeLine(tr("sr.carry.physical"), _physical(before), _physical(after)))
        if before.stun != after.stun:
            lines.append(ChangeLine(tr("sr.carry.stun"), _of(before.stun, before.stun_boxes),
                                    _of(after.stun, after.stun_boxes)))
        if before.edge != after.edge:
            lines.append(ChangeLine(tr("sr.carry.edge"), _of(before.edge, before.edge_max),
                                    _of(after.edge, after.edge_max)))
        was = {(r.index, r.name): r for r in before.rounds}
        for weapon in after.rounds:
            old = was.get((weapon.index, weapon.name))
            if old is not None and old.left != weapon.left:
                lines.append(ChangeLine(tr("sr.carry.rounds", weapon=weapon.label()), _of(old.left, old.capacity),
                                        _of(weapon.left, weapon.capacity)))
        if before.effects != after.effects:
            lines.append(ChangeLine(tr("sr.carry.effects"), _effects(before), _effects(after)))
        if before.spells != after.spells:
            lines.append(ChangeLine(tr("sr.carry.spells"), self._spells(before), self._spells(after)))
        if before.spirits != after.spirits:
            lines.append(ChangeLine(tr("sr.carry.spirits"), self._spirits(before), self._spirits(after)))
        return tuple(lines)

    def state_lines(self, carried: CarriedRunner) -> tuple[StateLine, ...]:
        lines = [StateLine("physical", tr("sr.carry.physical"), _physical(carried)),
                 StateLine("stun", tr("sr.carry.stun"), _of(carried.stun, carried.stun_boxes)),
                 StateLine("edge", tr("sr.carry.edge"), _of(carried.edge, carried.edge_max))]
        lines += [StateLine(f"rounds.{r.index}", tr("sr.carry.rounds", weapon=r.label()), _of(r.left, r.capacity))
                  for r in carried.rounds]
        if carried.effects:
            lines.append(StateLine("effects", tr("sr.carry.effects"), _effects(carried)))
        if carried.spells:
            lines.append(StateLine("spells", tr("sr.carry.spells"), self._spells(carried)))
        if carried.spirits:
            lines.append(StateLine("spirits", tr("sr.carry.spirits"), self._spirits(carried)))
        return tuple(lines)

    def between_actions(self) -> tuple[BetweenAction, ...]:
        return tuple(BetweenAction(key, tr(f"sr.carry.action.{key}")) for key in (HEAL_STUN, HEAL_ALL, REFRESH_EDGE, RELOAD, END_EFFECTS))

    def act_between(self, carried: CarriedRunner, action: str, template: Any) -> CarriedRunner:
        if action == RESET:
            return self.fresh(template)
        if action == HEAL_STUN:
            return carried.model_copy(update={"stun": 0})
        if action == HEAL_ALL:
            return carried.model_copy(update={"stun": 0, "physical": 0})
        if action == REFRESH_EDGE:
            return carried.model_copy(update={"edge": carried.edge_max})
        if action == RELOAD:
            return carried.model_copy(update={"rounds": tuple(r.model_copy(update={"left": r.capacity})
                                                              for r in carried.rounds)})
        if action == END_EFFECTS:
            return carried.model_copy(update={"effects": (), "spirits": (), "spells": ()})
        raise RulesError("error.unknown_command", kind=action)

    def fields(self, carried: CarriedRunner) -> tuple[SheetField, ...]:
        dead = carried.physical_boxes + carried.overflow + 1
        fields = [SheetField("physical", tr("sr.carry.physical"), "number", carried.physical, 0, dead),
                  SheetField("stun", tr("sr.carry.stun"), "number", carried.stun, 0, carried.stun_boxes),
                  SheetField("edge", tr("sr.carry.edge"), "number", carried.edge, 0, carried.edge_max)]
        fields += [SheetField(f"rounds.{r.index}", tr("sr.carry.rounds", weapon=r.label()), "number", r.left, 0,
                              r.capacity) for r in carried.rounds]
        return tuple(fields)

    def with_field(self, carried: CarriedRunner, key: str, value: int | str | bool) -> CarriedRunner:
        field = next((f for f in self.fields(carried) if f.key == key), None)
        if field is None or not isinstance(value, int) or isinstance(value, bool) or not field.low <= value <= field.high:
            raise RulesError("sr.carry.error.value", field=field.label if field else key,
                             high=field.high if field else 0)
        if key.startswith("rounds."):
            index = int(key.split(".", 1)[1])
            return carried.model_copy(update={"rounds": tuple(r.model_copy(update={"left": value}) if r.index == index
                                                              else r for r in carried.rounds)})
        return carried.model_copy(update={key: value})


def _effects(carried: CarriedRunner) -> str:
    """"Sustained spell (−2), Sustained spell (−2)", or "none"."""
    return ", ".join(f"{effect_name(e.key, e.label)} ({e.modifier:+d})".replace("-", "−") for e in carried.effects) \
        or tr("sr.carry.no_effects")


def _of(value: int, high: int) -> str:
    return f"{value}/{high}"


def _physical(carried: CarriedRunner) -> str:
    """"4/10", or past the monitor "10/10 + 2 overflow" (SR5-D / SR4-D: overflow up to Body, then death)."""
    if carried.physical <= carried.physical_boxes:
        return _of(carried.physical, carried.physical_boxes)
    return tr("sr.carry.overflow", boxes=_of(carried.physical_boxes, carried.physical_boxes),
              overflow=carried.physical - carried.physical_boxes)
