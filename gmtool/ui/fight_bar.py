"""The fight bar: one compact row under the menus with the actions pressed all fight long.

Each button shows its action (text, shortcut in the tooltip, enabled state and reason), so
the bar, the menus and the keys always agree. A group of actions (a tuple) shares one
drop-down button; the bar's overflow arrow keeps a narrow window usable.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton, QWidget

from gmtool.core.i18n import tr


def fight_bar(items: tuple[str | tuple[str, ...], ...], actions: dict[str, QAction], parent: QWidget) -> QToolBar:
    """The bar of a game's window: ``items`` as the game lists them (actions it does not have are left out)."""
    bar = QToolBar(tr("toolbar.fight"), parent)
    bar.setObjectName("fightBar")
    bar.setMovable(False)
    bar.setFloatable(False)
    bar.setIconSize(QSize(0, 0))
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for item in items:
        if item == "-":
            bar.addSeparator()
        elif isinstance(item, tuple):
            group = [actions[name] for name in item if name in actions]
            if group:
                bar.addWidget(_drop_down(group, bar))
        elif item in actions:
            bar.addAction(actions[item])
            bar.widgetForAction(actions[item]).setObjectName(f"button_{item}")
    return bar


def _drop_down(group: list[QAction], bar: QToolBar) -> QToolButton:
    """One button opening a menu of the group's actions (each keeps its own key and reason)."""
    button = QToolButton(bar)
    name = group[0].objectName().removeprefix("action_")
    button.setObjectName(f"menu_button_{name}")
    button.setText(tr(f"toolbar.group.{name}"))
    button.setToolTip(tr(f"toolbar.group_hint.{name}"))
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    menu.setToolTipsVisible(True)
    for action in group:
        menu.addAction(action)
    button.setMenu(menu)
    return button
