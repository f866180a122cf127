"""The audit's rules as the GM meets them (pytest-qt): a count in a modifier row, the second shot
refused before the Roll, and the campaign's rule readings on the Preferences' Rules page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from gmtool.core.i18n import set_language
from gmtool.core.readings import RuleReadings
from gmtool.core.tables.engine import build_sheet
from gmtool.games.shadowrun.gui.modifier_panel import ModifierPanel
from gmtool.games.shadowrun.rules.attack.messages import RowCount
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from tests.gui.test_attack_panel import aim, choose, last_command, panel_on


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# 000 digest 近接戦闘修正表: "味方がいる 1 人当たり +1(最高 +4)"; 射撃戦闘修正表: "狙いをつける 単純動作 1 回につき +1".
@pytest.mark.rule("SR4-MT3")
def test_a_counted_row_has_a_spin_box_whose_count_the_core_caps(qtbot) -> None:
    panel = ModifierPanel(build_sheet(ActionContext(game="sr4", action="melee_attack")))
    qtbot.addWidget(panel)
    panel.show()
    spin = panel.count_spin("sr4.melee/friends_in_melee")
    assert spin is not None and spin.value() == 0 and spin.minimum() == 0
    assert panel.count_spin("sr4.melee/superior_position") is None  # a fixed row has no count
    with qtbot.waitSignal(panel.modifiersChanged):
        spin.setValue(3)
    assert panel.sheet.is_ticked("sr4.melee/friends_in_melee")
    assert panel.sheet.row_value("sr4.melee/friends_in_melee") == 3 and panel.total.text().endswith("+3")
    spin.setValue(6)  # six friends: +4 at most
    assert panel.sheet.row_value("sr4.melee/friends_in_melee") == 4 and panel.total.text().endswith("+4")
    assert any("+4" in panel.breakdown.item(n).text() for n in range(panel.breakdown.count()))
    spin.setValue(0)
    assert not panel.sheet.is_ticked("sr4.melee/friends_in_melee")


@pytest.mark.rule("SR4-MT1")
def test_take_aim_counted_in_the_attack_panel_reaches_the_pool_and_the_journal(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr4")
    aim(panel, 0)  # the Ares Predator IV: Agility 5 + Pistols 4 = 9 dice
    before = panel.model.plan.pools.attack_pool
    spin = panel.attack_tables.count_spin("sr4.ranged/take_aim")
    assert spin is not None
    spin.setValue(2)  # two Take Aim actions: +2
    assert panel.model.plan.pools.attack_pool == before + 2 == 9 + 2
    assert panel.attack_tables.count_spin("sr4.ranged/take_aim").value() == 2  # the plan shows it back
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert RowCount(key="sr4.ranged/take_aim", count=2) in last_command(bridge).attack_choices.counts


# 001 digest 2-1: "基本的に1度の行動フェイズに1度しか射撃は行えません。"
@pytest.mark.rule("SR5-F2")
def test_a_second_semi_automatic_shot_is_refused_before_the_roll(qtbot, workspace) -> None:
    bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)  # the Ares Predator V, semi-automatic
    assert panel.roll_button.isEnabled() and panel.error.text() == ""
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    entries = len(bridge.encounter.entries)
    assert "already attacked in this action phase" in panel.error.text()
    assert not panel.roll_button.isEnabled() and not panel.apply_button.isEnabled()
    assert len(bridge.encounter.entries) == entries  # nothing written


@pytest.mark.rule("SR5-CS9")
def test_the_rules_page_names_both_readings_and_the_choice_reaches_the_attacks(qtbot, monkeypatch, workspace) -> None:
    from PySide6.QtWidgets import QApplication

    from gmtool import app as app_module
    from gmtool.storage.settings import Settings
    from gmtool.ui import preferences as preferences_module
    from gmtool.ui.preferences import PreferencesDialog

    dialog = PreferencesDialog(None, readings=RuleReadings(), campaign="Demo")
    qtbot.addWidget(dialog)
    titles = [dialog.tabs.tabText(n) for n in range(dialog.tabs.count())]
    assert titles[-1] == "Rules"
    combo = dialog.findChild(QComboBox, "reading_sr5_multiple_attacks")
    assert [combo.itemText(n) for n in range(combo.count())] == [
        "−4 like a called shot (digest)", "no −4 (SR5 p. 196)"
    ]
    assert combo.currentData() == "digest"
    choose(combo, "book")
    assert dialog.chosen_readings() == RuleReadings.of({"sr5_multiple_attacks": "book"})
    assert PreferencesDialog(None).chosen_readings() is None  # no campaign open: no Rules page

    gm = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    gm.switch_to(workspace)
    qtbot.addWidget(gm.window)
    monkeypatch.setattr(preferences_module.PreferencesDialog, "exec", lambda self: 1)
    monkeypatch.setattr(preferences_module.PreferencesDialog, "chosen_readings",
                        lambda self: RuleReadings.of({"sr5_multiple_attacks": "book"}))
    old = gm.window
    gm.request_preferences()
    qtbot.addWidget(gm.window)
    assert gm.window is not old  # rebuilt: the panels plan with the new reading
    assert workspace.campaign.rule_readings() == RuleReadings.of({"sr5_multiple_attacks": "book"})
    assert gm.window.bridge.view.attack_adapter().readings.book("sr5_multiple_attacks")
    assert workspace.encounter.ruleset.readings.book("sr5_multiple_attacks")
    gm.window.close()


@pytest.mark.rule("SR5-CS9")
def test_the_attack_panel_splits_as_the_campaign_reads_multiple_attacks(qtbot, workspace) -> None:
    workspace.use_rule_readings(RuleReadings.of({"sr5_multiple_attacks": "book"}))
    _bridge, panel = panel_on(qtbot, workspace, "sr5")  # a new encounter of the same campaign
    aim(panel, 1)  # the knife: Agility 5 + Blades 4 = 9
    choose(panel.called_shot, "multiple_attacks")
    assert "5 dice" in panel.summary.text()  # the book: no −4, 9 splits 5 + 4


# SR5 rulebook p. 195 (the campaign's "book" reading of SR5-CS3): only a stun weapon may hit harder.
@pytest.mark.rule("SR5-CS3")
def test_harder_knock_greyed_in_the_list_as_the_campaign_reads_it(qtbot, workspace) -> None:
    """The called-shot list refuses what the Roll would refuse, with the campaign's readings."""
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)  # the Ares Predator V: physical damage
    digest = next(refused for kind, _label, refused in panel.model.called_shots() if kind == "harder_knock")
    assert digest is None  # the digest's reading: any weapon may, its damage turns stun
    workspace.use_rule_readings(RuleReadings.of({"sr5_harder_knock": "book"}))
    _bridge, panel = panel_on(qtbot, workspace, "sr5")
    aim(panel, 0)
    book = next(refused for kind, _label, refused in panel.model.called_shots() if kind == "harder_knock")
    assert book is not None and "Ares Predator V" in book and "physical" in book
