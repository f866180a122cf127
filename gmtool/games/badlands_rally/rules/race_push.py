"""The push in the race (BR-17, 1 action), from the digest's プッシュ/押出 section and its 衝突 lines.

The active gear pushes a gear in the next hex (range 1): an opposed attack check, planned as an attack
is (:mod:`.attack`: front arc, lock, flank and rear dice, rattled), with Brawler's +2D6 for either side
(BR-20). The pusher may push the target up to its MOS hexes — any distance the player picks — straight
away from the pusher, moving with it into each hex the target leaves and paying the MR of that hex as
usual. If it can pay to push the target into terrain off the course or a hex holding a gear, the target
stops before it and collides (BR-16): the collision roll has the push's MOS in dice (2D6 against
terrain; against a gear ± the armour difference, the gear hit rolling the other way round); a gear
damaged by it spins out. A fumble (every attack die a 1) spins the pusher out. A push is an attack
check: a target off balance spins out again (BR-15). Played on the map only (table mode: refused).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import Hex, distance, label, neighbour
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.attack import AttackPlan, Gear, Weapon, plan_attack
from gmtool.games.badlands_rally.rules.dice import Reading, all_ones, all_ones_chance, check_value, opposed
from gmtool.games.badlands_rally.rules.off_balance import off_balance
from gmtool.games.badlands_rally.rules.push_messages import GearPushed, PushGear
from gmtool.games.badlands_rally.rules.race_map import sight_ground, terrain_of
from gmtool.games.badlands_rally.rules.race_spin import _damaged, _gear_at, _on_course  # the skid's collision roll
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.scenario_rules import no_attack_reason
from gmtool.games.badlands_rally.rules.spin import collision_dice
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.games.badlands_rally.rules.typed_dice import faces_or_roll

CHECK_COUNT = "br_check_count"  # as the attack's check (BR-2)
BRAWLER, BRAWLER_DICE = "brawler", 2  # +2D6 to every test of a push, attacking or defending
PUSH_RANGE = Weapon(optimal=1, maximum=1)


def checked(state: RaceState, command: PushGear) -> tuple[RaceGear, RaceGear]:
    """Who pushes whom, or the reason it cannot be."""
    pusher, target = state.gears.get(command.pusher), state.gears.get(command.target)
    if pusher is None or target is None:
        raise RulesError("error.br_no_gear", gear=command.target if pusher else command.pusher)
    if state.pending:
        raise RulesError("error.br_spins_pending", names=", ".join(state.gears[g].name for g, _x in state.pending))
    if state.current != pusher.id:
        raise RulesError("error.br_not_active", name=pusher.name)
    if state.table_mode:
        raise RulesError("error.br_table_mode")
    if (refusal := no_attack_reason(state)) is not None:
        raise refusal
    if pusher.speed is None:
        raise RulesError("error.br_declare_first", name=pusher.name)
    if pusher.actions_used >= pusher.actions:
        raise RulesError("error.br_no_actions", name=pusher.name, actions=pusher.actions)
    if pusher.hull == 0 and pusher.structure == 0:
        raise RulesError("error.br_must_recover", name=pusher.name)
    if target.id == pusher.id or target.out:
        raise RulesError("error.br_not_a_target", name=target.name)
    if distance(pusher.hex, target.hex) != 1:
        raise RulesError("error.br_push_range", name=target.name)
    return pusher, target


def push_plan(state: RaceState, pusher: RaceGear, target: RaceGear, readings: RuleReadings) -> AttackPlan:
    """The check's dice as an attack's at range 1, with Brawler's dice on either side."""
    assert state.course is not None
    ground, rear_cone = sight_ground(state.course, readings)
    others = [g.hex for g in state.gears.values() if g.id not in (pusher.id, target.id) and not g.out]
    planned = plan_attack(Gear(pusher.hex, pusher.facing, pusher.attack, pusher.rattle.token),
                          Gear(target.hex, target.facing, target.defence, target.rattle.token), PUSH_RANGE, ground,
                          others, rear_cone)
    brawler = (("br.term.brawler", BRAWLER_DICE),)
    return replace(planned, attack_terms=planned.attack_terms + (brawler if BRAWLER in pusher.specials else ()),
                   defence_terms=planned.defence_terms + (brawler if BRAWLER in target.specials else ()))


@dataclass(frozen=True)
class Walk:
    """Where a push of some hexes takes both gears, the MR it costs and what stopped the target."""

    pushed: int
    cost: int
    pusher_hex: Hex
    target_hex: Hex
    hit: tuple[str, Hex] | None


def walk(state: RaceState, pusher: RaceGear, target: RaceGear, most: int) -> Walk:
    """Up to ``most`` hexes straight away from the pusher, while its MR pays for the hex it moves into
    (the one the target leaves); pushing the target into terrain or a gear (paid for) stops it there."""
    assert state.course is not None and pusher.speed is not None
    side = next(s for s in range(6) if neighbour(pusher.hex, s) == target.hex)
    terrain, first = terrain_of(state.course), next(iter(kinds()))
    here_p, here_t, cost, pushed = pusher.hex, target.hex, 0, 0
    for _ in range(max(most, 0)):
        kind = kinds().get(terrain.get(here_t, first))
        price = (kind.mr(pusher.speed) if kind is not None else None) or 1
        if cost + price > pusher.mr_left:
            break
        cost, nxt = cost + price, neighbour(here_t, side)
        if not _on_course(state, nxt):
            return Walk(pushed, cost, here_p, here_t, ("terrain", nxt))
        if _gear_at(state, nxt, target.id) is not None:
            return Walk(pushed, cost, here_p, here_t, ("gear", nxt))
        here_p, here_t, pushed = here_t, nxt, pushed + 1
    return Walk(pushed, cost, here_p, here_t, None)


def push(state: RaceState, command: PushGear, rng: random.Random, readings: RuleReadings) -> GearPushed:
    pusher, target = checked(state, command)
    planned = push_plan(state, pusher, target, readings)
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    odds = opposed(planned.attack_dice, pusher.attack, planned.defence_dice, target.defence, reading)
    attack_faces = faces_or_roll(command.attack_faces, planned.attack_dice, rng)
    defence_faces = faces_or_roll(command.defence_faces, planned.defence_dice, rng)
    a = check_value(attack_faces, pusher.attack, reading) if attack_faces else 0
    d = check_value(defence_faces, target.defence, reading) if defence_faces else 0
    mos = a - d if planned.attack_dice > 0 and a - d >= 0 else 0
    most = mos if command.distance is None else min(mos, command.distance)
    went = walk(state, pusher, target, most)
    collisions = _collisions(state, target, went.hit, mos, command, rng)
    return GearPushed(
        pusher=pusher.id, pusher_name=pusher.name, target=target.id, name=target.name,
        side=planned.side,
        attack_terms=planned.attack_terms, defence_terms=planned.defence_terms, attack_rating=pusher.attack,
        defence_rating=target.defence, attack_faces=attack_faces, defence_faces=defence_faces, attack_value=a,
        defence_value=d, margin=a - d, asked=command.distance, distance=went.pushed, cost=went.cost,
        mr_left=pusher.mr_left - went.cost, pusher_before=label(pusher.hex), pusher_after=label(went.pusher_hex),
        before=label(target.hex), after=label(went.target_hex), hit=went.hit[0] if went.hit else "",
        hit_hex=label(went.hit[1]) if went.hit else "", collisions=collisions, fumble=all_ones(attack_faces),
        off_balance=off_balance(target, readings), typed=command.attack_faces is not None,
        odds=f"{float(odds.success if planned.attack_dice else 0):.1%}")


def _collisions(state: RaceState, target: RaceGear, hit: tuple[str, Hex] | None, mos: int, command: PushGear,
                rng: random.Random) -> tuple[m.Collision, ...]:
    """The collision rolls (BR-16, a push: the MOS in dice); each gear damaged spins out."""
    if hit is None:
        return ()
    if hit[0] == "terrain":
        return (_damaged(target, collision_dice(mos, "terrain"), command.collision_faces, rng, True),)
    other = _gear_at(state, hit[1], target.id)
    assert other is not None
    return (_damaged(target, collision_dice(mos, "gear", target.armour, other.armour), command.collision_faces, rng,
                     True),
            _damaged(other, collision_dice(mos, "gear", other.armour, target.armour), command.other_faces, rng, True))


@dataclass(frozen=True)
class PushPreview:
    """What the push panel shows before the roll: the dice term by term, the exact odds of success and
    of each distance, the fumble's chance, how far the MR and the course allow, and (dice typed) the MOS."""

    refusal: str = ""
    attack_terms: tuple[tuple[str, int], ...] = ()
    defence_terms: tuple[tuple[str, int], ...] = ()
    attack_dice: int = 0
    defence_dice: int = 0
    side: str = ""
    success: Fraction = Fraction(0)
    at_least: tuple[Fraction, ...] = ()  # P(MOS ≥ 1), P(MOS ≥ 2), … up to the hexes the MR pays for
    fumble: Fraction = Fraction(0)
    reach: int = 0  # hexes the MR pays for (to the obstacle included)
    obstacle: str = ""  # "terrain" or "gear" within that reach ("": none)
    mos: int | None = None  # the typed check's MOS (None: not typed; negative: a failure)


def preview(state: RaceState, command: PushGear, readings: RuleReadings) -> PushPreview:
    try:
        pusher, target = checked(state, command)
        planned = push_plan(state, pusher, target, readings)
    except RulesError as exc:
        return PushPreview(refusal=exc.message())
    reading: Reading = "count" if readings.book(CHECK_COUNT) else "digest"
    odds = opposed(planned.attack_dice, pusher.attack, planned.defence_dice, target.defence, reading)
    far = walk(state, pusher, target, pusher.mr_left)
    reach = far.pushed + (1 if far.hit else 0)
    mos = None
    typed_a, typed_d = command.attack_faces, command.defence_faces
    if typed_a is not None and typed_d is not None and len(typed_a) == planned.attack_dice \
            and len(typed_d) == planned.defence_dice:
        mos = check_value(typed_a, pusher.attack, reading) - check_value(typed_d, target.defence, reading)
    return PushPreview("", planned.attack_terms, planned.defence_terms, planned.attack_dice, planned.defence_dice,
                       planned.side, odds.success, tuple(odds.at_least(k) for k in range(1, reach + 1)),
                       all_ones_chance(planned.attack_dice), reach, far.hit[0] if far.hit else "", mos)
