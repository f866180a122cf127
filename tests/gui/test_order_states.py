"""The pass order at 1366 px: states a GM acts on as badges never elided away, names apart (issue 30).

Found by the walkthrough: "Delayed" and the effects in force were cut to "de…ed" and "Fu…d)" in the
flags column, a knocked-out grunt looked like any other row, and three grunts all read "Demo Corp
Guard L…". Each test here failed before the fix.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from gmtool.core.i18n import set_language, tr
from gmtool.games.shadowrun.gui.initiative_model import COL_FLAGS, COL_NAME
from gmtool.games.shadowrun.gui.state_badges import PAD, STATES, fitting, short
from gmtool.games.shadowrun.rules import effect_messages as em
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.tones import tone
from tests.gui.gm_sight import LAPTOP

GRUNTS = tuple(f"Demo Corp Guard Lieutenant {n}" for n in (12, 13, 14))


@pytest.fixture(params=["en", "ja"])
def language(request):  # noqa: ANN001, ANN201
    set_language(request.param)
    yield request.param
    set_language("en")


def _fight(qtbot, workspace: Workspace):  # noqa: ANN001, ANN202
    """The demo with three grunts more; Kestrel delays, a grunt is knocked out, a ganger takes Full
    Defence and goes prone."""
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    bridge = window.bridge
    guard = next(c.sheet for c in bridge.state.combatants.values() if c.sheet.name == "Demo Corp Guard Lt.")
    for name in GRUNTS:
        assert bridge.execute(window.view.add(guard.model_copy(update={"name": name})))
    window.action("roll_initiative").trigger()
    ids = {c.sheet.name: cid for cid, c in bridge.state.combatants.items()}
    knocked_out = bridge.state.combatants[ids[GRUNTS[0]]].sheet.stun_boxes
    assert bridge.execute(cmd.EditSheet(combatant=ids[GRUNTS[0]], field="stun_damage", value=knocked_out))
    for key in ("full_defence", "prone"):
        assert bridge.execute(em.AddEffect(combatant=ids["Demo Ganger 2"], key=key, turns=1))
    assert bridge.current_actor().sheet.name == "Kestrel (demo runner)"
    window.action("delay").trigger()
    QApplication.processEvents()
    return window, ids


def _cell(window, cid: str, column: int):  # noqa: ANN001, ANN202
    panel = window.parts.initiative_panel
    return panel.proxy.mapFromSource(panel.model.index(panel.model.row_of(cid), column))


def _badges_fit(window, index) -> bool:  # noqa: ANN001
    """Every state badge of the cell drawn whole at the column's width (none left to "+n")."""
    view = window.parts.initiative_panel.view
    keys = [key for key, _badge in index.data(STATES)]
    metrics = view.fontMetrics()
    widths = [metrics.horizontalAdvance(short(k)) + 2 * PAD for k in keys]
    room = view.visualRect(index).width() - 6
    return fitting(widths, metrics.horizontalAdvance(f"+{len(keys)}"), room) == len(keys)


def _tone_in(window, index, name: str) -> bool:  # noqa: ANN001
    """The cell, as painted, holds the badge colour ``name``."""
    view = window.parts.initiative_panel.view
    view.scrollTo(index)
    QApplication.processEvents()
    image = view.viewport().grab().toImage()
    rect: QRect = view.visualRect(index)
    wanted = tone(name).rgb()
    return any(image.pixel(x, y) == wanted for x in range(rect.left(), rect.right()) for y in range(rect.top(), rect.bottom()))


def test_the_states_a_gm_acts_on_are_badges_never_cut_at_1366(qtbot, workspace, language) -> None:
    window, ids = _fight(qtbot, workspace)
    ganger = _cell(window, ids["Demo Ganger 2"], COL_FLAGS)
    assert [k for k, _b in ganger.data(STATES)] == ["full_defence", "prone"]
    grunt = _cell(window, ids[GRUNTS[0]], COL_FLAGS)
    assert [k for k, _b in grunt.data(STATES)][0] == "unconscious"  # the most urgent first
    kestrel = _cell(window, ids["Kestrel (demo runner)"], COL_FLAGS)
    assert [k for k, _b in kestrel.data(STATES)] == ["delayed"]
    for index in (ganger, grunt, kestrel):
        assert _badges_fit(window, index)
    assert _tone_in(window, ganger, "stun") and _tone_in(window, grunt, "physical")
    assert _tone_in(window, kestrel, "ladder_acting")
    tip = ganger.data(Qt.ItemDataRole.ToolTipRole).split("\n")
    assert tip[0].startswith(tr("effect.full_defence")) and tip[1].startswith(tr("effect.prone"))  # in full, with time left
    assert grunt.data(Qt.ItemDataRole.ToolTipRole).split("\n")[0] == tr("damage.state.unconscious")


def test_grunts_named_alike_stay_apart_in_the_order_and_the_target_list(qtbot, workspace, language) -> None:
    window, ids = _fight(qtbot, workspace)
    view = window.parts.initiative_panel.view
    metrics = view.fontMetrics()
    shown = []
    for name in GRUNTS:
        index = _cell(window, ids[name], COL_NAME)
        assert index.data(Qt.ItemDataRole.ToolTipRole) == name  # whole in the tooltip
        width = view.visualRect(index).width() - 2 * view.style().pixelMetric(view.style().PixelMetric.PM_FocusFrameHMargin) - 8
        shown.append(metrics.elidedText(name, view.textElideMode(), width))
    assert any("…" in text for text in shown)  # the column is narrow at 1366 …
    assert len(set(shown)) == len(GRUNTS)  # … yet the three read apart (the number is kept)
    window.bridge.select(ids[GRUNTS[1]])
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    target = panel.target
    target.setFixedWidth(140)  # a narrow list
    targets = [name for name in GRUNTS if ids[name] != panel.model.attacker]  # (a grunt may be the attacker)
    texts = set()
    for name in targets:
        target.setCurrentIndex(target.findData(ids[name]))
        texts.add(target.shown_text())
        assert "…" in target.shown_text() and target.shown_text().endswith(name[-2:])
    assert len(targets) >= 2 and len(texts) == len(targets)
