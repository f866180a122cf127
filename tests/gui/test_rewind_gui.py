"""Rewind from the turn log: click a line to see the fight as it was, continue from there
(the later commands stay in the journal as an abandoned branch) or go back to now."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gmtool.viewmodels import roles


def _line_of(window, kind: str, nth: int = 0):  # noqa: ANN001, ANN202
    model = window.log_panel.model
    rows = [r for r in range(model.rowCount()) if model.index(r, 0).data(roles.EVENT_KIND) == kind]
    return model.index(rows[nth], 0)


def test_clicking_a_log_line_shows_the_past_read_only_and_back_to_now(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    first_actor = window.bridge.current_actor().id
    for _ in range(3):
        window.action("next_phase").trigger()
    now_actor = window.bridge.current_actor().id
    index = _line_of(window, "pass_started")
    window.log_panel.view.setCurrentIndex(index)
    window.log_panel.view.clicked.emit(index)
    assert window.bridge.past is not None and window.rewind_bar.isVisible()
    shown = window.bridge.state
    assert shown.turn == 1 and shown.pass_number == 1  # right after "pass 1" began
    assert window.bridge.encounter.state.pass_number >= 1 and first_actor
    entries = len(window.bridge.encounter.entries)
    next_phase = window.action("next_phase")
    assert not next_phase.isEnabled() and "Continue from here" in next_phase.toolTip()  # disabled, saying why
    window.action("next_phase").trigger()
    with qtbot.wait_signal(window.bridge.refused) as refusal:
        window.bridge.execute(window.view.next_phase())  # and the bridge refuses a command anyway
    assert "Continue from here" in refusal.args[0]
    assert len(window.bridge.encounter.entries) == entries  # nothing written while looking back
    window.action("back_to_now").trigger()
    assert window.bridge.past is None and not window.rewind_bar.isVisible()
    assert window.bridge.current_actor().id == now_actor


def test_continue_from_here_branches_and_keeps_the_later_entries(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    encounter = window.bridge.encounter
    commands_before = [e.seq for e in encounter.entries if e.action == "do"]
    index = _line_of(window, "pass_started")
    window.log_panel.view.clicked.emit(index)
    window.rewind_bar.findChild(QPushButton, "continueFromHere").click()
    assert window.bridge.past is None
    assert encounter.entries[-1].action == "rewind"
    assert [e.seq for e in encounter.entries if e.action == "do"] == commands_before  # nothing deleted
    assert encounter.can_redo  # the abandoned branch can still be brought back
    model = window.log_panel.model
    assert model.index(model.rowCount() - 1, 0).data(roles.EVENT_KIND) == "rewind"


def _rewind_to_first_pass(window) -> None:  # noqa: ANN001
    index = _line_of(window, "pass_started")
    window.log_panel.view.setCurrentIndex(index)
    window.log_panel.view.clicked.emit(index)


def test_continue_from_here_takes_the_banner_and_its_message_away(qtbot, window) -> None:
    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    _rewind_to_first_pass(window)
    window.bridge.execute(window.view.next_phase())  # refused: the status bar says why
    assert "Continue from here" in window.status.text()
    window.rewind_bar.findChild(QPushButton, "continueFromHere").click()
    assert window.bridge.past is None
    assert not window.rewind_bar.isVisible() and window.status.text() == ""
    assert window.action("next_phase").isEnabled()
    _rewind_to_first_pass(window)
    window.rewind_bar.findChild(QPushButton, "backToNow").click()
    assert not window.rewind_bar.isVisible()


def test_a_layout_saved_while_rewound_never_brings_the_banner_back(qtbot, window, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    window.action("roll_initiative").trigger()
    window.action("next_phase").trigger()
    _rewind_to_first_pass(window)
    assert window.rewind_bar.isVisible()
    geometry, state = window.saveGeometry(), window.layout_state()  # what a restart or a switch restores
    again = MainWindow(workspace)
    qtbot.addWidget(again)
    again.restore_layout(geometry, state)
    again.show()
    qtbot.waitExposed(again)
    assert again.bridge.past is None and not again.rewind_bar.isVisible()


def test_the_abandoned_branch_is_greyed_under_its_own_heading(qtbot, window) -> None:
    from PySide6.QtGui import QPalette

    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    encounter = window.bridge.encounter
    kept = next(e.seq for e in encounter.done if e.command.kind == "start_turn")
    abandoned = [e.seq for e in encounter.done if e.seq > kept]
    assert len(abandoned) == 3
    _rewind_to_first_pass(window)
    window.rewind_bar.findChild(QPushButton, "continueFromHere").click()
    model = window.log_panel.model
    rows = [model.line(r) for r in range(model.rowCount())]
    heading = next(r for r, line in enumerate(rows) if line.kind == "abandoned")
    first_abandoned = next(r for r, line in enumerate(rows) if line.seq in abandoned and line.number >= 0)
    assert heading == first_abandoned - 1  # the heading stands right above the branch
    assert "Abandoned branch" in model.index(heading, 0).data()
    muted = window.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text).color()
    for row, line in enumerate(rows):
        index = model.index(row, 0)
        if line.seq in abandoned and line.number >= 0:
            assert index.data(Qt.ItemDataRole.FontRole).italic()
            assert index.data(Qt.ItemDataRole.ForegroundRole).color() == muted
        elif line.seq == kept:
            assert index.data(Qt.ItemDataRole.ForegroundRole) is None  # still in effect: as before
    window.action("redo").trigger()  # the first abandoned command is back in effect
    back = next(r for r, line in enumerate(rows) if line.seq == abandoned[0] and line.number >= 0)
    assert model.index(back, 0).data(Qt.ItemDataRole.ForegroundRole) is None


def test_the_log_read_again_after_a_restart_shows_the_branch_the_same_way(qtbot, window) -> None:
    from gmtool.viewmodels.log_model import LogModel

    window.action("roll_initiative").trigger()
    for _ in range(3):
        window.action("next_phase").trigger()
    _rewind_to_first_pass(window)
    window.rewind_bar.findChild(QPushButton, "continueFromHere").click()
    window.action("next_phase").trigger()  # something new: the branch stays abandoned
    live = window.log_panel.model
    reread = LogModel(window.bridge, "again")
    assert reread.rowCount() == live.rowCount()
    for row in range(1, live.rowCount()):  # row 0 names the encounter
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole):
            assert reread.index(row, 0).data(role) == live.index(row, 0).data(role), row
