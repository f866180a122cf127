"""What of a player's gear carries over to the next race of a series (issue 35): hull and structure
left, the upgrades won and their weapons; repair between races."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import in_language
from gmtool.core.party import RESET
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.badlands_rally.library.templates import GearCard
from gmtool.games.badlands_rally.rules.demo import demo
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

CARD = GearCard(name="Hunter", hull=3, structure=4, weapons=(WeaponCard(name="Autocannon", optimal=4, maximum=8, power=8),))


def raced(carried):  # noqa: ANN001, ANN201 - the rules and the new gear's id in a race with its course set
    rules = get_ruleset("badlands_rally")
    session = EncounterSession(Encounter(rules, 3), MemoryStore(), 1)
    session.execute(demo("en").commands[0])  # the demo's course
    for command in rules.bring(CARD, carried, "Hunter"):  # type: ignore[attr-defined]
        session.execute(command)
    ((gid, _name),) = rules.roster(session.encounter.state)
    return rules, session, gid


@pytest.mark.rule("BR-13")
@pytest.mark.rule("BR-14")
def test_a_gear_joins_the_next_race_as_the_last_one_left_it() -> None:
    rules = get_ruleset("badlands_rally")
    fresh = rules.fresh(CARD)  # type: ignore[attr-defined]
    assert (fresh.hull, fresh.hull_max, fresh.structure, fresh.structure_max) == (3, 3, 4, 4)
    # the last race emptied the hull (BR-13: hull first) and took one structure: rattled until repaired (BR-14)
    hurt = fresh.model_copy(update={"hull": 0, "structure": 3})
    rules, session, gid = raced(hurt)
    gear = session.encounter.state.gears[gid]
    assert (gear.hull, gear.hull_max, gear.structure, gear.structure_max) == (0, 3, 3, 4)
    assert gear.rattle.token and gear.rattle.count == 0
    assert rules.carried(session.encounter.state, gid) == hurt  # type: ignore[attr-defined]
    with in_language("en"):
        assert [c.text() for c in rules.describe_changes(fresh, hurt)] == ["Hull: 3/3 → 0/3",  # type: ignore[attr-defined]
                                                                           "Structure: 4/4 → 3/4"]


@pytest.mark.rule("BR-20")
def test_the_upgrades_won_and_their_weapons_go_on() -> None:
    rules = get_ruleset("badlands_rally")
    fresh = rules.fresh(CARD)  # type: ignore[attr-defined]
    whacker = WeaponCard(name="Whacker", power=7, optimal=2, maximum=2)
    upgraded = fresh.model_copy(update={"upgrades": ("whacker",), "weapons": (*fresh.weapons, whacker)})
    rules, session, gid = raced(upgraded)
    gear = session.encounter.state.gears[gid]
    assert gear.upgrades == ("whacker",) and [w.name for w in gear.weapons] == ["Autocannon", "Whacker"]
    assert rules.carried(session.encounter.state, gid) == upgraded  # type: ignore[attr-defined]


def test_repair_and_reset_between_races() -> None:
    rules = get_ruleset("badlands_rally")
    fresh = rules.fresh(CARD)  # type: ignore[attr-defined]
    hurt = fresh.model_copy(update={"hull": 1, "structure": 2, "upgrades": ("whacker",)})
    repaired = rules.act_between(hurt, "repair", CARD)  # type: ignore[attr-defined]
    assert (repaired.hull, repaired.structure, repaired.upgrades) == (3, 4, ("whacker",))  # upgrades are kept
    assert rules.act_between(hurt, RESET, CARD) == fresh  # type: ignore[attr-defined]


def test_a_wrecked_gear_is_refused_until_repaired() -> None:
    rules = get_ruleset("badlands_rally")
    with pytest.raises(RulesError) as raised:
        rules.with_field(rules.fresh(CARD), "structure", 0)  # type: ignore[attr-defined]
    assert raised.value.key == "br.carry.error.value"
    (command,) = rules.bring(CARD, rules.fresh(CARD), "Hunter")  # type: ignore[attr-defined]
    session = EncounterSession(Encounter(rules, 3), MemoryStore(), 1)
    session.execute(demo("en").commands[0])
    with pytest.raises(RulesError) as raised:
        session.execute(command.model_copy(update={"structure_left": 0}))
    assert raised.value.key == "br.carry.error.wrecked"
