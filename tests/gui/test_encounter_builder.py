"""Encounters built ahead: saved into the campaign, not started, the current encounter kept;
copies named "Ganger 1…N", grunt groups with their rating, runners tagged PC; JSON round trip."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize

from gmtool.games.shadowrun.gui import encounter_builder as eb
from gmtool.games.shadowrun.gui.encounter_builder import EncounterBuilder, is_runner, save_plan
from gmtool.games.shadowrun.library.exchange import EncounterEntry, EncounterPlan, load_encounter
from gmtool.games.shadowrun.library.validation import parse_template
from gmtool.ui.import_report_dialog import import_path
from gmtool.viewmodels.encounter_list_model import EncounterListModel
from tests.gui.test_library_window import add, template_data


def builder(qtbot, workspace, game: str = "sr5") -> EncounterBuilder:
    dialog = EncounterBuilder(workspace.campaign, workspace.encounter_id, game)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def members(campaign, encounter_id: int) -> list[tuple[str, bool]]:
    state = campaign.load_encounter(encounter_id).state
    return [(c.sheet.name, c.sheet.is_npc) for c in state.combatants.values()]


def test_the_builder_saves_gangers_one_to_n_without_starting_or_switching(qtbot, workspace) -> None:
    store = workspace.campaign.library
    ganger = add(store, "Ganger", professional_rating=1)
    kestrel = add(store, "Kestrel", tags=["pc"])
    add(store, "Old cop", "SR4")
    running = workspace.encounter_id
    dialog = builder(qtbot, workspace)
    assert dialog.proxy.rowCount() == 2  # SR5 templates only
    dialog.name.setText("Warehouse")
    dialog.add_template(ganger, count=3)
    dialog.add_all_pcs()
    assert dialog.member_preview() == ["Ganger 1", "Ganger 2", "Ganger 3"]
    saved: list[int] = []
    dialog.encounterSaved.connect(saved.append)
    dialog.save_button.click()
    (new_id,) = saved
    campaign = workspace.campaign
    info = campaign.encounter_info(new_id)
    assert (info.name, info.ruleset) == ("Warehouse", "sr5")
    assert members(campaign, new_id) == [("Kestrel", False), ("Ganger 1", True), ("Ganger 2", True),
                                         ("Ganger 3", True)]
    assert campaign.load_encounter(new_id).state.turn == 0  # prepared, not started
    assert campaign.current_encounter_id() == running
    assert campaign.journal_length(new_id) == 4  # one AddCombatant each
    listed = EncounterListModel(workspace.encounters(), workspace.encounter_id)
    assert listed.row_of(new_id) >= 0  # File → Switch encounter lists it
    assert kestrel in {tid for tid, _ in dialog.runners}


def test_a_grunt_group_with_its_professional_rating(qtbot, workspace) -> None:
    guard = add(workspace.campaign.library, "Corp Guard", professional_rating=3)
    dialog = builder(qtbot, workspace)
    dialog.add_template(guard, count=4, grunt_group=True)
    new_id = dialog.save()
    assert new_id is not None
    state = workspace.campaign.load_encounter(new_id).state
    assert len(state.combatants) == 4
    (group,) = state.groups.values()
    assert group.professional_rating == 3
    assert workspace.campaign.journal_length(new_id) == 1  # one AddGruntGroup


def test_sr4_plan_and_nothing_to_save(qtbot, workspace) -> None:
    cop = add(workspace.campaign.library, "Lone Star Cop", "SR4")
    dialog = builder(qtbot, workspace, "sr4")
    assert not dialog.save_button.isEnabled() and dialog.message.text()
    dialog.add_template(cop, count=2)
    dialog.name.clear()
    assert not dialog.save_button.isEnabled()
    dialog.name.setText("Patrol")
    new_id = dialog.save()
    assert new_id is not None and workspace.campaign.encounter_info(new_id).ruleset == "sr4"
    assert [n for n, _ in members(workspace.campaign, new_id)] == ["Lone Star Cop 1", "Lone Star Cop 2"]


def test_a_template_the_sheet_refuses_creates_nothing(qtbot, workspace) -> None:
    troll_strength = add(workspace.campaign.library, "Too strong", attributes={
        "BOD": 4, "AGI": 4, "REA": 3, "STR": 15, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2})
    before = len(workspace.encounters())
    dialog = builder(qtbot, workspace)
    dialog.add_template(troll_strength)
    assert dialog.save() is None
    assert "STR" in dialog.message.text() or "Strength" in dialog.message.text()
    assert len(workspace.encounters()) == before


def test_export_and_import_an_encounter_plan(qtbot, workspace, tmp_path: Path, monkeypatch) -> None:
    ganger = add(workspace.campaign.library, "Ganger")
    dialog = builder(qtbot, workspace)
    dialog.name.setText("Dock")
    dialog.add_template(ganger, count=2, grunt_group=True, rating=2)
    target = tmp_path / "dock.json"
    monkeypatch.setattr(eb, "ask_save_path", lambda *_a: target)
    assert dialog.export() == target
    plan = load_encounter(target)
    assert (plan.name, plan.entries[0].count, plan.entries[0].grunt_group, plan.entries[0].professional_rating) == (
        "Dock", 2, True, 2)
    outcome = import_path(workspace.campaign, target, workspace.encounter_id)
    assert outcome.ok and outcome.encounter_id is not None
    assert len(members(workspace.campaign, outcome.encounter_id)) == 2
    assert workspace.campaign.current_encounter_id() == workspace.encounter_id


def test_save_plan_directly_and_runner_tags(workspace) -> None:
    template = parse_template(template_data("Ganger"))
    plan = EncounterPlan(name="Alley", edition="SR5", entries=[EncounterEntry(template=template, count=2)])
    new_id = save_plan(workspace.campaign, plan, workspace.encounter_id, seed=7)
    assert workspace.campaign.encounter_info(new_id).seed == 7
    assert [n for n, _ in members(workspace.campaign, new_id)] == ["Ganger 1", "Ganger 2"]
    assert is_runner(("PC",)) and is_runner(["ｐｃ"]) and not is_runner(("pcs",))


def test_the_builder_fits_the_screen(qtbot, workspace) -> None:
    dialog = builder(qtbot, workspace)
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 820
    assert dialog.size().boundedTo(QSize(1366, 820)) == dialog.size()


def test_an_encounter_plan_past_500_combatants_is_refused_naming_the_limit(qtbot, workspace, tmp_path: Path) -> None:
    """Issue 13: before, a plan of 2,000 entries × 24 (48,000 combatants) was written and froze the window."""
    import json

    template = parse_template(template_data("Ganger")).model_dump(mode="json")
    entries = [{"template": template, "count": 24} for _ in range(21)]  # 504 combatants
    document = {"schema_version": 1, "kind": "gmtool.encounter",
                "encounter": {"name": "Horde", "edition": "SR5", "entries": entries}}
    path = tmp_path / "horde.json"
    path.write_text(json.dumps(document))
    before = len(workspace.encounters())
    outcome = import_path(workspace.campaign, path, workspace.encounter_id)
    assert not outcome.ok
    assert any("at most 500 combatants" in line and "504" in line for line in outcome.lines), outcome.lines
    assert len(workspace.encounters()) == before  # nothing written
    entries.pop()  # 480: allowed
    path.write_text(json.dumps(document))
    assert import_path(workspace.campaign, path, workspace.encounter_id).ok


def test_the_builder_says_the_limit_before_saving(qtbot, workspace) -> None:
    ganger = add(workspace.campaign.library, "Ganger")
    dialog = builder(qtbot, workspace)
    dialog.name.setText("Horde")
    for _ in range(21):
        dialog.add_template(ganger, count=24)
    assert not dialog.save_button.isEnabled()
    assert "at most 500" in dialog.message.text() and "504" in dialog.message.text()
    dialog._spin(0, 1).setValue(20)  # 500: allowed
    assert dialog.save_button.isEnabled() and dialog.message.text() == ""
