"""The attack panel waits behind the test box's tab until it is needed (issue 19), yet is there
whenever the GM can see it: its tab raised, a saved layout that put it in front, Ctrl+K."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gmtool.ui.main_window import MainWindow


def test_hidden_behind_the_test_box_it_is_not_built(window) -> None:  # noqa: ANN001
    assert window.parts._attack_panel is None
    assert window.docks["attack"].widget().findChildren(QWidget) == []  # an empty host in the dock
    window.docks["attack"].raise_()
    window.docks["attack"].show()
    assert window.parts._attack_panel is not None  # its tab shown: built and planning
    panel = window.parts.attack_panel
    listed = {panel.attacker.itemData(n) for n in range(panel.attacker.count())}
    assert panel.isVisible() and set(window.bridge.state.combatants) <= listed


def test_a_layout_with_the_attack_in_front_shows_it_at_the_first_paint(qtbot, window, workspace) -> None:  # noqa: ANN001
    window.docks["attack"].raise_()
    state = window.layout_state()
    again = MainWindow(workspace)
    qtbot.addWidget(again)
    again.restore_layout(None, state)
    again.show()
    qtbot.waitExposed(again)
    assert again.parts._attack_panel is not None
    assert again.parts.attack_panel.isVisible()


def test_ctrl_k_builds_it_and_shows_the_current_actor_attacking(qtbot, window) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    assert panel.isVisible()
    assert panel.attacker.currentData() == window.bridge.current_actor().id
