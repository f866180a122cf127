"""Every string an SR4 window and its dialogs show is Japanese when the language is Japanese: in a
campaign made in Japanese (its demo's names Japanese too) no English word is left but the campaign's
file name and what the digests write in Latin letters (``japanese_kept``)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QWidget,
)

from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.storage.workspace import Workspace
from tests.gui.gm_sight import KEPT_LATIN, LATIN_WORD, RULE_ID, readable
from tests.gui.japanese_kept import SHADOWRUN

# Words that stay as they are in Japanese: the program's, key names in shortcuts, the digests' abbreviations.
ALLOWED = KEPT_LATIN | SHADOWRUN


def model_texts(model: QAbstractItemModel) -> list[str]:
    root = QModelIndex()
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)  # private in list models
    texts = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]
    for r in range(model.rowCount(root)):
        for c in range(columns):
            index = model.index(r, c)
            texts += [str(index.data() or ""), str(index.data(Qt.ItemDataRole.ToolTipRole) or "")]
    return texts


def widget_texts(root: QWidget) -> list[str]:
    """Labels, buttons, titles, combo items, spin affixes, placeholders and item views' cells."""
    texts: list[str] = [root.windowTitle()]
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            texts += [w.text(), w.toolTip()]
        elif isinstance(w, QGroupBox):
            texts.append(w.title())
        elif isinstance(w, QDockWidget):
            texts.append(w.windowTitle())
        elif isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())] + [w.toolTip()]
        elif isinstance(w, QSpinBox):
            texts += [w.prefix(), w.suffix(), w.toolTip()]
        elif isinstance(w, QAbstractSpinBox):
            texts.append(w.toolTip())
        elif isinstance(w, QLineEdit):
            texts.append(w.placeholderText())
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            texts += model_texts(w.model())
    return texts


def menu_texts(window) -> list[str]:  # noqa: ANN001
    texts = []
    for menu in window.menuBar().findChildren(QMenu):
        texts.append(menu.title())
        texts += [a.text() for a in menu.actions()] + [a.toolTip() for a in menu.actions()]
    return texts


def english_left(texts: list[str], names: list[str]) -> list[str]:
    """The texts that still hold English words once the names are taken out."""
    left = []
    for text in texts:
        plain = text
        for name in sorted(names, key=len, reverse=True):
            plain = plain.replace(name, "")
        if any(word not in ALLOWED for word in LATIN_WORD.findall(RULE_ID.sub(" ", readable(plain)))):
            left.append(text)
    return left


def test_an_sr4_window_and_its_dialogs_in_japanese(qtbot, japanese_workspace: Workspace) -> None:
    workspace = japanese_workspace  # made in Japanese: gmtool's catalogue and Qt's own (OK, Cancel …)
    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    check_window_and_dialogs(qtbot, workspace, sr4)


def check_window_and_dialogs(qtbot, workspace: Workspace, sr4: Workspace) -> None:  # noqa: ANN001
    from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog
    from gmtool.games.shadowrun.gui.surprise_model import SurpriseModel  # noqa: F401
    from gmtool.games.shadowrun.sr4.gui.actions import sr4_surprise_model
    from gmtool.ui.encounter_dialogs import NewEncounterDialog, SwitchEncounterDialog
    from gmtool.ui.main_window import MainWindow
    from gmtool.viewmodels.encounter_list_model import EncounterListModel

    window = MainWindow(sr4)
    qtbot.addWidget(window)
    window.show()
    run = window.bridge.execute
    entries = tuple(
        cmd.SurpriseEntry(combatant=cid, side="b" if c.sheet.is_npc else "a", awareness="none" if c.sheet.is_npc else "ambush")
        for cid, c in window.bridge.state.combatants.items()
    )
    assert run(cmd.SurpriseTest(entries=entries))
    window.action("roll_initiative").trigger()
    assert run(cmd.ExtraPass(combatant="c2")) and run(cmd.ApplyDamage(combatant="c4", track="stun", boxes=3))
    actor = window.bridge.current_actor()
    assert run(cmd.Move(combatant=actor.id, mode="walk", metres=2))
    assert run(cmd.TakeAction(combatant=actor.id, action="take_aim", target="c4"))
    window.action("next_phase").trigger()
    assert run(cmd.GoFirst(combatant=[c for c in window.bridge.state.combatants.values() if not c.acted][-1].id))
    assert run(cmd.ApplyDamage(combatant="c4", track="physical", boxes=20))  # going down: Edge when going down shows
    window.bridge.select("c4")
    assert window.parts.test_panel.edge_down.isVisibleTo(window)  # so the scan reads it too
    names = [workspace.campaign.path.name]  # the GM's own file; the demo's names are Japanese and scanned
    assert window.parts.initiative_panel.heading.text() == "ターン 1 · パス 1"
    assert window.action("go_first").text() == "最初に行動（エッジ）"
    tabs = window.parts.test_panel.tabs  # the test box, then movement and surprise
    for tab in range(tabs.count()):
        tabs.setCurrentIndex(tab)
        assert english_left(widget_texts(window) + menu_texts(window), names) == [], tabs.tabText(tab)
    dialogs = [
        NewEncounterDialog("遭遇 3", window),
        SwitchEncounterDialog(EncounterListModel(workspace.encounters(), sr4.encounter_id), sr4.encounter_id, window),
        SurpriseDialog(sr4_surprise_model(window.bridge.state), window.bridge.attempt, window),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        assert english_left(widget_texts(dialog), names) == [], type(dialog).__name__


def test_the_scan_would_see_english(qtbot, workspace: Workspace) -> None:
    """The check above is not vacuous: in English the same scan finds English words."""
    from gmtool.ui.main_window import MainWindow

    sr4 = workspace.with_encounter(next(i.id for i in workspace.encounters() if i.ruleset == "sr4"))
    window = MainWindow(sr4)
    qtbot.addWidget(window)
    assert window.bridge.execute(cmd.ApplyDamage(combatant="c4", track="physical", boxes=20))
    window.bridge.select("c4")  # going down: Edge when going down shows
    names = [c.sheet.name for c in window.bridge.state.combatants.values()]
    left = english_left(widget_texts(window) + menu_texts(window), names)
    assert "Go first (Edge)" in left and "Edge when going down" in left and "Reroll misses" in left
    window.parts.test_panel.tabs.setCurrentIndex(1)
    assert "Movement of the current actor" in english_left(widget_texts(window), names)
