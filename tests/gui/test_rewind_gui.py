"""Rewind from the turn log: click a line to see the fight as it was, continue from there
(the later commands stay in the journal as an abandoned branch) or go back to now."""

from __future__ import annotations

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
    with qtbot.wait_signal(window.bridge.refused) as refusal:
        window.action("next_phase").trigger()
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
