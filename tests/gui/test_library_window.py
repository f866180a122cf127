"""The NPC library window and its model: model tester, exact dataChanged roles, filters,
new/edit/duplicate/delete/tags, export, and "Add to encounter" as journaled commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSize, Qt

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.library.documents import store_fields
from gmtool.games.shadowrun.library.exchange import load_npcs
from gmtool.games.shadowrun.library.kind import joining_commands
from gmtool.games.shadowrun.library.validation import parse_template
from gmtool.storage.library_store import LibraryStore
from gmtool.ui import library_window as lw
from gmtool.ui.library_parts import AddPlan
from gmtool.ui.library_window import LibraryWindow
from gmtool.viewmodels import library_model as lm
from gmtool.viewmodels.library_model import LibraryFilterProxy, LibraryModel

ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
SCREEN = QSize(1366, 820)


def template_data(name: str, edition: str = "SR5", **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "edition": edition, "name": name, "metatype": "human", "attributes": dict(ATTRS),
        "monitors": {"physical_boxes": 10, "stun_boxes": 10},
        "skills": [{"name": "Pistols", "rating": 3}],
        "weapons": [{"name": "Colt America L36", "category": "Light Pistols", "melee": False, "damage": "7P",
                     "ap": "-", "modes": ["SA"], "ammo": "11(c)", "accuracy": "7"}],
    }
    data.update(changes)
    return data


def plan(template: Any, count: int, group: bool, rating: int) -> AddPlan:
    """What the Shadowrun add dialog answers for these choices (the window runs it)."""
    commands, skipped = joining_commands(template, count, group, rating)
    return AddPlan(commands, f"added {count}", warning=bool(skipped))


def add(store: LibraryStore, name: str, edition: str = "SR5", **changes: Any) -> int:
    return store.add(**store_fields(parse_template(template_data(name, edition, **changes))))


@pytest.fixture
def stocked(workspace):
    store = workspace.campaign.library
    ids = {
        "ganger": add(store, "Ganger", tags=["gang", "Redmond"], professional_rating=1, notes="Halloweeners"),
        "guard": add(store, "Corp Guard", tags=["corp"], professional_rating=3),
        "sr4": add(store, "Lone Star Cop", "SR4", tags=["police"]),
        "runner": add(store, "Kestrel", tags=["PC"]),
    }
    return workspace, ids


@pytest.fixture
def library(qtbot, window, stocked):
    lib = LibraryWindow(window.workspace.campaign, window.bridge, window)
    qtbot.addWidget(lib)
    lib.show()
    return lib


def names(proxy: LibraryFilterProxy) -> list[str]:
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


# -- the model ------------------------------------------------------------------------------------------
def test_the_model_and_proxy_pass_the_model_tester_through_changes(model_testers, stocked) -> None:
    workspace, ids = stocked
    store = workspace.campaign.library
    model = LibraryModel(store)
    proxy = LibraryFilterProxy()
    proxy.setSourceModel(model)
    model_testers(model)
    model_testers(proxy)
    add(store, "Another ganger")
    store.update(ids["guard"], name="Corp Guard Lt.", tags=["corp", "lieutenant"])
    store.delete(ids["sr4"])
    model.refresh()
    proxy.set_text("gang")
    proxy.set_tag("redmond")
    proxy.set_game("sr5")
    assert model.rowCount() == 4
    assert names(proxy) == ["Ganger"]


def test_refresh_reports_exactly_the_changed_roles(qtbot, stocked) -> None:
    workspace, ids = stocked
    store = workspace.campaign.library
    model = LibraryModel(store)
    seen: list[tuple[int, int, int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, roles: seen.append((tl.row(), tl.column(), br.column(), list(roles))))
    row = model.row_of(ids["guard"])
    store.update(ids["guard"], tags=["corp", "elite"])
    model.refresh()
    # the tags column and the updated column; roles of tags and of "updated" only
    assert seen == [(row, 3, 4, sorted({int(Qt.ItemDataRole.DisplayRole), lm.TAGS, lm.SEARCH_TEXT, lm.SORT_KEY}))]
    assert model.index(row, 3).data() == "corp, elite"
    seen.clear()
    store.update(ids["guard"], notes="Ares security")
    model.refresh()
    assert seen and lm.TAGS not in seen[0][3] and int(Qt.ItemDataRole.ToolTipRole) in seen[0][3]


def test_the_proxy_filters_by_words_game_and_tag_and_sorts_by_name(stocked) -> None:
    workspace, _ids = stocked
    model = LibraryModel(workspace.campaign.library)
    proxy = LibraryFilterProxy()
    proxy.setSourceModel(model)
    assert names(proxy) == ["Corp Guard", "Ganger", "Kestrel", "Lone Star Cop"]
    proxy.set_text("ＨＡＬＬＯＷＥＥＮ")  # full-width, folded: found in the notes
    assert names(proxy) == ["Ganger"]
    proxy.set_text("")
    proxy.set_game("sr4")
    assert names(proxy) == ["Lone Star Cop"]
    proxy.set_game(None)
    proxy.set_tag("pc")
    assert names(proxy) == ["Kestrel"]


# -- the window -------------------------------------------------------------------------------------------
def test_the_window_fits_the_screen_and_filters(library: LibraryWindow) -> None:
    assert library.minimumSizeHint().width() <= SCREEN.width()
    assert library.minimumSizeHint().height() <= SCREEN.height()
    assert library.size().width() <= SCREEN.width() and library.size().height() <= SCREEN.height()
    library.search.setText("guard")
    assert names(library.proxy) == ["Corp Guard"]
    library.search.clear()
    library.tag.setCurrentIndex(library.tag.findData("police"))
    assert names(library.proxy) == ["Lone Star Cop"]
    assert library.tag.findData("PC") >= 0


def test_new_template_through_the_editor_is_stored_and_selected(library: LibraryWindow) -> None:
    editor = library.new_template("SR4")
    editor.name.setText("Triad Posse")
    editor.tags.setText("triad, gang")
    assert editor.save_button.isEnabled()
    editor.save_button.click()
    found = library.store.search("triad")
    assert [(s.name, s.game, s.tags) for s in found] == [("Triad Posse", "sr4", ("triad", "gang"))]
    assert library.selected_ids() == [found[0].id]
    assert "Triad Posse" in library.preview.toPlainText()


def test_edit_duplicate_tags_and_delete(library: LibraryWindow, stocked, monkeypatch) -> None:
    _workspace, ids = stocked
    library.select_template(ids["ganger"])
    editor = library.edit_selected()
    assert editor is not None and editor.name.text() == "Ganger"
    editor.name.setText("Ganger boss")
    editor.save()
    assert library.store.get(ids["ganger"]).name == "Ganger boss"
    assert library.store.get(ids["ganger"]).document["name"] == "Ganger boss"

    copy_id = library.duplicate_selected()
    assert copy_id is not None and library.store.get(copy_id).name == "Ganger boss (copy)"

    assert library.set_tags(ids["guard"], ["corp", "elite"])
    record = library.store.get(ids["guard"])
    assert record.tags == ("corp", "elite") and record.document["tags"] == ["corp", "elite"]
    assert not library.set_tags(ids["guard"], ["x" * 31])  # the template refuses a tag that long
    assert library.message.text()

    library.select_template(copy_id)
    monkeypatch.setattr(lw, "confirm", lambda *_a: False)
    assert not library.delete_selected()
    assert library.store.count() == 5
    asked: list[str] = []
    monkeypatch.setattr(lw, "confirm", lambda _p, _t, text: asked.append(text) or True)
    assert library.delete_selected()
    assert library.store.count() == 4 and "Ganger boss (copy)" in asked[0]


def test_export_json_writes_the_selection(library: LibraryWindow, stocked, tmp_path: Path, monkeypatch) -> None:
    _workspace, ids = stocked
    target = tmp_path / "out.json"
    monkeypatch.setattr(lw, "ask_save_path", lambda *_a: target)
    library.select_template(ids["guard"])
    assert library.export_json() == target
    assert [t.name for t in load_npcs(target)] == ["Corp Guard"]
    library.table.clearSelection()
    library.export_json()
    assert len(json.loads(target.read_text(encoding="utf-8"))["npcs"]) == 4


def test_add_to_encounter_copies_named_one_to_n(library: LibraryWindow, window, stocked) -> None:
    _workspace, ids = stocked
    template = library.load(ids["ganger"])
    before = len(window.bridge.state.combatants)
    journal = window.workspace.campaign.journal_length(window.workspace.encounter_id)
    assert library.add_template_to_encounter(template, plan(template, 3, False, 1))
    state = window.bridge.state
    added = [c.sheet for c in state.combatants.values()][before:]
    assert [s.name for s in added] == ["Ganger 1", "Ganger 2", "Ganger 3"]
    assert all(s.is_npc and s.skills == {"pistols": 3} and s.weapons[0].name == "Colt America L36" for s in added)
    assert window.workspace.campaign.journal_length(window.workspace.encounter_id) == journal + 3
    assert window.bridge.undo() and len(window.bridge.state.combatants) == before + 2


def test_add_to_encounter_as_a_grunt_group_and_refusals(library: LibraryWindow, window, stocked) -> None:
    _workspace, ids = stocked
    before = len(window.bridge.state.combatants)
    journal = window.workspace.campaign.journal_length(window.workspace.encounter_id)
    guard = library.load(ids["guard"])
    assert library.add_template_to_encounter(guard, plan(guard, 4, True, 3))
    assert len(window.bridge.state.combatants) == before + 4
    assert window.workspace.campaign.journal_length(window.workspace.encounter_id) == journal + 1  # one command
    sr4 = library.load(ids["sr4"])
    assert not library.add_template_to_encounter(sr4, plan(sr4, 2, False, 0))
    assert "Shadowrun 4" in library.message.text()
    assert len(window.bridge.state.combatants) == before + 4


def test_japanese_window_and_screenshot(qtbot, window, stocked, tmp_path: Path) -> None:
    set_language("ja")
    lib = LibraryWindow(window.workspace.campaign, window.bridge, window)
    qtbot.addWidget(lib)
    lib.show()
    assert lib.buttons["add"].text() == "遭遇に追加…"
    assert lib.model.headerData(0, Qt.Orientation.Horizontal) == "名前"
    image = lib.grab()
    assert not image.isNull() and image.width() <= SCREEN.width()
    assert image.save(str(tmp_path / "library_ja.png"))


def test_an_npc_of_the_other_game_is_refused_before_asking_how_many(
    library: LibraryWindow, window, stocked, monkeypatch
) -> None:
    _workspace, ids = stocked
    asked: list[str] = []
    from gmtool.games.shadowrun.gui import library_parts

    monkeypatch.setattr(library_parts, "AddToEncounterDialog", lambda name, *_a: asked.append(name))
    monkeypatch.setattr(library, "selected_ids", lambda: [ids["sr4"]])
    before = len(window.bridge.state.combatants)
    assert not library.add_to_encounter()
    assert asked == []  # no "how many?" for an NPC that cannot join
    assert "Shadowrun 4" in library.message.text() and len(window.bridge.state.combatants) == before
