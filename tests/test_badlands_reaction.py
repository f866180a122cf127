"""Reaction attacks in the race (BR-18), from the digest's リアクション攻撃 section (shared/seeds/002,
lines 515-549; jumps: line 217). Every expected value is worked out by hand: the check (attack 4+,
defence 4+) is the highest die reaching the rating plus one per other die reaching it; damage dice are
the MOS + (POW − AR), a melee weapon's MOS + POW; each damage die of 4+ is a hit; hits go to the hull
first, an emptied hull rattles the gear. Facing 0 is north; 0305 is straight north of 0306."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import AXE, GUN, gear


def race(rules: RallyRules, *gears: m.AddGear) -> RaceState:
    state = rules.initial_state()
    run(rules, state, course({}), *gears, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    return state


def kinds(events: list[m.Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.rule("BR-18")
def test_leaving_a_hex_of_a_passive_gears_front_arc_in_melee_reach_offers_a_reaction_first() -> None:
    # Line 530: A (0306, facing south) steps ahead to 0307, leaving 0306 — the hex straight ahead of B
    # (0305, facing south, an Axe reaching 1 hex). The step is held: the reaction comes before it (549).
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)))
    offered = run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert kinds(offered) == ["br_reaction_offered"] and label(state.gears["g1"].hex) == "0306"
    assert state.reaction is not None and state.reaction.offers == (("g2", "melee"),)
    assert "B (A leaves 0306 in its front arc, within melee reach)" in rules.describe(offered[0])
    with pytest.raises(RulesError) as refused:  # nothing else happens before the answer
        run(rules, state, m.EndActivation(gear="g1"))
    assert refused.value.key == "error.br_reactions_waiting"
    # B reacts with the Axe. A faces south, B is straight behind it: rear +2D6 → 4 attack dice; defence 2.
    # Attack 5 4 2 1 → 5 + 1 = 6; defence 4 3 → 4 + 0 = 4; MOS 2; melee: 2 + POW 3 = 5 damage dice;
    # 6 4 1 1 1 → 2 hits: A's hull 2 → 0 (rattled), structure 2. Then the held step: A in 0307.
    done = run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(5, 4, 2, 1), defence_faces=(4, 3),
                                     damage_faces=(6, 4, 1, 1, 1)))
    assert kinds(done) == ["br_reaction_chosen", "br_attack_made", "br_reactions_resolved", "br_stepped"]
    made = done[1]
    assert (made.attacker, made.target, made.side, made.margin, made.damage_dice, made.hits) == ("g2", "g1", "rear",
                                                                                                 2, 5, 2)
    a, b = state.gears["g1"], state.gears["g2"]
    assert (a.hull, a.structure, a.rattle.token, label(a.hex)) == (0, 2, True, "0307")
    assert state.reaction is None and b.reacted == 1
    # Line 518: B spent its action for the round: when it activates, it has none left.
    run(rules, state, m.EndActivation(gear="g1"), m.DeclareSpeed(gear="g2", speed="cruising"))
    assert state.current == "g2" and b.actions_used == 1
    with pytest.raises(RulesError) as no_action:
        run(rules, state, m.AttackGear(attacker="g2", target="g1", weapon=0))
    assert no_action.value.key == "error.br_no_actions"


@pytest.mark.rule("BR-18")
def test_no_reaction_to_a_turn_a_jump_a_gear_behind_or_one_that_activated() -> None:
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)))
    assert kinds(run(rules, state, m.StepGear(gear="g1", step="left"))) == ["br_stepped"]  # a turn leaves no hex
    run(rules, state, m.StepGear(gear="g1", step="right"))
    # Line 217: jumping gears take no reaction. Cruising MR 5; 5 1 → 1 success: over 0307, landing in 0308.
    jumped = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(5, 1)))
    assert kinds(jumped) == ["br_special_move_made"] and jumped[0].after == "0308" and state.reaction is None
    # B faces north: 0306 is behind it, not in its front arc (line 530) — no offer.
    behind = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=0, weapons=(AXE,)))
    assert kinds(run(rules, behind, m.StepGear(gear="g1", step="ahead"))) == ["br_stepped"]
    # Line 517: only a gear that has not activated this round. B activates first, then A leaves its front.
    done = rules.initial_state()
    run(rules, done, course({}), gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)),
        m.StartRound(first="g2"), m.EndActivation(gear="g2"), m.DeclareSpeed(gear="g1", speed="cruising"))
    assert kinds(run(rules, done, m.StepGear(gear="g1", step="ahead"))) == ["br_stepped"]


@pytest.mark.rule("BR-18")
def test_an_attack_and_its_reaction_are_rolled_together_and_applied_after_both() -> None:
    # Lines 533-536, 540-541: A (0306, facing north, Gun) attacks B (0303, facing south, Gun): B's first time
    # as a target, and it has lock on A (in its front arc, the line clear) → B may react first.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303", facing=3, weapons=(GUN,)))
    held = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6),
                                          defence_faces=(1, 1), damage_faces=(4, 4, 1, 1, 1, 1, 1, 1)))
    assert kinds(held) == ["br_reaction_offered"] and state.gears["g2"].hull == 2
    assert state.reaction is not None and state.reaction.offers == (("g2", "attacked"),)
    # Both in each other's front, range 3 = the Gun's optimal: 2 dice against 2 each way.
    # A → B: 6 6 → 7; 1 1 → 0; MOS 7; 7 + (7 − 6) = 8 dice; 4 4 1 1 1 1 1 1 → 2 hits: B's hull 2 → 0, rattled.
    # B → A: 5 4 → 6; 2 1 → 0; MOS 6; 6 + 1 = 7 dice; 6 6 6 6 1 1 1 → 4 hits: A's hull and structure → 0.
    done = run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(5, 4), defence_faces=(2, 1),
                                     damage_faces=(6, 6, 6, 6, 1, 1, 1)))
    assert kinds(done) == ["br_reaction_chosen", "br_attack_made", "br_attack_made", "br_reactions_resolved"]
    first, reply = done[1], done[2]
    assert (first.attacker, first.margin, first.hits, first.hull, first.rattled) == ("g1", 7, 2, 0, True)
    # B is rattled by A's hit, yet its reaction rolled 2 dice: no rattled −1D6 (rolled at the same time).
    assert reply.attack_terms == (("br.term.base", 2),) and (reply.margin, reply.hits) == (6, 4)
    assert (reply.hull, reply.structure, reply.spins_out) == (0, 0, True)
    assert state.pending == (("g1", 0),) and state.gears["g2"].rattle.token
    assert state.gears["g1"].actions_used == 1 and state.gears["g2"].reacted == 1


LONG = WeaponCard(name="Long gun", optimal=6, maximum=9, power=7)


def miss(attacker: str) -> m.AttackGear:
    """An attack on g3 that misses: attack 1 1 → 0 against defence 6 6 → 7."""
    return m.AttackGear(attacker=attacker, target="g3", weapon=0, attack_faces=(1, 1), defence_faces=(6, 6))


@pytest.mark.rule("BR-18")
def test_only_the_first_attack_on_a_gear_offers_a_reaction_or_by_option_each_attackers_first() -> None:
    # Line 535: 最初に攻撃アクションの目標に指定された場合. A (g1) and C (g2) both attack B (g3, facing south).
    # Default: the first time this round only; option br_reaction_each_attacker: each active gear's first.
    for readings, c_offers in ((RuleReadings(), False),
                               (RuleReadings(book_for=frozenset({"br_reaction_each_attacker"})), True)):
        rules = RallyRules(readings)
        state = race(rules, gear("A", "0306", weapons=(GUN,), actions=2), gear("C", "0406", weapons=(LONG,)),
                     gear("B", "0303", facing=3, weapons=(GUN,)))
        assert kinds(run(rules, state, miss("g1"))) == ["br_reaction_offered"]
        run(rules, state, r.DeclineReaction(gear="g3"))
        assert state.reaction is None and state.gears["g3"].targeted_by == ("g1",)
        assert kinds(run(rules, state, miss("g1"))) == ["br_attack_made"]  # its second time: no reaction
        run(rules, state, m.EndActivation(gear="g1"), m.DeclareSpeed(gear="g2", speed="cruising"))
        second = run(rules, state, miss("g2"))
        assert kinds(second) == (["br_reaction_offered"] if c_offers else ["br_attack_made"])


@pytest.mark.rule("BR-18")
def test_the_active_gear_may_attack_before_it_leaves_and_the_step_waits_for_everything() -> None:
    # Line 531: A, the target of B's melee reaction, still has its action: it turns to face B (north) and
    # attacks it first with its own Axe; line 540: both attacks are rolled, then applied; then the step.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3, weapons=(AXE,)), gear("B", "0305", facing=3, weapons=(GUN, AXE)))
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    run(rules, state, m.StepGear(gear="g1", step="left"), m.StepGear(gear="g1", step="left"),
        m.StepGear(gear="g1", step="left"))  # free turns at cruising speed: facing north, toward B
    assert state.gears["g1"].facing == 0 and state.reaction is not None
    # A → B: B faces south, A is in its front: 2 dice v 2. 6 5 → 6 + 1 = 7; 1 1 → 0; MOS 7; melee 7 + 3 = 10 dice,
    # all 1s: no hit. Held until B answers.
    held = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 5),
                                          defence_faces=(1, 1), damage_faces=(1,) * 10))
    assert kinds(held) == ["br_reaction_offered"] and held[0].offers == ()  # B is offered already
    with pytest.raises(RulesError) as gun:  # condition A: a melee weapon
        run(rules, state, r.React(gear="g2", weapon=0))
    assert gun.value.key == "error.br_reaction_melee_only"
    with pytest.raises(RulesError) as nobody:
        run(rules, state, r.React(gear="g1", weapon=0))
    assert nobody.value.key == "error.br_no_reaction_offered"
    # B → A with the Axe: A now faces north, B is in its front: 2 v 2. 3 3 → 0; 4 1 → 4: MOF, no damage.
    done = run(rules, state, r.React(gear="g2", weapon=1, attack_faces=(3, 3), defence_faces=(4, 1)))
    assert kinds(done) == ["br_reaction_chosen", "br_attack_made", "br_attack_made", "br_reactions_resolved"]
    assert (done[1].attacker, done[1].damage_dice, done[2].attacker, done[2].margin) == ("g1", 10, "g2", -4)
    # The held step is "ahead" with the facing A has now: north, into B's hex — it cannot be made: A stays.
    assert done[3].step_dropped == "refused" and "A's step cannot be made now" in rules.describe(done[3])
    assert label(state.gears["g1"].hex) == "0306" and state.reaction is None


@pytest.mark.rule("BR-17")
@pytest.mark.rule("BR-18")
def test_a_gear_that_reacted_and_lost_every_hit_recovers_one_hit_without_a_die() -> None:
    # Lines 490-492: a gear whose action was spent before it activated (its reaction, line 519) and that
    # has no hits left recovers when it activates, but 1 hit only, no die.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303", facing=3, weapons=(GUN,)))
    run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6), defence_faces=(1, 1),
                                   damage_faces=(6, 6, 6, 6, 1, 1, 1, 1)))  # MOS 7, 8 dice, 4 hits: B at 0 and 0
    run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(1, 1), defence_faces=(6, 6)))  # B misses
    assert (state.gears["g2"].hull, state.gears["g2"].structure) == (0, 0) and state.pending == (("g2", 0),)
    run(rules, state, m.ResolveSpin(gear="g2", spin_die=6), m.EndActivation(gear="g1"),
        m.DeclareSpeed(gear="g2", speed="cruising"))
    (recovered,) = run(rules, state, m.Recover(gear="g2", die=5))  # the die typed is not used
    assert (recovered.hull, recovered.structure, recovered.action_back) == (0, 1, False)
    assert state.gears["g2"].actions_used == 1  # no action left, none gained



@pytest.mark.rule("BR-18")
@pytest.mark.rule("BR-19")
def test_no_reaction_in_round_1_of_the_gentlemens_sport() -> None:
    # Lines 615-619: no attacks in round 1 — a reaction is an attack: the step out of B's front arc is made at once.
    from gmtool.games.badlands_rally.rules import scenario_messages as s

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), s.SetGentlemensSport(on=True), gear("A", "0306", facing=3),
        gear("B", "0305", facing=3, weapons=(AXE,)), m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    assert kinds(run(rules, state, m.StepGear(gear="g1", step="ahead"))) == ["br_stepped"] and state.reaction is None


@pytest.mark.rule("BR-5")
@pytest.mark.rule("BR-18")
def test_the_order_shows_the_actions_left_and_an_action_spent_on_a_reaction() -> None:
    # BR-5: actions in any order, unused ones lost at the end; line 518: a reaction spends the round's action.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)))

    def badge(gear_id: str, key: str) -> str | None:
        """The badge's words in whole (its tooltip; the order list shows a short text)."""
        row = next(row for row in rules.order(state) if row.id == gear_id)
        return next((b.tooltip or b.text for b in row.badges if b.key == key), None)

    assert badge("g1", "actions") == "1 of 1 action left this activation" and badge("g2", "reacted") is None
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(1, 1, 1, 2), defence_faces=(4, 3),
                              damage_faces=()))
    assert badge("g2", "reacted").startswith("Its action this round went on a reaction attack")
    assert badge("g2", "actions") is None
    run(rules, state, m.RallyTheCrowd(gear="g1"))  # A's one action
    assert badge("g1", "actions") == "0 of 1 action left this activation"
