"""Issue 17, phase 2, from the window: Reveal allocations (AB-22) in the menu and the allocation panel,
table mode's typed sector and range in the attack panel (AB-13..AB-15), aura power on response PP and on
action PP (AB-20), the heavy-damage limits refused with a translated message (AB-19), side-slips from
the Map menu, and the card editor's thrust per PP."""

from __future__ import annotations

import pytest

from gmtool.games.aura_battler.gui.library_parts import MachineEditor
from gmtool.games.aura_battler.library.kind import LIBRARY
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.viewmodels.player_view_model import SCORE, TRACKS
from tests.gui.test_aura_window import _allocate_all


def test_reveal_allocations_from_the_menu_and_the_panel(duel_window) -> None:  # noqa: F811
    state, panel = duel_window.bridge.state, duel_window.parts.allocation
    assert not duel_window.action("ab_reveal").isEnabled() and not panel.reveal.isEnabled()  # nobody allocated
    _allocate_all(duel_window)
    players = duel_window.bridge.ruleset.snapshot(state, "players")
    assert all(r.score == "…" and r.track("pp") is None for r in players.rows)  # all allocated, still hidden
    assert "Reveal allocations" in duel_window.bridge.ruleset.heading(state).detail
    assert panel.reveal.isEnabled()
    panel.reveal.click()
    assert state.revealed and not duel_window.action("ab_reveal").isEnabled()
    players = duel_window.bridge.ruleset.snapshot(state, "players")
    assert [r.score for r in players.rows] == ["3", "3", "5"]  # the action PP kept (tests' splits)
    duel_window.action("undo").trigger()  # the state is folded again from the journal
    assert not duel_window.bridge.state.revealed and duel_window.action("ab_reveal").isEnabled()
    duel_window.action("ab_reveal").trigger()
    assert duel_window.bridge.state.revealed


@pytest.mark.rule("AB-13")
@pytest.mark.rule("AB-14")
def test_table_mode_types_the_sector_and_range_in_the_attack_panel(duel_window) -> None:  # noqa: F811
    _allocate_all(duel_window)
    state, panel = duel_window.bridge.state, duel_window.parts.attack_panel
    assert panel.table.isHidden()
    duel_window.action("ab_table_mode").trigger()
    assert state.table_mode and duel_window.action("ab_table_mode").isChecked() and not panel.table.isHidden()
    duel_window.bridge.select("u1")
    duel_window.action("ab_attack").trigger()
    panel.aim("u1", "u2")
    panel.table.sector.setCurrentIndex(panel.table.sector.findData("BB"))
    panel.table.range.setValue(2)
    panel.table.front_row.setChecked(True)
    # 9 + 2 − 1 − 4 − 1 − ceil((4 − 2) / 3) + 2 (BB) + 1 (front row) = 7 (14.1, 14.3, 14.4, 15.3)
    assert "Sector BB, range 2" in panel.breakdown.text() and "Hit value: 7" in panel.breakdown.text()
    assert "Hit (2d6 ≤ hit value): 58.3%" in panel.odds.text()  # 21/36
    panel.faces["hit"].setText("6 6")
    panel.roll.click()
    made = duel_window.bridge.encounter.entries[-1].command
    assert made.table == m.TableGeometry(sector="BB", range=2, front_row=True)
    duel_window.action("ab_table_mode").trigger()
    assert not state.table_mode and panel.table.isHidden()


@pytest.mark.rule("AB-20")
def test_aura_power_on_response_and_action_pp_from_the_attack_panel(duel_window) -> None:  # noqa: F811
    _allocate_all(duel_window)
    state, panel = duel_window.bridge.state, duel_window.parts.attack_panel
    duel_window.action("ab_attack").trigger()
    panel.aim("u1", "u2")
    panel.response.setCurrentIndex(panel.response.findData(1))
    assert not panel.turn_in_response()  # no response PP (the tests' split gives none)
    assert "response PP" in duel_window.status.text()
    panel.response_aura.setValue(1)
    panel.response_turn.click()
    hornet = state.units["u2"]
    assert (hornet.facing, hornet.aura, hornet.points.response) == (5, 3, 0)  # Bron's 4 aura − 1, paid at once
    assert panel.response_aura.value() == 0
    # 20.3: the attacker's aura power first, then the target's (action PP pays its evasion, 16.3)
    assert list(panel.aura) == ["aura_attack", "aura_power", "aura_action", "aura_defence", "aura_barrier"]
    panel.aura["aura_action"].setValue(2)
    assert panel.draft().aura_action == 2 and panel.roll.isEnabled()


@pytest.mark.rule("AB-19")
def test_heavy_damage_limits_refused_in_the_window(duel_window) -> None:  # noqa: F811
    _allocate_all(duel_window)
    state = duel_window.bridge.state
    duel_window.run(m.EditUnit(unit="u1", field="damage", value=11))  # Lark 11/20: heavily damaged (19.1)
    duel_window.bridge.select("u1")
    before = state.units["u1"].hex
    duel_window.action("ab_slip_left").trigger()
    assert "no side-slip" in duel_window.status.text() and state.units["u1"].hex == before
    duel_window.action("map_right").trigger()
    duel_window.action("map_left").trigger()
    assert "already turned in this hex" in duel_window.status.text()
    duel_window.action("ab_thrust_up").trigger()  # 3 → 4
    duel_window.action("ab_thrust_up").trigger()  # 5: more than 1 PP this turn
    assert state.units["u1"].thrust == 4 and "thrust 2–4" in duel_window.status.text()
    duel_window.bridge.select("u2")
    before = state.units["u2"].hex
    duel_window.action("ab_slip_right").trigger()  # not damaged: slips, facing kept
    assert state.units["u2"].hex != before and state.units["u2"].facing == 4


def test_the_card_editor_keeps_the_thrust_per_pp(qtbot) -> None:
    editor = MachineEditor(LIBRARY.blank("aura_battler", "Kite"))
    qtbot.addWidget(editor)
    saved = []
    editor.saved.connect(saved.append)
    assert editor.numbers["accel_per_pp"].value() == 1  # a blank card: 1 thrust for 1 PP
    editor.numbers["accel_per_pp"].setValue(0)
    editor.save()
    assert saved[0].machine.accel_per_pp == 0 and saved[0].machine.decel_per_pp == 1


def test_the_player_view_hides_the_split_until_revealed(duel_window, qtbot) -> None:  # noqa: F811
    from gmtool.ui.player_view import PlayerView

    players = PlayerView(duel_window.bridge)
    qtbot.addWidget(players)
    players.resize(1366, 768)
    players.show()
    assert players.current_label.text() == "Still to allocate: Demo Lark, Demo Hornet, Demo Skyraft"
    _allocate_all(duel_window)
    rows = [players.model.index(r, 0) for r in range(players.model.rowCount())]
    assert players.current_label.text() == "PP allocations made, not yet revealed"
    assert [i.data(SCORE) for i in rows] == ["…", "…", "…"]
    assert all(len(i.data(TRACKS)) == 1 for i in rows)  # durability only, no PP meter
    duel_window.action("ab_reveal").trigger()
    assert players.current_label.text() == "PP allocations revealed"
    assert [i.data(SCORE) for i in rows] == ["3", "3", "5"] and all(len(i.data(TRACKS)) == 2 for i in rows)
    assert players.grab().width() == 1366


def test_the_map_dock_asks_for_a_target_in_the_duels_words(duel_window) -> None:  # noqa: F811
    duel_window.bridge.select("u1")
    map_dock = duel_window.parts.map
    assert map_dock.target.currentData() == "u2"  # the attack panel's target (issue 31): its line of fire
    map_dock.set_target(None)
    assert map_dock.verdict.text() == "Choose a target to see the range and the target's sector the attacker is in."
