"""Interrupts and effects from the window: buttons, tooltips, badges, the effects box."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.turn import effective_score
from gmtool.viewmodels import roles


def _prepare(window, combatant: str, score: int) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    c = window.bridge.state.combatants[combatant]
    window.bridge.execute(cmd.AdjustInitiative(combatant=combatant, delta=score - effective_score(window.bridge.state, c)))
    window.bridge.select(combatant)


@pytest.mark.rule("SR5-N6")
def test_full_defence_button_pays_ten_and_shows_a_badge(qtbot, window) -> None:
    _prepare(window, "c1", 24)
    act = window.action("interrupt_full_defence")
    assert act.isEnabled() and act.shortcut().toString() == "Alt+1"
    window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(window.parts.initiative_panel.view, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert effective_score(window.bridge.state, window.bridge.state.combatants["c1"]) == 14
    model = window.parts.initiative_panel.model
    flags = model.index(model.row_of("c1"), 3).data()
    assert "Full Defence" in flags and "this turn" in flags
    assert not act.isEnabled() and "already" in act.toolTip()  # paid once per turn
    assert window.parts.sheet_panel.effects_box.model.rowCount() == 1


@pytest.mark.rule("SR5-N1")
def test_unaffordable_interrupts_are_disabled_with_the_reason(qtbot, monkeypatch, window) -> None:
    from gmtool.games.shadowrun.gui import window as mw

    _prepare(window, "c2", 7)
    assert not window.action("interrupt_full_defence").isEnabled()
    assert "cannot pay 10" in window.action("interrupt_full_defence").toolTip()
    block = window.action("interrupt_block")
    assert block.isEnabled()
    monkeypatch.setattr(mw.QInputDialog, "getInt", lambda *a, **k: (3, True))
    block.trigger()
    effects = list(window.bridge.state.effects.values())
    assert [(e.key, e.modifier) for e in effects] == [("block", 3)]
    assert not window.action("interrupt_dodge").isEnabled()  # 2 left: cannot pay 5


def test_effects_box_adds_and_removes_an_own_effect(qtbot, window) -> None:
    _prepare(window, "c3", 12)
    box = window.parts.sheet_panel.effects_box
    box.key.setCurrentIndex(box.key.findData("custom"))
    box.add_button.click()
    assert "Name the effect" in box.error.text()
    box.label.setText("Blinded by flare")
    box.modifier.setValue(-3)
    box.duration.setCurrentIndex(box.duration.findData("turns"))
    box.turns.setValue(2)
    box.add_button.click()
    assert box.model.rowCount() == 1
    assert "Blinded by flare -3 (2 turns)" == box.model.index(0, 0).data()
    window.parts.test_panel.skill.setValue(2)
    labels = [window.parts.test_panel.model.index(r, 0).data() for r in range(window.parts.test_panel.model.rowCount())]
    assert "Blinded by flare" in labels  # the modifier feeds the pool breakdown
    box.list.setCurrentIndex(box.model.index(0, 0))
    box.remove_button.click()
    assert box.model.rowCount() == 0 and not window.bridge.state.effects


@pytest.mark.rule("SR4-C9")
def test_surprise_test_in_an_sr5_encounter(qtbot, monkeypatch, window) -> None:
    """SR5 encounters use the SR4 digest's surprise rule through the same dialog."""
    from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog
    from gmtool.games.shadowrun.gui.surprise_model import COL_POOL

    def ambush(dialog: SurpriseDialog) -> int:
        model = dialog.model
        for row in range(model.rowCount()):
            cid = model.index(row, 0).data(roles.COMBATANT_ID)
            runner = cid in ("c1", "c2", "c3")
            model.choose(cid, awareness="ambush" if runner else "none")
            pool = int(model.index(row, COL_POOL).data())
            model.choose(cid, faces=("6" if runner else "1") * pool)
        dialog._accept()
        return dialog.result()

    monkeypatch.setattr(SurpriseDialog, "exec", ambush)
    window.parts.initiative_panel.view.setFocus()
    qtbot.keyClick(window.parts.initiative_panel.view, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    state = window.bridge.state
    assert state.combatants["c4"].surprised_by == ("c1", "c2", "c3")
    model = window.parts.initiative_panel.model
    assert "surprised" in model.index(model.row_of("c4"), 3).data()
    log = window.log_panel.model
    assert any("is surprised by" in log.index(r, 0).data() for r in range(log.rowCount()))


def test_the_effects_form_is_labelled_and_starts_again_from_the_entrys_own_modifier(qtbot, window) -> None:
    from PySide6.QtWidgets import QFormLayout, QLabel

    _prepare(window, "c3", 12)
    box = window.parts.sheet_panel.effects_box
    form = box.findChild(QFormLayout)
    labels = {form.labelForField(field).text() for field in (box.key, box.label, box.modifier, box.duration)}
    assert labels == {"Effect", "Name", "Modifier", "Duration"}
    assert all(isinstance(form.labelForField(f), QLabel) for f in (box.key, box.modifier))
    box.key.setCurrentIndex(box.key.findData("dirty_trick"))
    assert box.modifier.value() == -4  # resources/sr5/effects.json: dirty_trick −4 (SR5 p. 195)
    box.modifier.setValue(-2)  # the GM's own value for this one
    box.add_button.click()
    assert [e.modifier for e in window.bridge.state.effects.values()] == [-2]
    assert box.modifier.value() == -4  # the form starts from the catalogue's value again
    box.key.setCurrentIndex(box.key.findData("full_defence"))
    assert box.modifier.text() == "+Willpower"  # from the holder's Willpower (SR5-N6)
