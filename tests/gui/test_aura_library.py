"""The duel's machine cards in the library window (issue 17): typed in the card editor with their
guns, sword and pilot, and "Add to encounter" bringing one into the duel."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QInputDialog

from gmtool.games.aura_battler.gui.library_parts import MachineEditor
from gmtool.games.aura_battler.library.kind import LIBRARY
from gmtool.games.aura_battler.library.templates import MachineTemplate
from gmtool.games.aura_battler.rules.cards import GunCard, demo_duel
from gmtool.storage.templates import store_fields
from gmtool.storage.workspace import Workspace


def test_the_card_editor_reads_guns_sword_and_pilot_and_says_what_is_wrong(qtbot) -> None:
    editor = MachineEditor(LIBRARY.blank("aura_battler", "Kite"))
    qtbot.addWidget(editor)
    saved = []
    editor.saved.connect(saved.append)
    editor.guns.setPlainText("Made-up gun; 8; 5\nMade-up flare; 10; 3")
    editor.speed.setText("0 0 1 1 2")
    editor.has_sword.setChecked(True)
    editor.sword_name.setText("Made-up blade")
    editor.sword_accuracy.setValue(9)
    editor.sword_power.setValue(8)
    editor.arc["FR"].setChecked(False)
    editor.pilot.setText("Made-up pilot")
    editor.base_pp.setValue(7)
    editor.save()
    card = saved[0].machine
    assert card.guns == (GunCard(name="Made-up gun", accuracy=8, power=5), GunCard(name="Made-up flare", accuracy=10, power=3))
    assert card.speed_table == (0, 0, 1, 1, 2) and card.sword.parry_arc == ("FF", "FL")
    assert saved[0].pilot.base_pp == 7
    editor.guns.setPlainText("A gun without numbers")
    editor.save()
    assert len(saved) == 1 and editor.message.text() == "Gun line 1: write name; accuracy; power."


@pytest.fixture
def duel_with_a_card(workspace: Workspace) -> Iterator[tuple[Workspace, int]]:
    duel = demo_duel()
    card = MachineTemplate(machine=duel.machines[1].model_copy(update={"name": "Library hornet"}), pilot=duel.pilots[1])
    found = workspace.campaign.library.add(**store_fields(LIBRARY, card))
    encounter = next(e.id for e in workspace.encounters() if e.ruleset == "aura_battler")
    yield workspace.with_encounter(encounter), found


def test_the_library_adds_a_machine_to_the_duel(qtbot, duel_with_a_card, monkeypatch) -> None:
    from gmtool.ui.library_window import LibraryWindow
    from gmtool.ui.main_window import MainWindow

    workspace, card = duel_with_a_card
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.show()
    library = LibraryWindow(workspace.campaign, window.bridge, window)
    qtbot.addWidget(library)
    library.show()
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("East", True))
    library.select_template(card)
    assert library.add_to_encounter()
    joined = [u for u in window.bridge.state.units.values() if u.name == "Library hornet"]
    assert joined and joined[0].side == "East" and joined[0].pilot.name == "Demo pilot Bron"
