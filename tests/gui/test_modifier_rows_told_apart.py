"""The SR5 attack panel's modifier table at 1366 × 728 (issue 30, seen on README's attack picture): two
modifiers whose names differ only after the room the label column has ("Wireless smartgun (gear)" and
"Wireless smartgun (implanted)", +1 and +2; "Attacker firing from cover with an imaging device" and
"Attacker firing from a moving vehicle") must not be drawn alike: a name too long keeps its start and
its end, in English and in Japanese."""

from __future__ import annotations

from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import LAPTOP, look_alike_cells


def _attack_in_front(qtbot, workspace: Workspace):  # noqa: ANN001, ANN202
    from gmtool.ui.main_window import MainWindow

    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    window.action("roll_initiative").trigger()  # Ctrl+I; an opponent of the actor selected, then Ctrl+K
    actor = window.bridge.current_actor()
    window.bridge.select(next(c.id for c in window.bridge.state.combatants.values() if c.sheet.is_npc != actor.sheet.is_npc))
    window.action("attack").trigger()
    panel = window.parts.attack_panel
    qtbot.waitUntil(lambda: panel.isVisible() and panel.attack_tables.tree.model().rowCount() > 0)
    qtbot.wait(10)  # the layout the window's events finish (the rows' heights for the column's width)
    return panel


def test_modifier_rows_are_told_apart_at_the_laptop_size(qtbot, workspace: Workspace) -> None:
    panel = _attack_in_front(qtbot, workspace)
    tree = panel.attack_tables.tree
    assert tree.isVisible()
    assert look_alike_cells(tree) == []


def test_modifier_rows_are_told_apart_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    panel = _attack_in_front(qtbot, japanese_workspace)
    assert look_alike_cells(panel.attack_tables.tree) == []


def test_the_check_sees_two_names_cut_alike(qtbot) -> None:  # noqa: ANN001
    """The check itself, on a plain list: cut at the end the two names read alike, cut in the middle not."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QTreeView

    model = QStandardItemModel()
    for name in ("Wireless smartgun (gear)", "Wireless smartgun (implanted)", "Laser sight"):
        model.appendRow(QStandardItem(name))
    view = QTreeView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(150, 200)
    view.show()
    qtbot.waitExposed(view)
    assert look_alike_cells(view) == [("Wireless smartg…", "Wireless smartgun (gear) / Wireless smartgun (implanted)")] \
        or [texts for _, texts in look_alike_cells(view)] == ["Wireless smartgun (gear) / Wireless smartgun (implanted)"]
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    assert look_alike_cells(view) == []
