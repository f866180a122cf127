"""The modifier-table panel and its tree model (qtmodeltester, pytest-qt), and screenshots in both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from gmtool.core.i18n import set_language
from gmtool.core.tables.engine import build_sheet
from gmtool.games.shadowrun.gui.modifier_panel import ModifierPanel
from gmtool.games.shadowrun.gui.modifier_table_model import IS_TICKED, ROW_KEY, ROW_VALUE, ModifierTableModel
from gmtool.games.shadowrun.rules.tables.context import ActionContext

BANDS = (5.0, 20.0, 50.0, 100.0)


def sr4_sheet():  # noqa: ANN201
    context = ActionContext(game="sr4", action="ranged_attack", wound_modifier=-1, attacker_running=True, recoil=-2,
                            distance_m=30, range_bands=BANDS, flags=frozenset({"smartlink"}),
                            conditions=frozenset({"partial_light"}))
    return build_sheet(context)


def sr5_sheet():  # noqa: ANN201
    context = ActionContext(game="sr5", action="ranged_attack", distance_m=60, range_bands=BANDS,
                            conditions=frozenset({"visibility_heavy", "glare_moderate"}),
                            equipment=frozenset({"flare_compensation"}), effects=(("text:Stunned", -2, "spell"),))
    return build_sheet(context)


def find(model: ModifierTableModel, key: str) -> QModelIndex:
    for t in range(model.rowCount()):
        parent = model.index(t, 0)
        for r in range(model.rowCount(parent)):
            index = model.index(r, 0, parent)
            if model.data(index, ROW_KEY) == key:
                return index
    raise KeyError(key)


def test_model_passes_the_model_tester(qtmodeltester) -> None:  # noqa: ANN001
    model = ModifierTableModel(sr4_sheet())
    qtmodeltester.check(model, force_py=True)
    model.toggle("sr4.ranged/blind_fire")
    model.set_sheet(sr5_sheet())  # the tester keeps watching: resets and data changes are checked too
    model.add_free("Rain", -1)
    model.set_sheet(None)
    assert model.rowCount() == 0


@pytest.mark.rule("SR4-MT7")
def test_checking_a_row_calls_the_engine_and_signals_exact_roles(qtbot) -> None:  # noqa: ANN001
    model = ModifierTableModel(sr4_sheet())
    cover = find(model, "sr4.ranged/target_good_cover")
    assert model.data(cover, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert model.data(cover.siblingAtColumn(1)) == "-4" and model.data(cover.siblingAtColumn(2)) == "150"
    seen: list[tuple[str, list[int]]] = []
    model.dataChanged.connect(lambda top, _bottom, roles: seen.append((model.data(top.siblingAtColumn(0), ROW_KEY), list(roles))))
    with qtbot.waitSignal(model.sheetChanged) as blocker:
        assert model.setData(cover, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert blocker.args[0].is_ticked("sr4.ranged/target_good_cover")
    assert seen == [("sr4.ranged/target_good_cover", [int(Qt.ItemDataRole.CheckStateRole), IS_TICKED])]
    assert model.data(cover, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert model.sheet.total() == -2 - 1 + 2 - 2 - 4 - 2 - 2  # running, wounded, smartlink, long, cover, recoil, light


def test_exclusive_group_unticks_the_rival_with_a_signal() -> None:
    model = ModifierTableModel(sr4_sheet())
    changed: list[str] = []
    model.dataChanged.connect(lambda top, _b, _r: changed.append(model.data(top.siblingAtColumn(0), ROW_KEY)))
    model.setData(find(model, "sr4.ranged/laser_sight"), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert set(changed) >= {"sr4.ranged/laser_sight", "sr4.ranged/smartlink"}
    assert not model.data(find(model, "sr4.ranged/smartlink"), IS_TICKED)


def test_dependent_value_changes_are_signalled_on_the_value_column() -> None:
    model = ModifierTableModel(sr4_sheet())
    heavy = find(model, "sr4.recoil/heavy_weapon")
    assert model.data(heavy, ROW_VALUE) == -2  # doubles the ticked recoil row
    roles: list[list[int]] = []
    model.dataChanged.connect(lambda top, _b, r: roles.append(list(r)) if top.column() == 1 else None)
    model.toggle("sr4.recoil/long_burst_second")
    assert model.data(heavy, ROW_VALUE) == -11
    assert [int(Qt.ItemDataRole.DisplayRole), ROW_VALUE] in roles


def test_pointer_rows_cannot_be_checked(qtbot) -> None:  # noqa: ANN001
    model = ModifierTableModel(sr4_sheet())
    pointer = find(model, "sr4.ranged/poor_visibility")
    assert not model.flags(pointer) & Qt.ItemFlag.ItemIsUserCheckable
    assert model.data(pointer.siblingAtColumn(1)) == "→"
    assert "see Visibility modifiers" in model.data(pointer, Qt.ItemDataRole.ToolTipRole)
    with qtbot.waitSignal(model.refused):
        assert not model.toggle("sr4.ranged/poor_visibility")


def test_panel_free_modifier_breakdown_and_signal(qtbot) -> None:  # noqa: ANN001
    panel = ModifierPanel(sr5_sheet())
    qtbot.addWidget(panel)
    assert panel.total.text() == "Total modifier: -12"  # −10 environment, −2 effect
    panel.free_label.setText("Slippery roof")
    panel.free_value.setValue(-1)
    with qtbot.waitSignal(panel.modifiersChanged) as blocker:
        qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].total() == -13
    assert panel.total.text() == "Total modifier: -13"
    lines = [panel.breakdown.item(i).text() for i in range(panel.breakdown.count())]
    assert lines[-1] == "Slippery roof  -1"
    assert lines[0].startswith("Two or more conditions at −6  -10  (p.175)")
    panel.breakdown.setCurrentRow(panel.breakdown.count() - 1)
    assert panel.remove_button.isEnabled()
    with qtbot.waitSignal(panel.modifiersChanged):
        qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert panel.total.text() == "Total modifier: -12"
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)  # no label: refused, said in words
    assert "label" in panel.message.text()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_screenshot(qtbot, language: str) -> None:  # noqa: ANN001
    set_language(language)
    panel = ModifierPanel(sr4_sheet())
    qtbot.addWidget(panel)
    panel.resize(560, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_sheet(sr5_sheet()) if language == "ja" else None
    assert panel.grab().save(f"/tmp/modifier_panel_{language}.png")
    header = panel.model.headerData(0, Qt.Orientation.Horizontal)
    assert header == ("状況修正" if language == "ja" else "Modifier")
