"""A spell re-lays out and refills only what it changed (issue 30's key presses).

The casting tab's odds and last result each keep their height while a new text of the same height
comes (and the result keeps the room a longer one took), so a cast lays out neither the work dock
nor the window; the lists of the tab keep their rows when nothing in them changed, and a new
signature is added to the list, not the list refilled. The GM sees the same: every result whole,
in view, in the words of the log.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget

from gmtool.games.shadowrun.sr4.rules.magic_messages import CastSpell
from tests.gui.gm_sight import assert_in_view, assert_whole
from tests.gui.test_sr4_casting import MAGE, _check_target, _open, sr4_window  # noqa: F401 - the fixture


def _layout_requests(widget: QWidget) -> list[int]:
    seen: list[int] = []

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.LayoutRequest:
                seen.append(1)
            return False

    widget.installEventFilter(Counter(widget))
    return seen


def _cast_at(qtbot, casting, target: str) -> None:  # noqa: ANN001
    for i in range(casting.targets.count()):
        casting.targets.item(i).setCheckState(Qt.CheckState.Unchecked)
    _check_target(casting, target)
    casting.cast()
    qtbot.wait(1)
    assert casting.error_label.text() == ""


def test_spells_lay_out_neither_the_dock_nor_the_window(qtbot, sr4_window) -> None:  # noqa: ANN001, F811
    window = sr4_window
    window.resize(1366, 728)
    casting = _open(qtbot, window)
    casting.spell.setCurrentIndex(casting.spell.findData("manabolt"))
    casting.force.setValue(2)
    casting.charge.setChecked(False)
    targets = [cid for cid in window.bridge.state.combatants if cid != MAGE][:4]
    for target in targets * 2:  # the results' heights met once (two and three lines), the signatures' scroll bar
        _cast_at(qtbot, casting, target)
    seen = _layout_requests(window), _layout_requests(window.docks["test"])
    results = set()
    for target in targets * 2:
        _cast_at(qtbot, casting, target)
        results.add(casting.footer.result.text())
        assert_in_view(window, [casting.footer.odds, casting.footer.button, casting.footer.result])
        assert_whole([casting.footer.odds, casting.footer.result])
    assert len(results) > 1  # the result changed from cast to cast …
    assert seen == ([], [])  # … and neither the window nor the dock around the tab was laid out again


def test_a_new_signature_is_added_to_the_list_the_rest_kept(qtbot, sr4_window) -> None:  # noqa: ANN001, F811
    window = sr4_window
    casting = _open(qtbot, window)
    targets = [cid for cid in window.bridge.state.combatants if cid != MAGE]
    for target in targets[:2]:
        assert window.bridge.execute(CastSpell(combatant=MAGE, spell="stunbolt", force=1, targets=(target,), skill=4,
                                               charge_action=False))
    assert casting.signatures.count() == 2
    casting.signatures.setCurrentRow(1)  # the GM picked the second signature
    first, second = casting.signatures.item(0), casting.signatures.item(1)
    assert window.bridge.execute(CastSpell(combatant=MAGE, spell="stunbolt", force=1, targets=(targets[2],), skill=4,
                                           charge_action=False))
    assert casting.signatures.count() == 3
    assert casting.signatures.item(0) is first and casting.signatures.item(1) is second  # kept, not refilled
    assert casting.signatures.currentItem() is second  # the GM's pick stays
    assert [casting.signatures.item(i).data(Qt.ItemDataRole.UserRole) for i in range(3)] == [1, 2, 3]
    casting.erase()  # erasing the picked one: the list follows
    assert casting.signatures.count() == 2
    assert [casting.signatures.item(i).data(Qt.ItemDataRole.UserRole) for i in range(2)] == [1, 3]


def test_the_ticked_targets_are_the_spells_targets_in_the_lists_order(qtbot, sr4_window) -> None:  # noqa: ANN001, F811
    window = sr4_window
    casting = _open(qtbot, window)
    listed = [casting.targets.item(i).data(Qt.ItemDataRole.UserRole) for i in range(casting.targets.count())]
    assert MAGE not in listed and len(listed) >= 3
    _check_target(casting, listed[2])
    _check_target(casting, listed[0])
    assert casting.inputs().targets == (listed[0], listed[2])  # ticked last, listed first: the list's order
    casting.targets.item(2).setCheckState(Qt.CheckState.Unchecked)
    assert casting.inputs().targets == (listed[0],)
    window.bridge.select(listed[1])  # another caster: the list is rebuilt without them, the tick kept
    assert casting.inputs().targets == (listed[0],)
    window.bridge.select(listed[0])  # the ticked one casts now: no longer a target
    assert listed[0] not in casting.inputs().targets


def test_the_test_box_behind_the_magic_tab_catches_up_when_shown(qtbot, sr4_window, monkeypatch) -> None:  # noqa: ANN001, F811
    from gmtool.games.shadowrun.gui.dice_result import results_html
    from gmtool.games.shadowrun.gui.dice_test_model import DiceTestModel

    window = sr4_window
    panel = window.parts.test_panel
    tests = panel.tests  # the test box, the first tab
    casting = _open(qtbot, window)  # the magic tab in front: the test box is behind it
    worked: list[int] = []
    results: list[tuple[object, ...]] = []
    tests.model.resultChanged.connect(results.append)
    before = tests.result_label.text()
    real = DiceTestModel._recompute
    monkeypatch.setattr(DiceTestModel, "_recompute", lambda self: (worked.append(1), real(self))[1])
    for target in [cid for cid in window.bridge.state.combatants if cid != MAGE][:3]:
        _cast_at(qtbot, casting, target)  # the mage's drain changes the test box's pool
    assert worked == []  # nothing worked out for a box out of sight …
    assert results and tests.result_label.text() == before  # … nor its result (the drain tests) written out
    panel.tabs.setCurrentIndex(panel.tabs.indexOf(tests.parentWidget()))
    qtbot.wait(1)
    assert worked  # in sight again: caught up once
    assert tests.result_label.text() == results_html(results[-1], tests.edition.glitch_negated)  # the last result
    fresh = DiceTestModel(window.bridge, None, tests.edition)
    fresh.inputs = tests.model.inputs
    fresh._recompute()  # noqa: SLF001 - a fresh look at the same inputs
    assert tests.model.pool == fresh.pool and tests.model.odds == fresh.odds
    assert tests.odds_label.text()  # and the box shows them


def test_a_spell_paints_its_log_lines_once_and_the_log_shows_them(qtbot, sr4_window) -> None:  # noqa: ANN001, F811
    from PySide6.QtGui import QImage

    from tests.gui.test_key_press_paint import _on_screen, _paint_counter, _settle

    window = sr4_window
    window.resize(1366, 728)
    casting = _open(qtbot, window)
    casting.spell.setCurrentIndex(casting.spell.findData("manabolt"))
    casting.charge.setChecked(False)
    viewport = window.log_panel.view.viewport()
    targets = [cid for cid in window.bridge.state.combatants if cid != MAGE]
    for target in targets * 2:  # the log fills and scrolls: each spell writes lines, some wrapped
        _settle(qtbot)
        painted = _paint_counter(viewport)
        _cast_at(qtbot, casting, target)
        _settle(qtbot)
        assert len(painted) == 1  # the new lines painted once (their wrapped heights were set first)
        shown = _on_screen(viewport).convertToFormat(QImage.Format.Format_RGB32)
        assert shown == viewport.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    view = window.log_panel.view
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()  # at the newest line
    heights = {view.rowHeight(r) for r in range(view.model().rowCount())}
    assert len(heights) > 1  # wrapped lines among them: taller rows
