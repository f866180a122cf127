"""No English left in the Japanese window: every visible text after an attack is rolled (issue 12).

Names the GM or the demo data gave (combatants, weapons) and codes the books print in Latin
letters (AP, DV, APDS, NPC, JSON, key names) are allowed; any other run of three or more Latin
letters is English that escaped the translation layer.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QApplication, QComboBox, QGroupBox, QLabel

from gmtool.core.i18n import set_language

CODES = {
    "AP", "DV", "APDS", "NPC", "JSON", "PDF", "HTML", "Markdown", "gmtool", "Ctrl", "Shift", "Alt", "Return",
    "Space", "Delete", "Backspace", "Enter", "Esc", "Tab", "Ins", "Del", "PgUp", "PgDown", "Home", "End", "STR",
}
LATIN = re.compile(r"[A-Za-z]{3,}")


def _texts(window) -> list[tuple[str, str]]:  # noqa: ANN001
    found: list[tuple[str, str]] = []
    for label in window.findChildren(QLabel):
        if label.isVisible():
            found.append((label.objectName(), label.text()))
    for button in window.findChildren(QAbstractButton):
        if button.isVisible():
            found += [(button.objectName(), button.text()), (button.objectName(), button.toolTip())]
    for box in window.findChildren(QGroupBox):
        if box.isVisible():
            found.append(("group", box.title()))
    for combo in window.findChildren(QComboBox):
        if combo.isVisible():
            found += [(combo.objectName(), combo.itemText(i)) for i in range(combo.count())]
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is None or not view.isVisible():
            continue
        try:
            columns = model.columnCount()
        except TypeError:  # a list model hides its column count: one column
            columns = 1
        for column in range(columns):
            found.append(("header", str(model.headerData(column, Qt.Orientation.Horizontal) or "")))
        for row in range(min(model.rowCount(), 80)):
            for column in range(columns):
                index = model.index(row, column)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    found.append((view.objectName(), str(index.data(role) or "")))
    for action in window.actions():
        found += [("action", action.text()), ("action", action.toolTip())]
    return found


@pytest.mark.parametrize("game", ["sr5", "sr4"])
def test_no_english_in_the_japanese_window_after_an_attack(qtbot, workspace, game: str) -> None:
    from gmtool.ui.main_window import MainWindow

    set_language("ja")
    try:
        if game == "sr4":
            workspace = workspace.with_encounter(next(e.id for e in workspace.encounters() if e.ruleset == "sr4"))
        window = MainWindow(workspace)
        qtbot.addWidget(window)
        window.resize(1366, 698)
        window.show()
        window.action("roll_initiative").trigger()
        actor = window.bridge.current_actor()
        window.bridge.select(next(cid for cid in window.bridge.state.combatants if cid != actor.id))
        window.action("attack").trigger()
        window.parts.attack_panel.distance.setValue(30)  # a range row in the breakdown (long)
        window.action("roll_attack").trigger()
        QApplication.processEvents()
        assert window.parts.attack_panel.result.text()
        allowed = set(CODES) | set(LATIN.findall(window.workspace.encounter_name))  # the GM's own names
        for c in window.bridge.state.combatants.values():
            allowed |= set(LATIN.findall(c.sheet.name))
            for weapon in c.sheet.weapons:
                allowed |= set(LATIN.findall(weapon.name))
        for icon in getattr(getattr(window.bridge.state, "matrix", None), "icons", {}).values():  # SR4 Matrix icons
            allowed |= set(LATIN.findall(icon.sheet.name))
        english = {
            (where, text[:100]) for where, text in _texts(window)
            if any(word not in allowed for word in LATIN.findall(re.sub(r"<[^>]+>", " ", text)))
        }
        assert english == set()
    finally:
        set_language("en")
