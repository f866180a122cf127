"""Attacks through the journal, both editions: one command from declaration to applied damage.

Typed faces (X-2) make the figures exact: sixes hit, ones do not. The pools are
checked against the sheets and tables; the events must carry every breakdown.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.attack.messages import Attack, AttackResolved
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

ATTR = {"BOD": 4, "AGI": 5, "REA": 4, "STR": 4, "WIL": 3, "LOG": 3, "INT": 4, "CHA": 3, "EDG": 3}


def sr5_fight(seed: int = 7, target_armour: int = 9, readings=None, **target_skills: int) -> Encounter:  # noqa: ANN001
    """The shooter against the target; ``readings``: the campaign's rule readings (the digest's by default)."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(readings), seed)
    shooter = Sheet(
        name="Shooter", attributes=ATTR, initiative_bonus=10, skills={"pistols": 6, "blades": 4},
        weapons=(weapon("sr5", "ares_predator_v"), weapon("sr5", "combat_knife")),
    )
    target = Sheet(name="Target", attributes=ATTR, armour=target_armour, skills=dict(target_skills))
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=target))
    run(enc, cmd.StartTurn())
    return enc


def sr4_fight(seed: int = 7) -> Encounter:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
    from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

    enc = Encounter(SR4Ruleset(), seed)
    shooter = Sheet(
        name="Shooter", attributes=ATTR | {"REA": 6, "INT": 6}, initiative_bonus=4, skills={"pistols": 4, "blades": 3},
        weapons=(weapon("sr4", "ares_predator_iv"), weapon("sr4", "knife")),
    )
    target = Sheet(name="Target", attributes=ATTR | {"REA": 1, "INT": 1}, ballistic_armour=6, impact_armour=4,
                   skills={"dodge": 2})
    run(enc, cmd.AddCombatant(sheet=shooter))
    run(enc, cmd.AddCombatant(sheet=target))
    run(enc, cmd.StartTurn())
    return enc


def run(enc: Encounter, command):  # noqa: ANN001, ANN201
    entry = enc.prepare(command)
    enc.commit(entry)
    return entry.events


def next_own_phase(enc: Encounter, cid: str) -> None:
    """Press Next phase until ``cid`` acts again (SR5: its next action phase)."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.turn import current_actor

    run(enc, cmd.NextPhase())
    while (actor := current_actor(enc.state)) is None or actor.id != cid:
        run(enc, cmd.NextPhase())


def resolved(events) -> AttackResolved:  # noqa: ANN001
    return next(e for e in events if isinstance(e, AttackResolved))


def sixes(n: int) -> tuple[int, ...]:
    return (6,) * n


def blanks(n: int) -> tuple[int, ...]:
    return (2,) * n


def labels(record) -> dict[str, int]:  # noqa: ANN001
    return {t.label: t.value for t in record.terms}


# -- SR5 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR5-A1")
@pytest.mark.rule("SR5-A2")
def test_sr5_pools_come_from_the_sheets_and_accuracy_limits_the_hits() -> None:
    enc = sr5_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=sixes(11), defence_faces=blanks(8), soak_faces=blanks(12))))
    assert e.attack.pool == 5 + 6 and e.attack.limit == 5  # AGI + Pistols; Ares Predator V Accuracy 5
    assert e.attack.hits == 11 and e.net_hits == 5  # 11 hits, 5 count
    assert e.defence is not None and e.defence.pool == 4 + 4  # REA + INT
    assert e.hit_chance > 0.5


@pytest.mark.rule("SR5-A3")
@pytest.mark.rule("SR5-A4")
@pytest.mark.rule("SR5-A6")
def test_sr5_damage_soak_and_monitor() -> None:
    enc = sr5_fight(target_armour=9)
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=(6, 6, 6, 2, 2, 2, 2, 2, 2, 2, 2), defence_faces=(6, 2, 2, 2, 2, 2, 2, 2),
                                 soak_faces=(6, 6, 6, 2, 2, 2, 2, 2, 2, 2, 2, 2))))
    assert e.hit and e.net_hits == 2
    assert e.dv == 8 + 2  # DV 8 + net hits
    assert e.modified_armour == 9 - 1  # AP −1
    assert e.track == "physical"  # 10 is not below 8
    assert e.soak is not None and e.soak.pool == 4 + 8 and e.soak.hits == 3
    assert e.applied == 7 and e.physical_after == 7
    assert enc.state.combatants["c2"].sheet.physical_damage == 7


@pytest.mark.rule("SR5-A3")
def test_sr5_dv_below_modified_armour_is_stun() -> None:
    enc = sr5_fight(target_armour=20)
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=(6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), defence_faces=blanks(8),
                                 soak_faces=blanks(23))))
    assert e.dv == 9 and e.modified_armour == 19 and e.track == "stun"
    assert enc.state.combatants["c2"].sheet.stun_damage == 9


@pytest.mark.rule("SR5-A5")
def test_sr5_knockdown_leaves_the_target_prone() -> None:
    enc = sr5_fight(target_armour=0)
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=sixes(11), defence_faces=blanks(8), soak_faces=blanks(4))))
    assert e.applied == 13 - 0 and e.knockdown  # 13 boxes > physical limit 6
    assert any(x.key == "prone" for x in enc.state.effects.values())
    assert e.condition in ("dying", "dead", "unconscious")


@pytest.mark.rule("SR5-F7")
def test_sr5_rounds_recoil_and_an_empty_magazine() -> None:
    enc = sr5_fight()
    run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
    next_own_phase(enc, "c1")  # one shot per action phase (SR5-F2): the next one in the next phase
    assert enc.state.turn == 1 and enc.state.pass_number == 2  # Initiative 18 + 1D6: a second pass
    run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
    assert enc.state.magazines["c1:0"].rounds == 13
    assert enc.state.combatants["c1"].recoil_rounds == 2
    enc.state.magazines["c1:0"] = enc.state.magazines["c1:0"].model_copy(update={"rounds": 0})
    with pytest.raises(RulesError) as info:
        enc.prepare(Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
    assert info.value.key in ("weapons.refusal.not_enough_rounds", "error.phase_budget_spent")


@pytest.mark.rule("SR5-N6")
def test_sr5_full_defence_adds_willpower_to_the_defence() -> None:
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    enc = sr5_fight()
    run(enc, DeclareInterrupt(combatant="c2", interrupt="full_defence"))
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)))
    assert e.defence is not None and e.defence.pool == 4 + 4 + 3 and e.full_defence


@pytest.mark.rule("SR5-N1")
def test_sr5_block_adds_to_one_melee_defence_and_is_used_up() -> None:
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    enc = sr5_fight(unarmed_combat=3)
    run(enc, DeclareInterrupt(combatant="c2", interrupt="block", bonus=3))
    events = run(enc, Attack(attacker="c1", target="c2", weapon=1))
    e = resolved(events)
    assert e.melee and e.defence is not None and e.defence.pool == 4 + 4 + 3
    assert [x.reason for x in events if x.kind == "effect_ended"] == ["used"]


def test_a_melee_attack_records_no_distance_whatever_the_command_says() -> None:
    """Issue 31: a knife attack was logged "at 10 m" (a ranged distance left from another attacker)."""
    enc = sr5_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=1, distance=10)))  # weapon 1: the combat knife
    assert e.melee and e.distance is None
    from gmtool.games.shadowrun.rules.attack.describe import attack_line

    assert " m:" not in attack_line(e)


def test_the_whole_attack_is_one_journal_entry_and_one_undo() -> None:
    enc = sr5_fight(target_armour=0)
    before = enc.state.combatants["c2"].sheet
    run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                    attack_faces=sixes(11), defence_faces=blanks(8), soak_faces=blanks(4)))
    assert enc.state.combatants["c2"].sheet != before
    enc.commit(enc.prepare_undo())
    assert enc.state.combatants["c2"].sheet == before and enc.state.effects == {} and enc.state.magazines == {}


def test_bad_attacks_are_refused_with_the_reason() -> None:
    enc = sr5_fight()
    cases = {
        "error.attack_self": Attack(attacker="c1", target="c1", weapon=0, mode="SA"),
        "error.attack_no_weapon": Attack(attacker="c1", target="c2", weapon=5, mode="SA"),
        "error.attack_choose_mode": Attack(attacker="c1", target="c2", weapon=0),
        "error.attack_melee_mode": Attack(attacker="c1", target="c2", weapon=1, mode="SA"),
        "weapons.refusal.mode_missing": Attack(attacker="c1", target="c2", weapon=0, mode="FA_simple"),
    }
    for key, command in cases.items():
        with pytest.raises(RulesError) as info:
            enc.prepare(command)
        assert info.value.key == key


# -- SR4 ---------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-R3")
@pytest.mark.rule("SR4-R4")
@pytest.mark.rule("SR4-R5")
@pytest.mark.rule("SR4-R6")
def test_sr4_ranged_attack_from_declaration_to_damage() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=(6, 6, 6, 2, 2, 2, 2, 2, 2), defence_faces=(1,),
                                 soak_faces=(6, 2, 2, 2, 2, 2, 2, 2, 2))))
    assert e.attack.pool == 5 + 4 and e.defence is not None and e.defence.pool == 1  # AGI+Pistols; REA
    assert e.net_hits == 3 and e.dv == 5 + 3  # Ares Predator IV 5P
    assert e.modified_armour == 6 - 1 and e.track == "physical"  # 8 > 5
    assert e.soak is not None and e.soak.pool == 4 + 5 and e.applied == 7
    assert enc.state.combatants["c2"].sheet.physical_damage == 7


@pytest.mark.rule("SR4-R1")
def test_sr4_full_defence_declared_with_the_attack_adds_dodge() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4, full_defence=True)))
    assert e.full_defence and e.defence is not None and e.defence.pool == 1 + 2


@pytest.mark.rule("SR4-R7")
def test_sr4_knockdown_when_damage_exceeds_body() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                 attack_faces=sixes(9), defence_faces=(1,), soak_faces=blanks(9))))
    assert e.applied == 5 + 9 and e.knockdown
    assert any(x.key == "prone" for x in enc.state.effects.values())


@pytest.mark.rule("SR4-M1")
@pytest.mark.rule("SR4-M2")
@pytest.mark.rule("SR4-M3")
def test_sr4_melee_uses_impact_armour_and_the_chosen_defence() -> None:
    enc = sr4_fight()
    e = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=1, melee_defence="dodge",
                                 attack_faces=(6, 6, 2, 2, 2, 2, 2, 2), defence_faces=(2, 2, 2),
                                 soak_faces=blanks(8))))
    assert e.melee and e.attack.pool == 5 + 3 and e.defence is not None and e.defence.pool == 1 + 2
    assert e.modified_armour == 4  # impact armour, the knife has no AP
    assert e.net_hits == 2


@pytest.mark.rule("SR4-MT6")
def test_sr4_recoil_counts_within_the_phase() -> None:
    from gmtool.games.shadowrun.sr4.rules import commands as cmd

    enc = sr4_fight()
    first = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)))
    second = resolved(run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4)))
    assert second.attack.pool == first.attack.pool - 1  # semi-auto: −1 on the second shot in a phase
    assert enc.state.combatants["c1"].recoil_rounds == 2
    run(enc, cmd.NextPhase())
    assert enc.state.combatants["c1"].recoil_rounds == 0


# -- invariants ---------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), shots=st.integers(1, 4), armour=st.integers(0, 15))
def test_same_seed_same_fight_and_damage_is_never_negative(seed: int, shots: int, armour: int) -> None:
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset

    enc = sr5_fight(seed=seed, target_armour=armour)
    physical = 0
    for _ in range(shots):
        try:
            events = run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
        except RulesError:
            break  # the phase budget is spent
        e = resolved(events)
        assert e.applied >= 0
        if not e.hit:
            assert e.applied == 0 and e.physical_after == e.physical_before and e.stun_after == e.stun_before
        sheet = enc.state.combatants["c2"].sheet
        assert sheet.physical_damage <= sheet.physical_boxes + sheet.physical_overflow + 1
        assert sheet.stun_damage <= sheet.stun_boxes
        assert sheet.physical_damage >= physical
        physical = sheet.physical_damage
    again = Encounter(SR5Ruleset(), seed, enc.entries)
    assert again.state.combatants == enc.state.combatants and again.state.magazines == enc.state.magazines


@pytest.mark.rule("SR5-T2")
def test_reloading_a_clip_is_a_simple_action_and_fills_the_magazine() -> None:
    from gmtool.games.shadowrun.rules.attack.messages import Reload

    enc = sr5_fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(Reload(combatant="c1", weapon=0))
    assert info.value.key == "error.reload_full"
    run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
    events = run(enc, Reload(combatant="c1", weapon=0))
    assert [(e.kind, getattr(e, "action", None)) for e in events][0] == ("action_taken", "simple")
    assert enc.state.magazines["c1:0"].rounds == 15
    with pytest.raises(RulesError) as info:
        enc.prepare(Reload(combatant="c1", weapon=1))
    assert info.value.key == "error.reload_melee"


def test_loaded_ammunition_changes_dv_and_ap_in_the_breakdown() -> None:
    """APDS (SR5 p. 434): AP −4 more; reloading another type empties the old load first."""
    from gmtool.games.shadowrun.rules.attack.messages import Reload

    enc = sr5_fight(target_armour=12)
    run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
    events = run(enc, Reload(combatant="c1", weapon=0, ammo_type="apds", charge_action=False))
    assert events[-1].ammo_type == "apds" and enc.state.magazines["c1:0"].rounds == 15
    from gmtool.games.shadowrun.rules.attack.plan import plan
    from gmtool.games.shadowrun.sr5.rules.attack import ADAPTER

    planned = plan(ADAPTER, enc.state, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4,
                                              charge_action=False))  # the phase's shot is fired
    assert planned.pools.armour.value == 12 - 1 - 4  # armour, the weapon's AP −1, APDS −4
    assert ("attack.term.ammo_ap", -4) in {(t.label, t.value) for t in planned.pools.armour.terms}
    with pytest.raises(RulesError) as info:
        enc.prepare(Reload(combatant="c1", weapon=0, ammo_type="no_such_ammo"))
    assert info.value.key == "weapons.error.unknown_ammo"


def test_the_log_counts_one_round_and_several_rounds_in_words() -> None:
    from gmtool.core.i18n import set_language
    from gmtool.games.shadowrun.rules.attack.messages import RoundsFired

    set_language("en")
    enc = sr5_fight()
    single = run(enc, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4, charge_action=False))
    fired = next(e for e in single if e.kind == "rounds_fired")
    assert enc.ruleset.describe(fired) == "Shooter fires 1 round from Ares Predator V; 14 left."
    burst = fired.model_copy(update={"rounds": 3, "left": 12})
    assert isinstance(burst, RoundsFired)
    assert enc.ruleset.describe(burst) == "Shooter fires 3 rounds from Ares Predator V; 12 left."
