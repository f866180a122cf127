"""The party from the GM's side (issue 35): make a party in the library's Party window, add it to an
encounter, take damage, carry it back (or decline, or edit first), and see it in the Party window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from gmtool.core.i18n import in_language
from gmtool.games.shadowrun.library.kind import LIBRARY
from gmtool.games.shadowrun.library.validation import parse_template
from gmtool.ui.carry_back_dialog import CarryBackDialog
from gmtool.ui.party_edit_dialog import PartyEditDialog
from tests.gui.gm_sight import in_view, text_whole

ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}


def add_runner_template(window, name: str = "Kestrel") -> int:  # noqa: ANN001
    template = parse_template({"edition": "SR5", "name": name, "metatype": "ork", "attributes": dict(ATTRS),
                               "monitors": {"physical_boxes": 10, "stun_boxes": 10}, "armour": {"value": 9}})
    return window.workspace.campaign.library.add("sr5", name, LIBRARY.document(template),
                                                 document_version=LIBRARY.version)


def party_with(window, *names: str):  # noqa: ANN001, ANN201
    party = window.party_actions.show_party()
    for name in names:
        party.add(add_runner_template(window, name))
    return party


def runner_id(window, name: str) -> str:  # noqa: ANN001
    rules = window.bridge.encounter.ruleset
    return next(cid for cid, n in rules.roster(window.bridge.encounter.state) if n == name)


def hurt(window, name: str, stun: int) -> None:  # noqa: ANN001
    rules = window.bridge.encounter.ruleset
    assert window.bridge.execute(rules.edit(runner_id(window, name), "stun_damage", stun))


def test_make_a_party_add_it_take_damage_carry_back_and_see_it(window, qtbot) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel", "Ayla")
    assert [party.table.item(r, 0).text() for r in range(party.table.rowCount())] == ["Kestrel", "Ayla"]
    assert party.table.item(0, 2).text() == "Physical 0/10 · Stun 0/10 · Edge points 2/2"
    before = len(window.bridge.encounter.done)
    window.party_actions.actions["add_party"].trigger()
    assert len(window.bridge.encounter.done) == before + 2  # one journaled command per member, undoable
    assert "Kestrel, Ayla" in window.status.text()
    hurt(window, "Kestrel", 4)
    dialog = window.party_actions.carry_back_dialog()
    assert isinstance(dialog, CarryBackDialog)
    assert [dialog.table.item(r, 1).text() for r in range(dialog.table.rowCount())] == ["Stun: 0/10 → 4/10",
                                                                                     "no change"]
    dialog.show()
    qtbot.waitExposed(dialog)
    assert in_view(dialog.carry_button) and text_whole(dialog.carry_button)
    dialog.carry_button.click()
    party.refresh()
    assert party.table.item(0, 2).text() == "Physical 0/10 · Stun 4/10 · Edge points 2/2"
    party.table.selectRow(0)
    assert [party.details.item(0, c).text() for c in range(3)] == ["Physical", "0/10", "0/10"]
    assert [party.details.item(1, c).text() for c in range(3)] == ["Stun", "4/10", "0/10"]  # the template's beside
    assert window.party_actions.carry_back_dialog() is None  # carried: nothing changed since


def test_declining_leaves_the_party_as_it_was(window) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 6)
    dialog = window.party_actions.carry_back_dialog()
    dialog.decline_button.click()
    party.refresh()
    assert party.table.item(0, 2).text() == "Physical 0/10 · Stun 0/10 · Edge points 2/2"
    assert window.workspace.campaign.party.log("sr5")[-1].what == "joined"


def test_edit_before_carrying_back(window, qtbot) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 6)
    dialog = window.party_actions.carry_back_dialog()
    dialog.table.selectRow(0)

    def edit_stun() -> None:
        editor = next(w for w in QApplication.topLevelWidgets() if isinstance(w, PartyEditDialog) and w.isVisible())
        editor.inputs["stun"].setValue(2)  # the GM says: only 2 of those boxes stay
        editor.keep()

    QTimer.singleShot(0, edit_stun)
    dialog.edit_selected()
    assert dialog.table.item(0, 1).text() == "Stun: 0/10 → 2/10"
    dialog.carry()
    party.refresh()
    assert party.table.item(0, 2).text() == "Physical 0/10 · Stun 2/10 · Edge points 2/2"


def test_between_encounters_the_whole_party_rests_and_undo_takes_it_back(window) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel", "Ayla")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 5)
    hurt(window, "Ayla", 3)
    window.party_actions.carry_back_dialog().carry()
    party.refresh()
    party.table.clearSelection()
    party.buttons["act_heal_stun"].click()  # none selected: the whole party
    assert [party.table.item(r, 2).text().split(" · ")[1] for r in range(2)] == ["Stun 0/10", "Stun 0/10"]
    party.buttons["undo"].click()
    assert [party.table.item(r, 2).text().split(" · ")[1] for r in range(2)] == ["Stun 5/10", "Stun 3/10"]
    assert "Undone" in party.message.text()


def test_a_member_removed_from_the_fight_is_said_and_loses_nothing(window) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    window.party_actions.add_party()
    rules = window.bridge.encounter.ruleset
    hurt(window, "Kestrel", 5)
    from gmtool.games.shadowrun.rules.turn_commands import RemoveCombatant

    assert window.bridge.execute(RemoveCombatant(combatant=runner_id(window, "Kestrel")))
    assert rules is window.bridge.encounter.ruleset
    dialog = window.party_actions.carry_back_dialog()
    assert dialog.table.item(0, 1).text().startswith("Not carried back: no longer in this encounter")
    dialog.carry()
    party.refresh()
    assert party.table.item(0, 2).text() == "Physical 0/10 · Stun 0/10 · Edge points 2/2"


def test_a_member_whose_template_is_gone_keeps_its_state_and_is_said(window) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    template_id = window.workspace.campaign.party.members("sr5")[0].template_id
    window.workspace.campaign.library.delete(template_id)
    party.refresh()
    assert party.table.item(0, 1).text() == "(template gone)"
    window.party_actions.add_party()
    assert "the library template is gone" in window.status.text()
    assert len(window.workspace.campaign.party.members("sr5")) == 1


def test_the_party_log_is_saved_as_html(window, tmp_path: Path) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    window.party_actions.add_party()
    hurt(window, "Kestrel", 4)
    window.party_actions.carry_back_dialog().carry()
    log = party.show_log()
    log.save(tmp_path / "log.html")
    text = (tmp_path / "log.html").read_text(encoding="utf-8")
    assert "Stun: 0/10 → 4/10" in text and "carried back" in text and "joined the party" in text


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_party_window_speaks_the_language(window, language: str) -> None:  # noqa: ANN001
    with in_language(language):
        party = party_with(window, "Kestrel")
        assert party.buttons["act_refresh_edge"].text() == {"en": "Refresh Edge", "ja": "エッジ・ポイント回復"}[language]
        party.close()


def test_the_library_adds_selected_templates_to_their_party(window) -> None:  # noqa: ANN001
    first, second = add_runner_template(window, "Kestrel"), add_runner_template(window, "Ayla")
    library = window.library_actions.show_library()
    library.refresh()
    library.select_template(first)
    library.add_to_party()
    assert "Added to the party: Kestrel" in library.message.text()
    library.select_template(second)
    library.buttons["party"].click()
    assert [m.name for m in window.workspace.campaign.party.members("sr5")] == ["Kestrel", "Ayla"]
    assert in_view(library.buttons["party"], library) and text_whole(library.buttons["party"])


def test_the_between_encounter_buttons_are_made_once_and_shown_in_the_window(window, qtbot) -> None:  # noqa: ANN001
    party = party_with(window, "Kestrel")
    party.show()
    qtbot.waitExposed(party)
    party.refresh()
    party.refresh()
    shown = [b for b in party.findChildren(QPushButton) if b.objectName().startswith("party_act_") and b.isVisible()]
    assert sorted(b.objectName() for b in shown) == sorted(f"party_act_{k}" for k in (
        "heal_stun", "heal_all", "refresh_edge", "reload", "end_effects", "reset"))
    assert all(in_view(b, party) for b in shown)
