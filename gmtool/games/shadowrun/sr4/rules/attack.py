"""The SR4 side of an attack (SR4-R1..R7, SR4-M1..M3, SR4-MT6 recoil).

Pools: Agility + the weapon's combat skill against Reaction (ranged; + Dodge on full
defence) or parry / block / dodge (melee), the defence table's rows pre-ticked
from the situation. Full defence (SR4-R1) is declared with the attack: a complex action
(paid now in the defender's own phase, else with its next action phase), an effect in
force until the end of the defender's next action phase, covering every attack till then.
Bursts: a narrow burst adds its recoil points to the DV
(short +2, long +5, full +9, SR4 p. 154); a wide burst lowers the defence instead
(the defence table's wide-burst rows). Recoil counts the rounds fired in this
action phase (SR4-MT6), compensated by the weapon's RC, doubled for heavy weapons.
Armour-piercing ``-half`` halves the armour. A knockdown leaves the target prone. A vehicle or
drone takes no stun damage (:mod:`.vehicle_target`): a hit that would be stun does nothing to it.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from gmtool.core.effects import Duration
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack import called, common
from gmtool.games.shadowrun.rules.attack.decide import attack_events
from gmtool.games.shadowrun.rules.attack.messages import Attack, FullDefenceDeclared, Reload, TermRecord
from gmtool.games.shadowrun.rules.attack.plan import Situation
from gmtool.games.shadowrun.rules.attack.records import to_damage
from gmtool.games.shadowrun.rules.attack.reload import reload_events
from gmtool.games.shadowrun.rules.attack.skills import parry_skill, weapon_skill
from gmtool.games.shadowrun.rules.damage.from_sheet import attacker_of, sr4_defender_of
from gmtool.games.shadowrun.rules.damage.inputs import Modifiers, SR4AttackInputs
from gmtool.games.shadowrun.rules.damage.monitors import monitor_of
from gmtool.games.shadowrun.rules.damage.odds import DamageOdds, sr4_attack_odds
from gmtool.games.shadowrun.rules.damage.pools import AttackPools, sr4_pools
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution, resolve_attack_sr4
from gmtool.games.shadowrun.rules.damage.terms import Term
from gmtool.games.shadowrun.rules.effect_rules import holder_effects, new_effect
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.weapons.firing import FiringModeTable, Shot
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr4 import sr4_modes
from gmtool.games.shadowrun.rules.weapons.recoil import PhaseRecoilSR4
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.actions import action_kind, payment
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.events import EdgeSpent
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_sheet import is_vehicle
from gmtool.games.shadowrun.sr4.rules.vehicle_target import VehicleTargetInputs, odds_without_stun, without_stun

# The shared flow's action names → the SR4 action list's (SR4-C8).
SR4_ACTIONS = {
    "fire_weapon": "fire_weapon", "fire_long_burst": "fire_weapon", "fire_full_auto": "fire_full_auto",
    "melee_attack": "melee_attack", "insert_clip": "insert_clip", "reload_complex": "reload_firearm",
    "call_shot": "call_shot",
}
WIDE_FLAGS = {3: "wide_burst", 6: "wide_long_burst", 10: "wide_full_burst"}
FULL_DEFENCE = "full_defence"
NARROW_BURST_PAGE = 154


class SR4Attack:
    game: Literal["sr4"] = "sr4"
    edge_spent = EdgeSpent

    def __init__(self, readings: Readings = DIGEST) -> None:
        self.readings = readings

    def check_attack(self, state: EncounterState, s: Situation, command: Attack) -> None:
        """SR4 lets two simple Fire Weapon actions share a phase (recoil adds up, SR4-MT6)."""

    def defence_events(self, state: EncounterState, s: Situation, command: Attack) -> list[Event]:
        """SR4-R1: full defence declared with the attack (nothing new when it is in force already)."""
        if not command.full_defence or command.no_defence or common.has_effect(state, s.target.id, FULL_DEFENCE):
            return []
        return full_defence_events(state, s.target)

    def combatant(self, state: EncounterState, cid: str) -> Any:
        return combatant(state, cid)

    def mode_table(self) -> FiringModeTable:
        return sr4_modes()

    def recoil(self, state: EncounterState, attacker: Any, weapon: Weapon, shot: Shot | None) -> tuple[int, int]:
        if shot is None:
            return 0, attacker.recoil_rounds
        tracker, modifier = PhaseRecoilSR4(rounds=attacker.recoil_rounds).fire(
            shot.rounds_used, weapon.compensation(), weapon.heavy
        )
        return modifier, tracker.rounds

    def attack_context(self, state: EncounterState, s: Situation, command: Attack) -> ActionContext:
        return ActionContext(
            game="sr4", action="melee_attack" if s.weapon.melee else "ranged_attack",
            attacker_running=s.attacker.running, recoil=s.recoil, distance_m=command.distance,
            range_bands=common.band_limits(s.weapon, s.attacker.sheet.attributes["STR"]),
            defender_prone=common.has_effect(state, s.target.id, common.PRONE),
            reach_difference=common.reach_difference(s) if s.weapon.melee else 0,
            effects=common.effect_context(holder_effects(state, s.attacker.id), {"all", "attack"}),
            flags=called.attack_flags(command, self.readings),
        )

    def defence_context(self, state: EncounterState, s: Situation, command: Attack) -> ActionContext:
        flags = {"defender_unaware"} if command.no_defence else set()
        if s.shot is not None and command.wide_burst and s.shot.rounds_used in WIDE_FLAGS:
            flags.add(WIDE_FLAGS[s.shot.rounds_used])
        return ActionContext(
            game="sr4", action="melee_defence" if s.weapon.melee else "ranged_defence",
            defender_prone=common.has_effect(state, s.target.id, common.PRONE),
            defender_running=s.target.running, prior_defences=s.target.defences, flags=frozenset(flags),
            effects=common.effect_context(holder_effects(state, s.target.id), {"all", "defence"}, skip={FULL_DEFENCE}),
        )

    def inputs(
        self, state: EncounterState, s: Situation, command: Attack,
        attack: tuple[TermRecord, ...], defence: tuple[TermRecord, ...],
    ) -> SR4AttackInputs:
        sheet, target = s.attacker.sheet, s.target.sheet
        full = (command.full_defence and not command.no_defence) or common.has_effect(state, s.target.id, FULL_DEFENCE)
        defender = sr4_defender_of(
            target, ballistic_armour=target.ballistic_armour, impact_armour=target.impact_armour,
            dodge=target.skill("dodge"), gymnastics=target.skill("gymnastics"),
            unarmed_combat=target.skill("unarmed_combat"), weapon_skill=target.skill(parry_skill(target)),
        )
        weapon, ammo_dv, ammo_ap, halves = common.loaded_strike(
            s.weapon, sheet.attributes["STR"], None, s.shot.ammo_type if s.shot is not None else None, "sr4",
        )
        inputs_type = VehicleTargetInputs if is_vehicle(state, s.target.id) else SR4AttackInputs
        return inputs_type(
            kind="melee" if s.weapon.melee else "ranged",
            attacker=attacker_of(sheet, sheet.skill(weapon_skill(s.weapon))),
            defender=defender, weapon=weapon,
            melee_defence=command.melee_defence, full_defence=full, no_defence=command.no_defence,
            modifiers=Modifiers(
                attack=to_damage(attack), defence=to_damage(defence),
                damage_value=_narrow_burst(s, command) + ammo_dv,
                armour=(_halved_armour(s, defender) if halves else ()) + ammo_ap,
                knockdown=common.knockdown_terms(s, "sr4"),
            ),
            monitor=monitor_of(target),
        )

    def pools(self, inputs: SR4AttackInputs) -> AttackPools:
        return sr4_pools(inputs)

    def resolve(self, inputs: SR4AttackInputs, a: int, d: int, s: int | None) -> AttackResolution:
        resolution = resolve_attack_sr4(inputs, a, d, s)
        return without_stun(resolution) if isinstance(inputs, VehicleTargetInputs) else resolution

    def odds(self, inputs: SR4AttackInputs, specs: tuple[Any, Any, Any] = (None, None, None)) -> DamageOdds:
        """The attack's odds; ``specs`` (attack, defence, soak) carry Edge, None for the plain pools."""
        odds = sr4_attack_odds(inputs, *specs)
        return odds_without_stun(odds) if isinstance(inputs, VehicleTargetInputs) else odds

    def action_events(self, state: EncounterState, attacker: Any, kind: str, key: str) -> list[Event]:
        listed = SR4_ACTIONS.get(key, "fire_weapon")
        kind = action_kind(listed) if listed not in ("fire_weapon",) else kind
        return [
            ev.ActionTaken(
                combatant=attacker.id, name=attacker.sheet.name, action=listed, action_kind=kind,
                paid=payment(state, attacker, kind), target=None, target_name=None,
            )
        ]

    def after_events(self, state: EncounterState, s: Situation, r: AttackResolution, defended: bool) -> list[Event]:
        if r.damage is None:
            return []
        return common.knocked_prone(effect_table(), state, s.target, state.actor == s.target.id, r.knockdown)

    def shared_monitor(self, state: EncounterState, target: str) -> tuple[str, ...]:
        return ()  # SR4 grunts keep one monitor each

    def called_shot_events(self, state: EncounterState, s: Situation, result: Any) -> tuple[list[Event], tuple[str, ...]]:
        """SR4 called shots change the DV or the armour only (the inputs carry them)."""
        return [], ()


def full_defence_events(state: EncounterState, defender: Any) -> list[Event]:
    """SR4-R1: full defence is a complex action lasting until the defender's next action.

    In its own phase the defender pays the complex action now; in another's phase its next
    action phase is spent on it (:class:`FullDefenceDeclared` ``owed``; refused when that one
    is already spent the same way). The effect ends with the defender's next action phase.
    """
    if common.has_effect(state, defender.id, FULL_DEFENCE):
        raise RulesError("error.interrupt_active", name=defender.sheet.name)
    own = state.actor == defender.id
    events: list[Event] = []
    if own:
        events.append(ev.ActionTaken(
            combatant=defender.id, name=defender.sheet.name, action="full_defense", action_kind="complex",
            paid=payment(state, defender, "complex"), target=None, target_name=None,
        ))
    elif defender.owes_complex:
        raise RulesError("error.sr4_full_defence_owed", name=defender.sheet.name)
    events.append(FullDefenceDeclared(combatant=defender.id, name=defender.sheet.name, owed=not own))
    events.append(new_effect(effect_table(), state, defender, own, FULL_DEFENCE, duration=Duration.NEXT_ACTION))
    return events


def _narrow_burst(s: Situation, command: Attack) -> tuple[Term, ...]:
    """A narrow burst adds its recoil points to the DV (3 rounds +2, 6 +5, 10 +9)."""
    if s.shot is None or command.wide_burst or s.shot.rounds_used < 3:
        return ()
    return (Term("attack.term.narrow_burst", s.shot.rounds_used - 1, "SR4-MT6", str(NARROW_BURST_PAGE)),)


def _halved_armour(s: Situation, defender: Any) -> tuple[Term, ...]:
    """AP "-half" (the weapon's or the ammunition's): the armour counts half (rounded down)."""
    armour = defender.impact_armour if s.weapon.melee else defender.ballistic_armour
    return (Term("attack.term.half_armour", -(armour - armour // 2), "SR4-R5"),)


ADAPTER = SR4Attack()


def attack(state: EncounterState, command: Attack, rng: random.Random) -> list[Event]:
    return attack_events(ADAPTER, state, command, rng)


def reload_weapon(state: EncounterState, command: Reload, rng: random.Random) -> list[Event]:
    return reload_events(ADAPTER, state, command, rng)


HANDLERS: dict[str, Handler[EncounterState]] = {"attack": attack, "reload": reload_weapon}
