"""A new campaign holds the SR4 demo beside the SR5 one (SR5 current); the campaign's
encounters are switched and created through the workspace, the choice remembered."""

from __future__ import annotations

import json

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.resources import resource_path
from gmtool.games.shadowrun.sr4.rules.demo import SR4DemoEncounter, sr4_demo_definition
from gmtool.games.shadowrun.sr4.rules.sheet import check_sheet
from gmtool.games.shadowrun.sr5.rules.demo import demo_definition
from gmtool.storage.workspace import Workspace


@pytest.mark.parametrize(("language", "mark"), [("en", "demo"), ("ja", "デモ")])
def test_the_sr4_demo_is_valid_and_clearly_made_up(language: str, mark: str) -> None:
    demo = sr4_demo_definition(language)
    assert 4 <= len(demo.combatants) <= 10
    for sheet in demo.combatants:
        check_sheet(sheet)  # the SR4 metatype limits, not only the shapes
        assert mark in sheet.name.lower()
    assert {s.is_npc for s in demo.combatants} == {True, False}
    assert {s.initiative_passes for s in demo.combatants} >= {1, 2, 3}  # the pass ladder has something to show
    assert mark in demo.name.lower() and "made up" in demo.note


def test_a_broken_demo_file_is_refused_by_its_model() -> None:
    raw = json.loads(resource_path("sr4", "demo_encounter.json").read_text(encoding="utf-8"))
    raw["combatants"][0]["initiative_dice"] = 2  # an SR5 field
    with pytest.raises(ValueError):
        SR4DemoEncounter.model_validate(raw)


def test_a_new_campaign_holds_every_demo_with_sr5_current() -> None:
    workspace = Workspace.open_default()
    try:
        infos = workspace.encounters()
        assert [(i.ruleset, i.name) for i in infos] == [
            ("sr5", demo_definition().name), ("sr4", sr4_demo_definition().name),
            ("badlands_rally", "Demo: a rally on the Dust Bowl loop (made up)"),
            ("aura_battler", "Demo: a duel over the clouds (made up)"),
        ]
        assert workspace.encounter_id == infos[0].id and workspace.ruleset_key == "sr5"
        sr4 = workspace.with_encounter(infos[1].id)
        assert [c.sheet for c in sr4.encounter.state.combatants.values()] == sr4_demo_definition().combatants
        assert sr4.encounter.seed == sr4_demo_definition().seed
    finally:
        workspace.close()
    again = Workspace.open_default()  # the choice is remembered in the campaign
    try:
        assert again.ruleset_key == "sr4"
    finally:
        again.close()


def test_a_new_encounter_is_empty_named_and_current() -> None:
    workspace = Workspace.open_default()
    try:
        fresh = workspace.with_new_encounter("  Rooftop  ", "sr4")
        assert fresh.encounter_name == "Rooftop" and fresh.ruleset_key == "sr4"
        assert fresh.encounter.state.combatants == {} and fresh.encounter.entries == []
        assert workspace.campaign.current_encounter_id() == fresh.encounter_id
        other = workspace.with_new_encounter("Docks", "sr5")
        assert other.encounter_id != fresh.encounter_id and other.ruleset_key == "sr5"
        with pytest.raises(RulesError) as info:
            workspace.with_new_encounter("   ", "sr4")
        assert info.value.key == "error.encounter_name"
        assert len(workspace.encounters()) == 6  # four demos, two new
    finally:
        workspace.close()


@pytest.mark.rule("SR4-T1")
@pytest.mark.rule("SR4-T4")
def test_the_demo_has_a_made_up_technomancer_who_threads_and_compiles() -> None:
    """Issue 31: the demo had no technomancer. Hers is a living persona (Resonance 5) owned by a
    demo combatant; threading rolls Resonance + Software (000 §6.1 line 329: 5 + 4 = 9 dice) and
    compiling Resonance + Compiling against the sprite's rating (§6.4 line 371: 5 + 4 = 9 dice)."""
    from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
    from gmtool.games.shadowrun.sr4.rules.matrix_pools import is_technomancer, matrix

    workspace = Workspace.open_default()
    try:
        sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
        state = sr4.encounter.state
        (persona,) = [i for i in matrix(state).icons.values() if is_technomancer(i)]
        owner = state.combatants[persona.sheet.owner]
        assert "demo technomancer" in owner.sheet.name and persona.sheet.resonance == 5
        entry = sr4.encounter.prepare(mx.ThreadForm(icon=persona.id, form="Attack", rating=3, sustain=False,
                                                    faces=(5, 6, 1, 1, 2, 2, 3, 3, 4), fading_faces=(1,) * 10))
        threaded = next(e for e in entry.events if e.kind == "form_threaded")
        rolled = next(e for e in entry.events if e.kind == "dice_test_rolled")
        assert rolled.pool == 9 and (threaded.rating, threaded.fading) == (5, 2)  # 2 hits: +2, fading 2
        compiled = sr4.encounter.prepare(mx.CompileSprite(icon=persona.id, sprite_kind="crack", rating=3,
                                                          faces=(6,) * 3 + (1,) * 6, sprite_faces=(1, 1, 5),
                                                          fading_faces=(1,) * 10))
        assert next(e for e in compiled.events if e.kind == "dice_test_rolled").pool == 9
        assert next(e for e in compiled.events if e.kind == "sprite_compiled").tasks == 2  # 3 hits against 1
    finally:
        workspace.close()
