"""What of a runner carries over to the next encounter (issue 35), in both editions: damage past the
monitor as overflow, Edge points, rounds per weapon; and the between-encounters actions."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import in_language
from gmtool.core.party import RESET
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.shadowrun.library.carry import CarriedRunner
from gmtool.games.shadowrun.library.validation import parse_template

# an ork runner: Body 4, Willpower 3, Edge 2 → physical 8 + 4/2 = 10 boxes, overflow 4 (Body),
# stun 8 + ⌈3/2⌉ = 10 boxes (SR5-A6, SR4-MT8); an Ares Predator of 15 rounds
ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
PREDATOR = {"name": "Ares Predator", "category": "Heavy Pistols", "melee": False, "damage": "8P", "ap": "-1",
            "modes": ["SA"], "rc": "", "ammo": "15(c)", "accuracy": "5(7)"}


def runner(edition: str) -> Any:
    extra = {"armour": {"value": 9}} if edition == "SR5" else {"armour": {"ballistic": 6, "impact": 4}}
    return parse_template({"edition": edition, "name": "Kestrel", "metatype": "ork", "attributes": dict(ATTRS),
                           "monitors": {"physical_boxes": 10, "stun_boxes": 10}, "weapons": [PREDATOR], **extra})


def brought(game: str, carried: CarriedRunner) -> tuple[Any, EncounterSession, str]:
    rules = get_ruleset(game)
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    for command in rules.bring(runner(game.upper()), carried, "Kestrel"):  # type: ignore[attr-defined]
        session.execute(command)
    ((cid, name),) = rules.roster(session.encounter.state)
    assert name == "Kestrel"
    return rules, session, cid


@pytest.mark.rule("SR5-A6")
@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_a_fresh_runner_is_unhurt_with_full_edge_and_a_full_clip(game: str) -> None:
    fresh = get_ruleset(game).fresh(runner(game.upper()))  # type: ignore[attr-defined]
    assert (fresh.physical, fresh.physical_boxes, fresh.overflow, fresh.stun, fresh.stun_boxes) == (0, 10, 4, 0, 10)
    assert (fresh.edge, fresh.edge_max) == (2, 2)
    assert [(r.name, r.left, r.capacity) for r in fresh.rounds] == [("Ares Predator", 15, 15)]


@pytest.mark.rule("SR5-A6")
@pytest.mark.rule("SR4-MT8")
@pytest.mark.rule("SR4-E1")
@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_damage_overflow_edge_and_rounds_go_on_and_are_said(game: str) -> None:
    rules = get_ruleset(game)
    fresh = rules.fresh(runner(game.upper()))  # type: ignore[attr-defined]
    # the last encounter left Kestrel 2 boxes into overflow (12 of 10 + 4), 4 stun, 1 Edge point, 9 rounds
    hurt = fresh.model_copy(update={"physical": 12, "stun": 4, "edge": 1,
                                    "rounds": (fresh.rounds[0].model_copy(update={"left": 9}),)})
    rules, session, cid = brought(game, hurt)
    sheet = session.encounter.state.combatants[cid].sheet
    assert (sheet.physical_damage, sheet.stun_damage, sheet.edge_points, sheet.is_npc) == (12, 4, 1, False)
    assert rules.carried(session.encounter.state, cid) == hurt  # type: ignore[attr-defined]
    with in_language("en"):
        lines = [line.text() for line in rules.describe_changes(fresh, hurt)]  # type: ignore[attr-defined]
    assert lines == ["Physical: 0/10 → 10/10 + 2 overflow", "Stun: 0/10 → 4/10", "Edge points: 2/2 → 1/2",
                     "Rounds: Ares Predator: 15/15 → 9/15"]


@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_a_damage_taken_in_the_encounter_is_what_comes_back(game: str) -> None:
    rules, session, cid = brought(game, get_ruleset(game).fresh(runner(game.upper())))  # type: ignore[attr-defined]
    session.execute(rules.edit(cid, "stun_damage", 6))
    session.execute(rules.edit(cid, "edge_points", 0))
    back = rules.carried(session.encounter.state, cid)  # type: ignore[attr-defined]
    assert (back.stun, back.edge, back.physical) == (6, 0, 0)


def test_the_between_encounters_actions() -> None:
    rules = get_ruleset("sr5")
    template = runner("SR5")
    fresh = rules.fresh(template)  # type: ignore[attr-defined]
    hurt = fresh.model_copy(update={"physical": 5, "stun": 7, "edge": 0,
                                    "rounds": (fresh.rounds[0].model_copy(update={"left": 2}),)})
    act = rules.act_between  # type: ignore[attr-defined]
    assert (act(hurt, "heal_stun", template).stun, act(hurt, "heal_stun", template).physical) == (0, 5)
    assert (act(hurt, "heal_all", template).stun, act(hurt, "heal_all", template).physical) == (0, 0)
    assert act(hurt, "refresh_edge", template).edge == 2  # SR4-E1: back to the Edge attribute at the GM's call
    assert act(hurt, "reload", template).rounds[0].left == 15
    assert act(hurt, RESET, template) == fresh
    with pytest.raises(RulesError):
        act(hurt, "teleport", template)


def test_a_hand_edit_is_bounded_by_the_monitor() -> None:
    rules = get_ruleset("sr5")
    fresh = rules.fresh(runner("SR5"))  # type: ignore[attr-defined]
    assert rules.with_field(fresh, "physical", 15).physical == 15  # type: ignore[attr-defined]  # 10 + 4 + 1: dead
    with pytest.raises(RulesError) as raised:
        rules.with_field(fresh, "physical", 16)  # type: ignore[attr-defined]
    assert raised.value.key == "sr.carry.error.value"
    assert rules.with_field(fresh, "rounds.0", 3).rounds[0].left == 3  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        rules.with_field(fresh, "rounds.0", 16)  # type: ignore[attr-defined]


def test_an_encounter_refuses_more_rounds_than_the_clip_holds() -> None:
    rules = get_ruleset("sr5")
    fresh = rules.fresh(runner("SR5"))  # type: ignore[attr-defined]
    (command,) = rules.bring(runner("SR5"), fresh, "Kestrel")  # type: ignore[attr-defined]
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    with pytest.raises(RulesError) as raised:
        session.execute(command.model_copy(update={"rounds": {0: 16}}))
    assert raised.value.key == "sr.carry.error.rounds"
    assert rules.roster(session.encounter.state) == ()


@pytest.mark.rule("SR4-S1")
@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_a_sustained_spell_goes_on_and_being_prone_stays_behind(game: str) -> None:
    from gmtool.games.shadowrun.rules.effect_messages import AddEffect

    rules, session, cid = brought(game, get_ruleset(game).fresh(runner(game.upper())))  # type: ignore[attr-defined]
    session.execute(AddEffect(combatant=cid, key="sustained_spell"))
    session.execute(AddEffect(combatant=cid, key="prone"))
    carried = rules.carried(session.encounter.state, cid)  # type: ignore[attr-defined]
    assert [(e.key, e.modifier) for e in carried.effects] == [("sustained_spell", -2)]  # −2 while sustained
    with in_language("en"):
        (line,) = rules.describe_changes(rules.fresh(runner(game.upper())), carried)  # type: ignore[attr-defined]
        assert line.text() == "Lasting effects: none → Sustaining a spell (−2)"
    rules, again, new_id = brought(game, carried)
    (effect,) = again.encounter.state.effects.values()
    assert (effect.holder, effect.key, effect.modifier, effect.duration.value) == (new_id, "sustained_spell", -2,
                                                                                    "until_removed")
    assert rules.carried(again.encounter.state, new_id) == carried  # type: ignore[attr-defined]
    assert rules.act_between(carried, "end_effects", runner(game.upper())).effects == ()  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-S6")
def test_a_bound_spirit_comes_along_owing_its_services() -> None:
    from gmtool.games.shadowrun.sr4.rules import magic_messages as mm

    rules, session, cid = brought("sr4", get_ruleset("sr4").fresh(runner("SR4")))  # type: ignore[attr-defined]
    session.execute(rules.edit(cid, "magic", 4))
    # Magic 4 + Summoning 3 = 7 dice against Force 3: 4 hits against 1 → 3 services (SR4-S6); one is used
    session.execute(mm.SummonSpirit(combatant=cid, spirit="fire", force=3, skill=3, faces=(5, 5, 6, 6, 1, 2, 3),
                                    spirit_faces=(5, 1, 2), drain_faces=(1,) * 5))  # drain: WIL 3 + LOG 2
    (spirit,) = [c for c in session.encounter.state.combatants if c != cid]
    session.execute(mm.UseService(spirit=spirit))
    carried = rules.carried(session.encounter.state, cid)  # type: ignore[attr-defined]
    assert [(s.kind, s.force, s.services) for s in carried.spirits] == [("fire", 3, 2)]
    with in_language("en"):
        assert [c.text() for c in rules.describe_changes(rules.fresh(runner("SR4")), carried)  # type: ignore[attr-defined]
                if c.what == "Bound spirit"] == ["Bound spirit: none → Spirit of Fire F3, 2 services owed"]
    rules, again, new_id = brought_with_spirit(carried)
    (bond,) = again.encounter.state.magic.spirits.values()
    assert (bond.summoner, bond.kind, bond.force, bond.services) == (new_id, "fire", 3, 2)
    assert again.encounter.state.combatants[bond.spirit].sheet.attributes["BOD"] == 3  # a Force 3 spirit's sheet
    assert rules.carried(again.encounter.state, new_id).spirits == carried.spirits  # type: ignore[attr-defined]


def brought_with_spirit(carried: CarriedRunner) -> tuple[Any, EncounterSession, str]:
    rules = get_ruleset("sr4")
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    for command in rules.bring(runner("SR4"), carried, "Kestrel"):  # type: ignore[attr-defined]
        session.execute(command)
    (runner_id, _spirit_id) = (cid for cid, _name in rules.roster(session.encounter.state))
    return rules, session, runner_id


def test_sr5_refuses_a_carried_spirit() -> None:
    from gmtool.games.shadowrun.rules.carried_effects import BoundSpirit

    rules = get_ruleset("sr5")
    (command,) = rules.bring(runner("SR5"), rules.fresh(runner("SR5")), "Kestrel")  # type: ignore[attr-defined]
    session = EncounterSession(Encounter(rules, 5), MemoryStore(), 1)
    with pytest.raises(RulesError) as raised:
        session.execute(command.model_copy(update={"spirits": (BoundSpirit(kind="fire", force=3, services=1),)}))
    assert raised.value.key == "sr.carry.error.no_spirits"
