"""The order list shows the combatants in the rules' own order of play, ties included (what the GM sees is
what the rules act on): after initiative is rolled, after phases, after an undo and a redo."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules.turn import pass_order
from gmtool.viewmodels import roles


def _shown(window) -> list[str]:  # noqa: ANN001
    proxy = window.parts.initiative_panel.proxy
    return [proxy.index(row, 0).data(roles.COMBATANT_ID) for row in range(proxy.rowCount())]


def _rules(window) -> list[str]:  # noqa: ANN001
    return [c.id for c in pass_order(window.bridge.state)]


def test_the_order_list_is_the_rules_order_with_many_ties(qtbot, window) -> None:  # noqa: ANN001
    from gmtool.games.shadowrun.sr5.rules.demo import demo_definition

    sheets = demo_definition().combatants
    for number in range(40):  # copies of the demo's sheets: equal Edge, Reaction and Intuition, many ties
        window.bridge.execute(cmd.AddCombatant(sheet=sheets[number % len(sheets)].model_copy(
            update={"name": f"Extra {number + 1}"})))
    window.action("roll_initiative").trigger()
    QApplication.processEvents()
    assert _shown(window) == _rules(window)
    for _ in range(12):
        window.action("next_phase").trigger()
        QApplication.processEvents()
        assert _shown(window) == _rules(window)
    window.action("undo").trigger()
    QApplication.processEvents()
    assert _shown(window) == _rules(window)
    window.action("redo").trigger()
    QApplication.processEvents()
    assert _shown(window) == _rules(window)

