"""Grunt groups: one initiative for the group, a shared or individual monitor, leaving, splitting."""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.groups import AddGruntGroup, LeaveGroup, SplitGroup


def run(enc: Encounter, command):  # noqa: ANN001, ANN201
    entry = enc.prepare(command)
    enc.commit(entry)
    return entry.events


def with_group(shared: bool = False, count: int = 4) -> Encounter:
    enc = Encounter(SR5Ruleset(), seed=9)
    run(enc, cmd.AddCombatant(sheet=demo_definition().combatants[0]))
    ganger = demo_definition().combatants[3].model_copy(update={"name": "Halloweener"})
    run(enc, AddGruntGroup(sheet=ganger, count=count, professional_rating=2, shared_monitor=shared))
    return enc


def members(enc: Encounter) -> list[str]:
    (group,) = enc.state.groups.values()
    return list(group.members)


def test_a_group_rolls_one_initiative_for_all_its_members() -> None:
    enc = with_group()
    events = run(enc, cmd.StartTurn())
    rolls = {e.combatant: e for e in events if e.kind == "initiative_rolled"}
    group_faces = {rolls[m].faces for m in members(enc)}
    assert len(group_faces) == 1
    assert [enc.state.combatants[m].sheet.name for m in members(enc)] == [f"Halloweener {i}" for i in range(1, 5)]
    assert not any(e.kind == "ties_drawn" for e in events)


def test_joining_mid_turn_the_group_rolls_once_minus_the_passes_over() -> None:
    enc = Encounter(SR5Ruleset(), seed=2)
    run(enc, cmd.AddCombatant(sheet=demo_definition().combatants[0].model_copy(update={"initiative_bonus": 10})))
    run(enc, cmd.StartTurn())
    run(enc, cmd.NextPhase())
    assert enc.state.pass_number == 2
    events = run(enc, AddGruntGroup(sheet=demo_definition().combatants[4], count=3))
    rolls = [e for e in events if e.kind == "initiative_rolled"]
    assert len(rolls) == 3 and len({r.faces for r in rolls}) == 1 and all(r.reduction == 10 for r in rolls)


def test_a_shared_monitor_takes_damage_for_everyone() -> None:
    enc = with_group(shared=True)
    first, *others = members(enc)
    run(enc, cmd.EditSheet(combatant=first, field="physical_damage", value=4))
    assert all(enc.state.combatants[m].sheet.physical_damage == 4 for m in others)
    solo = with_group(shared=False)
    first, second, *_ = members(solo)
    run(solo, cmd.EditSheet(combatant=first, field="physical_damage", value=4))
    assert solo.state.combatants[second].sheet.physical_damage == 0


def test_a_member_leaves_and_then_rolls_on_its_own() -> None:
    enc = with_group(shared=True)
    leaver, *rest = members(enc)
    run(enc, LeaveGroup(combatant=leaver))
    assert leaver not in members(enc)
    run(enc, cmd.EditSheet(combatant=rest[0], field="stun_damage", value=3))
    assert enc.state.combatants[leaver].sheet.stun_damage == 0
    with pytest.raises(RulesError) as info:
        enc.prepare(LeaveGroup(combatant=leaver))
    assert info.value.key == "error.not_in_group"
    run(enc, cmd.RemoveCombatant(combatant=rest[0]))
    assert rest[0] not in members(enc)


def test_splitting_a_group_rolls_per_member() -> None:
    enc = with_group(count=6)
    (group_id,) = enc.state.groups
    run(enc, SplitGroup(group=group_id, split=True))
    events = run(enc, cmd.StartTurn())
    faces = {e.faces for e in events if e.kind == "initiative_rolled" and e.combatant in members(enc)}
    assert len(faces) > 1
    with pytest.raises(RulesError):
        enc.prepare(SplitGroup(group=group_id, split=True))


def test_groups_survive_undo_and_replay() -> None:
    enc = with_group(shared=True)
    run(enc, cmd.StartTurn())
    entry = enc.prepare_undo()
    enc.commit(entry)
    again = Encounter(SR5Ruleset(), 9, enc.entries)
    assert again.state.groups == enc.state.groups
    assert len(enc.state.groups) == 1
