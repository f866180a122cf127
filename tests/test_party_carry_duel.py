"""What of a player's machine carries over to the next duel of a sortie (issue 35): its damage, bounded
by its durability; the pilot's aura power comes back whole each turn (AB-22), so it is not carried."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import in_language
from gmtool.core.party import RESET
from gmtool.core.registry import get_ruleset
from gmtool.core.session import EncounterSession, MemoryStore
from gmtool.games.aura_battler.library.kind import LIBRARY
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules.cards import demo_duel
from gmtool.games.aura_battler.rules.demo import demo

# a machine of durability 10 (the library's blank card)
MACHINE = LIBRARY.read(LIBRARY.blank("aura_battler", "Dunbine"), LIBRARY.version)


def in_the_sky(carried):  # noqa: ANN001, ANN201
    rules = get_ruleset("aura_battler")
    session = EncounterSession(Encounter(rules, 3), MemoryStore(), 1)
    session.execute(demo("en").commands[0])  # the demo's sky
    for command in rules.bring(MACHINE, carried, "Dunbine"):  # type: ignore[attr-defined]
        session.execute(command)
    ((uid, _name),) = rules.roster(session.encounter.state)
    return rules, session, uid


@pytest.mark.rule("AB-17")
@pytest.mark.rule("AB-19")
def test_a_machine_joins_the_next_duel_with_its_damage() -> None:
    rules = get_ruleset("aura_battler")
    fresh = rules.fresh(MACHINE)  # type: ignore[attr-defined]
    hurt = fresh.model_copy(update={"damage": 6})  # 6 of 10: past half, heavily damaged (AB-19)
    rules, session, uid = in_the_sky(hurt)
    unit = session.encounter.state.units[uid]
    assert (unit.damage, unit.heavily_damaged, unit.destroyed) == (6, True, False)
    assert rules.carried(session.encounter.state, uid) == hurt  # type: ignore[attr-defined]
    with in_language("en"):
        assert [c.text() for c in rules.describe_changes(fresh, hurt)] == ["Damage: 0/10 → 6/10"]  # type: ignore[attr-defined]


@pytest.mark.rule("AB-17")
def test_a_destroyed_machine_cannot_join_until_repaired() -> None:
    rules = get_ruleset("aura_battler")
    fresh = rules.fresh(MACHINE)  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        rules.with_field(fresh, "damage", 10)  # type: ignore[attr-defined]  # damage = durability: destroyed
    (command,) = rules.bring(MACHINE, fresh, "Dunbine")  # type: ignore[attr-defined]
    session = EncounterSession(Encounter(rules, 3), MemoryStore(), 1)
    session.execute(demo("en").commands[0])
    with pytest.raises(RulesError) as raised:
        session.execute(command.model_copy(update={"damage": 10}))
    assert raised.value.key == "ab.carry.error.destroyed"
    hurt = fresh.model_copy(update={"damage": 9})
    assert rules.act_between(hurt, "repair", MACHINE).damage == 0  # type: ignore[attr-defined]
    assert rules.act_between(hurt, RESET, MACHINE) == fresh  # type: ignore[attr-defined]


@pytest.mark.rule("AB-22")
def test_the_pilots_aura_power_is_whole_in_the_next_duel() -> None:
    duel = demo_duel()
    lark = MachineTemplate(machine=duel.machines[0], pilot=duel.pilots[0])
    assert lark.pilot.aura > 0
    rules = get_ruleset("aura_battler")
    session = EncounterSession(Encounter(rules, 3), MemoryStore(), 1)
    session.execute(demo("en").commands[0])
    hurt = rules.fresh(lark).model_copy(update={"damage": 2})  # type: ignore[attr-defined]
    for command in rules.bring(lark, hurt, "Lark"):  # type: ignore[attr-defined]
        session.execute(command)
    (unit,) = session.encounter.state.units.values()
    assert (unit.damage, unit.aura) == (2, lark.pilot.aura)  # the damage carried, the aura power whole
