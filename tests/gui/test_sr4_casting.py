"""The SR4 casting tab from the GM's side (SR4-S1..S9): Ctrl+Shift+C, the exact odds before the roll,
casting on a target, sustaining and dropping, spell defence, summoning a spirit into the fight,
astral perception and projection, erasing a signature, undo and the log.

The demo's made-up mage, Juniper Vale (c8): Magic 5, Spellcasting 4, Willpower 5, Logic 5 (hermetic).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gmtool.storage.workspace import Workspace

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
MAGE = "c8"


@pytest.fixture
def sr4_window(qtbot, workspace: Workspace):  # noqa: ANN001, ANN201
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    win = MainWindow(sr4)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _log(window) -> str:  # noqa: ANN001
    model = window.log_panel.model
    return "\n".join(model.index(r, 0).data() for r in range(model.rowCount()))


def _open(qtbot, window):  # noqa: ANN001, ANN202 - the casting panel, shown by its shortcut
    window.bridge.select(MAGE)
    qtbot.keyClick(window, Qt.Key.Key_C, CTRL_SHIFT)
    panel = window.parts.test_panel
    assert panel.tabs.tabText(panel.tabs.currentIndex()) == "Magic"
    return panel.casting


def _check_target(casting, cid: str) -> None:  # noqa: ANN001
    for i in range(casting.targets.count()):
        item = casting.targets.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == cid:
            item.setCheckState(Qt.CheckState.Checked)


@pytest.mark.rule("SR4-S1")
@pytest.mark.rule("SR4-S2")
@pytest.mark.rule("SR4-S3")
def test_the_shortcut_opens_the_tab_with_the_odds_and_cast_reaches_the_log(qtbot, sr4_window) -> None:
    window = sr4_window
    casting = _open(qtbot, window)
    assert "Juniper Vale" in casting.caster_label.text() and "Force up to 10" in casting.caster_label.text()
    casting.spell.setCurrentIndex(casting.spell.findData("manabolt"))
    assert "combat, mana" in casting.facts.text() and "rulebook" in casting.facts.text()
    casting.force.setValue(4)
    _check_target(casting, "c4")
    text = casting.odds_label.text()
    # Magic 5 + Spellcasting 4 = 9 dice; drain 4 ÷ 2 = 2 with WIL 5 + LOG 5 = 10 dice (000 §4.1).
    assert "= 9 dice" in text and "Demo Yard Guard 1" in text and "Drain 2" in text and "10 dice" in text
    qtbot.mouseClick(casting.findChild(QPushButton, "castButton"), Qt.MouseButton.LeftButton)
    assert casting.error_label.text() == ""
    log = _log(window)
    assert "Juniper Vale (demo mage) casts Manabolt (Force 4) on Demo Yard Guard 1" in log
    assert "Juniper Vale (demo mage) resists drain 2" in log
    assert window.action("undo").text() == "Undo: spell by Juniper Vale (demo mage)"


@pytest.mark.rule("SR4-S4")
@pytest.mark.rule("SR4-S5")
@pytest.mark.rule("SR4-S1")
def test_sustain_dispel_drop_and_spell_defence_from_the_tab(qtbot, sr4_window) -> None:
    window = sr4_window
    casting = _open(qtbot, window)
    casting.spell.setCurrentIndex(casting.spell.findData("invisibility"))
    casting.force.setValue(2)
    for _ in range(5):  # until it takes effect (no target: one hit is enough)
        casting.cast()
        if casting.sustained.count():
            break
    assert casting.sustained.count() >= 1
    casting.counterspelling.setValue(1)
    casting.dispel()  # the selected combatant dispels: Counterspelling 1 + Magic 5 against Force 2 + Magic 5
    assert "Juniper Vale (demo mage) dispels Invisibility" in _log(window)
    if casting.sustained.count():
        casting.drop()
        assert "stops sustaining Invisibility" in _log(window)
    assert casting.sustained.count() == 0
    _check_target(casting, "c1")
    casting.counterspelling.setValue(3)
    casting.declare_defence()
    assert "guards Sable Wren (demo runner) with spell defence (Counterspelling 3)" in _log(window)


@pytest.mark.rule("SR4-S6")
def test_summoning_adds_the_spirit_to_the_fight(qtbot, sr4_window) -> None:
    window = sr4_window
    casting = _open(qtbot, window)
    casting.spirit.setCurrentIndex(casting.spirit.findData("air"))
    casting.spirit_force.setValue(1)
    casting.summoning.setValue(12)
    for _ in range(10):  # 17 dice against 1: summoned almost at once
        casting.summon()
        if casting.spirits.count():
            break
    assert casting.spirits.count() == 1
    assert any(c.sheet.metatype == "spirit" for c in window.bridge.state.combatants.values())
    assert "Spirit of Air F1 joins the fight" in _log(window)


@pytest.mark.rule("SR4-S7")
@pytest.mark.rule("SR4-S8")
@pytest.mark.rule("SR4-S9")
def test_astral_perception_projection_and_erasing_a_signature(qtbot, sr4_window) -> None:
    window = sr4_window
    casting = _open(qtbot, window)
    casting.perceive()
    assert any(e.key == "astral_perception" for e in window.bridge.state.effects.values())
    casting.hours.setValue(6)  # Magic 5: refused
    casting.project()
    assert "up to Magic = 5 hours" in casting.error_label.text()
    casting.hours.setValue(5)
    casting.project()
    assert "projecting (up to 5 h)" in casting.caster_label.text()
    casting.return_to_body()
    casting.spell.setCurrentIndex(casting.spell.findData("stunbolt"))
    casting.force.setValue(1)
    casting.cast()  # no target: a signature of Force 1 all the same
    assert casting.signatures.count() == 1
    casting.erase()
    assert casting.signatures.count() == 0 and "erases signature #1" in _log(window)


def test_the_typed_force_stays_when_the_caster_is_chosen_again(qtbot, sr4_window) -> None:
    """Issue 31: selecting a target in the order and the caster again reset the typed Force to Magic."""
    window = sr4_window
    casting = _open(qtbot, window)
    assert casting.force.value() == 5  # the first time: Force = Magic 5
    casting.force.setValue(8)
    casting.skill.setValue(2)
    window.bridge.select("c2")  # Gravel, the target
    assert casting.caster_label.text().startswith("Gravel")
    window.bridge.select(MAGE)
    assert (casting.force.value(), casting.skill.value()) == (8, 2)
    window.bridge.select(MAGE)  # chosen again without a change: nothing moves either
    assert casting.force.value() == 8


@pytest.mark.rule("SR4-S6")
def test_a_summoned_spirit_attacks_from_the_attack_panel(qtbot, sr4_window) -> None:
    """Issue 31: the summoned spirit was refused with "has no such weapon"; it strikes with its own."""
    window = sr4_window
    casting = _open(qtbot, window)
    casting.spirit.setCurrentIndex(casting.spirit.findData("earth"))
    casting.spirit_force.setValue(3)
    casting.charge.setChecked(False)
    spirit = None
    for _try in range(6):  # the seeded dice decide whether it comes; try again until one does
        window.findChild(QPushButton, "summonButton").click()
        if window.bridge.state.magic.spirits:
            spirit = next(iter(window.bridge.state.magic.spirits))
            break
    assert spirit is not None
    assert "Last result" in casting.footer.result.text()
    window.action("roll_initiative").trigger()
    panel = window.parts.attack_panel
    panel.model.set_people(spirit, "c2")  # the spirit attacks Gravel
    assert [panel.weapon.itemText(i) for i in range(panel.weapon.count())][0].startswith("Crushing blow")
    panel.model.set_option("charge_action", False)  # outside its phase, as the GM rules
    assert panel.model.roll() and panel.model.apply(), window.status.text()  # rolled, then applied
    assert "Crushing blow" in _log(window)
