"""The attack panel's called shots and suppressive fire, driven as the GM would (pytest-qt).

A fresh encounter: Shooter (Ares Predator V, combat knife, Ares Alpha) against Target
(armour 9). Every figure is checked in the journal the panel wrote.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox

from gmtool.core.i18n import set_language, tr
from gmtool.games.shadowrun.rules.attack.messages import (
    Attack,
    AttackResolved,
    CalledShotResolved,
    SuppressionTested,
)
from gmtool.storage.workspace import Workspace

ATTR = {"BOD": 4, "AGI": 5, "REA": 4, "STR": 4, "WIL": 3, "LOG": 3, "INT": 4, "CHA": 3, "EDG": 3}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def panel_on(qtbot, workspace: Workspace, ruleset: str):
    from gmtool.games.shadowrun.gui.attack_panel import AttackPanel
    from gmtool.viewmodels.bridge import EncounterBridge

    bridge = EncounterBridge(workspace.with_new_encounter("Called shots", ruleset))
    _add_fighters(bridge, ruleset)
    panel = AttackPanel(bridge, {})
    qtbot.addWidget(panel)
    panel.show()
    return bridge, panel


def _add_fighters(bridge, ruleset: str) -> None:
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

    if ruleset == "sr5":
        from gmtool.games.shadowrun.sr5.rules import commands as cmd
        from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

        shooter = Sheet(name="Shooter", attributes=ATTR, initiative_bonus=10,
                        skills={"pistols": 6, "blades": 4, "automatics": 5},
                        weapons=(weapon("sr5", "ares_predator_v"), weapon("sr5", "combat_knife"),
                                 weapon("sr5", "ares_alpha")))
        target = Sheet(name="Target", attributes=ATTR, armour=9)
    else:
        from gmtool.games.shadowrun.sr4.rules import commands as cmd
        from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

        shooter = Sheet(name="Shooter", attributes=ATTR | {"REA": 6, "INT": 6}, initiative_bonus=4,
                        skills={"pistols": 4}, weapons=(weapon("sr4", "ares_predator_iv"),))
        target = Sheet(name="Target", attributes=ATTR | {"REA": 1, "INT": 1}, ballistic_armour=6, impact_armour=4)
    for sheet in (shooter, target):
        assert bridge.execute(cmd.AddCombatant(sheet=sheet))
    assert bridge.execute(cmd.StartTurn())


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def item(combo, data):
    """The entry as the GM sees it when the list opens (a list of refusals works them out then)."""
    if hasattr(combo, "refresh"):
        combo.refresh()
    return combo.model().item(combo.findData(data))


def aim(panel, weapon: int) -> None:
    choose(panel.attacker, "c1")
    choose(panel.target, "c2")
    choose(panel.weapon, weapon)


def last_command(bridge):
    return bridge.encounter.entries[-1].command


@pytest.mark.rule("SR5-CS1")
@pytest.mark.rule("SR5-CS4")
@pytest.mark.rule("SR5-CS9")
def test_the_called_shot_combo_lists_the_nine_kinds_and_disables_what_does_not_fit(qtbot, workspace) -> None:
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)
    keys = [panel.called_shot.itemData(n) for n in range(panel.called_shot.count())]
    assert keys == ["", "blast_out_of_hands", "dirty_trick", "harder_knock", "knock_down", "shake_up",
                    "splitting_the_damage", "trick_shot", "vitals", "multiple_attacks"]
    knock = item(panel.called_shot, "knock_down")
    assert not knock.isEnabled() and "not a melee weapon" in knock.toolTip()
    assert not item(panel.called_shot, "multiple_attacks").isEnabled()  # one gun in semi-auto
    assert item(panel.called_shot, "blast_out_of_hands").isEnabled()
    choose(panel.weapon, 1)  # the knife
    assert item(panel.called_shot, "knock_down").isEnabled()
    assert item(panel.called_shot, "multiple_attacks").isEnabled()
    choose(panel.called_shot, "multiple_attacks")
    assert panel.attacks.isVisibleTo(panel) and panel.pool_share.isVisibleTo(panel)
    assert "3 dice" in panel.summary.text()  # 9 dice − 4 (called shot, the digest) split 3 + 2: the first share


@pytest.mark.rule("SR5-CS8")
def test_vitals_from_the_panel_is_one_journal_entry_with_its_effects(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)
    choose(panel.called_shot, "vitals")
    assert "7 dice" in panel.summary.text()  # 11 − 4
    qtbot.keyClicks(panel.faces["attack"], "6662222")
    qtbot.keyClicks(panel.faces["defence"], "62222222")
    qtbot.keyClicks(panel.faces["soak"], "662222222222")
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert "vitals" in panel.result.text()
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    command = last_command(bridge)
    assert isinstance(command, Attack) and command.called_shot == "vitals"
    events = bridge.encounter.entries[-1].events
    e = next(x for x in events if isinstance(x, AttackResolved))
    assert e.dv == 8 + 2 + 2 and e.applied == 10
    assert next(x for x in events if isinstance(x, CalledShotResolved)).extra_dv == 2
    assert bridge.state.combatants["c2"].sheet.physical_damage == 10


@pytest.mark.rule("SR5-CS7")
def test_a_trick_shot_needs_the_outside_combat_box(qtbot, workspace) -> None:
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)
    choose(panel.called_shot, "trick_shot")
    assert panel.outside_combat.isVisibleTo(panel)
    assert "cannot be made in combat" in panel.error.text() and not panel.apply_button.isEnabled()
    panel.outside_combat.setChecked(True)
    assert panel.error.text() == "" and panel.apply_button.isEnabled()


@pytest.mark.rule("SR5-F8")
@pytest.mark.rule("SR5-F9")
def test_suppressive_fire_zone_marking_and_tests_from_the_panel(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 2)  # the Ares Alpha
    choose(panel.mode, "suppressive")
    assert not panel.target.isEnabled() and not panel.called_shot.isEnabled()
    assert "Suppressive fire" in panel.summary.text()
    qtbot.keyClicks(panel.faces["attack"], "6666222222")
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert last_command(bridge).mode == "suppressive"
    assert panel.zone.count() == 1 and "−4 to all actions" in panel.zone.itemText(0)
    names = {panel.candidates.item(n).text(): panel.candidates.item(n) for n in range(panel.candidates.count())}
    names["Target"].setCheckState(Qt.CheckState.Checked)
    qtbot.mouseClick(panel.mark_button, Qt.MouseButton.LeftButton)
    assert {e.key: e.modifier for e in bridge.state.effects.values() if e.holder == "c2"} == {"suppressed": -4}
    button = panel.test_buttons_widget.findChild(type(panel.mark_button), "suppressionTest_c2")
    assert button is not None and "4" in button.toolTip()
    qtbot.keyClicks(panel.suppression_faces, "6662222")
    qtbot.keyClicks(panel.suppression_soak_faces, "66222222222")  # Body 4 + armour 9 − 2
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    tested = bridge.encounter.entries[-1].events[0]
    assert isinstance(tested, SuppressionTested) and tested.hit and tested.dv == 11
    assert bridge.state.combatants["c2"].sheet.physical_damage == 11 - 2
    assert panel.suppression_faces.text() == ""


def test_sr4_offers_its_own_called_shots_and_shows_why_one_is_not_modelled(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr4")
    aim(panel, 0)
    keys = [panel.called_shot.itemData(n) for n in range(panel.called_shot.count())]
    assert keys == ["", "sr4_damage", "sr4_bypass_armour", "sr4_specific"]
    specific = item(panel.called_shot, "sr4_specific")
    assert not specific.isEnabled() and "GM's call" in specific.toolTip()
    assert not panel.findChild(QGroupBox, "zonesBox").isVisibleTo(panel)
    choose(panel.called_shot, "sr4_damage")
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert last_command(bridge).called_shot == "sr4_damage"


def test_the_called_shots_in_japanese(qtbot, workspace) -> None:
    set_language("ja")
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)
    texts = {panel.called_shot.itemData(n): panel.called_shot.itemText(n) for n in range(panel.called_shot.count())}
    assert texts["blast_out_of_hands"] == "武器狙い" and texts["vitals"] == "急所狙い"
    expected = tr("weapons.error.knock_down_melee", weapon="アレス・プレデターV")  # the weapon as the form names it
    assert item(panel.called_shot, "knock_down").toolTip() == expected and "ノックダウン" in expected
    assert panel.called_shot.toolTip().startswith("コールショット")


def test_reloading_another_ammunition_from_the_panel(qtbot, window) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    actor = window.bridge.current_actor()
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    panel.model.set_attacker(actor.id)
    panel.model.set_weapon(0)
    assert panel.ammo.isEnabled() and panel.ammo.currentData() == "regular"
    panel.ammo.setCurrentIndex(panel.ammo.findData("apds"))
    panel.reload_button.click()
    assert window.bridge.state.magazines[f"{actor.id}:0"].ammo_type == "apds"
    assert panel.ammo.currentData() == "apds"  # the panel shows what is loaded now


@pytest.mark.rule("SR5-CS9")
def test_two_weapons_from_the_panel_fire_one_after_the_other(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)  # the Ares Predator V (Pistols 6: 11 dice) …
    panel.distance.setValue(4)
    assert not panel.paired.isVisibleTo(panel)
    choose(panel.called_shot, "multiple_attacks")
    assert panel.paired.isVisibleTo(panel)
    choose(panel.paired, 2)  # … and the Ares Alpha (Automatics 5: 10 dice) in the other hand
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    first = last_command(bridge)
    assert (first.weapon, first.paired_weapon, first.paired_mode, first.pool_share) == (0, 2, "SA", 0)
    e = next(x for x in bridge.encounter.entries[-1].events if isinstance(x, AttackResolved))
    assert e.attack.pool == 3  # the smaller pool, 10 − 4 (called shot, the digest), split in two
    assert panel.weapon.currentData() == 2 and panel.paired.currentData() == 0  # the other hand next
    assert panel.pool_share.value() == 2
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    second = last_command(bridge)
    assert (second.weapon, second.paired_weapon, second.pool_share) == (2, 0, 1)
    e = next(x for x in bridge.encounter.entries[-1].events if isinstance(x, AttackResolved))
    assert e.attack.pool == 3 and e.weapon_name == first_weapon_name(bridge, 2)


def first_weapon_name(bridge, index: int) -> str:
    return bridge.state.combatants["c1"].sheet.weapons[index].name


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: a popup cannot raise or grab
def test_opening_the_called_shot_list_disables_what_does_not_fit(qtbot, workspace) -> None:
    """The refusals are worked out when the GM opens the list (not on every change of the fight)."""
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)  # a pistol: no knock down (a melee called shot)
    combo = panel.called_shot
    combo.showPopup()
    try:
        knock = combo.model().item(combo.findData("knock_down"))
        assert not knock.isEnabled() and "not a melee weapon" in knock.toolTip()
    finally:
        combo.hidePopup()
