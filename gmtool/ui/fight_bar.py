"""The fight bar: one compact row under the menus with the actions pressed all fight long.

Each button shows its action (text, shortcut in the tooltip, enabled state and reason), so
the bar, the menus and the keys always agree. A group of actions (a tuple) shares one
drop-down button; the bar's overflow arrow keeps a narrow window usable.

A button follows its action's changes itself (:class:`_FollowAction`): Qt's own button, told
that its action changed in any way (a new tooltip, enabled), sets its icon again and so lays
out the bar and then the whole window — at every key press, Undo naming what it would take back.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QActionEvent
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
    follow = _FollowAction(bar)
    bar.installEventFilter(follow)
    for item in items:
        if item == "-":
            bar.addSeparator()
        elif isinstance(item, tuple):
            group = [actions[name] for name in item if name in actions]
            if group:
                bar.addWidget(_drop_down(group, bar))
        elif item in actions:
            bar.addAction(actions[item])
            button = bar.widgetForAction(actions[item])
            button.setObjectName(f"button_{item}")
            follow.watch(button, actions[item])
    return bar


class _FollowAction(QObject):
    """Shows an action's change on its bar button, setting only what differs: a button's size changes
    (and the bar is laid out again) only when its text does. The bar itself, told of any change of
    one of its actions, lays itself out again; it is told only when an action is shown or hidden."""

    def __init__(self, bar: QToolBar) -> None:
        super().__init__(bar)
        self._shown: dict[QAction, bool] = {}  # each action of the bar, shown or not when last laid out

    def watch(self, button: QWidget, action: QAction) -> None:
        self._shown[action] = action.isVisible()
        button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ActionChanged or not isinstance(event, QActionEvent):
            return False
        action = event.action()
        if isinstance(watched, QToolBar):
            shown = action.isVisible()
            if self._shown.get(action) == shown:
                return True
            self._shown[action] = shown
            return False
        if not isinstance(watched, QToolButton) or action is not watched.defaultAction():
            return False
        _show(watched, action)
        return True


def _show(button: QToolButton, action: QAction) -> None:
    """What ``QToolButton.setDefaultAction`` shows of its action, each set when it differs."""
    if button.text() != action.iconText():
        button.setText(action.iconText())
    for now, wanted, put in ((button.toolTip(), action.toolTip(), button.setToolTip),
                             (button.statusTip(), action.statusTip(), button.setStatusTip),
                             (button.whatsThis(), action.whatsThis(), button.setWhatsThis)):
        if now != wanted:
            put(wanted)
    if button.icon().cacheKey() != action.icon().cacheKey():
        button.setIcon(action.icon())
    if button.isCheckable() != action.isCheckable():
        button.setCheckable(action.isCheckable())
    if button.isChecked() != action.isChecked():
        button.setChecked(action.isChecked())
    if button.isEnabled() != action.isEnabled():
        button.setEnabled(action.isEnabled())
    if button.font() != action.font():
        button.setFont(action.font())


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
