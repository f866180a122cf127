"""The scenarios from the Race menu (BR-19): the derby's counts in the order list and the sheet, and the
gentlemen's sport chosen before the race, the attack actions off in round 1 with the reason."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt


def _texts(model) -> str:  # noqa: ANN001
    return " ".join(str(model.index(row, col).data()) for row in range(model.rowCount())
                    for col in range(model.columnCount()))


@pytest.mark.rule("BR-19")
def test_derby_and_gentlemens_sport_from_the_race_menu(qtbot, rally_window, monkeypatch) -> None:
    from gmtool.games.badlands_rally.gui import add_gear

    window = rally_window
    window.action("undo").trigger()  # the demo's first round taken back: the race has not begun
    assert window.bridge.state.round == 0 and window.action("br_gentlemens_sport").isEnabled()
    monkeypatch.setattr(add_gear, "ask_scenario", lambda parent=None: 6)  # the GM picks the derby
    window.action("br_scenario").trigger()
    assert window.bridge.state.scenario == "derby"
    assert "Spin-outs 0/6" in _texts(window.parts.order_panel.model)
    window.action("br_gentlemens_sport").trigger()
    assert window.bridge.state.gentlemen and window.action("br_gentlemens_sport").isChecked()
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)  # round 1's initiative
    state = window.bridge.state
    assert state.round == 1 and not window.action("br_gentlemens_sport").isEnabled()
    attack = window.action("br_attack")
    assert not attack.isEnabled() and "no attacks in the race's first round" in attack.toolTip()
    assert not window.action("br_roll_attack").isEnabled()
    window.run(window.bridge.ruleset.take(state, state.current, "cruising"))
    window.parts.attack_panel.aim_at(next(g for g in state.gears if g != state.current))
    assert "Gentlemen's sport" in window.parts.attack_panel.plan.text()
    assert not window.parts.attack_panel.roll.isEnabled()
    fields = {f.key: f.value for f in window.bridge.ruleset.sheet(state, state.current).fields}
    assert fields["spins_caused"] == "0 of 6"
    window.action("undo").trigger()
    window.action("undo").trigger()  # the initiative undone: the sport may be changed again
    assert window.action("br_gentlemens_sport").isEnabled() and window.action("br_attack").isEnabled()
