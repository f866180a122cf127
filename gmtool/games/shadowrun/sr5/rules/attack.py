"""The SR5 side of an attack (SR5-A1..A6, F1..F7, N1/N2/N5/N6 in force).

Pools: Agility + the weapon's combat skill, limited by Accuracy (unarmed: the
physical limit); defence Reaction + Intuition with the interrupts in force (Full
Defence adds Willpower; Block, Dodge and Parry add the skill the GM typed when
declaring them, else the sheet's, and are used up by the defence). The firing
mode's defence modifier comes from the defender table's burst rows; recoil is SR5's
progressive recoil (p. 175); stun overflows two boxes to one (p. 170). A
knockdown leaves the target prone.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Literal

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.attack import called, common, phase, suppression
from gmtool.games.shadowrun.rules.attack.decide import attack_events
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    MarkSuppressed,
    SuppressionTest,
    TermRecord,
)
from gmtool.games.shadowrun.rules.attack.plan import Situation
from gmtool.games.shadowrun.rules.attack.records import to_damage
from gmtool.games.shadowrun.rules.attack.reload import reload_events
from gmtool.games.shadowrun.rules.attack.skills import parry_skill, weapon_skill
from gmtool.games.shadowrun.rules.damage.from_sheet import attacker_of, sr5_defender_of
from gmtool.games.shadowrun.rules.damage.inputs import Modifiers, SR5AttackInputs, SR5Interrupt
from gmtool.games.shadowrun.rules.damage.monitors import monitor_of
from gmtool.games.shadowrun.rules.damage.odds import DamageOdds, sr5_attack_odds
from gmtool.games.shadowrun.rules.damage.pools import AttackPools, sr5_pools
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution, resolve_attack_sr5
from gmtool.games.shadowrun.rules.effect_rules import ended, holder_effects, new_effect
from gmtool.games.shadowrun.rules.grunt_groups import members_sharing_damage
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.weapons.called_shots import CalledShotResult
from gmtool.games.shadowrun.rules.weapons.firing import FiringModeTable, Shot
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import sr5_modes
from gmtool.games.shadowrun.rules.weapons.recoil import RecoilTracker, recoil_compensation_sr5
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.actions import check_action
from gmtool.games.shadowrun.sr5.rules.common import combatant
from gmtool.games.shadowrun.sr5.rules.effects import effect_table, used_by_defence
from gmtool.games.shadowrun.sr5.rules.events import EdgeSpent
from gmtool.games.shadowrun.sr5.rules.state import EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import current_actor

INTERRUPT_EFFECTS: tuple[SR5Interrupt, ...] = ("full_defence", "block", "dodge", "parry")
BURST_FLAGS = {-2: "burst_fire", -5: "long_burst", -9: "full_auto_complex"}
SHAKE_UP_REASON = "shake_up"  # the ScoreAdjusted reason (log.score_adjusted.shake_up)


class SR5Attack:
    game: Literal["sr5"] = "sr5"
    edge_spent = EdgeSpent

    def __init__(self, readings: Readings = DIGEST) -> None:
        self.readings = readings  # the campaign's rule readings (SR5-CS3, CS9, A5)

    def defence_events(self, state: EncounterState, s: Situation, command: Attack) -> list[Event]:
        """SR5 defenders declare their interrupts themselves (SR5-N1..N6): nothing comes with the attack."""
        return []

    def check_attack(self, state: EncounterState, s: Situation, command: Attack) -> None:
        """SR5-A1/F1/F2: one attack action per action phase (later shares of a split pay none)."""
        if command.charge_action and command.pool_share == 0:
            phase.check_one_attack(s.attacker)

    def combatant(self, state: EncounterState, cid: str) -> Any:
        return combatant(state, cid)

    def mode_table(self) -> FiringModeTable:
        return sr5_modes()

    def recoil(self, state: EncounterState, attacker: Any, weapon: Weapon, shot: Shot | None) -> tuple[int, int]:
        if shot is None:
            return 0, attacker.recoil_rounds
        compensation = recoil_compensation_sr5(attacker.sheet.attributes["STR"], weapon.compensation())
        tracker, modifier = RecoilTracker(rounds=attacker.recoil_rounds).fire(
            shot.rounds_used, compensation, shot.mode.ignores_recoil
        )
        return modifier, tracker.rounds

    def attack_context(self, state: EncounterState, s: Situation, command: Attack) -> ActionContext:
        effects = holder_effects(state, s.attacker.id)
        return ActionContext(
            game="sr5", action="melee_attack" if s.weapon.melee else "ranged_attack",
            recoil=s.recoil, distance_m=command.distance, range_bands=common.band_limits(s.weapon, s.attacker.sheet.attributes["STR"]),
            defender_prone=common.has_effect(state, s.target.id, common.PRONE),
            reach_difference=common.reach_difference(s) if s.weapon.melee else 0,
            effects=common.effect_context(effects, {"all", "attack"}), flags=called.attack_flags(command, self.readings),
        )

    def defence_context(self, state: EncounterState, s: Situation, command: Attack) -> ActionContext:
        flags = frozenset({"defender_unaware"} if command.no_defence else set())
        if s.shot is not None and s.shot.defence_modifier in BURST_FLAGS:
            flags |= {BURST_FLAGS[s.shot.defence_modifier]}
        effects = holder_effects(state, s.target.id)
        return ActionContext(
            game="sr5", action="melee_defence" if s.weapon.melee else "ranged_defence",
            defender_prone=common.has_effect(state, s.target.id, common.PRONE),
            prior_defences=s.target.defences, flags=flags,
            effects=common.effect_context(effects, {"all", "defence"}, skip=set(INTERRUPT_EFFECTS)),
        )

    def inputs(
        self, state: EncounterState, s: Situation, command: Attack,
        attack: tuple[TermRecord, ...], defence: tuple[TermRecord, ...],
    ) -> SR5AttackInputs:
        sheet, target = s.attacker.sheet, s.target.sheet
        in_force = {e.key: e for e in holder_effects(state, s.target.id) if e.key in INTERRUPT_EFFECTS}
        melee = s.weapon.melee
        interrupts = frozenset(k for k in INTERRUPT_EFFECTS if k in in_force and (k == "full_defence" or melee))

        def bonus(key: str, skill: str) -> int:
            return in_force[key].modifier if key in in_force and in_force[key].modifier else target.skill(skill)

        defender = sr5_defender_of(
            target, armour=target.armour, gymnastics=bonus("dodge", "gymnastics"),
            unarmed_combat=bonus("block", "unarmed_combat"), weapon_skill=bonus("parry", parry_skill(target)),
        )
        weapon, ammo_dv, ammo_ap, _halves = common.loaded_strike(
            s.weapon, sheet.attributes["STR"], s.weapon.accuracy_limit(sheet.physical_limit),
            s.shot.ammo_type if s.shot is not None else None, "sr5",
        )
        return SR5AttackInputs(
            kind="melee" if melee else "ranged",
            attacker=attacker_of(sheet, sheet.skill(weapon_skill(s.weapon))),
            defender=defender,
            weapon=weapon,
            interrupts=interrupts, no_defence=command.no_defence,
            modifiers=Modifiers(
                attack=to_damage(attack), defence=to_damage(defence), damage_value=ammo_dv, armour=ammo_ap,
                knockdown=common.knockdown_terms(s, "sr5"),
            ),
            monitor=monitor_of(target), knockdown_at_ten=self.readings.book("sr5_knockdown"),
        )

    def pools(self, inputs: SR5AttackInputs) -> AttackPools:
        return sr5_pools(inputs)

    def resolve(self, inputs: SR5AttackInputs, a: int, d: int, s: int | None) -> AttackResolution:
        return resolve_attack_sr5(inputs, a, d, s)

    def odds(self, inputs: SR5AttackInputs, specs: tuple[Any, Any, Any] = (None, None, None)) -> DamageOdds:
        """The attack's odds; ``specs`` (attack, defence, soak) carry Edge, None for the plain pools."""
        return sr5_attack_odds(inputs, *specs)

    def action_events(self, state: EncounterState, attacker: Any, kind: str, key: str) -> list[Event]:
        check_action(state, attacker, kind)
        if key in phase.ATTACK_ACTIONS:
            phase.check_one_attack(attacker)
        return [ev.ActionTaken(combatant=attacker.id, name=attacker.sheet.name, action=kind, listed=key)]

    def after_events(self, state: EncounterState, s: Situation, r: AttackResolution, defended: bool) -> list[Event]:
        events: list[Event] = []
        if defended and s.weapon.melee:
            events += ended(state, used_by_defence(state, s.target.id), "used")
        if r.damage is not None:
            actor = current_actor(state)
            acting = actor is not None and actor.id == s.target.id
            events += common.knocked_prone(effect_table(), state, s.target, acting, r.knockdown)
        return events

    def shared_monitor(self, state: EncounterState, target: str) -> tuple[str, ...]:
        return tuple(m for m in members_sharing_damage(state, target) if m != target)

    def called_shot_events(
        self, state: EncounterState, s: Situation, result: CalledShotResult
    ) -> tuple[list[Event], tuple[str, ...]]:
        """SR5-CS2 dirty trick and CS4 prone as effects, CS5 shake up as the target's initiative −5."""
        events: list[Event] = []
        fallen: list[str] = []
        actor = current_actor(state)
        for wanted in result.effects:
            holder = s.target if wanted.holder == "target" else s.attacker
            if wanted.key == common.PRONE:
                fallen.append(holder.sheet.name)
                if common.has_effect(state, holder.id, common.PRONE):
                    continue
            acting = actor is not None and actor.id == holder.id
            events.append(new_effect(effect_table(), state, holder, acting, wanted.key, modifier=wanted.modifier or None))
        if result.initiative_change:
            events.append(ev.ScoreAdjusted(
                combatant=s.target.id, name=s.target.sheet.name, delta=result.initiative_change, reason=SHAKE_UP_REASON,
            ))
        return events, tuple(fallen)


ADAPTER = SR5Attack()


@lru_cache(maxsize=8)
def adapter_for(readings: Readings) -> SR5Attack:
    """The SR5 side of the attack flow deciding with a campaign's rule readings."""
    return ADAPTER if readings == DIGEST else SR5Attack(readings)


def handlers(adapter: SR5Attack) -> dict[str, Handler[EncounterState]]:
    """The attack commands' handlers, deciding with ``adapter`` (and so with its readings)."""
    return {
        "attack": lambda state, command, rng: attack_events(adapter, state, command, rng),
        "reload": lambda state, command, rng: reload_events(adapter, state, command, rng),
        "mark_suppressed": mark_suppressed, "suppression_test": suppression_test,
    }


def mark_suppressed(state: EncounterState, command: MarkSuppressed, rng: random.Random) -> list[Event]:
    actor = current_actor(state)
    return suppression.mark_events(effect_table(), state, command, combatant, actor.id if actor else None)


def suppression_test(state: EncounterState, command: SuppressionTest, rng: random.Random) -> list[Event]:
    return suppression.suppression_test_events(state, command, combatant, ADAPTER.shared_monitor, rng)

