"""The test box from the GM's side: every test type, Edge before and after, retries, odds, results."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.games.shadowrun.rules.dice_tests import EdgeUse


def _choose(combo, data) -> None:  # noqa: ANN001
    combo.setCurrentIndex(combo.findData(data))


def _panel(window, combatant: str = "c1"):  # noqa: ANN001, ANN202
    window.bridge.select(combatant)
    return window.parts.test_panel


@pytest.mark.rule("X-4")
def test_odds_and_chart_follow_the_inputs(qtbot, window) -> None:
    panel = _panel(window)
    panel.skill.setValue(4)
    panel.threshold.setValue(2)
    first = panel.model.odds.success
    assert "Success (≥ 2 hits)" in panel.odds_label.text()
    assert abs(sum(panel.chart.bars) - 1) < 1e-9
    panel.modifier.setValue(-4)
    assert panel.model.odds.success < first
    _choose(panel.edge_use, EdgeUse.ADD_BEFORE)
    assert panel.model.odds.spec.edge_use is EdgeUse.ADD_BEFORE
    assert panel.model.odds.success > first - 1  # computed for the Edge option too


@pytest.mark.rule("SR4-D9")
def test_longshot_at_a_pool_of_zero_needs_push_the_limit(qtbot, window) -> None:
    panel = _panel(window)
    panel.modifier.setValue(-30)
    assert "0 or less" in panel.odds_label.text() or "pool" in panel.odds_label.text().lower()
    panel.roll_button.click()
    assert panel.error_label.text()
    _choose(panel.edge_use, EdgeUse.ADD_BEFORE)
    assert panel.model.odds is not None
    panel.roll_button.click()
    last = window.bridge.state.combatants["c1"].last_test
    assert last is not None and last.edge_used


@pytest.mark.rule("SR5-E2")
@pytest.mark.rule("SR5-E3")
def test_edge_after_the_roll_from_the_buttons(qtbot, window) -> None:
    panel = _panel(window)
    panel.skill.setValue(2)
    pool = panel.model.pool
    points = window.bridge.state.combatants["c1"].sheet.edge_points
    panel.faces_edit.setText(" ".join(["1"] * pool))
    panel.enter_button.click()
    assert "CRITICAL GLITCH" in panel.result_label.text()
    assert panel.after_buttons[EdgeUse.REROLL_FAILURES].isEnabled()
    panel.after_buttons[EdgeUse.REROLL_FAILURES].click()
    assert "Second Chance cannot" in panel.error_label.text()
    panel.after_buttons[EdgeUse.NEGATE_GLITCH].click()
    assert "Close Call" in panel.result_label.text()
    assert window.bridge.state.combatants["c1"].sheet.edge_points == points - 1
    assert not panel.after_buttons[EdgeUse.ADD_AFTER].isEnabled()  # one point per action


@pytest.mark.rule("SR4-D5")
def test_opposed_test_against_another_combatant(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "opposed")
    assert panel.opposed_box.isVisibleTo(panel) and not panel.threshold.isEnabled()
    _choose(panel.opponent, "c4")
    panel.skill.setValue(3)
    assert 0 < panel.model.opposed.actor_wins < 1
    assert "Actor wins" in panel.odds_label.text()
    panel.roll_button.click()
    log = window.log_panel.model
    texts = [log.index(r, 0).data() for r in range(log.rowCount())]
    assert any(t.startswith("Opposed test:") for t in texts)


@pytest.mark.rule("SR4-D10")
def test_teamwork_needs_a_helper_and_rolls_helpers_first(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "teamwork")
    panel.roll_button.click()
    assert "helper" in panel.error_label.text()
    helper_name = panel.helpers.item(0).text()
    panel.helpers.item(0).setCheckState(Qt.CheckState.Checked)
    panel.roll_button.click()
    shown = panel.result_label.text()
    leader_name = window.bridge.state.combatants["c1"].sheet.name
    assert shown.index(helper_name) < shown.index(leader_name)  # the helper's roll comes first
    log = window.log_panel.model
    last_two = [log.index(log.rowCount() - k, 0).data() for k in (2, 1)]
    assert "helps" in last_two[0] and "leads" in last_two[1]


@pytest.mark.rule("SR4-D6")
def test_extended_test_start_and_roll_intervals(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "extended")
    panel.label_edit.setText("Decrypt")
    panel.label_edit.editingFinished.emit()
    panel.threshold.setValue(4)
    panel.interval.setValue(30)
    assert panel.roll_button.text() == "Start extended test"
    panel.roll_button.click()
    assert panel.extended_list.count() == 1
    panel.extended_roll.click()
    item = panel.extended_list.item(0).text()
    assert "Decrypt" in item and "1/" in item and "30 min" in item


@pytest.mark.rule("SR4-D12")
def test_buying_hits_shows_the_bought_hits(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "buy")
    panel.skill.setValue(5)
    assert f"{panel.model.pool // 4} hits" in panel.odds_label.text()
    panel.roll_button.click()
    assert "hits bought" in panel.result_label.text()


@pytest.mark.rule("SR4-D7")
def test_attribute_only_shows_a_second_attribute_instead_of_the_skill(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "attribute_only")
    assert panel.second_attribute.isVisibleTo(panel) and not panel.skill.isVisibleTo(panel)
    sheet = window.bridge.state.combatants["c1"].sheet
    assert panel.model.pool == sheet.attributes["AGI"] + sheet.attributes["INT"]


@pytest.mark.rule("SR4-E1")
def test_burn_and_refresh_edge_from_the_panel(qtbot, window) -> None:
    panel = _panel(window)
    sheet = window.bridge.state.combatants["c1"].sheet
    edge = sheet.attributes["EDG"]
    panel.burn_button.click()
    assert window.bridge.state.combatants["c1"].sheet.attributes["EDG"] == edge - 1
    assert panel.edge_label.text() == f"Edge points: {edge - 1} of {edge - 1}"
    panel.refresh_button.click()
    assert "already full" in panel.error_label.text()


@pytest.mark.rule("SR4-D11")
def test_retry_penalty_grows_on_failures_and_clears(qtbot, window) -> None:
    panel = _panel(window)
    panel.threshold.setValue(20)
    panel.retry.setChecked(True)
    panel.roll_button.click()
    assert "failed 1×: −2" in panel.retry.text()
    assert any(panel.model.index(r, 0).data() == "Retry" for r in range(panel.model.rowCount()))
    panel.clear_retries.click()
    assert "failed 0×" in panel.retry.text()


def test_opponents_leave_out_the_selected_combatant_and_follow_the_roster(qtbot, window) -> None:
    panel = _panel(window)
    _choose(panel.test_type, "opposed")
    ids = [panel.opponent.itemData(i) for i in range(panel.opponent.count())]
    assert None in ids and "c1" not in ids and "c2" in ids
    window.bridge.select("c2")
    ids = [panel.opponent.itemData(i) for i in range(panel.opponent.count())]
    assert "c2" not in ids and "c1" in ids
    window.action("add_combatant").trigger()
    window.bridge.select("c2")
    assert panel.opponent.count() == len(window.bridge.state.combatants)  # dice-only + everyone else


# 001 digest ブロック/回避/受け流し/全力防御: bonuses to defence tests "相手の攻撃に対して" (against attacks).
@pytest.mark.rule("SR5-N1")
@pytest.mark.rule("SR5-N6")
def test_an_opposed_test_in_the_box_neither_adds_nor_spends_the_opponents_interrupts(qtbot, window) -> None:
    """A Con against Negotiation: the opponent's Full Defence and Block stay out of it and stay in force."""
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from gmtool.games.shadowrun.sr5.rules.effect_messages import DeclareInterrupt

    window.action("roll_initiative").trigger()
    assert window.bridge.execute(cmd.AdjustInitiative(combatant="c4", delta=20))  # enough to pay −10 and −5
    window.bridge.select("c4")
    window.action("interrupt_full_defence").trigger()
    assert window.bridge.execute(DeclareInterrupt(combatant="c4", interrupt="block", bonus=3))
    assert sorted(e.key for e in window.bridge.state.effects.values()) == ["block", "full_defence"]
    panel = _panel(window, "c1")
    _choose(panel.test_type, "opposed")
    _choose(panel.attribute, "CHA")
    panel.skill.setValue(3)
    _choose(panel.opponent, "c4")
    _choose(panel.opponent_attribute, "CHA")
    panel.opponent_skill.setValue(2)
    opponent = panel.model._opponent_spec()
    assert opponent.pool == window.bridge.state.combatants["c4"].sheet.attributes["CHA"] + 2  # no Willpower
    panel.roll_button.click()
    assert sorted(e.key for e in window.bridge.state.effects.values()) == ["block", "full_defence"]


def test_the_first_screen_shows_only_the_success_tests_rows(qtbot, window) -> None:
    """Before any edit: no second attribute, no opponent box, no custom limit (they belong to other types)."""
    panel = window.parts.test_panel
    assert panel.test_type.currentData() == "success"
    for hidden in (panel.second_attribute, panel.opposed_box, panel.teamwork_box, panel.extended_box,
                   panel.custom_limit):
        assert not hidden.isVisible(), hidden.objectName()
    assert panel.skill.isVisible()
