"""Issue 31 in the duel's window: gmtool never attacks something other than what it shows.

Each finding has its test (each failed before the fix): with the enemy destroyed the duel attacked an
ally by default, without a word; selecting the wreck left the attack panel on another pair; the map's
line of fire did not follow the panel's target; after an attack the arrow keys went to a combo box;
disabled duel actions said nothing; an attacker took over the last one's inputs. Also: enemies first,
an attack on one's own side asks once (for that attack only), the last roll whole until the next.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.games.aura_battler.gui import own_side
from gmtool.games.aura_battler.rules import duel_messages as m
from tests.gui.gm_sight import assert_fight_keys_act, assert_whole
from tests.gui.test_aura_window import _allocate_all

LARK, HORNET, SKYRAFT = "u1", "u2", "u3"  # the demo: the Lark and the Skyraft fly for West, the Hornet for East


class Questions(list):
    """The own-side questions put to the GM, (attacker, target) each; answered Yes once ``yes`` is set."""

    yes = False


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Questions:
    questions = Questions()

    def ask(_parent: object, attacker: str, target: str, _side: str) -> bool:
        questions.append((attacker, target))
        return questions.yes

    monkeypatch.setattr(own_side, "ask", ask)
    return questions


def _attacks(window) -> int:  # noqa: ANN001
    return sum(1 for e in window.bridge.encounter.entries if e.command.kind == "ab_attack")


def _lark_attacks(window):  # noqa: ANN001, ANN202
    _allocate_all(window)
    window.bridge.select(LARK)
    window.action("ab_attack").trigger()
    return window.parts.attack_panel


def test_enemies_are_offered_first_and_one_s_own_side_is_marked(duel_window) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    offered = [panel.target.itemText(i) for i in range(panel.target.count())]
    assert offered == ["(choose a target)", "Demo Hornet", "Demo Skyraft (own side)"]
    assert panel.target.currentData() == HORNET


def test_with_the_enemy_destroyed_no_ally_is_attacked_by_default(duel_window, asked) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    assert duel_window.run(m.EditUnit(unit=HORNET, field="damage", value=18))  # destroyed (17.3)
    assert panel.target.currentData() is None  # not the Skyraft, the Lark's own side
    assert not panel.roll.isEnabled() and "No enemy of the attacker is still flying" in panel.roll.toolTip()
    assert not panel.response_turn.isEnabled() and "it is the target that turns" in panel.response_turn.toolTip()
    before = _attacks(duel_window)
    duel_window.action("ab_roll_attack").trigger()  # Ctrl+Return
    assert _attacks(duel_window) == before and duel_window.bridge.state.units[SKYRAFT].damage == 0
    assert asked == []


def test_an_attack_on_one_s_own_side_asks_once_for_that_attack(duel_window, asked) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    panel.target.setCurrentIndex(panel.target.findData(SKYRAFT))
    assert panel.warning.isVisibleTo(panel) and "own side (West)" in panel.warning.text()
    panel.faces["hit"].setText("6 6")  # a miss: the duel goes on
    assert not panel.attack()  # the GM says No: nothing rolled
    assert asked == [("Demo Lark", "Demo Skyraft")] and _attacks(duel_window) == 0
    asked.yes = True
    assert panel.attack()
    assert len(asked) == 2 and _attacks(duel_window) == 1
    panel.faces["hit"].setText("6 6")
    assert panel.attack()  # the next attack on the Skyraft asks again: remembered for that attack only
    assert len(asked) == 3 and _attacks(duel_window) == 2


def test_selecting_the_wreck_puts_it_in_the_panel_with_the_reason(duel_window) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    duel_window.run(m.EditUnit(unit=HORNET, field="damage", value=18))
    duel_window.bridge.select(HORNET)  # the GM clicks the wreck in the order list
    assert panel.attacker.currentData() == HORNET and panel.attacker.currentText() == "Demo Hornet (destroyed)"
    assert not panel.roll.isEnabled() and panel.roll.toolTip() == "Demo Hornet is destroyed."
    duel_window.bridge.select(SKYRAFT)
    assert (panel.attacker.currentData(), panel.target.currentData()) == (SKYRAFT, None)  # its enemy is a wreck


def test_the_map_s_line_of_fire_follows_the_attack_panel(duel_window) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    map_dock = duel_window.parts.map
    assert map_dock.target.currentData() == HORNET and "FR" in map_dock.verdict.text()
    panel.target.setCurrentIndex(panel.target.findData(SKYRAFT))
    assert map_dock.target.currentData() == SKYRAFT  # the line the panel would roll for
    panel.attacker.setCurrentIndex(panel.attacker.findData(HORNET))  # the GM picks another attacker
    assert duel_window.bridge.selected == HORNET  # the window follows: the map draws from the Hornet
    assert map_dock.target.currentData() == LARK == panel.target.currentData()


def test_after_an_attack_the_arrows_move_the_machine_again(duel_window, qtbot) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    panel.target.setFocus()  # Ctrl+K puts the focus in the target list
    panel.faces["hit"].setText("6 6")
    panel.roll.click()
    QApplication.processEvents()
    assert_fight_keys_act(duel_window)
    view = duel_window.parts.map.view
    assert QApplication.focusWidget() is view
    before = duel_window.bridge.state.units[LARK].facing
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)  # the focused map: Right turns the Lark
    assert duel_window.bridge.state.units[LARK].facing == (before + 1) % 6


def test_every_disabled_duel_action_says_why(duel_window) -> None:  # noqa: ANN001
    from gmtool.core.i18n import tr
    from gmtool.ui.action_reasons import reason_of

    duel_names = [name for name in duel_window.action_map() if name.startswith(("ab_", "map_"))]

    def why(name: str) -> str:
        """The reason under the action's name in its tooltip (what the status line says when its key is pressed)."""
        lines = duel_window.action(name).toolTip().split("\n", 1)
        return lines[1] if len(lines) > 1 else ""

    def silent() -> list[str]:
        return [n for n in duel_names if not duel_window.action(n).isEnabled()
                and reason_of(duel_window.action(n)) == tr("status.disabled_now")]

    assert not duel_window.action("ab_start_turn").isEnabled()  # turn 1's allocation phase
    assert why("ab_start_turn").startswith("Allocate PP first: Demo Lark")
    assert silent() == []
    duel_window.bridge.select(None)
    assert why("map_ahead") == "Select a machine first (the order list or the map)."
    assert silent() == []
    _allocate_all(duel_window)
    duel_window.run(m.RevealAllocations())
    duel_window.run(m.EditUnit(unit=HORNET, field="damage", value=18))
    duel_window.bridge.select(HORNET)
    assert why("ab_reveal") == "This turn's allocations are already shown to the players."
    assert why("ab_thrust_up") == "Demo Hornet is destroyed."
    assert silent() == []
    allocation = duel_window.parts.allocation
    assert not allocation.reveal.isEnabled() and allocation.reveal.toolTip()


def test_a_new_attacker_starts_from_its_own_inputs(duel_window) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    duel_window.action("ab_table_mode").trigger()
    panel.aura["aura_attack"].setValue(2)
    panel.defence.setCurrentIndex(panel.defence.findData("none"))
    panel.faces["damage"].setText("6 2")
    panel.table.range.setValue(7)
    panel.table.front_row.setChecked(True)
    duel_window.bridge.select(HORNET)  # the next attacker
    assert panel.attacker.currentData() == HORNET and panel.target.currentData() == LARK
    assert panel.aura["aura_attack"].value() == 0 and panel.defence.currentData() == "evade"
    assert panel.faces["damage"].text() == "" and panel.arm.currentIndex() == 0
    assert panel.table.range.value() == 1 and not panel.table.front_row.isChecked()


@pytest.mark.rule("AB-17")
def test_the_last_roll_stays_whole_in_the_panel_until_the_next(duel_window) -> None:  # noqa: ANN001
    panel = _lark_attacks(duel_window)
    assert panel.result.text() == "<i>No attack rolled yet.</i>"
    panel.faces["hit"].setText("1 2")
    panel.faces["damage"].setText("3")  # the wing cannon: 6 + 3 − the Hornet's armour 3 = 6 (17.2)
    panel.roll.click()
    text = panel.result.text()
    assert "Demo Lark → Demo Hornet: hit, 6 damage to Demo Hornet (6/18)." in text
    assert "2d6 1 2 = 3 ≤ 5" in text and "damage 6 + 3 − armour 3 = 6" in text
    QApplication.processEvents()
    assert_whole([panel.result])
    duel_window.run(m.StepUnit(unit=LARK, step="right"))  # a move is no roll: the result stays
    assert panel.result.text() == text
    duel_window.action("undo").trigger()
    duel_window.action("undo").trigger()  # the attack taken back: no roll left to show
    assert panel.result.text() == "<i>No attack rolled yet.</i>"
