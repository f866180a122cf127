"""A key press re-lays out what changed, not the whole window (issue 19).

A gated panel in a dock keeps a label's new text to itself, yet passes on a change of the room
it asks for; clearing an empty status line does nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.ui.hint_gate import HintGate


def _events(widget: QWidget, kind: QEvent.Type) -> list[int]:
    """A list that grows by one at each event of ``kind`` the widget receives."""
    seen: list[int] = []

    class Counter(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == kind:
                seen.append(1)
            return False

    widget.installEventFilter(Counter(widget))
    return seen


def _layout_requests(widget: QWidget) -> list[int]:
    return _events(widget, QEvent.Type.LayoutRequest)


def _docked_panel(qtbot):  # noqa: ANN001, ANN202
    """A main window with one dock holding a gated panel: a line of text above a button."""
    from PySide6.QtWidgets import QDockWidget

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    panel = QWidget()
    label = QLabel("Acting now: Kestrel", panel)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # as the order's labels
    layout = QVBoxLayout(panel)
    layout.addWidget(label)
    layout.addWidget(QPushButton("Take action", panel))
    gate = HintGate(panel)
    dock = QDockWidget("Order", window)
    dock.setWidget(gate)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.resize(600, 400)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(5)
    return window, dock, gate, panel, label


def test_new_text_in_a_gated_panel_does_not_re_lay_out_the_window(qtbot) -> None:  # noqa: ANN001
    window, dock, gate, panel, label = _docked_panel(qtbot)
    assert gate.sizeHint() == panel.sizeHint() and gate.minimumSizeHint() == panel.minimumSizeHint()
    assert panel.geometry() == gate.rect()
    seen = _layout_requests(window), _layout_requests(dock)
    for name in ("Demo Corp Guard Lt.", "Brick (demo runner), who has a long name", "Null Sweat"):
        label.setText(f"Acting now: {name}")
        qtbot.wait(1)
    assert seen == ([], [])
    assert label.text() == "Acting now: Null Sweat"


def test_a_gated_panel_asking_for_more_room_gets_it(qtbot) -> None:  # noqa: ANN001
    window, dock, gate, panel, _label = _docked_panel(qtbot)
    wide = gate.width() + 120
    panel.setMinimumWidth(wide)
    qtbot.waitUntil(lambda: gate.width() >= wide and dock.width() >= wide, timeout=2000)  # posted relayouts, however busy
    assert panel.geometry() == gate.rect()  # the panel still fills the gate
    tall_button = QPushButton("Attack", panel)
    tall_button.setMinimumHeight(900)  # taller than the window: the window grows to hold it
    panel.layout().addWidget(tall_button)
    qtbot.waitUntil(lambda: gate.height() >= 900, timeout=2000)


def test_a_hidden_gated_panel_asks_again_when_shown(qtbot) -> None:  # noqa: ANN001
    window, dock, gate, panel, _label = _docked_panel(qtbot)
    dock.hide()
    qtbot.wait(1)
    wide = gate.width() + 150
    panel.setMinimumWidth(wide)  # while hidden: no relayout reaches the gate
    qtbot.wait(1)
    dock.show()
    qtbot.waitUntil(lambda: gate.width() >= wide, timeout=2000)


def test_the_order_dock_keeps_a_new_actor_to_itself(qtbot, window) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    qtbot.wait(5)
    panel = window.parts.initiative_panel
    seen = _layout_requests(window.docks["initiative"])
    painted, label_painted = _events(window.docks["initiative"], QEvent.Type.Paint), _events(
        panel.current_label, QEvent.Type.Paint)
    names = set()
    for _ in range(3):
        window.action("next_phase").trigger()
        qtbot.wait(1)
        names.add(panel.current_label.text())
    assert len(names) == 3  # the label showed each new actor
    assert seen == []  # … and neither the dock nor the window around it was laid out again
    assert len(label_painted) >= 3 and painted == []  # the panel paints under its labels: not the dock


def test_a_command_clears_a_refusal_but_leaves_an_empty_status_line_alone(qtbot, window) -> None:  # noqa: ANN001
    window.show_refusal("No initiative yet")
    assert window.status.text()
    assert window.run(cmd.StartTurn())
    assert window.status.text() == ""
    qtbot.wait(1)
    seen = _layout_requests(window.statusBar())
    assert window.run(cmd.NextPhase())
    qtbot.wait(1)
    assert seen == []
