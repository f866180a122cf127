"""SR5 suppressive fire through the journal (SR5-F8, F9): the zone, who is suppressed, the tests.

Rook (Agility 5, Automatics 5) fires an Ares Alpha (11P, AP −2, Accuracy 5, 42 rounds);
two gangers (Reaction 4, Edge 3, Body 4, armour 6) stand in the zone.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    MarkSuppressed,
    SuppressionTest,
    SuppressionTested,
)
from gmtool.games.shadowrun.rules.attack.suppression import suppressed, zones_in_force
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from tests.test_attack_flow import ATTR, blanks, resolved, run, sixes


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def fight(seed: int = 3) -> Encounter:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

    enc = Encounter(SR5Ruleset(), seed)
    rook = Sheet(name="Rook", attributes=ATTR, initiative_bonus=10, skills={"automatics": 5, "pistols": 4},
                 weapons=(weapon("sr5", "ares_alpha"), weapon("sr5", "ares_predator_v")))
    run(enc, cmd.AddCombatant(sheet=rook))
    for name in ("Ganger A", "Ganger B"):
        run(enc, cmd.AddCombatant(sheet=Sheet(name=name, attributes=ATTR, armour=6, skills={"pistols": 3},
                                              weapons=(weapon("sr5", "ares_predator_v"),))))
    run(enc, cmd.StartTurn())
    return enc


def suppress(enc: Encounter, hits: int = 4) -> int:
    """Rook lays down suppressive fire with ``hits`` hits; the zone's id."""
    events = run(enc, Attack(attacker="c1", weapon=0, mode="suppressive", attack_faces=sixes(hits) + blanks(10 - hits)))
    return next(e.zone for e in events if e.kind == "suppressive_fire_started")


@pytest.mark.rule("SR5-F8")
def test_suppressive_fire_is_a_complex_action_of_twenty_rounds_and_makes_a_zone() -> None:
    enc = fight()
    events = run(enc, Attack(attacker="c1", weapon=0, mode="suppressive", attack_faces=sixes(7) + blanks(3)))
    assert (events[0].kind, getattr(events[0], "action", None)) == ("action_taken", "complex")
    fired = next(e for e in events if e.kind == "rounds_fired")
    assert (fired.rounds, fired.left) == (20, 22)
    started = next(e for e in events if e.kind == "suppressive_fire_started")
    assert started.hits == 5  # 7 hits, Accuracy 5
    assert started.attack.pool == 5 + 5 and started.attack.limit == 5
    assert (started.dv, started.ap, started.damage_type, started.length_m) == (11, -2, "P", 550)
    assert not any(e.kind == "attack_resolved" for e in events)  # no target, no defence
    assert enc.state.combatants["c1"].recoil_rounds == 0  # recoil ignored
    [zone] = zones_in_force(enc.state)
    assert zone.zone.hits == 5 and zone.zone.in_force(enc.state.turn)
    assert "−5 to all actions" in enc.ruleset.describe(started)


@pytest.mark.rule("SR5-F8")
def test_suppressive_fire_needs_a_full_auto_weapon() -> None:
    enc = fight()
    with pytest.raises(RulesError) as info:
        enc.prepare(Attack(attacker="c1", weapon=1, mode="suppressive"))
    assert info.value.key == "weapons.refusal.mode_missing"


@pytest.mark.rule("SR5-F8")
@pytest.mark.rule("SR5-F9")
def test_the_zone_ends_with_the_turn_with_a_log_line() -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd

    enc = fight()
    zone = suppress(enc)
    run(enc, MarkSuppressed(zone=zone, combatants=("c2",)))
    events = run(enc, cmd.StartTurn())
    ended = [e for e in events if e.kind == "effect_ended"]
    assert {e.key for e in ended} == {"suppressive_fire", "suppressed"}
    line = enc.ruleset.describe(next(e for e in ended if e.key == "suppressive_fire"))
    assert "Suppressive fire zone" in line
    assert zones_in_force(enc.state) == [] and suppressed(enc.state) == []
    with pytest.raises(RulesError) as info:
        enc.prepare(SuppressionTest(zone=zone, combatant="c2"))
    assert info.value.key == "error.zone_not_in_force"


@pytest.mark.rule("SR5-F8")
def test_removing_the_zone_marker_stops_the_zone() -> None:
    from gmtool.games.shadowrun.rules.effect_messages import RemoveEffect

    enc = fight()
    zone = suppress(enc)
    run(enc, RemoveEffect(effect=zone))  # the shooter did something else
    assert zones_in_force(enc.state) == []


@pytest.mark.rule("SR5-F9")
def test_everyone_marked_takes_minus_hits_on_all_actions() -> None:
    enc = fight()
    zone = suppress(enc, hits=4)
    events = [e for e in run(enc, MarkSuppressed(zone=zone, combatants=("c2", "c3"))) if e.kind == "effect_added"]
    assert [(e.combatant, e.key, e.modifier) for e in events] == [("c2", "suppressed", -4), ("c3", "suppressed", -4)]
    assert len({e.effect for e in events}) == 2  # each its own effect
    assert suppressed(enc.state) == ["c2", "c3"]
    shot = resolved(run(enc, Attack(attacker="c2", target="c1", weapon=0, mode="SA", distance=5, charge_action=False)))
    assert ("effect.suppressed", -4) in {(t.label, t.value) for t in shot.attack.terms}
    assert shot.attack.pool == 5 + 3 - 4  # AGI + Pistols, suppressed


@pytest.mark.rule("SR5-F9")
def test_marking_refuses_the_shooter_and_a_second_mark() -> None:
    enc = fight()
    zone = suppress(enc)
    for combatants, key in ((("c1",), "error.zone_shooter"), (("c2", "c2"), None)):
        if key is None:
            run(enc, MarkSuppressed(zone=zone, combatants=combatants))
            continue
        with pytest.raises(RulesError) as info:
            enc.prepare(MarkSuppressed(zone=zone, combatants=combatants))
        assert info.value.key == key
    with pytest.raises(RulesError) as again:
        enc.prepare(MarkSuppressed(zone=zone, combatants=("c2",)))
    assert again.value.key == "error.already_suppressed"


@pytest.mark.rule("SR5-F9")
def test_reaction_plus_edge_meeting_the_hits_is_safe() -> None:
    enc = fight()
    zone = suppress(enc, hits=4)
    [e] = run(enc, SuppressionTest(zone=zone, combatant="c2", test_faces=sixes(4) + blanks(3)))
    assert isinstance(e, SuppressionTested)
    assert e.test.pool == 4 + 3 and e.threshold == 4 and not e.hit and e.soak is None
    assert enc.state.combatants["c2"].sheet.physical_damage == 0
    assert "not hit" in enc.ruleset.describe(e)


@pytest.mark.rule("SR5-F9")
def test_failing_the_test_takes_the_base_dv_soaked_as_usual() -> None:
    enc = fight()
    zone = suppress(enc, hits=4)
    [e] = run(enc, SuppressionTest(zone=zone, combatant="c2", test_faces=sixes(3) + blanks(4),
                                   soak_faces=sixes(2) + blanks(6)))
    assert e.hit and e.dv == 11  # the base DV: no net hits added
    assert e.modified_armour == 6 - 2 and e.track == "physical"
    assert e.soak is not None and e.soak.pool == 4 + 4 and e.applied == 9
    assert enc.state.combatants["c2"].sheet.physical_damage == 9


@pytest.mark.rule("SR5-F9")
def test_full_defence_adds_its_bonus_to_the_test() -> None:
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    enc = fight()
    zone = suppress(enc, hits=4)
    run(enc, DeclareInterrupt(combatant="c2", interrupt="full_defence"))
    [e] = run(enc, SuppressionTest(zone=zone, combatant="c2", test_faces=sixes(4) + blanks(6)))
    assert e.test.pool == 4 + 3 + 3  # + Willpower


@pytest.mark.rule("SR5-F8")
def test_one_undo_takes_the_whole_suppressive_fire_back() -> None:
    enc = fight()
    before = (dict(enc.state.effects), dict(enc.state.magazines))
    suppress(enc)
    enc.commit(enc.prepare_undo())
    assert (dict(enc.state.effects), dict(enc.state.magazines)) == before
    assert zones_in_force(enc.state) == []


def test_suppressive_fire_log_lines_in_japanese() -> None:
    enc = fight()
    events = run(enc, Attack(attacker="c1", weapon=0, mode="suppressive", attack_faces=sixes(4) + blanks(6)))
    set_language("ja")
    try:
        lines = [enc.ruleset.describe(e) for e in events]
        assert any("制圧射撃" in line for line in lines) and any("制圧地帯" in line for line in lines)
    finally:
        set_language("en")
